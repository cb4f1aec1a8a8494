/**
 * The types of every response shape, for `import type { Voucher } from 'promokit'`.
 *
 * @module
 */
export type {
  AsyncAction,
  AsyncActionFailure,
  AsyncActionList,
  AsyncActionResult,
  AsyncActionStatus,
  AsyncActionType,
  ListedAsyncAction,
} from './async-action.js';
export type {
  ApplicableItem,
  ApplicableItemList,
  CampaignType,
  Category,
  Discount,
  DiscountEffect,
  DiscountItemReference,
  DiscountType,
  DiscountUnit,
  Gift,
  LoyaltyCard,
  Session,
  SimpleCustomer,
  ValidationRulesAssignment,
  ValidationRulesAssignmentList,
  ValidityHours,
  ValidityHoursWindow,
  ValidityWindow,
  ValidityTimeframe,
} from './common.js';
export type { CustomerRedeemable, CustomerRedeemableList, HeldRedeemable } from './customer-redeemable.js';
export type { EventAcknowledgment } from './event.js';
export type { Location, LocationCircle, LocationGeoJson, LocationShape } from './location.js';
export type {
  EarningRuleReference,
  EventReference,
  LoyaltyEventSource,
  LoyaltyTransaction,
  LoyaltyTransactionBalance,
  LoyaltyTransactionDetails,
  LoyaltyTransactionList,
  NamedReference,
  OrderReference,
  PendingPoints,
  PendingPointsDetails,
  PendingPointsEvent,
  PendingPointsList,
  Reward,
  RewardAssignment,
  RewardAssignmentList,
  RewardAssignmentParameters,
  RewardParameters,
  TransactionType,
} from './loyalty.js';
export type { ActiveTokenIntrospection, InactiveTokenIntrospection, TokenIntrospection } from './oauth.js';
export type {
  CustomerReference,
  EmbeddedOrder,
  Order,
  OrderItem,
  OrderItemProduct,
  OrderItemSku,
  OrderRedemption,
  OrderStatus,
  Product,
  Sku,
  SkuList,
} from './order.js';
export type {
  EmbeddedPromotionTier,
  PromotionStack,
  PromotionTier,
  PromotionTierCampaign,
  PromotionTierSetup,
  PromotionTierSetupResource,
  PromotionTierSummary,
} from './promotion.js';
export type { Publication, PublicationCustomer } from './publication.js';
export type {
  FailedRedemption,
  FailedRedemptionRollback,
  Redemption,
  RedemptionBase,
  RedemptionChannel,
  RedemptionObjectType,
  RedemptionResult,
  RedemptionRollback,
  RedemptionRollbackBase,
  RedemptionRollbackResult,
  RedemptionStatus,
  SuccessfulRedemption,
  SuccessfulRedemptionRollback,
} from './redemption.js';
export type { CampaignTemplate, CampaignTemplateList } from './template.js';
export type {
  InvalidValidationResult,
  ValidationError,
  ValidationResult,
  ValidationResultBase,
  ValidValidationResult,
} from './validation.js';
export type {
  EmbeddedVoucher,
  LoyaltyMember,
  Voucher,
  VoucherAsset,
  VoucherAssets,
  VoucherPublishCounts,
  VoucherRedemptionCounts,
  VoucherType,
} from './voucher.js';
