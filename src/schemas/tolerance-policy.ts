/**
 * The tolerance policy of the response schemas, as data: for each of the 21 SDK methods, the
 * response fields promokit itself relies on. Only these are required; every other field may be
 * absent or `null` in every validation mode, and a field that is present must have its type.
 *
 * A field is listed when it is one of:
 * - a list envelope key the list pages with (`has_more` of the cursor lists), or a record field
 *   the paging reads (`created_at` of listed async actions, the time cursor);
 * - the discriminator users narrow on (`valid` of a validation result, `active` of a token introspection, `type` of a loyalty member,
 *   `status` of an async action, which `asyncActions.waitFor` reads);
 * - the `result` of a redemption or rollback;
 * - the identity of the record the method returns (`id`; a voucher's `code`; the records of a
 *   list; the rollback and tier that rollbacks and tier setups hold).
 *
 * Paths are dot-separated; `*` is any element of an array. The schemas are written to this table
 * and the interfaces follow them (`ShapeOf` checks both agree): the fields a schema requires are
 * exactly these, which is how the pipeline knows them at run time (core/schema-fast-path.ts) and
 * fails a call in `warn` mode too when one of them breaks its schema.
 * The test suite holds the schemas to it over every response fixture (removing or breaking a
 * listed field fails strict mode with an issue naming it; removing or nulling any other field
 * passes) and checks that docs/validation-modes.md lists exactly these fields.
 *
 * @module
 */

/** The SDK methods that return a checked response, as `subClient.method`. */
export type MethodName =
  | 'asyncActions.get'
  | 'asyncActions.list'
  | 'clientEvents.track'
  | 'customers.listRedeemables'
  | 'locations.get'
  | 'loyalties.getMember'
  | 'loyalties.listPendingPoints'
  | 'loyalties.listRewardAssignments'
  | 'loyalties.listTransactions'
  | 'loyalties.redeemReward'
  | 'oauth.introspect'
  | 'orders.create'
  | 'promotions.createTier'
  | 'promotions.updateStack'
  | 'publications.create'
  | 'redemptions.rollbackStackable'
  | 'rewards.listAssignments'
  | 'templates.list'
  | 'templates.setupPromotionTier'
  | 'vouchers.create'
  | 'vouchers.validate';

/** The response fields each method relies on; see the module comment for the rule. */
export const essentialFields: { readonly [M in MethodName]: readonly string[] } = {
  'asyncActions.get': ['id', 'status'],
  'asyncActions.list': ['async_actions.*.id', 'async_actions.*.created_at', 'async_actions.*.status'],
  'clientEvents.track': [],
  'customers.listRedeemables': ['has_more', 'data.*.id'],
  'locations.get': ['id'],
  'loyalties.getMember': ['id', 'code', 'type'],
  'loyalties.listPendingPoints': ['has_more', 'data.*.id'],
  'loyalties.listRewardAssignments': ['data.*.id'],
  'loyalties.listTransactions': ['has_more', 'data.*.id'],
  'loyalties.redeemReward': ['id', 'result'],
  'oauth.introspect': ['active'],
  'orders.create': ['id'],
  'promotions.createTier': ['id'],
  'promotions.updateStack': ['id'],
  'publications.create': ['id'],
  'redemptions.rollbackStackable': ['parent_rollback', 'parent_rollback.id', 'parent_rollback.result', 'rollbacks.*.id', 'rollbacks.*.result'],
  'rewards.listAssignments': ['data.*.id'],
  'templates.list': ['has_more', 'data.*.id', 'campaign_templates.*.id'],
  'templates.setupPromotionTier': ['promotion_tier', 'promotion_tier.id'],
  'vouchers.create': ['id', 'code'],
  'vouchers.validate': ['valid', 'code'],
};
