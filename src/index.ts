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
export type { AsyncActions, ListAsyncActionsParams } from './resources/async-actions.js';
export type { WaitForOptions } from './resources/async-action-wait.js';
export { AsyncActionFailedError } from './resources/async-action-failed.js';
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
  ListVouchersParams,
  UpdateVoucherParams,
  DeleteVoucherParams,
} from './resources/vouchers.js';
export type {
  Redemptions,
  RollbackStackableParams,
  RedeemStackedParams,
  ListRedemptionsParams,
  RedemptionListOrder,
  RollbackRedemptionParams,
} from './resources/redemptions.js';
export type { Validations, ValidateStackedParams } from './resources/validations.js';
export type { Qualifications, CheckEligibilityParams, QualificationOptions, QualificationScenario } from './resources/qualifications.js';
export type {
  RedeemableInput,
  VoucherRedeemableInput,
  PromotionTierRedeemableInput,
  PromotionStackRedeemableInput,
  CheckoutSessionInput,
  StackedRequestParams,
  StackedRequestOptions,
} from './resources/inputs/redeemables.js';
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
export type { Customers, ListCustomerRedeemablesParams, ListCustomersParams, CreateCustomerParams, UpdateCustomerParams } from './resources/customers.js';
export type { Rewards, ListAssignmentsParams } from './resources/rewards.js';
export type { Locations } from './resources/locations.js';
export type { Products, ListProductsParams, CreateProductParams, UpdateProductParams, CreateSkuParams } from './resources/products.js';
export type { ServiceMetadataSchemas } from './resources/metadata-schemas.js';
export type { Campaigns, ListCampaignsParams } from './resources/campaigns.js';
export type { Skus } from './resources/skus.js';
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
