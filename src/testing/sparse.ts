/**
 * `responses: 'sparse'`: answers in the older, sparser shapes the real service sends besides
 * what its spec describes, so code can be tested against them. The records themselves stay
 * complete; only the answers change:
 *
 * - nested records carry no `object` (the reward of a redemption and its voucher, a publication's
 *   voucher, a validation's order, rollbacks and their vouchers, order items…);
 * - embedded vouchers have `category`, `category_id`, `start_date`, `expiration_date`,
 *   `additional_info`, `updated_at` and `redemption.quantity` null (and `gift` or `loyalty_card`
 *   null unless the voucher is of that type); a publication's voucher has no `id`;
 * - orders have `metadata`, `customer_id` and `referrer_id` null; promotion tiers `metadata` null;
 *   rewards `updated_at` null;
 * - a validation failure's `error` has only `message`, and no `applicable_to`/`inapplicable_to`
 *   (as the failure of a custom validation rule);
 * - a publication of several codes has only `vouchers`: no `voucher`, `result` or `customer`;
 * - redemptions have no `channel`, `status` or `related_object_*`, and carry
 *   `reward.parameters.automation_id`, the voucher's `publish.entries` and
 *   `redemption.redemption_entries`;
 * - vouchers returned or listed as records are sparse as embedded ones are; customers have
 *   `summary`, `loyalty` and `referrals` null and no `assets`; a product's SKU list has no
 *   `object` or `data_ref`.
 * - redemption records read or listed have no `status` and no parent id (`redemption`), a
 *   failed one has `order` and `customer` null, and a rollback has no `channel`.
 *
 * Every field promokit relies on (the identity of the record returned, `valid`, `result`, the
 * paging keys) is kept, so the SDK parses these answers in every validation mode.
 *
 * @module
 */
import type { Rec } from './store.js';

const isObject = (value: unknown): value is Rec => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Removes `object` from every object inside `value` (not from `value` itself). */
function stripNestedObjects(value: unknown): void {
  const inner = Array.isArray(value) ? value : isObject(value) ? Object.values(value) : [];
  for (const item of inner) {
    if (isObject(item)) delete item.object;
    stripNestedObjects(item);
  }
}

function sparseVoucher(voucher: unknown, options: { withoutId?: boolean } = {}): void {
  if (!isObject(voucher)) return;
  for (const field of ['category', 'category_id', 'start_date', 'expiration_date', 'additional_info', 'updated_at']) voucher[field] = null;
  if (voucher.type !== 'GIFT_VOUCHER') voucher.gift = null;
  if (voucher.type !== 'LOYALTY_CARD') voucher.loyalty_card = null;
  if (isObject(voucher.redemption)) voucher.redemption.quantity = null;
  if (options.withoutId) delete voucher.id;
}

function sparseOrder(order: unknown): void {
  if (!isObject(order)) return;
  order.metadata = null;
  order.customer_id = null;
  order.referrer_id = null;
}

function sparseTier(tier: unknown): void {
  if (isObject(tier)) tier.metadata = null;
}

function sparseReward(reward: unknown): void {
  if (!isObject(reward)) return;
  reward.updated_at = null;
  sparseVoucher(reward.voucher);
}

/** A redemption or rollback: its order, reward, voucher and tier made sparse. */
function sparseRedemption(r: unknown): void {
  if (!isObject(r)) return;
  sparseOrder(r.order);
  sparseReward(r.reward);
  sparseVoucher(r.voucher);
  sparseTier(r.promotion_tier);
}

/** A redemption record as the service's examples show it: no `status`, no parent id. */
function sparseEntry(r: unknown): void {
  if (!isObject(r)) return;
  delete r.status;
  if (r.object === 'redemption') delete r.redemption;
  if (r.result === 'FAILURE') {
    r.order = null;
    r.customer = null;
  }
  sparseRedemption(r);
}

/** What each operation's answer turns into; operations not listed only lose nested `object`s. */
const shapers: Record<string, (body: Rec) => void> = {
  'publications.create'(body) {
    if (Array.isArray(body.vouchers) && body.vouchers.length > 1) {
      delete body.voucher;
      delete body.result;
      delete body.customer;
    } else {
      sparseVoucher(body.voucher, { withoutId: true });
    }
  },
  'vouchers.validate'(body) {
    if (body.valid === false) {
      body.error = { message: isObject(body.error) ? body.error.message : 'Validation failed' };
      delete body.applicable_to;
      delete body.inapplicable_to;
    }
    sparseOrder(body.order);
  },
  'loyalties.redeemReward'(body) {
    for (const field of ['channel', 'status', 'related_object_type', 'related_object_id']) delete body[field];
    sparseRedemption(body);
    if (isObject(body.reward))
      body.reward.parameters = { ...(isObject(body.reward.parameters) ? body.reward.parameters : {}), automation_id: `auto_${String(body.id)}` };
    const voucher = body.voucher;
    if (isObject(voucher)) {
      voucher.publish = { ...(isObject(voucher.publish) ? voucher.publish : {}), entries: [] };
      voucher.redemption = { ...(isObject(voucher.redemption) ? voucher.redemption : {}), redemption_entries: [body.id] };
    }
  },
  'redemptions.rollbackStackable'(body) {
    if (Array.isArray(body.rollbacks)) body.rollbacks.forEach(sparseRedemption);
    sparseRedemption(body.parent_rollback);
  },
  'orders.create': sparseOrder,
  'promotions.createTier': sparseTier,
  'templates.setupPromotionTier'(body) {
    sparseTier(body.promotion_tier);
  },
  // Redemption records without `status` and their parent's id; rollbacks without `status` and
  // `channel` (CHECKOUT.md §5 D7, D9); a failed one without order and customer (D8).
  'redemptions.list'(body) {
    if (Array.isArray(body.redemptions)) body.redemptions.forEach(sparseEntry);
  },
  'redemptions.get': sparseEntry,
  'redemptions.rollback'(body) {
    sparseEntry(body);
    delete body.channel;
  },
  'vouchers.getRedemptions'(body) {
    if (Array.isArray(body.redemption_entries)) body.redemption_entries.forEach(sparseEntry);
  },
  'customers.listRedeemables'(body) {
    if (Array.isArray(body.data)) for (const r of body.data) if (isObject(r) && isObject(r.redeemable)) sparseVoucher(r.redeemable.voucher);
  },
  'customers.list'(body) {
    if (Array.isArray(body.customers)) body.customers.forEach(sparseCustomer);
  },
  'customers.create': sparseCustomer,
  'customers.get': sparseCustomer,
  'customers.update': sparseCustomer,
  'vouchers.list'(body) {
    if (Array.isArray(body.vouchers)) for (const voucher of body.vouchers) sparseVoucher(voucher);
  },
  'vouchers.get': sparseVoucher,
  'vouchers.update': sparseVoucher,
  'vouchers.enable': sparseVoucher,
  'vouchers.disable': sparseVoucher,
  'products.list'(body) {
    if (Array.isArray(body.products)) body.products.forEach(sparseProduct);
  },
  'products.get': sparseProduct,
};

/** A customer without its summaries (null, as the spec's `nullable` beside `allOf` allows) or links. */
function sparseCustomer(customer: unknown): void {
  if (!isObject(customer)) return;
  customer.summary = null;
  customer.loyalty = null;
  customer.referrals = null;
  delete customer.assets;
  delete customer.system_metadata;
}

/** A product whose SKU list has no `object` or `data_ref` (as the list example of the spec). */
function sparseProduct(product: unknown): void {
  if (isObject(product) && isObject(product.skus)) delete product.skus.data_ref;
}

/** The records of a list answer, which keep their own `object` like any record returned. */
const recordArrays = ['data', 'async_actions', 'campaign_templates', 'redemptions', 'redemption_entries'];

/**
 * The sparse form of `operation`'s answer `body`: a copy, shaped as described in the module
 * comment. `body` itself is left as it is.
 */
export function sparseResponse(operation: string, body: Rec): Rec {
  const out = structuredClone(body);
  shapers[operation]?.(out);
  // A list's records are under the key its `data_ref` names (`customers`, `vouchers`, …).
  const named = out.object === 'list' && typeof out.data_ref === 'string' && Array.isArray(out[out.data_ref]) ? out[out.data_ref] : undefined;
  const records = named ?? recordArrays.map((key) => out[key]).find(Array.isArray);
  if (records) for (const record of records) stripNestedObjects(record);
  else stripNestedObjects(out);
  return out;
}
