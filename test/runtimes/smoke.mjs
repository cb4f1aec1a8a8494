// The runtime smoke suite, shared by Bun, Deno and workerd (scripts/runtimes.mjs): a GET, a list
// walk, a redemption, an error caught with instanceof, and a client event, against a mock service
// at `baseUrl` (promokit/testing's server, or `fetch` answering for it). Returns named checks.
import { ApiError, Client, NotFoundError, PromokitError } from 'promokit';
import { ClientEvents } from 'promokit/client-side';

/**
 * @param {{ baseUrl: string, ids: any, credentials: any, fetch?: typeof fetch }} mock
 * @returns {Promise<Record<string, boolean | string>>}
 */
export async function smoke({ baseUrl, ids, credentials, fetch }) {
  const checks = {};
  const step = async (name, fn) => {
    try {
      checks[name] = (await fn()) === true;
    } catch (error) {
      checks[name] = `threw ${error?.name}: ${error?.message}`;
    }
  };
  const client = new Client({ baseUrl, ...credentials, logLevel: 'off', maxRetries: 0, ...(fetch ? { fetch } : {}) });

  await step('get', async () => (await client.loyalties.getMember(ids.members.ada)).loyalty_card?.points === 1250);
  await step('listWalk', async () => {
    let pages = 0;
    let records = 0;
    for await (const page of client.loyalties.listTransactions(ids.campaigns.coffeeClub, { limit: 2 }).pages()) {
      pages += 1;
      records += page.data.length;
    }
    const all = await client.loyalties.listTransactions(ids.campaigns.coffeeClub, { limit: 3 }).toArray();
    return pages >= 2 && records === all.length;
  });
  await step('redemption', async () => (await client.loyalties.redeemReward(ids.members.ada, { reward: { id: ids.rewards.espresso } })).result === 'SUCCESS');
  await step('error', async () => {
    try {
      await client.loyalties.getMember('LC-NO-SUCH-CARD');
      return false;
    } catch (error) {
      return error instanceof NotFoundError && error instanceof ApiError && error instanceof PromokitError && error.status === 404;
    }
  });
  await step('clientEvent', async () => {
    const events = new ClientEvents({
      baseUrl,
      clientApplicationId: credentials.clientApplicationId,
      clientToken: credentials.clientToken,
      origin: credentials.origin,
      ...(fetch ? { fetch } : {}),
    });
    const ack = await events.track({ event: 'review_written', customer: { source_id: 'shop-user-1002' } });
    return ack.object === 'event' && ack.type === 'review_written';
  });
  return checks;
}
