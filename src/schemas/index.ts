/**
 * The types of every response shape, for `import type { Voucher } from 'promokit'`.
 *
 * @module
 */
export type { ApplicableItem, ApplicableItemList } from './applicable-item.js';
export type {
  AsyncAction,
  AsyncActionFailure,
  AsyncActionList,
  AsyncActionResult,
  AsyncActionStatus,
  AsyncActionType,
  ListedAsyncAction,
} from './async-action.js';
export type { Gift, LoyaltyCard } from './balance.js';
export type { CampaignType } from './campaign.js';
export type { Campaign, CampaignCodeConfig, CampaignList, CampaignPromotion, CampaignStatus, CampaignVoucher } from './campaign-record.js';
export type { Category } from './category.js';
export type { StackedRedemption, StackedValidation } from './checkout.js';
export type {
  Customer,
  CustomerAddress,
  CustomerList,
  CustomerLoyalty,
  CustomerLoyaltyCampaign,
  CustomerOrderSummary,
  CustomerRedemptionSummary,
  CustomerReferral,
  SimpleCustomer,
} from './customer.js';
export type { CustomerRedeemable, CustomerRedeemableList, HeldRedeemable } from './customer-redeemable.js';
export type { Discount, DiscountEffect, DiscountItemReference, DiscountType, DiscountUnit } from './discount.js';
export type { EventAcknowledgment } from './event.js';
export type { Location, LocationCircle, LocationGeoJson, LocationShape } from './location.js';
export type { MetadataPropertyDefinition, MetadataPropertyType, MetadataSchema, MetadataSchemaList } from './metadata-schema.js';
export type { EarningRuleReference, EventReference, NamedReference, OrderReference } from './loyalty-reference.js';
export type {
  LoyaltyTransaction,
  LoyaltyTransactionBalance,
  LoyaltyTransactionDetails,
  LoyaltyTransactionList,
  TransactionType,
} from './loyalty-transaction.js';
export type { ActiveTokenIntrospection, InactiveTokenIntrospection, TokenIntrospection } from './oauth.js';
export type { CustomerReference, EmbeddedOrder, Order, OrderRedemption, OrderStatus } from './order.js';
export type { OrderItem, OrderItemProduct, OrderItemSku } from './order-item.js';
export type {
  LoyaltyEventSource,
  PendingPoints,
  PendingPointsDetails,
  PendingPointsEvent,
  PendingPointsList,
} from './pending-points.js';
export type { CatalogProduct, CatalogSku, Product, ProductList, Sku, SkuList } from './product.js';
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
export type { Qualification, QualifiedRedeemable, QualifiedRedeemableBase, QualifiedRedeemableList } from './qualification.js';
export type {
  FailedRedemption,
  Redemption,
  RedemptionBase,
  RedemptionRecord,
  RedemptionChannel,
  RedemptionObjectType,
  RedemptionResult,
  RedemptionStatus,
  RelatedRedemptions,
  RelatedRollback,
  SuccessfulRedemption,
} from './redemption.js';
export type {
  FailedRedemptionEntry,
  FailedRollbackEntry,
  RedemptionEntry,
  RedemptionEntryBase,
  RedemptionList,
  RollbackEntryBase,
  SucceededRedemptionEntry,
  SucceededRollbackEntry,
  VoucherRedemptions,
} from './redemption-entry.js';
export type {
  FailedRedemptionRollback,
  RedemptionRollback,
  RedemptionRollbackBase,
  RedemptionRollbackResult,
  SuccessfulRedemptionRollback,
} from './redemption-rollback.js';
export type {
  Reward,
  RewardAssignment,
  RewardAssignmentList,
  RewardAssignmentParameters,
  RewardParameters,
} from './reward.js';
export type { Session } from './session.js';
export type {
  ApplicableRedeemable,
  Bundle,
  BundleItem,
  InapplicableRedeemable,
  RedeemableBase,
  RedeemableDetails,
  RedeemableError,
  RedeemableObject,
  RedeemableResult,
  SkipKey,
  SkippedRedeemable,
  StackingRules,
  ValidatedRedeemable,
} from './stacking.js';
export type { CampaignTemplate, CampaignTemplateList } from './template.js';
export type {
  InvalidValidationResult,
  ValidationError,
  ValidationResult,
  ValidationResultBase,
  ValidValidationResult,
} from './validation.js';
export type { ValidationRulesAssignment, ValidationRulesAssignmentList } from './validation-rule-assignment.js';
export type { ValidityHours, ValidityHoursWindow, ValidityTimeframe, ValidityWindow } from './validity.js';
export type {
  EmbeddedVoucher,
  LoyaltyMember,
  Voucher,
  VoucherAsset,
  VoucherAssets,
  VoucherList,
  VoucherPublishCounts,
  VoucherRedemptionCounts,
  VoucherType,
} from './voucher.js';
