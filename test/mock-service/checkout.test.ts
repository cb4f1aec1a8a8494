/**
 * The mock's checkout, through the real Client over both transports: stacking rules with
 * applicable, inapplicable and skipped redeemables and their keys; session locks that count
 * against a voucher's quantity, credits and points until a redemption under the key consumes
 * them, a release, or their ttl on the mock's clock; redemptions that spend quantity, gift
 * credits and points as a parent with children; rollbacks that give them back and refuse a child,
 * a parent and a second rollback; qualifications from the mock's own records; `mock.inject` on
 * every checkout operation.
 */
import { describe, expect, it } from 'vitest';
import { BadRequestError, Client, type ClientOptions, InternalServerError, NotFoundError, type StackedValidation } from '../../src/index.js';
import { createMockService, type MockService } from '../../src/testing/index.js';
import { failure, NOW, serverHeaders, transports, useMock } from './transports.js';

const voucher = (id: string) => ({ object: 'voucher' as const, id });
const statuses = (v: StackedValidation) =>
  v.redeemables.map((r) => [r.id, r.status, r.status === 'APPLICABLE' ? '' : r.status === 'INAPPLICABLE' ? r.result?.error?.key : r.result?.details?.key]);

describe.each(transports)('the checkout of the mock over %s', (_name, connect) => {
  const { mock, conn } = useMock(connect);
  const limited = (code: string, quantity = 1) =>
    mock.seed({
      vouchers: [
        { code, type: 'DISCOUNT_VOUCHER', campaign_id: mock.ids.campaigns.seasonal, discount: { type: 'AMOUNT', amount_off: 500 }, redemption: { quantity } },
      ],
    });

  describe('stacking rules', () => {
    it('apply each discount to what the order has left, in the order requested', async () => {
      const v = await conn.client().validations.validate({
        redeemables: [voucher(mock.ids.vouchers.valid), { object: 'promotion_tier', id: mock.ids.tiers[0]! }, voucher(mock.ids.vouchers.giftCard)],
        order: { amount: 10_000 },
      });
      expect(v.valid).toBe(true);
      expect(statuses(v)).toEqual([
        [mock.ids.vouchers.valid, 'APPLICABLE', ''],
        [mock.ids.tiers[0], 'APPLICABLE', ''],
        [mock.ids.vouchers.giftCard, 'APPLICABLE', ''],
      ]);
      // 15% of 100.00, then 5% of 85.00, then the gift card's 32.00 of the 80.75 left.
      expect(v.order).toMatchObject({ amount: 10_000, total_discount_amount: 1500 + 425 + 3200, total_amount: 10_000 - 5125 });
      expect(v.stacking_rules).toMatchObject({ redeemables_application_mode: 'ALL', applicable_redeemables_limit: 5 });
    });

    it('ALL mode: one inapplicable redeemable fails the request, the others skipped as preceding_validation_failed', async () => {
      const v = await conn.client().validations.validate({
        redeemables: [voucher(mock.ids.vouchers.expired), voucher(mock.ids.vouchers.valid), voucher('NO-SUCH')],
        order: { amount: 5000 },
      });
      expect(v.valid).toBe(false);
      expect(statuses(v)).toEqual([
        [mock.ids.vouchers.expired, 'INAPPLICABLE', 'voucher_expired'],
        [mock.ids.vouchers.valid, 'SKIPPED', 'preceding_validation_failed'],
        ['NO-SUCH', 'INAPPLICABLE', 'not_found'],
      ]);
      expect(v.inapplicable_redeemables?.map((r) => r.id)).toEqual([mock.ids.vouchers.expired, 'NO-SUCH']);
      expect(v.inapplicable_redeemables?.[1]?.result?.error).toMatchObject({ code: 404, resource_type: 'voucher', resource_id: 'NO-SUCH' });
      expect(v.order?.total_discount_amount).toBe(0);
    });

    it('the limits: applicable_redeemables_limit, per category, exclusive and joint categories, no effect', async () => {
      const m = createMockService({
        now: NOW,
        stackingRules: {
          redeemables_application_mode: 'PARTIAL',
          applicable_redeemables_limit: 3,
          exclusive_categories: ['cat_exclusive'],
          joint_categories: ['cat_joint'],
          redeemables_no_effect_rule: 'SKIP',
        },
      });
      const campaign = m.ids.campaigns.seasonal;
      const d = (code: string, category_id: string | null, amount_off = 100) => ({
        code,
        type: 'DISCOUNT_VOUCHER',
        campaign_id: campaign,
        category_id,
        discount: { type: 'AMOUNT', amount_off },
      });
      m.seed({
        vouchers: [
          d('A1', 'cat_a'),
          d('A2', 'cat_a'),
          d('B1', null),
          d('C1', null),
          d('D1', null),
          d('X1', 'cat_exclusive'),
          d('J1', 'cat_joint'),
          d('Z0', null, 0),
        ],
      });
      const c = new Client({ fetch: m.fetch, baseUrl: m.baseUrl, ...m.credentials, logLevel: 'off', validation: 'strict' });
      const v1 = await c.validations.validate({ redeemables: ['A1', 'A2', 'B1', 'C1', 'D1', 'Z0', 'NOPE'].map(voucher), order: { amount: 5000 } });
      expect(v1.valid).toBe(true); // PARTIAL: the inapplicable one does not fail the others
      expect(statuses(v1)).toEqual([
        ['A1', 'APPLICABLE', ''],
        ['A2', 'SKIPPED', 'applicable_redeemables_per_category_limit_exceeded'],
        ['B1', 'APPLICABLE', ''],
        ['C1', 'APPLICABLE', ''],
        ['D1', 'SKIPPED', 'applicable_redeemables_limit_exceeded'],
        ['Z0', 'SKIPPED', 'applicable_redeemables_limit_exceeded'],
        ['NOPE', 'INAPPLICABLE', 'not_found'],
      ]);
      const v2 = await c.validations.validate({ redeemables: ['X1', 'B1', 'J1', 'Z0'].map(voucher), order: { amount: 5000 } });
      expect(statuses(v2)).toEqual([
        ['X1', 'APPLICABLE', ''],
        ['B1', 'SKIPPED', 'exclusion_rules_not_met'],
        ['J1', 'APPLICABLE', ''],
        ['Z0', 'SKIPPED', 'exclusion_rules_not_met'],
      ]);
      const v3 = await c.validations.validate({ redeemables: ['B1', 'Z0'].map(voucher), order: { amount: 5000 } });
      expect(statuses(v3)).toEqual([
        ['B1', 'APPLICABLE', ''],
        ['Z0', 'SKIPPED', 'no_effect'],
      ]);
    });

    it('a promotion stack is its tiers; the service refuses duplicates and a stack with others (400 keys)', async () => {
      const v = await conn.client().validations.validate({ redeemables: [{ object: 'promotion_stack', id: mock.ids.stack }], order: { amount: 6000 } });
      expect(v.redeemables.map((r) => [r.object, r.id])).toEqual([
        ['promotion_tier', mock.ids.tiers[0]],
        ['promotion_tier', mock.ids.tiers[2]],
      ]);
      const raw = (redeemables: unknown[]) =>
        conn
          .raw('/v1/validations', { method: 'POST', headers: serverHeaders(mock), body: JSON.stringify({ redeemables }) })
          .then(async (r) => [r.status, (await r.json()).key]);
      expect(await raw([voucher('A'), voucher('A')])).toEqual([400, 'duplicated_redeemables']);
      expect(await raw([{ object: 'promotion_stack', id: mock.ids.stack }, voucher('A')])).toEqual([400, 'invalid_redeemables']);
      expect(await raw([{ object: 'voucher' }])).toEqual([400, 'invalid_payload']);
    });

    it('the stackingRules option is checked: a TypeError naming a bad rule', () => {
      expect(() => createMockService({ stackingRules: { redeemables_application_mode: 'SOME' as never } })).toThrow(
        /redeemables_application_mode must be one of ALL, PARTIAL/,
      );
      expect(() => createMockService({ stackingRules: { applicable_redeemables_limit: 0 } })).toThrow(
        /applicable_redeemables_limit must be a whole number from 1 to 30/,
      );
      expect(() => createMockService({ stackingRules: { nonsense: 1 } as never })).toThrow(/has no rule nonsense/);
    });
  });

  describe('session locks', () => {
    it("hold a voucher's last redemption for the key's checkout only; the same key re-targets its own lock", async () => {
      limited('LAST-ONE');
      const c = conn.client();
      const mine = await c.validations.validate({ redeemables: [voucher('LAST-ONE')], order: { amount: 2000 }, session: { key: 'checkout-a' } });
      expect([mine.valid, mine.session]).toEqual([true, { key: 'checkout-a', type: 'LOCK', ttl: 7, ttl_unit: 'DAYS' }]);
      const other = await c.validations.validate({ redeemables: [voucher('LAST-ONE')], order: { amount: 2000 } });
      expect(statuses(other)).toEqual([['LAST-ONE', 'INAPPLICABLE', 'quantity_exceeded']]);
      const again = await c.validations.validate({ redeemables: [voucher('LAST-ONE')], order: { amount: 2000 }, session: { key: 'checkout-a' } });
      expect(again.valid).toBe(true);
      expect(mock.list('sessions')).toHaveLength(1);
    });

    it('are consumed by a redemption under the key: the lock is gone, the quantity spent', async () => {
      limited('LAST-ONE');
      const c = conn.client();
      const v = await c.validations.validate({ redeemables: [voucher('LAST-ONE')], order: { amount: 2000 }, session: {} });
      const r = await c.redemptions.redeem({ redeemables: [voucher('LAST-ONE')], order: { amount: 2000 }, session: { key: v.session!.key! } });
      expect(r.redemptions?.map((x) => [x.result, x.session?.key])).toEqual([['SUCCESS', v.session!.key]]);
      expect(mock.list('sessions')).toEqual([]);
      expect(mock.get('vouchers', 'LAST-ONE')?.redemption?.redeemed_quantity).toBe(1);
      const late = await c.redemptions.redeem({ redeemables: [voucher('LAST-ONE')], order: { amount: 2000 } });
      expect([late.redemptions, late.inapplicable_redeemables?.[0]?.result?.error?.key]).toEqual([[], 'quantity_exceeded']);
      expect(mock.list('redemptions').filter((x) => x.result === 'FAILURE' && x.failure_code === 'quantity_exceeded')).toHaveLength(1);
    });

    it('are released per voucher; a second release answers 404 for the session, which the client resolves', async () => {
      limited('LAST-ONE');
      const c = conn.client();
      const v = await c.validations.validate({ redeemables: [voucher('LAST-ONE'), voucher(mock.ids.vouchers.valid)], order: { amount: 2000 }, session: {} });
      const key = v.session!.key!;
      await c.vouchers.releaseSession('LAST-ONE', key);
      expect(mock.list('sessions')[0]?.locks.map((l) => l.code)).toEqual([mock.ids.vouchers.valid]);
      expect((await c.validations.validate({ redeemables: [voucher('LAST-ONE')], order: { amount: 2000 } })).valid).toBe(true);
      const second = await conn.raw(`/v1/vouchers/LAST-ONE/sessions/${key}`, { method: 'DELETE', headers: serverHeaders(mock) });
      expect([second.status, (await second.json()).resource_type]).toEqual([404, 'session']);
      await expect(c.vouchers.releaseSession('LAST-ONE', key)).resolves.toBeUndefined();
      await expect(c.vouchers.releaseSession('NO-SUCH', key)).rejects.toBeInstanceOf(NotFoundError);
      await c.vouchers.releaseSession(mock.ids.vouchers.valid, key);
      expect(mock.list('sessions')).toEqual([]);
    });

    it("hold a gift card's credits and a loyalty card's points from other checkouts", async () => {
      const c = conn.client();
      const { giftCard } = mock.ids.vouchers;
      await c.validations.validate({ redeemables: [{ ...voucher(giftCard), gift: { credits: 3000 } }], order: { amount: 5000 }, session: {} });
      const other = await c.validations.validate({ redeemables: [{ ...voucher(giftCard), gift: { credits: 500 } }], order: { amount: 5000 } });
      expect(statuses(other)).toEqual([[giftCard, 'INAPPLICABLE', 'gift_amount_exceeded']]);
      const card = { ...voucher(mock.ids.members.ada), reward: { id: mock.ids.rewards.mug } }; // 1,500 of 1,250 points: too many
      expect(statuses(await c.validations.validate({ redeemables: [card], order: { amount: 5000 } }))).toEqual([
        [mock.ids.members.ada, 'INAPPLICABLE', 'loyalty_card_points_exceeded'],
      ]);
      const coffee = { ...voucher(mock.ids.members.ada), reward: { id: mock.ids.rewards.coupon } }; // 500 points
      await c.validations.validate({ redeemables: [coffee], order: { amount: 5000 }, session: {} });
      await c.validations.validate({ redeemables: [coffee], order: { amount: 5000 }, session: {} });
      expect(statuses(await c.validations.validate({ redeemables: [coffee], order: { amount: 5000 } }))).toEqual([
        [mock.ids.members.ada, 'INAPPLICABLE', 'loyalty_card_points_exceeded'],
      ]);
    });

    it("expire on the mock's clock", async () => {
      let now = Date.parse(NOW);
      const m = createMockService({ now: () => new Date(now) });
      const c = new Client({ fetch: m.fetch, baseUrl: m.baseUrl, ...m.credentials, logLevel: 'off', validation: 'strict' });
      m.seed({ vouchers: [{ code: 'LAST-ONE', type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500 }, redemption: { quantity: 1 } }] });
      await c.validations.validate({ redeemables: [voucher('LAST-ONE')], session: { ttl: 15, ttl_unit: 'MINUTES' } });
      expect(m.list('sessions')[0]?.expires_at).toBe('2026-03-18T09:45:00.000Z');
      now += 14 * 60_000;
      expect((await c.validations.validate({ redeemables: [voucher('LAST-ONE')] })).valid).toBe(false);
      now += 60_000;
      expect((await c.validations.validate({ redeemables: [voucher('LAST-ONE')] })).valid).toBe(true);
      expect(m.list('sessions')).toEqual([]);
    });
  });

  describe('redemptions and rollbacks', () => {
    it('several redeemables: a parent and a child each, spending quantity, credits and points; the order keeps them', async () => {
      const c = conn.client();
      const { valid, giftCard } = mock.ids.vouchers;
      const before = {
        quantity: mock.get('vouchers', valid)!.redemption!.redeemed_quantity!,
        points: mock.get('vouchers', mock.ids.members.ada)!.loyalty_card!.points!,
      };
      const r = await c.redemptions.redeem({
        redeemables: [
          voucher(valid),
          { ...voucher(giftCard), gift: { credits: 1000 } },
          { ...voucher(mock.ids.members.ada), reward: { id: mock.ids.rewards.espresso } },
        ],
        order: { source_id: 'web-1', amount: 10_000 },
        customer: { source_id: 'shop-user-1001' },
        metadata: { lane: 3 },
      });
      const parent = r.parent_redemption!;
      expect(parent).toMatchObject({ related_object_type: 'redemption', related_object_id: parent.id, result: 'SUCCESS', metadata: { lane: 3 } });
      expect(r.redemptions?.map((x) => [x.redemption, x.related_object_type, x.amount])).toEqual([
        [parent.id, 'voucher', 1500],
        [parent.id, 'voucher', 1000],
        [parent.id, 'voucher', 200],
      ]);
      expect(mock.get('vouchers', valid)!.redemption!.redeemed_quantity).toBe(before.quantity + 1);
      expect(mock.get('vouchers', giftCard)!.gift!.balance).toBe(2200);
      expect(mock.get('vouchers', mock.ids.members.ada)!.loyalty_card!.points).toBe(before.points - 200);
      const order = mock.list('orders').find((o) => o.source_id === 'web-1')!;
      expect(order.redemptions?.[parent.id]?.stacked).toEqual(r.redemptions?.map((x) => x.id));
      // The answer names the order it kept, as each of its redemptions does.
      expect(r.order).toMatchObject({ id: order.id, source_id: 'web-1' });
      expect(new Set([parent, ...r.redemptions!].map((x) => x.order?.id))).toEqual(new Set([order.id]));
      // A child cannot be rolled back alone, nor the parent by the single rollback.
      const child = await failure(c.redemptions.rollback(r.redemptions![0]!.id));
      expect(child).toBeInstanceOf(BadRequestError);
      expect((child as BadRequestError).key).toBe('invalid_redemption_parent');
      expect(((await failure(c.redemptions.rollback(parent.id))) as BadRequestError).key).toBe('invalid_redemption');
      // The stacked rollback gives every part back.
      await c.redemptions.rollbackStackable(parent.id);
      expect(mock.get('vouchers', valid)!.redemption!.redeemed_quantity).toBe(before.quantity);
      expect(mock.get('vouchers', giftCard)!.gift!.balance).toBe(3200);
      expect(mock.get('vouchers', mock.ids.members.ada)!.loyalty_card!.points).toBe(before.points);
    });

    it('one redeemable: a redemption without parent, which rollback undoes once; the second answers already_rolled_back', async () => {
      const c = conn.client();
      const { giftCard } = mock.ids.vouchers;
      const r = await c.redemptions.redeem({ redeemables: [{ ...voucher(giftCard), gift: { credits: 700 } }], order: { source_id: 'web-2', amount: 5000 } });
      expect(r.parent_redemption).toBeUndefined();
      const id = r.redemptions![0]!.id;
      expect(mock.get('vouchers', giftCard)!.gift!.balance).toBe(2500);
      const rollback = await c.redemptions.rollback(id, { reason: 'returned' });
      expect(rollback).toMatchObject({
        object: 'redemption_rollback',
        redemption: id,
        result: 'SUCCESS',
        reason: 'returned',
        amount: -700,
        gift: { amount: -700 },
      });
      expect(mock.get('vouchers', giftCard)!.gift!.balance).toBe(3200);
      const entry = await c.redemptions.get(id);
      expect(entry).toMatchObject({
        object: 'redemption',
        status: 'ROLLED_BACK',
        related_redemptions: { rollbacks: [{ id: rollback.id, rollback_order_mode: 'WITH_ORDER' }] },
      });
      expect(mock.list('orders').find((o) => o.source_id === 'web-2')).toMatchObject({
        status: 'CANCELED',
        redemptions: { [id]: { rollback_id: rollback.id } },
      });
      const raw = await conn.raw(`/v1/redemptions/${id}/rollback`, { method: 'POST', headers: serverHeaders(mock), body: '{}' });
      expect([raw.status, (await raw.json()).key]).toEqual([400, 'already_rolled_back']);
      expect((await c.redemptions.rollback(id)).id).toBe(rollback.id); // the client resolves with the one that exists
      expect(mock.get('vouchers', giftCard)!.gift!.balance).toBe(3200);
      const history = await c.vouchers.getRedemptions(giftCard);
      expect(history.redemption_entries?.map((e) => e.object)).toEqual(['redemption_rollback', 'redemption']);
    });

    it("a rollback naming another order or customer than the redemption's is refused", async () => {
      const c = conn.client();
      const r = await c.redemptions.redeem({
        redeemables: [voucher(mock.ids.vouchers.valid)],
        order: { source_id: 'web-3', amount: 5000 },
        customer: { source_id: 'shop-user-1002' },
      });
      const id = r.redemptions![0]!.id;
      expect(((await failure(c.redemptions.rollback(id, { order: { source_id: 'web-other' } }))) as BadRequestError).key).toBe('invalid_order');
      expect(((await failure(c.redemptions.rollback(id, { customer: { source_id: 'shop-user-1001' } }))) as BadRequestError).key).toBe('invalid_customer');
      expect(await failure(c.redemptions.rollback(id, { customer: { id: 'cust_nobody' } }))).toBeInstanceOf(NotFoundError);
      expect((await c.redemptions.rollback(id, { order: { source_id: 'web-3' }, customer: { source_id: 'shop-user-1002' } })).result).toBe('SUCCESS');
    });

    it('the list: redemptions and rollbacks, newest first, filtered and paged to page 99', async () => {
      const c = conn.client();
      const r = await c.redemptions.redeem({
        redeemables: [voucher(mock.ids.vouchers.valid)],
        order: { amount: 5000 },
        customer: { source_id: 'shop-user-1003' },
      });
      await c.redemptions.rollback(r.redemptions![0]!.id);
      const mine = await c.redemptions.list({ customer: 'shop-user-1003' });
      expect(mine.total).toBe(2);
      expect(mine.data.map((e) => e.object).sort()).toEqual(['redemption', 'redemption_rollback']);
      const rollbacks = await c.redemptions.list({ filters: { object: { conditions: { $is: 'redemption_rollback' } } } });
      expect(rollbacks.data.every((e) => e.object === 'redemption_rollback')).toBe(true);
      const children = await c.redemptions.list({ filters: { parent_redemption_id: { conditions: { $is: mock.ids.stackedRedemption } } } });
      expect(children.data.map((e) => e.object === 'redemption' && e.redemption)).toEqual([mock.ids.stackedRedemption, mock.ids.stackedRedemption]);
      const page100 = await conn.raw('/v1/redemptions?page=100', { headers: serverHeaders(mock) });
      expect(page100.status).toBe(400);
    });
  });

  describe("qualifications, computed from the mock's records", () => {
    it("CUSTOMER_WALLET: the customer's usable vouchers; AUDIENCE_ONLY: every usable voucher and tier, newest first", async () => {
      const c = conn.client();
      const wallet = await c.qualifications.check({
        scenario: 'CUSTOMER_WALLET',
        customer: { source_id: 'shop-user-1001' },
        order: { amount: 5000 },
        options: { limit: 50 },
      });
      expect(wallet.data.map((r) => r.id).sort()).toEqual(['GIFT-ADA-5000', 'WELCOME-ADA001']);
      const all = await c.qualifications.check({ scenario: 'AUDIENCE_ONLY', order: { amount: 5000 } }).toArray();
      const ids = all.map((r) => r.id);
      expect(ids).toContain(mock.ids.vouchers.valid);
      expect(ids).toEqual(expect.arrayContaining(mock.ids.tiers));
      for (const unusable of [mock.ids.vouchers.expired, mock.ids.vouchers.disabled, mock.ids.vouchers.usedUp, mock.ids.vouchers.notYetActive])
        expect(ids).not.toContain(unusable);
      expect(new Set(ids).size).toBe(ids.length);
      const dates = all.map((r) => Date.parse(r.created_at!));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      // Pages of 5, each but the first serving again the instant the one before ended on, and a last one that ends the list.
      expect(mock.requests.filter((r) => r.operation === 'qualifications.check').length).toBeLessThanOrEqual(2 + Math.ceil(all.length / 4));
    });

    it('PROMOTION_STACKS: the stack with its tiers; BEST_DEAL puts the largest discount first', async () => {
      const c = conn.client();
      const stacks = await c.qualifications.check({ scenario: 'PROMOTION_STACKS', order: { amount: 5000 } });
      expect(stacks.data.map((r) => [r.object, r.id, r.redeemables?.map((t) => t.id)])).toEqual([
        ['promotion_stack', mock.ids.stack, [mock.ids.tiers[0], mock.ids.tiers[2]]],
      ]);
      const best = await c.qualifications.check({ scenario: 'AUDIENCE_ONLY', order: { amount: 5000 }, options: { limit: 50, sorting_rule: 'BEST_DEAL' } });
      const off = best.data.map((r) => (r.order?.total_discount_amount ?? 0) + (r.result?.gift?.credits ?? 0));
      expect(off).toEqual([...off].sort((a, b) => b - a));
    });
  });
});

describe('mock.inject on every checkout operation', () => {
  const mock: MockService = createMockService({ now: NOW });
  const client = (options: ClientOptions = {}) =>
    new Client({ fetch: mock.fetch, baseUrl: mock.baseUrl, ...mock.credentials, logLevel: 'off', maxRetries: 0, ...options });
  const calls: Array<[Parameters<MockService['inject']>[0]['operation'], (c: Client) => Promise<unknown>]> = [
    ['validations.validate', (c) => c.validations.validate({ redeemables: [voucher(mock.ids.vouchers.valid)] })],
    ['redemptions.redeem', (c) => c.redemptions.redeem({ redeemables: [voucher(mock.ids.vouchers.valid)] })],
    ['redemptions.list', (c) => c.redemptions.list()],
    ['redemptions.get', (c) => c.redemptions.get(mock.ids.stackedRedemption)],
    ['redemptions.rollback', (c) => c.redemptions.rollback('r_any')],
    ['vouchers.getRedemptions', (c) => c.vouchers.getRedemptions(mock.ids.vouchers.valid)],
    ['vouchers.releaseSession', (c) => c.vouchers.releaseSession(mock.ids.vouchers.valid, 'k')],
    ['qualifications.check', (c) => c.qualifications.check({})],
  ];
  it.each(calls)('%s: an injected 500 reaches the client, and the log names the operation and the fault', async (operation, call) => {
    mock.reset();
    mock.inject({ operation, fault: 'status', status: 500 });
    expect(await failure(call(client()))).toBeInstanceOf(InternalServerError);
    expect(mock.requests).toMatchObject([{ operation, status: 500, fault: 'status' }]);
  });
});
