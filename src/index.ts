/**
 * promokit: a typed client for the loyalty, voucher and promotion service.
 *
 * ```ts
 * import { Client } from 'promokit';
 * const client = new Client({ baseUrl, appId, appToken, accessToken });
 * ```
 *
 * @module promokit
 * @mergeModuleWith <project>
 */
export { Client, type ClientOptions } from './client.js';
export type { CommonOptions } from './core/config.js';
export type { AccessToken } from './core/auth.js';
export type { RequestOptions } from './core/http.js';
export type { APIPromise, WithResponse } from './core/api-promise.js';
export type { Hooks, CallEvent, RequestEvent, ResponseEvent, RetryEvent, ErrorEvent } from './core/hooks.js';
export type { LimitOptions, Limiter, LimiterRelease, LimiterRequest, RateLimit } from './core/limits.js';
export type { Logger, LogLevel } from './core/log.js';
export type { ValidationMode, ResponseDeviation } from './core/validate.js';
export * from './core/errors.js';
export { Page, PagePromise, type ListEnvelope } from './core/pagination.js';
export { idKind, type IdKind } from './id-kind.js';
export { ClientEvents, type ClientEventsOptions, type TrackEventParams } from './resources/client-events.js';
export type { AsyncActions, ListAsyncActionsParams } from './resources/async-actions.js';
export type { WaitForOptions } from './resources/async-action-wait.js';
export type {
  Loyalties,
  GetMemberParams,
  ListTransactionsParams,
  ListPendingPointsParams,
  RedeemRewardParams,
  ListRewardAssignmentsParams,
} from './resources/loyalties.js';
export type { OAuth } from './resources/oauth.js';
export type {
  Vouchers,
  CreateVoucherBase,
  CreateDiscountVoucherParams,
  CreateGiftVoucherParams,
  CreateLoyaltyCardParams,
  CreateVoucherParams,
  ValidateVoucherParams,
  VoucherTypeInput,
  GiftInput,
  LoyaltyCardInput,
  ValidationOptions,
} from './resources/vouchers.js';
export type { Redemptions, RollbackStackableParams } from './resources/redemptions.js';
export type { Orders, CreateOrderParams } from './resources/orders.js';
export type { Publications, CreatePublicationParams, CreatePublicationFields, PublicationCampaignInput } from './resources/publications.js';
export type { Templates, ListTemplatesParams, SetupPromotionTierParams } from './resources/templates.js';
export type {
  Promotions,
  CreatePromotionTierParams,
  UpdatePromotionStackParams,
  PromotionTierActionInput,
  PromotionStackTiersInput,
  ValidationRuleAssignmentsInput,
  ValidationRuleAssignmentInput,
} from './resources/promotions.js';
export type { Customers, ListCustomerRedeemablesParams } from './resources/customers.js';
export type { Rewards, ListAssignmentsParams } from './resources/rewards.js';
export type { Locations } from './resources/locations.js';
export type { CursorListParams, PageListParams, ListFilters, ListOrder } from './resources/shared.js';
export type {
  CustomerInput,
  AddressInput,
  DayOfWeek,
  ValidityInput,
  ValidityTimeframeInput,
  ValidityHoursInput,
  ValidityHoursWindowInput,
  DiscountInput,
  DiscountUnitInput,
  DiscountUnitTargetInput,
  PromotionTierInput,
  OrderInput,
  OrderItemInput,
  OrderItemProductInput,
  OrderItemSkuInput,
  OrderStatusInput,
  RewardInput,
  SessionInput,
  SessionTtlUnit,
} from './resources/inputs.js';
export type * from './schemas/index.js';
