/**
 * `client.promotions`: promotion tiers and promotion stacks of promotion campaigns.
 *
 * @module
 */
import type { APIPromise } from '../core/pagination.js';
import { array, object, required, text } from '../core/inputs.js';
import { loadCheckoutResponses } from './responses.js';
import { operation, operations, type Relies, type RequestOptions } from '../core/call.js';
import { APIResource } from '../core/resource.js';
import type { PromotionStack, PromotionTier } from '../schemas/promotion.js';
import { discountRules, type DiscountInput } from './inputs/discount.js';
import { promotionTierPlaces, promotionTierRules, type PromotionTierInput } from './inputs/promotion-tier.js';
import type { SubClientGuide } from './guide.js';

/**
 * Promotion campaigns: their tiers (discounts with their own rules) and stacks of tiers.
 * @category Promotions
 */
export class Promotions extends APIResource {
  /**
   * Adds a promotion tier to a promotion campaign: a discount (`action.discount`) with its own
   * validity window, rules and position (`hierarchy`) among the campaign's tiers.
   *
   * `POST /v1/promotions/{campaignId}/tiers`. Creates a record, so it is retried only on 429 and
   * on connection failures where nothing was sent, never on 5xx or a timeout: on those, check the
   * campaign's tiers before trying again.
   *
   * @param campaignId The promotion campaign ID, `camp_…`.
   * @throws {InvalidRequestError} Missing `name`, a `start_date` / `expiration_date` that is not
   *   an ISO 8601 date-time, days of the week outside 0–6, a non-integer `hierarchy`, a discount
   *   without `type` or with a non-integer money amount; nothing is sent.
   * @throws {ApiError} The service's refusal, e.g. `NotFoundError` (404) for an unknown campaign.
   *
   * @example
   * ```ts
   * // POST /v1/promotions/{campaignId}/tiers
   * const tier = await client.promotions.createTier('camp_Promo2026', {
   *   name: '15% off orders over 50',
   *   banner: '15% off when you spend 50',
   *   action: { discount: { type: 'PERCENT', percent_off: 15 } },
   *   validation_rules: ['val_min_order_50'],
   * });
   * console.log(tier.id, tier.hierarchy);
   * ```
   */
  createTier(campaignId: string, params: CreatePromotionTierParams, options?: RequestOptions): APIPromise<PromotionTier> {
    return this.core.request(promotionOperations['promotions.createTier'], { campaignId }, params, options);
  }

  /**
   * Updates a promotion stack: its name, category, or tiers (up to 30, in the order they apply).
   * Returns the stack as updated.
   *
   * `PUT /v1/promotions/{campaignId}/stacks/{stackId}`. Sending it twice has the same effect as
   * once, so it is retried on network errors, timeouts, 408, 429 and 5xx.
   *
   * @param campaignId The promotion campaign ID or name.
   * @param stackId The stack ID, `stack_…`.
   * @throws {InvalidRequestError} More than 30 `tiers.ids`, an empty ID or name; nothing is sent.
   * @throws {ApiError} The service's refusal, e.g. `NotFoundError` (404) for an unknown stack.
   *
   * @example
   * ```ts
   * // PUT /v1/promotions/{campaignId}/stacks/{stackId}
   * const stack = await client.promotions.updateStack('camp_Promo2026', 'stack_Summer', {
   *   tiers: { ids: ['promo_Weekend10', 'promo_Over50'], hierarchy_mode: 'MANUAL' },
   * });
   * console.log(stack.name, stack.tiers);
   * ```
   */
  updateStack(campaignId: string, stackId: string, params: UpdatePromotionStackParams, options?: RequestOptions): APIPromise<PromotionStack> {
    return this.core.request(promotionOperations['promotions.updateStack'], { campaignId, stackId }, params, options);
  }
}

/** The most tiers a promotion stack holds. */
const MAX_STACK_TIERS = 30;

/** The operations of {@link Promotions}, as the registry lists them (resources/registry.ts). */
export const promotionOperations = operations(loadCheckoutResponses, {
  'promotions.createTier': operation<PromotionTier, CreatePromotionTierParams>({
    method: 'POST',
    path: '/v1/promotions/{campaignId}/tiers',
    // Creates a tier: sending it twice would create two.
    effect: 'create',
    trace: 'no-tier-read',
    rules: required(
      object<CreatePromotionTierParams>({
        ...promotionTierRules,
        action: object<PromotionTierActionInput>({ discount: discountRules }),
        validation_rule_assignments: object<ValidationRuleAssignmentsInput>({ data: array(Infinity, object<ValidationRuleAssignmentInput>()) }),
        validation_rules: array(Infinity, text(1)),
      }),
    ),
    metadataPlaces: promotionTierPlaces,
  }),
  'promotions.updateStack': operation<PromotionStack, UpdatePromotionStackParams>({
    method: 'PUT',
    path: '/v1/promotions/{campaignId}/stacks/{stackId}',
    rules: required(
      object<UpdatePromotionStackParams>({
        name: text(1),
        tiers: object<PromotionStackTiersInput>({ ids: array(MAX_STACK_TIERS, text(1)), hierarchy_mode: text(1) }),
        category_id: text(1),
      }),
    ),
  }),
});

/**
 * Where `client.promotions` stands in the documentation: the reference's category of its class, and
 * what each method is for, in the order the home page lists them (`npm run operations` writes both).
 */
export const promotionGuide: SubClientGuide<keyof typeof promotionOperations> = {
  category: 'Promotions',
  tasks: {
    'promotions.createTier': 'add a tier to a promotion',
    'promotions.updateStack': 'change a promotion stack',
  },
};

/**
 * The response fields each operation of `client.promotions` relies on (the tolerance policy, see
 * {@link Relies}): read by the documentation and the tests, never at run time.
 */
export const promotionRelies: Relies<keyof typeof promotionOperations> = {
  'promotions.createTier': ['id'],
  'promotions.updateStack': ['id'],
};

/**
 * What a promotion tier gives.
 * @category Promotions
 */
export interface PromotionTierActionInput {
  /** The discount applied when a customer qualifies for the tier. */
  discount?: DiscountInput | undefined;
}

/**
 * One validation rule assignment in {@link ValidationRuleAssignmentsInput}.
 * @category Promotions
 */
export interface ValidationRuleAssignmentInput {
  /** Assignment ID, `asgm_…`. */
  id?: string | undefined;
  /** The validation rule assigned, `val_…`. */
  rule_id?: string | undefined;
  /** ID of the record the rule is assigned to. */
  related_object_id?: string | undefined;
  /** Kind of that record, e.g. `promotion_tier`, `campaign`, `voucher`. */
  related_object_type?: 'voucher' | 'campaign' | 'earning_rule' | 'reward_assignment' | 'promotion_tier' | 'distribution' | (string & {}) | undefined;
  /** When the assignment was made, an ISO 8601 date-time. */
  created_at?: string | undefined;
  /** `validation_rules_assignment`. */
  object?: 'validation_rules_assignment' | (string & {}) | undefined;
}

/**
 * Validation rule assignments of a new tier, in the service's list envelope.
 * @category Promotions
 */
export interface ValidationRuleAssignmentsInput {
  /** `list`. */
  object?: 'list' | (string & {}) | undefined;
  /** `data`: the attribute holding the assignments. */
  data_ref?: 'data' | (string & {}) | undefined;
  /** The assignments. */
  data?: ValidationRuleAssignmentInput[] | undefined;
  /** Number of assignments in `data`. */
  total?: number | undefined;
}

/**
 * Body of {@link Promotions.createTier}. Only `name` is required.
 * @category Promotions
 */
export interface CreatePromotionTierParams extends PromotionTierInput {
  /** What the tier gives: its discount. */
  action?: PromotionTierActionInput | undefined;
  /** Validation rules to assign, as a list envelope. Usually `validation_rules` is simpler. */
  validation_rule_assignments?: ValidationRuleAssignmentsInput | undefined;
  /** IDs of validation rules to assign to the tier, `val_…`. */
  validation_rules?: string[] | undefined;
}

/**
 * The tiers of a promotion stack.
 * @category Promotions
 */
export interface PromotionStackTiersInput {
  /** IDs of the stacked tiers (`promo_…`), at most 30, in the order they apply. */
  ids?: string[] | undefined;
  /** How the tiers' order is decided; `MANUAL` (the order of `ids`) is the only value known. */
  hierarchy_mode?: 'MANUAL' | (string & {}) | undefined;
}

/**
 * Body of {@link Promotions.updateStack}. Every field is optional; fields left out are unchanged.
 * @category Promotions
 */
export interface UpdatePromotionStackParams {
  /** New name of the stack. */
  name?: string | undefined;
  /** The stack's tiers: up to 30 IDs and the hierarchy mode. */
  tiers?: PromotionStackTiersInput | undefined;
  /** Category ID, `cat_…`. */
  category_id?: string | undefined;
}
