/**
 * `client.reconcile(error)` for the checkout, against the mock service over `mock.fetch` and
 * `mock.listen()`: a stacked redemption found by its order's `source_id`, by its marker and by
 * its customer; a rollback found in its redemption's `related_redemptions.rollbacks`; a validation
 * with a session, whose lock the check releases. Each meets a fault that applies it and drops the
 * answer, or one that applies nothing; the mock's records say what happened, reconcile must say
 * the same, send nothing that applies the call again, and the caller who follows it ends with the
 * change made exactly once.
 */
import { describe, expect, it } from 'vitest';
import { type Client, type RedemptionEntry, type RedeemStackedParams, retryDecision, type StackedRedemption } from '../../src/index.js';
import { failure, transports, useMock } from '../mock-service/transports.js';
import { APPLIED, expectNotFound, failUnder, FAULTS, NOT_APPLIED, noUnhandledRejection, sent } from './reconcile-faults.js';

noUnhandledRejection();

describe.each(transports)('client.reconcile of the checkout over %s', (_name, connect) => {
  // The real clock: reconcile compares the records' dates with the call's start.
  const { mock, conn } = useMock(connect, { now: undefined });
  const client = (options = {}) => conn.client({ timeout: 10_000, maxRetries: 2, maxRetryDelay: 20, ...options });

  /** The successful redemptions the mock holds whose order is `source`, or whose metadata carries `marker`. */
  const redeemed = (match: (r: RedemptionEntry) => boolean) => mock.list('redemptions').filter((r) => r.result === 'SUCCESS' && match(r as RedemptionEntry));

  describe('redemptions.redeem: the redemptions since the call started', () => {
    const ways: Array<[string, (tag: string) => RedeemStackedParams, (tag: string) => (r: RedemptionEntry) => boolean]> = [
      [
        "by the order's source_id",
        (tag) => ({
          redeemables: [{ object: 'voucher', id: mock.ids.vouchers.valid }],
          order: { source_id: `order-${tag}`, amount: 4000 },
          customer: { source_id: `buyer-${tag}` },
        }),
        (tag) => (r) => r.order?.source_id === `order-${tag}`,
      ],
      [
        'by its marker alone (no order source_id, no customer)',
        () => ({ redeemables: [{ object: 'voucher', id: mock.ids.vouchers.valid }], order: { amount: 4000 }, marker: true }),
        () => (r) => typeof (r.metadata as Record<string, unknown> | null)?.promokit_marker === 'string',
      ],
      [
        'by the customer and its redeemables: a parent and its children',
        (tag) => ({
          redeemables: [
            { object: 'voucher', id: mock.ids.vouchers.valid },
            { object: 'promotion_tier', id: mock.ids.tiers[0]! },
          ],
          order: { amount: 8000 },
          customer: { source_id: `buyer-${tag}` },
        }),
        (tag) => (r) => r.customer?.source_id === `buyer-${tag}` && r.related_object_type !== 'redemption',
      ],
    ];
    describe.each(ways)('%s', (_way, paramsOf, matchOf) => {
      it.each(FAULTS)('after $name: applied (with the records) only when the mock applied it; redeemed once in all', async (fault) => {
        const c = client();
        const tag = fault.name.replace(/\W+/g, '-');
        const params = paramsOf(tag);
        const mine = matchOf(tag);
        const spring = () => mock.get('vouchers', mock.ids.vouchers.valid)!.redemption!.redeemed_quantity!;
        const before = spring();
        const error = await failUnder(mock, 'redemptions.redeem', fault, (o) => c.redemptions.redeem(params, o));
        expect(retryDecision(error)).toEqual({ action: 'reconcile' });
        expect(sent(mock, 'redemptions.redeem')).toBe(1); // a spend is never sent twice
        const checkStarted = Date.now();
        const result = await c.reconcile(error);
        expect(sent(mock, 'redemptions.redeem')).toBe(1);
        if (fault.applied) {
          expect(result.status).toBe('applied');
          const record = (result as { record: StackedRedemption }).record;
          const stored = redeemed(mine);
          expect(record.redemptions?.map((r) => r.id).sort()).toEqual(stored.map((r) => r.id).sort());
          if (params.redeemables.length > 1) {
            expect(record.parent_redemption?.related_object_type).toBe('redemption');
            expect(record.redemptions?.every((r) => r.redemption === record.parent_redemption?.id)).toBe(true);
          } else expect(record.parent_redemption).toBeUndefined();
        } else {
          expectNotFound(result, checkStarted);
          expect(redeemed(mine)).toHaveLength(0);
          await c.redemptions.redeem(params);
        }
        expect(redeemed(mine)).toHaveLength(params.redeemables.length);
        expect(spring()).toBe(before + 1);
      });
    });

    it('a call sent with marker: false that named nothing traceable: cannot_tell saying so, and nothing read', async () => {
      const c = client();
      const error = await failUnder(mock, 'redemptions.redeem', APPLIED[0]!, (o) =>
        c.redemptions.redeem({ redeemables: [{ object: 'voucher', id: mock.ids.vouchers.valid }], order: { amount: 4000 }, marker: false }, o),
      );
      const requests = mock.requests.length;
      expect(await c.reconcile(error)).toEqual({ status: 'cannot_tell', reason: expect.stringContaining('marker: false') });
      expect(mock.requests).toHaveLength(requests);
    });

    it("another customer's redemption of the same voucher since the call: not this call's, not_found", async () => {
      const c = client();
      const error = await failUnder(mock, 'redemptions.redeem', NOT_APPLIED[0]!, (o) =>
        c.redemptions.redeem(
          { redeemables: [{ object: 'voucher', id: mock.ids.vouchers.valid }], order: { amount: 4000 }, customer: { source_id: 'buyer-a' } },
          o,
        ),
      );
      await c.redemptions.redeem({
        redeemables: [{ object: 'voucher', id: mock.ids.vouchers.valid }],
        order: { amount: 4000 },
        customer: { source_id: 'buyer-b' },
      });
      expect((await c.reconcile(error)).status).toBe('not_found');
    });

    it('a walk past 1,000 redemptions since the call started: cannot_tell, after 10 pages', async () => {
      const c = client();
      const error = await failUnder(mock, 'redemptions.redeem', NOT_APPLIED[0]!, (o) =>
        c.redemptions.redeem({ redeemables: [{ object: 'voucher', id: mock.ids.vouchers.valid }], order: { source_id: 'order-busy', amount: 4000 } }, o),
      );
      mock.seed({ redemptions: Array.from({ length: 1_050 }, () => ({ date: new Date().toISOString(), order: { source_id: 'someone-else' } })) });
      const pagesBefore = sent(mock, 'redemptions.list');
      expect(await c.reconcile(error)).toEqual({
        status: 'cannot_tell',
        reason: 'more than 1000 records (or 10 pages) to look through: the check stopped there',
      });
      expect(sent(mock, 'redemptions.list') - pagesBefore).toBe(10);
    });

    it("with the call's identity the walk goes to the list's end (an empty page), whatever the records' dates: not_found after two reads", async () => {
      const c = client();
      mock.seed({ redemptions: [{ date: new Date(Date.now() - 2 * 3_600_000).toISOString(), order: { source_id: 'order-older' } }] });
      const error = await failUnder(mock, 'redemptions.redeem', NOT_APPLIED[0]!, (o) =>
        c.redemptions.redeem({ redeemables: [{ object: 'voucher', id: mock.ids.vouchers.valid }], order: { source_id: 'order-new', amount: 4000 } }, o),
      );
      const pagesBefore = sent(mock, 'redemptions.list');
      expect((await c.reconcile(error)).status).toBe('not_found');
      expect(sent(mock, 'redemptions.list') - pagesBefore).toBe(2);
    });

    it("without an identity, the customer's redemptions older than the call (and the doubt) on a clock this machine's agrees with are excluded, the walk going on to the list's end: not_found after two pages", async () => {
      const c = client();
      const customer = { source_id: 'walk-ender' };
      const old = new Date(Date.now() - 2 * 3_600_000).toISOString();
      mock.seed({ customers: [{ source_id: customer.source_id }] });
      const customerId = mock.list('customers').find((x) => x.source_id === customer.source_id)!.id;
      mock.seed({ redemptions: Array.from({ length: 100 }, () => ({ date: old, customer_id: customerId, order: { source_id: 'order-older' } })) });
      const error = await failUnder(mock, 'redemptions.redeem', NOT_APPLIED[0]!, (o) =>
        c.redemptions.redeem({ redeemables: [{ object: 'voucher', id: mock.ids.vouchers.valid }], customer, marker: false }, o),
      );
      const pagesBefore = sent(mock, 'redemptions.list');
      expect((await c.reconcile(error)).status).toBe('not_found');
      // Never ended early on dates: past page 1 to the empty page.
      expect(sent(mock, 'redemptions.list') - pagesBefore).toBeGreaterThanOrEqual(2);
    });

    it("with marker: false, a redemption of the call's order source_id is the call's whatever its date (an earlier one of the same order reads as it: send a marker)", async () => {
      const c = client();
      mock.seed({ redemptions: [{ date: new Date(Date.now() - 3 * 3_600_000).toISOString(), order: { source_id: 'order-twice' } }] });
      const error = await failUnder(mock, 'redemptions.redeem', NOT_APPLIED[0]!, (o) =>
        c.redemptions.redeem(
          { redeemables: [{ object: 'voucher', id: mock.ids.vouchers.valid }], order: { source_id: 'order-twice', amount: 4000 }, marker: false },
          o,
        ),
      );
      expect((await c.reconcile(error)).status).toBe('applied');
    });

    it("with the marker sent, a redemption of the call's order source_id without a readable marker is cannot_tell, not the call's (another call may have paid the same order)", async () => {
      const c = client();
      mock.seed({ redemptions: [{ date: new Date(Date.now() - 60_000).toISOString(), order: { source_id: 'order-twice' } }] });
      const error = await failUnder(mock, 'redemptions.redeem', NOT_APPLIED[0]!, (o) =>
        c.redemptions.redeem({ redeemables: [{ object: 'voucher', id: mock.ids.vouchers.valid }], order: { source_id: 'order-twice', amount: 4000 } }, o),
      );
      expect(await c.reconcile(error)).toEqual({ status: 'cannot_tell', reason: expect.stringContaining('metadata.promokit_marker absent') });
    });
  });

  describe("redemptions.rollback: the redemption's related_redemptions.rollbacks", () => {
    /** A redemption of one voucher, made for the test. */
    async function redemptionOf(c: Client, tag: string): Promise<string> {
      const made = await c.redemptions.redeem({ redeemables: [{ object: 'voucher', id: 'WELCOME-7KQ2PX' }], order: { source_id: `rb-${tag}`, amount: 3000 } });
      return made.redemptions![0]!.id;
    }
    const rollbacks = (id: string) => mock.list('rollbacks').filter((r) => r.redemption === id);

    it.each(FAULTS)('sent once (maxRetries 0), after $name: applied (the rollback) only when the mock applied it; rolled back once in all', async (fault) => {
      const c = client({ maxRetries: 0 });
      const id = await redemptionOf(c, fault.name);
      const error = await failUnder(mock, 'redemptions.rollback', fault, (o) => c.redemptions.rollback(id, { reason: 'returned' }, o), 'any');
      // An idempotent write the service guards: safe to send again (but an answer that breaks its schema would break it again).
      expect(retryDecision(error).action).toBe(fault.inject.fault === 'malformed-json' ? 'fail' : 'retry');
      const checkStarted = Date.now();
      const result = await c.reconcile(error);
      if (fault.applied) {
        expect(result.status).toBe('applied');
        expect((result as { record: RedemptionEntry }).record).toMatchObject({ id: rollbacks(id)[0]!.id, object: 'redemption_rollback', redemption: id });
      } else {
        expectNotFound(result, checkStarted);
        expect(rollbacks(id)).toHaveLength(0);
      }
      // Sent again either way: a rollback that exists is what it resolves with.
      const again = await c.redemptions.rollback(id, { reason: 'returned' });
      expect(again.id).toBe(rollbacks(id)[0]!.id);
      expect(rollbacks(id)).toHaveLength(1);
      expect(mock.get('vouchers', 'WELCOME-7KQ2PX')?.redemption?.redeemed_quantity).toBe(0);
    });

    it('retried by the client after commit-then-reset: the retry answered already_rolled_back resolves with the rollback that exists', async () => {
      const c = client({ maxRetries: 2 });
      const id = await redemptionOf(c, 'retried');
      mock.inject({ operation: 'redemptions.rollback', fault: 'commit-then-reset' });
      const rollback = await c.redemptions.rollback(id, { reason: 'returned' });
      expect(rollback).toMatchObject({ id: rollbacks(id)[0]!.id, redemption: id, result: 'SUCCESS' });
      expect(sent(mock, 'redemptions.rollback')).toBe(2);
      expect(mock.requests.filter((r) => r.operation === 'redemptions.rollback').map((r) => r.status)).toEqual([200, 400]);
      expect(rollbacks(id)).toHaveLength(1);
    });

    it('a redemption the service does not know: not_found', async () => {
      const c = client({ maxRetries: 0 });
      const error = await failUnder(mock, 'redemptions.rollback', NOT_APPLIED[0]!, (o) => c.redemptions.rollback('r_never_made', {}, o), 'any');
      expect((await c.reconcile(error)).status).toBe('not_found');
    });
  });

  describe('validations.validate with a session: the lock released under its key', () => {
    it.each(FAULTS)('after $name: not_found, and no lock held; validated again, one lock', async (fault) => {
      const c = client();
      const params = {
        redeemables: [
          { object: 'voucher' as const, id: mock.ids.vouchers.valid },
          { object: 'voucher' as const, id: mock.ids.vouchers.giftCard, gift: { credits: 500 } },
        ],
        order: { amount: 4000 },
        session: { type: 'LOCK' as const },
      };
      const error = await failUnder(mock, 'validations.validate', fault, (o) => c.validations.validate(params, o));
      expect(retryDecision(error)).toEqual({ action: 'reconcile' });
      expect(mock.list('sessions')).toHaveLength(fault.applied ? 1 : 0);
      const checkStarted = Date.now();
      expectNotFound(await c.reconcile(error), checkStarted);
      expect(mock.list('sessions')).toEqual([]);
      expect(sent(mock, 'validations.validate')).toBe(1);
      const validation = await c.validations.validate(params);
      expect(mock.list('sessions').map((s) => s.key)).toEqual([validation.session?.key]);
    });

    it("with a promotion tier, whose lock has no release and may still be held: cannot_tell advising the same key, the vouchers released; the same key sent again re-targets the tier's lock", async () => {
      const c = client();
      const params = {
        redeemables: [
          { object: 'voucher' as const, id: mock.ids.vouchers.valid },
          { object: 'promotion_tier' as const, id: mock.ids.tiers[0]! },
        ],
        order: { amount: 8000 },
        session: { key: 'checkout-77' },
      };
      const error = await failUnder(mock, 'validations.validate', APPLIED[0]!, (o) => c.validations.validate(params, o));
      expect(await c.reconcile(error)).toEqual({
        status: 'cannot_tell',
        reason: expect.stringMatching(/promotion_tier .* has no release and may still be held: send the validation again under the same session key/),
      });
      expect(mock.list('sessions').flatMap((s) => s.locks.map((l) => l.object))).toEqual(['promotion_tier']);
      await c.validations.validate(params);
      expect(mock.list('sessions').map((s) => [s.key, s.locks.map((l) => l.object)])).toEqual([['checkout-77', ['voucher', 'promotion_tier']]]);
      await c.redemptions.redeem(params);
      expect(mock.list('sessions')).toEqual([]);
    });

    it('without a session it only reads: retried, and reconcile says it is safe to send again', async () => {
      const c = client({ maxRetries: 0 });
      mock.inject({ operation: 'validations.validate', fault: 'commit-then-reset' });
      const error = await failure(c.validations.validate({ redeemables: [{ object: 'voucher', id: mock.ids.vouchers.valid }] }));
      expect(retryDecision(error).action).toBe('retry');
      expect(await c.reconcile(error)).toEqual({ status: 'cannot_tell', reason: 'the call is safe to send again as it is' });
    });
  });
});
