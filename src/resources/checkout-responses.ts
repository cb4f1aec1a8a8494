/**
 * The response schemas of the operations of what a checkout calls: `client.vouchers`,
 * `client.validations`, `client.qualifications`, `client.redemptions`, `client.promotions`,
 * `client.orders`, `client.customers` and `client.publications`. A chunk of its own
 * (responses.ts), loaded by the first call of any of them: a program that calls none of them
 * loads none of it. The registry (registry.ts) checks each schema against its operation.
 *
 * @module
 */
import type { ResponseTable } from '../core/call.js';
import { voucherBalanceSchema } from '../schemas/balance.js';
import { noContentSchema } from '../schemas/base.js';
import { stackedRedemptionSchema, stackedValidationSchema } from '../schemas/checkout.js';
import { customerRedeemableListSchema } from '../schemas/customer-redeemable.js';
import { customerListSchema, customerSchema } from '../schemas/customer.js';
import { voucherTransactionListSchema } from '../schemas/loyalty-transaction.js';
import { orderSchema } from '../schemas/order.js';
import { promotionStackSchema, promotionTierSchema } from '../schemas/promotion.js';
import { publicationSchema } from '../schemas/publication.js';
import { qualificationSchema } from '../schemas/qualification.js';
import { redemptionEntrySchema, redemptionListSchema, voucherRedemptionsSchema } from '../schemas/redemption-entry.js';
import { redemptionRollbackResultSchema, redemptionRollbackSchema } from '../schemas/redemption-rollback.js';
import { validationResultSchema } from '../schemas/validation.js';
import { voucherListSchema, voucherSchema } from '../schemas/voucher.js';

/** The response schema of each operation of what a checkout calls, by name. */
export const checkoutResponses = {
  'vouchers.list': voucherListSchema,
  'vouchers.get': voucherSchema,
  'vouchers.update': voucherSchema,
  'vouchers.delete': noContentSchema,
  'vouchers.enable': voucherSchema,
  'vouchers.disable': voucherSchema,
  'vouchers.create': voucherSchema,
  'vouchers.validate': validationResultSchema,
  'vouchers.getRedemptions': voucherRedemptionsSchema,
  'vouchers.releaseSession': noContentSchema,
  'vouchers.listTransactions': voucherTransactionListSchema,
  'vouchers.updateBalance': voucherBalanceSchema,
  'validations.validate': stackedValidationSchema,
  'qualifications.check': qualificationSchema,
  'redemptions.rollbackStackable': redemptionRollbackResultSchema,
  'redemptions.redeem': stackedRedemptionSchema,
  'redemptions.list': redemptionListSchema,
  'redemptions.get': redemptionEntrySchema,
  'redemptions.rollback': redemptionRollbackSchema,
  'promotions.createTier': promotionTierSchema,
  'promotions.updateStack': promotionStackSchema,
  'orders.create': orderSchema,
  'customers.list': customerListSchema,
  'customers.create': customerSchema,
  'customers.get': customerSchema,
  'customers.update': customerSchema,
  'customers.delete': noContentSchema,
  'customers.listRedeemables': customerRedeemableListSchema,
  'publications.create': publicationSchema,
} satisfies ResponseTable;
