/**
 * The types of every response shape, for `import type { Voucher } from 'promokit'`.
 *
 * @module
 */
export type { AsyncAction, AsyncActionList, AsyncActionResult } from './async-action.js';
export type {
  ApplicableItem,
  ApplicableItemList,
  Category,
  Discount,
  DiscountUnit,
  Gift,
  LoyaltyCard,
  Session,
  SimpleCustomer,
  ValidationRulesAssignment,
  ValidationRulesAssignmentList,
  ValidityHours,
  ValidityTimeframe,
} from './common.js';
export type { CustomerRedeemable, CustomerRedeemableList } from './customer.js';
export type { EventAcknowledgment } from './event.js';
export type { Location, LocationShape } from './location.js';
export type {
  LoyaltyTransaction,
  LoyaltyTransactionList,
  PendingPoints,
  PendingPointsList,
  Reward,
  RewardAssignment,
  RewardAssignmentList,
} from './loyalty.js';
export type { TokenIntrospection } from './oauth.js';
export type { Order, OrderItem, Product, Sku } from './order.js';
export type { PromotionStack, PromotionTier, PromotionTierSetup } from './promotion.js';
export type { Publication } from './publication.js';
export type { Redemption, RedemptionRollback, RedemptionRollbackResult } from './redemption.js';
export type { CampaignTemplate, CampaignTemplateList } from './template.js';
export type {
  InvalidValidationResult,
  ValidationError,
  ValidationResult,
  ValidValidationResult,
} from './validation.js';
export type { LoyaltyMember, Voucher } from './voucher.js';
