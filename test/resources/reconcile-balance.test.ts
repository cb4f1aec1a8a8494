/**
 * `client.vouchers.updateBalance` and `client.vouchers.listTransactions` against the mock service,
 * over `mock.fetch` and `mock.listen()` (a node:http server on 127.0.0.1): the balance and the
 * card's transactions agree, by `source_id`; a top-up is a spend (never sent twice); and
 * `client.reconcile` finds a lost one by the `source_id` it was sent with: `applied` after the
 * faults that let the service act (`commit-then-reset` and the others), `not_found` after those
 * that did not (a reset before the body, …), and `cannot_tell` on every answer that bends the
 * evidence (a list that leaves `source_id` out, cuts it or lower-cases it, pages repeated, a
 * transaction without a `source_id` like the call's).
 */
import { describe, expect, it } from 'vitest';
import { BadRequestError, InvalidRequestError, NotFoundError, type ReconcileResult } from '../../src/index.js';
import type { MockDistortion } from '../../src/testing/index.js';
import { failure, transports, useMock } from '../mock-service/transports.js';
import { APPLIED, expectNotFound, failUnder, FAULTS, NOT_APPLIED, noUnhandledRejection, sent } from './reconcile-faults.js';

noUnhandledRejection();

describe.each(transports)('a card balance over %s', (_name, connect) => {
  // The real clock: reconcile compares the transactions' dates with the call's start.
  const { mock, conn } = useMock(connect, { now: undefined });
  const client = () => conn.client({ timeout: 10_000, maxRetries: 2, maxRetryDelay: 20 });
  const giftCard = () => mock.get('vouchers', mock.ids.vouchers.giftCard)!;
  const transactionsOf = (cardId: string) => mock.list('transactions').filter((t) => t.voucher_id === cardId);

  it("a top-up and a removal move the gift card's balance, and its transactions say so, each with the source_id sent", async () => {
    const c = client();
    const code = mock.ids.vouchers.giftCard;
    const start = giftCard().gift?.balance ?? 0;
    const up = await c.vouchers.updateBalance(code, { amount: 2500, source_id: 'crm-top-up-1', reason: 'goodwill' });
    expect(up).toMatchObject({ amount: 2500, balance: start + 2500, type: 'gift_voucher', object: 'balance', related_object: { id: giftCard().id } });
    const down = await c.vouchers.updateBalance(code, { amount: -700 });
    expect(down.balance).toBe(start + 1800);
    expect(giftCard().gift?.balance).toBe(start + 1800);
    const listed = await c.vouchers.listTransactions(code, { order: '-id', limit: 1 }).toArray();
    expect(listed.map((t) => [t.type, t.details?.balance?.amount, t.details?.balance?.balance])).toEqual([
      ['CREDITS_REMOVAL', -700, start + 1800],
      ['CREDITS_ADDITION', 2500, start + 2500],
    ]);
    expect(listed[1]).toMatchObject({ source_id: 'crm-top-up-1', reason: 'goodwill', voucher_id: giftCard().id });
    // Without a source_id of the caller's, promokit's own: fresh, 130 random bits.
    expect(listed[0]!.source_id).toMatch(/^mk_[0-9a-hjkmnp-tv-z]{26}$/);
  });

  it("a loyalty card's points: POINTS_ADDITION, the member's balance and the transaction agree", async () => {
    const c = client();
    const before = (await c.loyalties.getMember(mock.ids.members.ada)).loyalty_card?.balance ?? 0;
    const after = await c.vouchers.updateBalance(mock.ids.members.ada, { amount: 40, source_id: 'points-fix-1' });
    expect(after).toMatchObject({ balance: before + 40, type: 'loyalty_card' });
    const newest = (await c.vouchers.listTransactions(mock.ids.members.ada, { order: '-id', limit: 1 })).data[0];
    expect(newest).toMatchObject({ type: 'POINTS_ADDITION', source_id: 'points-fix-1' });
  });

  it("the service's refusals: a removal past the balance and a discount voucher (400), an unknown card (404, of the list too); the balance untouched", async () => {
    const c = client();
    const start = giftCard().gift?.balance ?? 0;
    const past = await failure(c.vouchers.updateBalance(mock.ids.vouchers.giftCard, { amount: -(start + 1) }));
    expect(past).toBeInstanceOf(BadRequestError);
    expect(await failure(c.vouchers.updateBalance(mock.ids.vouchers.valid, { amount: 100 }))).toBeInstanceOf(BadRequestError);
    expect(await failure(c.vouchers.updateBalance('NO-SUCH-CARD', { amount: 100 }))).toBeInstanceOf(NotFoundError);
    expect(await failure(c.vouchers.listTransactions('NO-SUCH-CARD').toArray())).toBeInstanceOf(NotFoundError);
    expect(giftCard().gift?.balance).toBe(start);
    expect(transactionsOf(giftCard().id)).toEqual([]);
  });

  it('bad input names its field and sends nothing', async () => {
    const c = client();
    const loose = c.vouchers as unknown as { updateBalance(code: string, params: unknown): Promise<unknown> };
    for (const [params, field] of [
      [{}, 'amount'],
      [{ amount: '500' }, 'amount'],
      [{ amount: 1.5 }, 'amount'],
      [{ amount: 5, source_id: '' }, 'source_id'],
    ] as const) {
      const error = await failure(loose.updateBalance(mock.ids.vouchers.giftCard, params));
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect((error as InvalidRequestError).message).toContain(field);
    }
    expect(sent(mock, 'vouchers.updateBalance')).toBe(0);
  });

  describe('client.reconcile of a top-up whose answer was lost, by its source_id', () => {
    it.each(FAULTS)('after $name: applied only when the service applied it; then topped up once in all', async (fault) => {
      const c = client();
      const code = mock.ids.vouchers.giftCard;
      const start = giftCard().gift?.balance ?? 0;
      const error = await failUnder(mock, 'vouchers.updateBalance', fault, (o) => c.vouchers.updateBalance(code, { amount: 1000 }, o));
      // A spend is sent once: never again after the service may have acted.
      expect(sent(mock, 'vouchers.updateBalance')).toBe(1);
      const checkStarted = Date.now();
      const result = await c.reconcile(error);
      expect(sent(mock, 'vouchers.updateBalance')).toBe(1);
      const ours = transactionsOf(giftCard().id).filter((t) => t.type === 'CREDITS_ADDITION' && t.details?.balance?.amount === 1000);
      if (fault.applied) {
        expect(result.status, JSON.stringify(result)).toBe('applied');
        expect(ours).toHaveLength(1);
        expect((result as { record: { id: string; source_id: string } }).record).toMatchObject({ id: ours[0]!.id, source_id: ours[0]!.source_id });
      } else {
        expectNotFound(result, checkStarted);
        expect(ours).toHaveLength(0);
        await c.vouchers.updateBalance(code, { amount: 1000 });
      }
      expect(giftCard().gift?.balance).toBe(start + 1000);
    });

    it('with the source_id the caller gave: found by it', async () => {
      const c = client();
      const [fault] = APPLIED;
      const error = await failUnder(mock, 'vouchers.updateBalance', fault!, (o) =>
        c.vouchers.updateBalance(mock.ids.vouchers.giftCard, { amount: 300, source_id: 'order-1042-refund' }, o),
      );
      const result = await c.reconcile(error);
      expect(result).toMatchObject({ status: 'applied', record: { source_id: 'order-1042-refund' } });
    });

    it("the service's 404 of the card: not_found", async () => {
      const c = client();
      const error = await failUnder(mock, 'vouchers.updateBalance', NOT_APPLIED[0]!, (o) => c.vouchers.updateBalance('NO-SUCH-CARD', { amount: 300 }, o));
      expect((await c.reconcile(error)).status).toBe('not_found');
    });

    /** A top-up failed under `applied`, with earlier transactions of the card's, reconciled as the distorted service answers. */
    async function bent(applied: boolean, distort: MockDistortion, seed: Array<Record<string, unknown>> = []): Promise<ReconcileResult> {
      const c = client();
      const card = giftCard();
      mock.seed({
        transactions: seed.map((t) => ({
          voucher_id: card.id,
          campaign_id: card.campaign_id,
          type: 'CREDITS_ADDITION',
          details: { balance: { type: 'gift_voucher', amount: 1000, object: 'balance' } },
          created_at: new Date().toISOString(),
          ...t,
        })),
      });
      const error = await failUnder(mock, 'vouchers.updateBalance', applied ? APPLIED[0]! : NOT_APPLIED[0]!, (o) =>
        c.vouchers.updateBalance(mock.ids.vouchers.giftCard, { amount: 1000, source_id: 'Top-Up-1042' }, o),
      );
      const takeBack = mock.inject({ fault: 'distort', distort, times: Infinity });
      try {
        return await c.reconcile(error);
      } finally {
        takeBack();
      }
    }

    // Each hostile class, the call applied and not, with the caller's own source_id (mixed case, so
    // that lower-casing bends it): where the bending hides the call's evidence, cannot_tell; never a
    // false answer. Another change's source_id bent still differs from the call's: it excludes.
    type Answer = ReconcileResult['status'];
    const hostile: Array<[string, MockDistortion, Answer, Answer]> = [
      ['a list that leaves source_id out', { omit: ['source_id'] }, 'cannot_tell', 'cannot_tell'],
      ['a list that answers source_id null', { nullify: ['source_id'] }, 'cannot_tell', 'cannot_tell'],
      ['source_id cut to 8 characters', { cut: { fields: ['source_id'], length: 8 } }, 'cannot_tell', 'not_found'],
      ['source_id lower-cased', { lowercase: ['source_id'] }, 'cannot_tell', 'not_found'],
      ['pages of 1, each record served twice', { pageSize: 1, repeat: true }, 'cannot_tell', 'cannot_tell'],
      ['pages of 2 in reverse, each served twice', { pageSize: 2, reverse: true, repeat: true }, 'cannot_tell', 'cannot_tell'],
      // The call's transaction is on the first page (newest first): found before the lie matters.
      ['has_more that always says more', { pageSize: 2, hasMore: true }, 'applied', 'cannot_tell'],
    ];
    it.each(hostile)('%s: applied → %s, not applied → %s', async (_name, distort, whenApplied, whenNot) => {
      for (const applied of [true, false]) {
        mock.reset();
        const result = await bent(applied, distort, [
          { source_id: 'another-change' },
          { source_id: null, source: null, type: 'CREDITS_REDEMPTION', details: {} },
        ]);
        expect(result.status, `${applied}: ${JSON.stringify(result)}`).toBe(applied ? whenApplied : whenNot);
      }
    });

    it("a transaction like the call's (the same type and amount) without a source_id, since the call: cannot_tell, unless the call's own is found", async () => {
      expect((await bent(true, {}, [{ source_id: null, source: null }])).status).toBe('applied');
      mock.reset();
      const result = await bent(false, {}, [{ source_id: null, source: null }]);
      expect(result, JSON.stringify(result)).toMatchObject({ status: 'cannot_tell', reason: expect.stringContaining('source_id absent') });
    });

    it('others carrying another source_id, a redemption, another amount: excluded, so not_found is proved', async () => {
      const result = await bent(false, {}, [
        { source_id: 'another-change' },
        { source_id: null, type: 'CREDITS_REDEMPTION' },
        { source_id: null, details: { balance: { type: 'gift_voucher', amount: 999 } } },
      ]);
      expect(result.status, JSON.stringify(result)).toBe('not_found');
    });
  });
});
