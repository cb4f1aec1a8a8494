import { describe, expect, it } from 'vitest';
import { idKind, type IdKind } from '../src/index.js';

describe('idKind', () => {
  const kinds: Array<[string, IdKind]> = [
    ['camp_Xk3w9Lq1', 'campaign'],
    ['camp_tpl_5Rk0001Qz', 'campaign_template'],
    ['promo_Ve4kR2b7TQ9wLx1', 'promotion_tier'],
    ['stack_K2pQ8rWz41', 'promotion_stack'],
    ['v_7Hq2cLnM0pX4', 'voucher'],
    ['cust_Pq81Rt2z', 'customer'],
    ['ord_0b1c2d3e', 'order'],
    ['r_0d1a2b3c', 'redemption'],
    ['rr_0e5f6a7b', 'redemption_rollback'],
    ['pub_0f9e8d7c', 'publication'],
    ['rew_FreeLatte01', 'reward'],
    ['rewa_3h00000001', 'reward_assignment'],
    ['lopp_0a1b2c3d', 'pending_point_entry'],
    ['vtx_0c9e000001', 'loyalty_transaction'],
    ['aa_0b7a4f2c8e1d', 'async_action'],
    ['loc_Kr4kow0ld7own', 'location'],
    ['val_hotDrinks01', 'validation_rule'],
    ['asgm_9Lw2ZqT0aB3c', 'validation_rule_assignment'],
    ['cat_0f1d2e3c4b5a', 'category'],
    ['prod_0a9b8c7d', 'product'],
    ['sku_0a9b8c7e', 'sku'],
    ['ern_0c1d2e3f', 'earning_rule'],
    ['ltr_gold01', 'loyalty_tier'],
    ['evcus_0d2e3f4a', 'event'],
    ['user_0e3f4a5b', 'user'],
    ['rh_0e00000001', 'redeemable_holder'],
  ];

  it('covers all 26 prefixes of the service interface', () => {
    expect(new Set(kinds.map(([, kind]) => kind)).size).toBe(26);
  });

  it.each(kinds)('names %s a %s', (id, kind) => {
    expect(idKind(id)).toBe(kind);
  });

  it.each([
    ['camp_tpl_1', 'campaign_template'],
    ['camp_tp_1', 'campaign'],
    ['rewa_1', 'reward_assignment'],
    ['rew_a1', 'reward'],
    ['rr_1', 'redemption_rollback'],
    ['r_r_1', 'redemption'],
  ])('lets the longest prefix win: %s is a %s', (id, kind) => {
    expect(idKind(id)).toBe(kind);
  });

  it.each(['LOYAL-8QF2-ZT', 'SPRING-2026', 'campaign_1', 'CAMP_1', 'x_1', 'promo', 'stack', '', 'r', '_v_1'])('returns undefined for %j', (id) => {
    expect(idKind(id)).toBeUndefined();
  });

  it('returns undefined for a bare prefix with nothing after it', () => {
    expect(idKind('camp_')).toBeUndefined();
  });

  it('returns undefined for a value that is not a string', () => {
    expect(idKind(42 as never)).toBeUndefined();
    expect(idKind(undefined as never)).toBeUndefined();
  });
});
