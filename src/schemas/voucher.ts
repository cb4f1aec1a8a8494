/**
 * Vouchers: gift vouchers, discount vouchers and loyalty cards, and loyalty members, which are
 * loyalty-card vouchers (service interface §2.2, §2.3).
 *
 * @module
 */
import * as z from 'zod/mini';
import { lazy, metadata, openEnum } from './base.js';
import {
  applicableItemListSchema,
  categorySchema,
  discountSchema,
  giftSchema,
  loyaltyCardSchema,
  simpleCustomerSchema,
  validationRulesAssignmentListSchema,
  validityHoursSchema,
  validityTimeframeSchema,
} from './common.js';

/** A link to one of the voucher's images. */
const asset = () =>
  z.looseObject({
    id: z.nullish(z.string()),
    /** Link to the image on the service. */
    url: z.nullish(z.string()),
  });

/** Schema of {@link Voucher}. */
export const voucherSchema = lazy(() =>
  z.looseObject({
    /** `v_…`, assigned by the service. */
    id: z.string(),
    /** The code customers use; may contain special characters. A loyalty member's ID. */
    code: z.string(),
    /** Name of the parent campaign. */
    campaign: z.nullish(z.string()),
    /** `camp_…`: the parent campaign. */
    campaign_id: z.nullish(z.string()),
    /** Category name. */
    category: z.nullish(z.string()),
    category_id: z.nullish(z.string()),
    categories: z.nullish(z.array(categorySchema())),
    /** `GIFT_VOUCHER`, `DISCOUNT_VOUCHER` or `LOYALTY_CARD`. */
    type: z.nullish(openEnum(['GIFT_VOUCHER', 'DISCOUNT_VOUCHER', 'LOYALTY_CARD'])),
    /** The discount of a discount voucher. */
    discount: z.nullish(discountSchema()),
    /** The credit of a gift voucher; null for other types. */
    gift: z.nullish(giftSchema()),
    /** The points of a loyalty card; null for other types. */
    loyalty_card: z.nullish(loyaltyCardSchema()),
    /** Date-time before which the voucher is inactive. */
    start_date: z.nullish(z.string()),
    /** Date-time after which the voucher is inactive. */
    expiration_date: z.nullish(z.string()),
    validity_timeframe: z.nullish(validityTimeframeSchema()),
    /** Days of the week the voucher is valid: 0 (Sunday) to 6 (Saturday). */
    validity_day_of_week: z.nullish(z.array(z.number())),
    validity_hours: z.nullish(validityHoursSchema()),
    /** False disables the voucher even inside its validity window. */
    active: z.nullish(z.boolean()),
    /** Free text. */
    additional_info: z.nullish(z.string()),
    metadata: z.nullish(metadata()),
    /** Links to the voucher's QR code and barcode images. */
    assets: z.nullish(
      z.looseObject({
        qr: z.nullish(asset()),
        barcode: z.nullish(asset()),
      }),
    ),
    /** True for codes of a referral program; always false for loyalty members. */
    is_referral_code: z.nullish(z.boolean()),
    created_at: z.nullish(z.string()),
    /** Null until the voucher is first updated. */
    updated_at: z.nullish(z.string()),
    /** `cust_…`: the customer holding the voucher. */
    holder_id: z.nullish(z.string()),
    /** `cust_…`: the referring customer. */
    referrer_id: z.nullish(z.string()),
    /** Summary of the holder; present in redemption results. */
    holder: z.nullish(simpleCustomerSchema()),
    /** Redemption counters. */
    redemption: z.nullish(
      z.looseObject({
        /** Maximum number of redemptions; null for unlimited. */
        quantity: z.nullish(z.number()),
        /** Number of redemptions so far. */
        redeemed_quantity: z.nullish(z.number()),
        /** Loyalty cards: points redeemed so far. */
        redeemed_points: z.nullish(z.number()),
        /** Always `list`. */
        object: z.nullish(z.string()),
        /** Relative path of the voucher's redemption list. */
        url: z.nullish(z.string()),
      }),
    ),
    /** Publication counters. */
    publish: z.nullish(
      z.looseObject({
        /** Always `list`. */
        object: z.nullish(z.string()),
        /** Number of times the voucher was published. */
        count: z.nullish(z.number()),
        /** Relative path of the voucher's publication list. */
        url: z.nullish(z.string()),
      }),
    ),
    /** Validation rules assigned to the voucher, with `total`. */
    validation_rules_assignments: z.nullish(validationRulesAssignmentListSchema()),
    /** Items the discount applies to; present in redemption results. */
    applicable_to: z.nullish(applicableItemListSchema()),
    /** Items excluded from the discount; present in redemption results. */
    inapplicable_to: z.nullish(applicableItemListSchema()),
    /** Always `voucher`. */
    object: z.string(),
  }),
);

/**
 * A voucher: a gift voucher (`gift`), a discount voucher (`discount`) or a loyalty card
 * (`loyalty_card`), with its validity window, counters and assets.
 */
export interface Voucher extends z.infer<ReturnType<typeof voucherSchema>> {}

/** Schema of {@link LoyaltyMember}: the voucher schema. */
export const loyaltyMemberSchema = voucherSchema;

/**
 * A loyalty program member: a voucher of type `LOYALTY_CARD` whose `code` is the member ID and
 * whose `loyalty_card` holds the points.
 */
export interface LoyaltyMember extends Voucher {}
