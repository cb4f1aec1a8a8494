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
export type { AccessToken, AuthGroup } from './core/credentials.js';
export {
  cachedAccessToken,
  type CachedAccessToken,
  type CachedAccessTokenOptions,
  type FetchedToken,
  type FetchTokenContext,
} from './core/cached-access-token.js';
export type { TokenStore, SharedToken } from './core/token-store.js';
export type { RequestOptions, FetchOptions } from './core/call.js';
export type { APIPromise, WithResponse } from './core/pagination.js';
export type { CustomRequest, CustomListRequest } from './core/custom-request.js';
export type { Hooks, CallEvent, RequestEvent, ResponseEvent, RetryEvent, ErrorEvent } from './core/hooks.js';
export type { LimitOptions, Limiter, LimiterRelease, LimiterRequest, RateLimit } from './core/limit-options.js';
export type { Logger, LogLevel } from './core/log.js';
export type { ValidationMode, ResponseDeviation, ResponseSchema } from './core/responses.js';
export type {
  MetadataTypes,
  CustomEventTypes,
  MetadataKind,
  Metadata,
  CustomEventName,
  CustomEventMetadata,
  MetadataSchemas,
  EventSchemas,
  StandardSchemaV1,
} from './core/metadata.js';
export { metadataSchemasFrom } from './core/metadata-checks.js';
export {
  type Issue,
  formatPath,
  describeIssues,
  type Outcome,
  type CallContext,
  PromokitError,
  ConfigurationError,
  InvalidRequestError,
  CallError,
  ConnectionError,
  TimeoutError,
  AbortError,
  RedirectError,
  ResponseTooLargeError,
  ResponseValidationError,
  LimiterError,
  PaginationLimitError,
  PaginationStalledError,
  ToArrayLimitError,
  NoNextPageError,
} from './core/errors.js';
export {
  type ApiErrorBody,
  type ApiErrorInit,
  ApiError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  UnprocessableEntityError,
  RateLimitError,
  InternalServerError,
  apiErrorFor,
} from './core/api-errors.js';
export { retryDecision, DEFAULT_RETRY_DELAY_MS, type RetryDecision } from './core/retry.js';
export type { ReconcileResult } from './resources/reconcile.js';
export { Page, PagePromise, type ListEnvelope } from './core/pagination.js';
export { idKind, type IdKind } from './id-kind.js';
export { ClientEvents, type ClientEventsOptions, type TrackEventParams, type TrackEventFields } from './resources/client-events.js';
// joins:sub-client types
export type { AsyncActions } from './resources/async-actions.js';
export type { ListAsyncActionsParams } from './resources/async-actions.js';
export type { Campaigns } from './resources/campaigns.js';
export type { ListCampaignsParams } from './resources/campaigns.js';
export type { Customers } from './resources/customers.js';
export type { ListCustomerRedeemablesParams } from './resources/customers.js';
export type { UpdateCustomerParams } from './resources/customers.js';
export type { CreateCustomerParams } from './resources/customers.js';
export type { ListCustomersParams } from './resources/customers.js';
export type { Locations } from './resources/locations.js';
export type { Loyalties } from './resources/loyalties.js';
export type { GetMemberParams } from './resources/loyalties.js';
export type { ListTransactionsParams } from './resources/loyalties.js';
export type { ListPendingPointsParams } from './resources/loyalties.js';
export type { RedeemRewardParams } from './resources/loyalties.js';
export type { ListRewardAssignmentsParams } from './resources/loyalties.js';
export type { ServiceMetadataSchemas } from './resources/metadata-schemas.js';
export type { OAuth } from './resources/oauth.js';
export type { Orders } from './resources/orders.js';
export type { CreateOrderParams } from './resources/orders.js';
export type { Products } from './resources/products.js';
export type { ListProductsParams } from './resources/products.js';
export type { UpdateProductParams } from './resources/products.js';
export type { CreateProductParams } from './resources/products.js';
export type { CreateSkuParams } from './resources/products.js';
export type { Promotions } from './resources/promotions.js';
export type { PromotionTierActionInput } from './resources/promotions.js';
export type { ValidationRuleAssignmentInput } from './resources/promotions.js';
export type { ValidationRuleAssignmentsInput } from './resources/promotions.js';
export type { CreatePromotionTierParams } from './resources/promotions.js';
export type { PromotionStackTiersInput } from './resources/promotions.js';
export type { UpdatePromotionStackParams } from './resources/promotions.js';
export type { Publications } from './resources/publications.js';
export type { PublicationCampaignInput } from './resources/publications.js';
export type { CreatePublicationFields } from './resources/publications.js';
export type { CreatePublicationParams } from './resources/publications.js';
export type { Qualifications } from './resources/qualifications.js';
export type { QualificationScenario } from './resources/qualifications.js';
export type { QualificationOptions } from './resources/qualifications.js';
export type { CheckEligibilityParams } from './resources/qualifications.js';
export type { Redemptions } from './resources/redemptions.js';
export type { RedeemStackedParams } from './resources/redemptions.js';
export type { RedemptionListOrder } from './resources/redemptions.js';
export type { ListRedemptionsParams } from './resources/redemptions.js';
export type { RollbackRedemptionParams } from './resources/redemptions.js';
export type { RollbackStackableParams } from './resources/redemptions.js';
export type { Rewards } from './resources/rewards.js';
export type { ListAssignmentsParams } from './resources/rewards.js';
export type { Skus } from './resources/skus.js';
export type { Templates } from './resources/templates.js';
export type { ListTemplatesParams } from './resources/templates.js';
export type { SetupPromotionTierParams } from './resources/templates.js';
export type { Validations } from './resources/validations.js';
export type { ValidateStackedParams } from './resources/validations.js';
export type { Vouchers } from './resources/vouchers.js';
export type { VoucherTypeInput } from './resources/vouchers.js';
export type { GiftInput } from './resources/vouchers.js';
export type { LoyaltyCardInput } from './resources/vouchers.js';
export type { CreateVoucherBase } from './resources/vouchers.js';
export type { CreateDiscountVoucherParams } from './resources/vouchers.js';
export type { CreateGiftVoucherParams } from './resources/vouchers.js';
export type { CreateLoyaltyCardParams } from './resources/vouchers.js';
export type { CreateVoucherParams } from './resources/vouchers.js';
export type { ValidationOptions } from './resources/vouchers.js';
export type { ValidateVoucherParams } from './resources/vouchers.js';
export type { ListVouchersParams } from './resources/vouchers.js';
export type { UpdateVoucherParams } from './resources/vouchers.js';
export type { DeleteVoucherParams } from './resources/vouchers.js';
export type { ListVoucherTransactionsParams } from './resources/vouchers.js';
export type { UpdateVoucherBalanceParams } from './resources/vouchers.js';
// /joins
export type { WaitForOptions } from './resources/async-action-wait.js';
export { AsyncActionFailedError } from './resources/async-action-failed.js';
export type {
  RedeemableInput,
  VoucherRedeemableInput,
  PromotionTierRedeemableInput,
  PromotionStackRedeemableInput,
  CheckoutSessionInput,
  StackedRequestParams,
  StackedRequestOptions,
} from './resources/inputs/redeemables.js';
export type { CursorListParams, PageListParams, Page99ListParams, TimeRangeInput, ListFilters, ListOrder } from './resources/inputs/lists.js';
export type { CustomerInput, AddressInput } from './resources/inputs/customer.js';
export type { DayOfWeek, ValidityInput, ValidityTimeframeInput, ValidityHoursInput, ValidityHoursWindowInput } from './resources/inputs/validity.js';
export type { DiscountInput, DiscountUnitInput, DiscountUnitTargetInput } from './resources/inputs/discount.js';
export type { PromotionTierInput } from './resources/inputs/promotion-tier.js';
export type { OrderInput, OrderItemInput, OrderItemProductInput, OrderItemSkuInput, OrderStatusInput } from './resources/inputs/order.js';
export type { RewardInput } from './resources/inputs/reward.js';
export type { SessionInput, SessionTtlUnit } from './resources/inputs/session.js';
export type * from './schemas/index.js';
export type { OperationName } from './resources/registry.js';
