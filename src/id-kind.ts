/**
 * Record kinds named by identifier prefixes.
 *
 * @module
 */

/**
 * The kinds of record an identifier prefix names.
 * @category Client
 */
export type IdKind =
  | 'campaign'
  | 'campaign_template'
  | 'promotion_tier'
  | 'promotion_stack'
  | 'voucher'
  | 'customer'
  | 'order'
  | 'redemption'
  | 'redemption_rollback'
  | 'publication'
  | 'reward'
  | 'reward_assignment'
  | 'pending_point_entry'
  | 'loyalty_transaction'
  | 'async_action'
  | 'location'
  | 'validation_rule'
  | 'validation_rule_assignment'
  | 'category'
  | 'product'
  | 'sku'
  | 'earning_rule'
  | 'loyalty_tier'
  | 'event'
  | 'user'
  | 'redeemable_holder';

const prefixes: ReadonlyArray<readonly [string, IdKind]> = (
  [
    ['camp_', 'campaign'],
    ['camp_tpl_', 'campaign_template'],
    ['promo_', 'promotion_tier'],
    ['stack_', 'promotion_stack'],
    ['v_', 'voucher'],
    ['cust_', 'customer'],
    ['ord_', 'order'],
    ['r_', 'redemption'],
    ['rr_', 'redemption_rollback'],
    ['pub_', 'publication'],
    ['rew_', 'reward'],
    ['rewa_', 'reward_assignment'],
    ['lopp_', 'pending_point_entry'],
    ['vtx_', 'loyalty_transaction'],
    ['aa_', 'async_action'],
    ['loc_', 'location'],
    ['val_', 'validation_rule'],
    ['asgm_', 'validation_rule_assignment'],
    ['cat_', 'category'],
    ['prod_', 'product'],
    ['sku_', 'sku'],
    ['ern_', 'earning_rule'],
    ['ltr_', 'loyalty_tier'],
    ['evcus_', 'event'],
    ['user_', 'user'],
    ['rh_', 'redeemable_holder'],
  ] as const
)
  .slice()
  // Longest prefix first: `camp_tpl_` before `camp_`, `rewa_` before `rew_`, `rr_` before `r_`.
  .sort((a, b) => b[0].length - a[0].length);

/**
 * The kind of record an identifier names, read from its prefix (`'voucher'` for `v_…`,
 * `'campaign_template'` for `camp_tpl_…`); the longest matching prefix wins. `undefined` for an
 * identifier with no known prefix (such as a voucher code).
 * @category Client
 */
export function idKind(id: string): IdKind | undefined {
  if (typeof id !== 'string') return undefined;
  for (const [prefix, kind] of prefixes) if (id.startsWith(prefix) && id.length > prefix.length) return kind;
  return undefined;
}
