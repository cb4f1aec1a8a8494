/**
 * Vouchers: gift vouchers, discount vouchers and loyalty cards, and loyalty members, which are
 * loyalty-card vouchers (service interface §2.2, §2.3).
 *
 * @module
 */
import * as z from 'zod/mini';
import type { Metadata } from '../core/metadata.js';
import type { ListEnvelope } from '../core/pagination.js';
import { lazy, listOf, metadata, nullishStrings, openEnum, type ShapeOf } from './base.js';
import { applicableItemListSchema, type ApplicableItemList } from './applicable-item.js';
import { giftSchema, loyaltyCardSchema, type Gift, type LoyaltyCard } from './balance.js';
import { categorySchema, type Category } from './category.js';
import { simpleCustomerSchema, type SimpleCustomer } from './customer.js';
import { discountSchema, type Discount } from './discount.js';
import { validationRulesAssignmentListSchema, type ValidationRulesAssignmentList } from './validation-rule-assignment.js';
import { validityWindowFields, type ValidityWindow } from './validity.js';

/**
 * The kind of a voucher, which tells which of its balances applies: `GIFT_VOUCHER` (`gift`),
 * `DISCOUNT_VOUCHER` (`discount`) or `LOYALTY_CARD` (`loyalty_card`). Open: any other string the
 * service starts sending is accepted.
 * @category Vouchers
 */
export type VoucherType = 'GIFT_VOUCHER' | 'DISCOUNT_VOUCHER' | 'LOYALTY_CARD' | (string & {});

/**
 * A link to one of a voucher's images ({@link VoucherAssets}).
 * @category Vouchers
 */
export interface VoucherAsset {
  /** ID of the image. */
  id?: string | null;
  /** Link to the image on the service. */
  url?: string | null;
}

/**
 * The images of a voucher's code (`voucher.assets`).
 * @category Vouchers
 */
export interface VoucherAssets {
  /** The QR code image. */
  qr?: VoucherAsset | null;
  /** The barcode image. */
  barcode?: VoucherAsset | null;
}

/**
 * How often a voucher may be and has been redeemed (`voucher.redemption`).
 * @category Vouchers
 */
export interface VoucherRedemptionCounts {
  /** Maximum number of redemptions; null for unlimited. */
  quantity?: number | null;
  /** Number of redemptions so far. */
  redeemed_quantity?: number | null;
  /** Loyalty cards: points redeemed so far. */
  redeemed_points?: number | null;
  /** Always `list`. */
  object?: string | null;
  /** Relative path of the voucher's redemption list, e.g. `/v1/vouchers/{code}/redemptions?page=1&limit=10`. */
  url?: string | null;
  /** Older responses: the voucher's redemptions themselves, whose shape varies. */
  redemption_entries?: unknown[] | null;
}

/**
 * How often a voucher has been published (`voucher.publish`).
 * @category Vouchers
 */
export interface VoucherPublishCounts {
  /** Always `list`. */
  object?: string | null;
  /** Number of times the voucher was published. */
  count?: number | null;
  /** Relative path of the voucher's publication list, e.g. `/v1/vouchers/{code}/publications?page=1&limit=10`. */
  url?: string | null;
  /** Older responses: the voucher's publications themselves, whose shape varies. */
  entries?: unknown[] | null;
}

/**
 * A voucher as another record embeds it (a publication, a redemption, its reward or rollback, a
 * customer's redeemable): the fields of {@link Voucher}, none of them guaranteed. Real responses
 * leave out `object`, and a publication's voucher its `id`.
 * @category Vouchers
 */
export interface EmbeddedVoucher extends ValidityWindow {
  /** `v_…`, assigned by the service. */
  id?: string | null;
  /** The code customers use; may contain special characters. For a loyalty member, the member ID. */
  code?: string | null;
  /** Name of the parent campaign. */
  campaign?: string | null;
  /** `camp_…`: the parent campaign. */
  campaign_id?: string | null;
  /** Category name. */
  category?: string | null;
  /** `cat_…`: the category. */
  category_id?: string | null;
  /** The categories the voucher belongs to. */
  categories?: Category[] | null;
  /** `GIFT_VOUCHER`, `DISCOUNT_VOUCHER` or `LOYALTY_CARD`. */
  type?: VoucherType | null;
  /** The discount of a discount voucher. */
  discount?: Discount | null;
  /** The credit of a gift voucher; null for other types. */
  gift?: Gift | null;
  /** The points of a loyalty card; null for other types. */
  loyalty_card?: LoyaltyCard | null;
  /** Free text. */
  additional_info?: string | null;
  /** Custom key/value pairs. */
  metadata?: Metadata<'voucher'> | null;
  /** Links to the voucher's QR code and barcode images. */
  assets?: VoucherAssets | null;
  /** True for codes of a referral program; always false for loyalty members. */
  is_referral_code?: boolean | null;
  /** When the voucher was created, ISO 8601 date-time. */
  created_at?: string | null;
  /** When the voucher was last updated, ISO 8601 date-time; null until the first update. */
  updated_at?: string | null;
  /** `cust_…`: the customer holding the voucher. */
  holder_id?: string | null;
  /** `cust_…`: the referring customer. */
  referrer_id?: string | null;
  /** Summary of the holder; present in redemption results. */
  holder?: SimpleCustomer | null;
  /** Redemption limit and counters. */
  redemption?: VoucherRedemptionCounts | null;
  /** Publication counter. */
  publish?: VoucherPublishCounts | null;
  /** Validation rules assigned to the voucher, with `total`. */
  validation_rules_assignments?: ValidationRulesAssignmentList | null;
  /** Items the discount applies to; present in redemption results. */
  applicable_to?: ApplicableItemList | null;
  /** Items excluded from the discount; present in redemption results. */
  inapplicable_to?: ApplicableItemList | null;
  /** Always `voucher`. */
  object?: string | null;
}

/**
 * A voucher: a gift voucher (`gift`), a discount voucher (`discount`) or a loyalty card
 * (`loyalty_card`), with its validity window, counters and assets. `id` and `code` are always
 * there; any other field may be absent or null.
 * @category Vouchers
 */
export interface Voucher extends EmbeddedVoucher {
  /** `v_…`, assigned by the service. */
  id: string;
  /** The code customers use; may contain special characters. For a loyalty member, the member ID. */
  code: string;
}

const voucherAsset: () => z.ZodMiniType<VoucherAsset> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    ...nullishStrings('id', 'url'),
  } satisfies ShapeOf<VoucherAsset>),
);

/** The fields of a voucher, each nullish: the shape of {@link EmbeddedVoucher}. */
const voucherFields = () => ({
  ...nullishStrings('id', 'code', 'campaign', 'campaign_id', 'category', 'category_id'),
  categories: z.nullish(z.array(categorySchema())),
  type: z.nullish(openEnum()),
  discount: z.nullish(discountSchema()),
  gift: z.nullish(giftSchema()),
  loyalty_card: z.nullish(loyaltyCardSchema()),
  ...validityWindowFields(),
  additional_info: z.nullish(z.string()),
  metadata: z.nullish(metadata('voucher')),
  assets: z.nullish(
    z.looseObject({
      qr: z.nullish(voucherAsset()),
      barcode: z.nullish(voucherAsset()),
    } satisfies ShapeOf<VoucherAssets>),
  ),
  is_referral_code: z.nullish(z.boolean()),
  ...nullishStrings('created_at', 'updated_at', 'holder_id', 'referrer_id'),
  holder: z.nullish(simpleCustomerSchema()),
  redemption: z.nullish(
    z.looseObject({
      quantity: z.nullish(z.number()),
      redeemed_quantity: z.nullish(z.number()),
      redeemed_points: z.nullish(z.number()),
      ...nullishStrings('object', 'url'),
      redemption_entries: z.nullish(z.array(z.unknown())),
    } satisfies ShapeOf<VoucherRedemptionCounts>),
  ),
  publish: z.nullish(
    z.looseObject({
      object: z.nullish(z.string()),
      count: z.nullish(z.number()),
      url: z.nullish(z.string()),
      entries: z.nullish(z.array(z.unknown())),
    } satisfies ShapeOf<VoucherPublishCounts>),
  ),
  validation_rules_assignments: z.nullish(validationRulesAssignmentListSchema()),
  applicable_to: z.nullish(applicableItemListSchema()),
  inapplicable_to: z.nullish(applicableItemListSchema()),
  object: z.nullish(z.string()),
});

/** Schema of {@link EmbeddedVoucher}. */
export const embeddedVoucherSchema: () => z.ZodMiniType<EmbeddedVoucher> = /* @__PURE__ */ lazy(() =>
  z.looseObject(voucherFields() satisfies ShapeOf<EmbeddedVoucher>),
);

/** Schema of {@link Voucher}: the voucher fields with `id` and `code` required. */
export const voucherSchema: () => z.ZodMiniType<Voucher> = /* @__PURE__ */ lazy(() =>
  z.looseObject({ ...voucherFields(), id: z.string(), code: z.string() } satisfies ShapeOf<Voucher>),
);

/**
 * A loyalty program member: a voucher of type `LOYALTY_CARD` whose `code` is the member ID and
 * whose `loyalty_card` holds the points. `id`, `code` and `type` are always there.
 * @category Loyalties
 */
export interface LoyaltyMember extends Voucher {
  /** Always `LOYALTY_CARD`. */
  type: 'LOYALTY_CARD';
}

/** Schema of {@link LoyaltyMember}: the voucher schema with `type` `LOYALTY_CARD`. */
export const loyaltyMemberSchema: () => z.ZodMiniType<LoyaltyMember> = /* @__PURE__ */ lazy(() =>
  z.looseObject({ ...voucherFields(), id: z.string(), code: z.string(), type: z.literal('LOYALTY_CARD') } satisfies ShapeOf<LoyaltyMember>),
);

/**
 * A page of vouchers (`client.vouchers.list`), under `vouchers`, with `total`. A listed voucher
 * carries its `categories` but not its `validation_rules_assignments`.
 * @category Vouchers
 */
export interface VoucherList extends ListEnvelope {
  /** The vouchers of this page. */
  vouchers?: Voucher[] | null;
}

/** Schema of {@link VoucherList}: the vouchers under `vouchers`. */
export const voucherListSchema: () => z.ZodMiniType<VoucherList> = /* @__PURE__ */ lazy(() => listOf(voucherSchema(), 'vouchers'));
