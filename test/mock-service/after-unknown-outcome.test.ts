/**
 * The checks of the guide "After an unknown outcome" (docs/after-an-unknown-outcome.md), run
 * against the mock service for each operation that has one: the call meets `'commit-then-reset'`
 * (applied, then the connection drops) or `'reset'` (dropped before anything is applied), the
 * client reports `outcome: 'unknown'` both times, and the guide's check, using only the SDK's
 * operations, tells the two apart. The mock's records then show the change made exactly once.
 */
import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  type Client,
  ConflictError,
  NotFoundError,
  PromokitError,
  type CustomerRedeemable,
  type LoyaltyTransaction,
} from '../../src/index.js';
import type { MockFault } from '../../src/testing/index.js';
import { NOW, failure, transports, useMock } from './transports.js';

const MARGIN_MS = 5 * 60_000;
/** When each call starts: the mock's clock is fixed at NOW, and every record it makes is stamped then. */
const since = new Date(NOW);

/** The error of a call that met a dropped connection: it must say `unknown`. */
async function unknownFailure(promise: Promise<unknown>): Promise<PromokitError> {
  const error = await failure(promise);
  expect(error).toBeInstanceOf(PromokitError);
  expect((error as PromokitError).outcome).toBe('unknown');
  return error as PromokitError;
}

describe("the guide's checks, after a connection dropped with the change applied or not", () => {
  const { mock, conn } = useMock(transports[0]![1]);
  const client = (): Client => conn.client();
  const faults: Array<[MockFault, boolean]> = [
    ['commit-then-reset', true],
    ['reset', false],
  ];

  /** The guide's check for loyalties.redeemReward. */
  async function findRedemption(memberId: string, rewardId: string, since: Date): Promise<LoyaltyTransaction | undefined> {
    const member = await client().loyalties.getMember(memberId);
    const from = since.getTime() - MARGIN_MS;
    for await (const tx of client().loyalties.listTransactions(member.campaign_id!, { order: '-id', limit: 100 })) {
      if (tx.created_at && Date.parse(tx.created_at) < from) break;
      if (tx.type === 'POINTS_REDEMPTION' && tx.voucher_id === member.id && tx.details?.reward?.id === rewardId) return tx;
    }
    return undefined;
  }

  it.each(faults)('loyalties.redeemReward after %s: the transaction is found only when applied; redeemed once in all', async (fault, applied) => {
    const { members, rewards } = mock.ids;
    mock.inject({ operation: 'loyalties.redeemReward', fault });
    await unknownFailure(client().loyalties.redeemReward(members.ada, { reward: { id: rewards.espresso } }));
    const found = await findRedemption(members.ada, rewards.espresso, since);
    expect(found !== undefined).toBe(applied);
    if (!found) await client().loyalties.redeemReward(members.ada, { reward: { id: rewards.espresso } });
    const card = mock.get('vouchers', members.ada)!;
    expect(card.loyalty_card?.points).toBe(1250 - 200);
    expect(
      mock.list('transactions').filter((t) => t.voucher_id === card.id && t.type === 'POINTS_REDEMPTION' && Date.parse(t.created_at!) >= since.getTime()),
    ).toHaveLength(1);
  });

  it.each(faults)('redemptions.rollbackStackable after %s: sent again, done once (already_rolled_back when the first applied)', async (fault, applied) => {
    const { members, rewards } = mock.ids;
    const redemption = await client().loyalties.redeemReward(members.ada, { reward: { id: rewards.espresso } });
    mock.inject({ operation: 'redemptions.rollbackStackable', fault });
    await unknownFailure(client().redemptions.rollbackStackable(redemption.id, { reason: 'ordered by mistake' }));
    const again = await client()
      .redemptions.rollbackStackable(redemption.id, { reason: 'ordered by mistake' })
      .then(
        () => 'rolled back',
        (e: unknown) => (e instanceof BadRequestError && e.key === 'already_rolled_back' ? 'already rolled back' : e),
      );
    expect(again).toBe(applied ? 'already rolled back' : 'rolled back');
    expect(mock.list('rollbacks').filter((r) => r.redemption === redemption.id)).toHaveLength(1);
    expect(mock.get('vouchers', members.ada)?.loyalty_card?.points).toBe(1250);
  });

  it.each(faults)('orders.create with a source_id after %s: sent again with it, one order', async (fault) => {
    const order = { source_id: `checkout-${fault}`, amount: 4200 };
    mock.inject({ operation: 'orders.create', fault });
    await unknownFailure(client().orders.create(order));
    const same = await client().orders.create(order);
    expect(
      mock
        .list('orders')
        .filter((o) => o.source_id === order.source_id)
        .map((o) => o.id),
    ).toEqual([same.id]);
  });

  it.each(faults)("publications.create without join_once after %s: the customer's redeemables tell, published once in all", async (fault, applied) => {
    const customer = { source_id: `welcome-${fault}` };
    mock.inject({ operation: 'publications.create', fault });
    await unknownFailure(client().publications.create({ campaign: { name: 'Welcome Offer' }, customer }));
    // A customer the service does not know (the failed call never reached it) holds nothing.
    const held: CustomerRedeemable[] = await client()
      .customers.listRedeemables(customer.source_id, { limit: 100 })
      .toArray()
      .catch((e: unknown) => (e instanceof NotFoundError ? [] : Promise.reject(e)));
    const published = held.filter((h) => h.campaign_id === mock.ids.campaigns.welcome && Date.parse(h.created_at!) >= since.getTime() - MARGIN_MS);
    expect(published.length > 0).toBe(applied);
    if (published.length === 0) await client().publications.create({ campaign: { name: 'Welcome Offer' }, customer });
    const id = mock.get('customers', customer.source_id)!.id;
    expect(mock.list('publications').filter((p) => p.customer_id === id)).toHaveLength(1);
  });

  it.each(faults)('vouchers.create after %s: sent again, a ConflictError says the first made it; one voucher', async (fault, applied) => {
    const code = `SPRING-${fault}`;
    mock.inject({ operation: 'vouchers.create', fault });
    await unknownFailure(client().vouchers.create(code, { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500 } }));
    const again = await client()
      .vouchers.create(code, { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500 } })
      .then(
        () => 'created',
        (e: unknown) => (e instanceof ConflictError && e.key === 'duplicate_found' ? 'exists' : e),
      );
    expect(again).toBe(applied ? 'exists' : 'created');
    expect(mock.list('vouchers').filter((v) => v.code === code)).toHaveLength(1);
  });

  it.each(faults)("clientEvents.track for a loyalty card after %s: the member's pending points tell; recorded once in all", async (fault, applied) => {
    const { members } = mock.ids;
    const event = { event: 'review_written', customer: { source_id: 'shop-user-1001' }, loyalty: { code: members.ada } };
    const earlier = new Set((await client().loyalties.listPendingPoints(members.ada, { limit: 100 }).toArray()).map((p) => p.id));
    mock.inject({ operation: 'clientEvents.track', fault });
    await unknownFailure(client().clientEvents.track(event));
    const fresh = (await client().loyalties.listPendingPoints(members.ada, { limit: 100 }).toArray()).filter(
      (p) => !earlier.has(p.id) && p.details?.event?.type === event.event,
    );
    expect(fresh.length > 0).toBe(applied);
    if (fresh.length === 0) await client().clientEvents.track(event);
    expect(mock.list('events').filter((e) => e.type === event.event)).toHaveLength(1);
  });
});
