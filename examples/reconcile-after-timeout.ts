/**
 * A checkout redeems a loyalty reward and the connection drops before the answer arrives: the
 * error's `outcome` is `unknown`, and promokit did not send the redemption again (it would spend
 * the points twice). `retryDecision(error)` says `reconcile`, and `client.reconcile(error)` does
 * what "After an unknown outcome" (docs/after-an-unknown-outcome.md) says for
 * `loyalties.redeemReward`: it looks for a `POINTS_REDEMPTION` of that reward on the member's card
 * in the campaign's transactions since the call started. The checkout redeems again only when it
 * finds none.
 *
 * Twice, against the embedded mock service, which drops the connection on purpose
 * (`mock.inject`):
 *
 * 1. `commit-then-reset`: the service applied the redemption, then the connection dropped.
 *    `reconcile` finds the redemption (`applied`) and the checkout does not redeem again.
 * 2. `reset`: the connection dropped before the service acted. `reconcile` finds nothing
 *    (`not_found`) and the checkout redeems once.
 *
 * It prints the balance after each step, then checks with the mock's own records that each run
 * spent the points exactly once: any other result fails the example (exit code 1). Only the mock
 * drops a connection on purpose, so this example always runs against it.
 */
import { Client, PromokitError, retryDecision, type LoyaltyTransaction } from 'promokit';
import { createMockService, type MockFault } from 'promokit/testing';
import { count, detail, run, step } from './lib/connect.js';

const mock = createMockService();
const client = new Client({ fetch: mock.fetch, baseUrl: mock.baseUrl, ...mock.credentials });
const memberId = mock.ids.members.ada;
const rewardId = mock.ids.rewards.espresso;

/** The member's points now, as the service reports them. */
async function balance(): Promise<number> {
  return (await client.loyalties.getMember(memberId)).loyalty_card?.points ?? 0;
}

/** The checkout: redeems the reward once, whatever the network does, and says how. */
async function checkout(): Promise<'redeemed' | 'found applied' | 'redeemed after checking'> {
  try {
    const redemption = await client.loyalties.redeemReward(memberId, { reward: { id: rewardId } });
    detail(`redeemed: ${redemption.id}; balance ${count(await balance())} points`);
    return 'redeemed';
  } catch (error) {
    if (!(error instanceof PromokitError) || retryDecision(error).action !== 'reconcile') throw error;
    detail(`the redemption failed with ${error.name}, outcome '${error.outcome}': retryDecision says reconcile`);
    detail(`  ${error.message}`);
    detail(`balance now: ${count(await balance())} points`);
    const result = await client.reconcile(error);
    if (result.status === 'applied') {
      const applied = result.record as LoyaltyTransaction;
      detail(
        `reconcile: applied, ${applied.id}: ${applied.type} of ${count(-(applied.details?.balance?.points ?? 0))} points for "${applied.details?.reward?.name}" (redemption ${applied.details?.redemption?.id}); not redeeming again`,
      );
      detail(`balance after checking: ${count(await balance())} points`);
      return 'found applied';
    }
    if (result.status === 'cannot_tell') throw new Error(`reconcile could not tell: ${result.reason}`);
    detail(`reconcile: not_found as of ${result.asOf.toISOString()}: no redemption of the reward since the call started; redeeming again`);
    const again = await client.loyalties.redeemReward(memberId, { reward: { id: rewardId } });
    detail(`redeemed: ${again.id}; balance after redeeming again: ${count(await balance())} points`);
    return 'redeemed after checking';
  }
}

/** The card's `POINTS_REDEMPTION` transactions of the reward in the mock's records. */
function redemptionsInStore(): LoyaltyTransaction[] {
  const card = mock.get('vouchers', memberId);
  return mock.list('transactions').filter((t) => t.type === 'POINTS_REDEMPTION' && t.voucher_id === card?.id && t.details?.reward?.id === rewardId);
}

const runs: Array<{ fault: MockFault; what: string; wanted: Awaited<ReturnType<typeof checkout>> }> = [
  { fault: 'commit-then-reset', what: 'the service applies the redemption, then the connection drops', wanted: 'found applied' },
  { fault: 'reset', what: 'the connection drops before the service acts', wanted: 'redeemed after checking' },
];

run(async () => {
  console.log(`\nReconcile a redemption after an unknown outcome\n${'='.repeat(47)}`);
  console.log(`Running against the embedded mock service (${mock.baseUrl}, no network), which drops connections on purpose.\n`);
  for (const { fault, what, wanted } of runs) {
    mock.reset(); // the seed data again: the member holds 1,250 points
    const before = await balance();
    const storedBefore = redemptionsInStore().length;
    step(`'${fault}': ${what}. Balance before the checkout: ${count(before)} points.`);
    mock.inject({ operation: 'loyalties.redeemReward', fault });
    const result = await checkout();
    const after = await balance();
    const added = redemptionsInStore().slice(storedBefore);
    const cost = -(added[0]?.details?.balance?.points ?? 0);
    detail(
      `the checkout ${result}; balance at the end: ${count(after)} points (${count(before - after)} spent, in ${added.length} redemption${added.length === 1 ? '' : 's'})`,
    );
    const sent = mock.requests.filter((r) => r.operation === 'loyalties.redeemReward').length;
    if (result !== wanted || added.length !== 1 || cost <= 0 || before - after !== cost) {
      throw new Error(
        `'${fault}': the checkout ${result} (wanted: ${wanted}), ${added.length} redemptions applied, ${before - after} points spent (wanted: 1 redemption of ${cost} points)`,
      );
    }
    detail(`checked against the mock's records: one redemption applied, ${sent} redemption request${sent === 1 ? '' : 's'} sent`);
  }
});
