// ES module consumer: plain `import`, no TypeScript, no bundler (run by scripts/consumers.mjs).
import { ApiError, Client, ClientEvents, InvalidRequestError, NotFoundError, PromokitError } from 'promokit';
import * as clientSide from 'promokit/client-side';
import { createMockService } from 'promokit/testing';

const checks = {};
const mock = createMockService();
const server = await mock.listen();
try {
  const client = new Client({ baseUrl: server.url, ...mock.credentials, logLevel: 'off', maxRetries: 0 });
  checks.get = (await client.loyalties.getMember(mock.ids.members.ada)).loyalty_card.points === 1250;
  const all = await client.loyalties.listTransactions(mock.ids.campaigns.coffeeClub, { limit: 2 }).toArray();
  checks.listWalk = all.length > 2 && all.every((tx) => typeof tx.id === 'string');
  checks.redemption = (await client.loyalties.redeemReward(mock.ids.members.ada, { reward: { id: mock.ids.rewards.espresso } })).result === 'SUCCESS';
  try {
    await client.loyalties.getMember('LC-NO-SUCH-CARD');
    checks.notFound = false;
  } catch (error) {
    checks.notFound = error instanceof NotFoundError && error instanceof ApiError && error instanceof PromokitError && error.status === 404;
  }
  const events = new clientSide.ClientEvents({
    baseUrl: server.url,
    clientApplicationId: mock.credentials.clientApplicationId,
    clientToken: mock.credentials.clientToken,
    origin: mock.credentials.origin,
  });
  checks.clientEvent = (await events.track({ event: 'review_written', customer: { source_id: 'shop-user-1002' } })).object === 'event';
  try {
    await events.track({ event: '', customer: {} });
    checks.crossEntryInstanceof = false;
  } catch (error) {
    checks.crossEntryInstanceof = error instanceof InvalidRequestError && error instanceof clientSide.InvalidRequestError;
  }
  checks.sameClientEventsClass = ClientEvents === clientSide.ClientEvents;
} finally {
  await server.close();
}
console.log(JSON.stringify({ checks }));
