/**
 * Rules the operations share: customers, voucher validity, order amounts and discounts, point
 * movements on loyalty cards, and voucher holders.
 *
 * @module
 */
import { badRequest, notFound } from './http.js';
import { find, first, iso, put, where, type MockState, type Rec } from './store.js';

// ---- records ---

/** A deep copy, so a record embedded in a response or another record does not change with the original. */
export function snapshot<T>(value: T): T {
  return structuredClone(value);
}

/** The service's hashed customer source ID; any stable opaque string serves. */
export function trackingId(sourceId: unknown): string | null {
  if (typeof sourceId !== 'string' || sourceId === '') return null;
  let hash = 0x811c9dc5;
  for (let i = 0; i < sourceId.length; i++) hash = Math.imul(hash ^ sourceId.charCodeAt(i), 0x01000193);
  return `track_${(hash >>> 0).toString(36)}${sourceId.length.toString(36)}`;
}

// ---- customers -----------------------------------------------------------------------------

/** The simple customer shape (`id`, `name`, `email`, `source_id`, `metadata`, `object`). */
export function simpleCustomer(c: Rec): Rec {
  return { id: c.id, name: c.name ?? null, email: c.email ?? null, source_id: c.source_id ?? null, metadata: c.metadata ?? {}, object: 'customer' };
}

/**
 * Finds the customer a request names (`id`, or `source_id`), creating one for an unknown
 * `source_id` as the service does; fields sent update the record. An unknown `id` is a 404.
 */
export function upsertCustomer(state: MockState, input: unknown, field = 'customer'): Rec {
  if (!input || typeof input !== 'object') throw badRequest('missing_parameters', `${field} is required`, 'Missing parameters');
  const given = input as Rec;
  let customer: Rec | undefined;
  if (typeof given.id === 'string' && given.id !== '') {
    customer = find(state.store, 'customers', given.id);
    if (!customer) throw notFound('customer', given.id);
  } else if (typeof given.source_id === 'string' && given.source_id !== '') {
    customer = find(state.store, 'customers', given.source_id);
  } else {
    throw badRequest('missing_parameters', `${field} needs an id or a source_id`, 'Missing parameters');
  }
  const now = iso(state.now());
  if (!customer) {
    customer = put(state.store, 'customers', {
      id: state.ids.next('cust_'),
      source_id: given.source_id,
      name: null,
      email: null,
      metadata: {},
      created_at: now,
      updated_at: null,
      object: 'customer',
    });
  }
  for (const key of ['name', 'email', 'phone', 'birthday', 'birthdate', 'address', 'description'] as const) {
    if (given[key] !== undefined) {
      customer[key] = given[key];
      customer.updated_at = now;
    }
  }
  if (given.metadata && typeof given.metadata === 'object') customer.metadata = { ...customer.metadata, ...given.metadata };
  return customer;
}

// ---- validity --------------------------------------------------------------------------------

/** Why a voucher (or tier) cannot be used now: the validation `error.key`, `reason` and details. */
export interface Inactive {
  key: string;
  reason: string;
  message: string;
  details: string;
  /** The customer redeemable `status` matching this reason. */
  status: 'ACTIVE' | 'DISABLED' | 'NOT_ACTIVE_YET' | 'EXPIRED' | 'USED';
}

/**
 * The first reason `v` is not usable at `now`, in the order the service checks: the `active`
 * toggle, the date window, the recurring timeframe, the days of the week, the hours, then the
 * redemption quantity. Days and hours are read in UTC.
 */
export function inactiveReason(v: Rec, now: Date): Inactive | undefined {
  const code = v.code ?? v.id;
  if (v.active === false)
    return { key: 'voucher_disabled', reason: 'voucher is disabled', message: 'Voucher is disabled', details: `${code} is disabled`, status: 'DISABLED' };
  const t = now.getTime();
  if (v.start_date && t < Date.parse(v.start_date)) {
    return {
      key: 'voucher_not_active',
      reason: 'voucher not active',
      message: 'Voucher not active',
      details: `${code} is active from ${v.start_date}`,
      status: 'NOT_ACTIVE_YET',
    };
  }
  if (v.expiration_date && t > Date.parse(v.expiration_date)) {
    return {
      key: 'voucher_expired',
      reason: 'voucher expired',
      message: 'Voucher expired',
      details: `${code} expired on ${v.expiration_date}`,
      status: 'EXPIRED',
    };
  }
  const tf = v.validity_timeframe;
  if (tf && v.start_date && tf.duration && tf.interval) {
    const interval = durationMs(tf.interval);
    const duration = durationMs(tf.duration);
    if (interval > 0 && (t - Date.parse(v.start_date)) % interval >= duration) {
      return notNow(`${code} is active for ${tf.duration} every ${tf.interval}, not at ${iso(now)}`);
    }
  }
  const day = now.getUTCDay();
  if (Array.isArray(v.validity_day_of_week) && v.validity_day_of_week.length > 0 && !v.validity_day_of_week.includes(day)) {
    return notNow(`${code} is valid on days ${v.validity_day_of_week.join(', ')} of the week (0 = Sunday), not on day ${day}`);
  }
  const daily: Rec[] | undefined = v.validity_hours?.daily;
  if (Array.isArray(daily) && daily.length > 0) {
    const minute = now.getUTCHours() * 60 + now.getUTCMinutes();
    const open = daily.some(
      (w) =>
        (!Array.isArray(w.days_of_week) || w.days_of_week.includes(day)) && minute >= minutes(w.start_time, 0) && minute < minutes(w.expiration_time, 1440),
    );
    if (!open) return notNow(`${code} is not valid at ${iso(now).slice(11, 16)} UTC`);
  }
  const r = v.redemption;
  if (r && typeof r.quantity === 'number' && (r.redeemed_quantity ?? 0) >= r.quantity) {
    return {
      key: 'quantity_exceeded',
      reason: 'quantity exceeded',
      message: 'Quantity exceeded',
      details: `${code} has been redeemed ${r.redeemed_quantity} of ${r.quantity} times`,
      status: 'USED',
    };
  }
  return undefined;
}

// Outside its days or hours a voucher is not usable now, but as a holding it stays ACTIVE.
function notNow(details: string): Inactive {
  return { key: 'voucher_not_active', reason: 'voucher not active now', message: 'Voucher not active', details, status: 'ACTIVE' };
}

function minutes(hhmm: unknown, fallback: number): number {
  const m = typeof hhmm === 'string' ? /^(\d{1,2}):(\d{2})/.exec(hhmm) : null;
  return m ? Number(m[1]) * 60 + Number(m[2]) : fallback;
}

/** An ISO 8601 duration (`P1D`, `PT2H30M`) in milliseconds; months count 30 days, years 365. */
export function durationMs(duration: string): number {
  const m = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(duration);
  if (!m) return 0;
  const [, y, mo, w, d, h, mi, s] = m.map((x) => Number(x ?? 0));
  return ((((y! * 365 + mo! * 30 + w! * 7 + d!) * 24 + h!) * 60 + mi!) * 60 + s!) * 1000;
}

/** The customer redeemable status of a voucher now. */
export function redeemableStatus(v: Rec, now: Date): string {
  const inactive = inactiveReason(v, now);
  if (inactive && inactive.status !== 'ACTIVE') return inactive.status;
  if (v.type === 'GIFT_VOUCHER' && (v.gift?.balance ?? 0) <= 0) return 'NO_BALANCE';
  return 'ACTIVE';
}

// ---- orders and discounts ------------------------------------------------------------------

/** The discount a voucher or tier gives on an order amount, in the smallest currency unit. */
export function discountOn(discount: Rec | null | undefined, amount: number): number {
  if (!discount) return 0;
  let off = 0;
  if (discount.type === 'AMOUNT') off = Number(discount.amount_off ?? 0);
  else if (discount.type === 'PERCENT') {
    off = Math.round((amount * Number(discount.percent_off ?? 0)) / 100);
    if (typeof discount.amount_limit === 'number') off = Math.min(off, discount.amount_limit);
  } else if (discount.type === 'FIXED') off = amount - Number(discount.fixed_amount ?? amount);
  return Math.max(0, Math.min(amount, Math.floor(off)));
}

/**
 * Computes an order from a request's order: each item's `amount` is `price × quantity` (price
 * from the item, else from the known product), the order's `amount` and `initial_amount` are the
 * sum of the items (or the order's own `amount` when it has no items), and `discount` (when
 * given) is applied to the whole order.
 */
export function calculateOrder(state: MockState, input: unknown, discountAmount = 0): Rec {
  const given = input && typeof input === 'object' ? (input as Rec) : {};
  const rawItems: unknown[] = Array.isArray(given.items) ? given.items : [];
  if (rawItems.length > 500) throw badRequest('invalid_payload', `An order holds up to 500 items; got ${rawItems.length}`, 'Invalid payload');
  const items = rawItems.map((raw, index) => orderItem(state, raw, index));
  const amount = items.length > 0 ? items.reduce((sum, i) => sum + i.amount, 0) : Number(given.amount ?? 0);
  if (!Number.isFinite(amount)) throw badRequest('invalid_payload', 'order.amount must be a number', 'Invalid payload');
  const discount = Math.min(amount, discountAmount);
  return {
    id: given.id ?? undefined,
    source_id: given.source_id ?? null,
    status: given.status ?? 'CREATED',
    amount,
    initial_amount: items.length > 0 ? items.reduce((sum, i) => sum + i.initial_amount, 0) : amount,
    discount_amount: discount,
    items_discount_amount: 0,
    total_discount_amount: discount,
    total_amount: amount - discount,
    applied_discount_amount: discount,
    items_applied_discount_amount: 0,
    total_applied_discount_amount: discount,
    items,
    metadata: given.metadata ?? {},
    object: 'order',
  };
}

function orderItem(state: MockState, raw: unknown, index: number): Rec {
  if (!raw || typeof raw !== 'object') throw badRequest('invalid_payload', `order.items[${index}] must be an object`, 'Invalid payload');
  const item = raw as Rec;
  const productRef = item.product_id ?? item.product?.id ?? item.product?.source_id;
  const product =
    typeof productRef === 'string' ? (find(state.store, 'products', productRef) ?? first(state.store.products, (p) => p.source_id === productRef)) : undefined;
  const quantity = item.quantity === undefined ? 1 : Number(item.quantity);
  if (!Number.isInteger(quantity) || quantity < 0)
    throw badRequest('invalid_payload', `order.items[${index}].quantity must be a whole number`, 'Invalid payload');
  const price = item.price !== undefined ? Number(item.price) : (item.product?.price ?? product?.price);
  const amount = item.amount !== undefined ? Number(item.amount) : typeof price === 'number' ? price * quantity : 0;
  if (!Number.isFinite(amount)) throw badRequest('invalid_payload', `order.items[${index}] needs a numeric price or amount`, 'Invalid payload');
  return {
    object: 'order_item',
    ...(item.source_id !== undefined ? { source_id: item.source_id } : {}),
    related_object: item.related_object ?? (item.sku_id ? 'sku' : 'product'),
    product_id: product?.id ?? item.product_id ?? null,
    sku_id: item.sku_id ?? null,
    quantity,
    initial_quantity: quantity,
    price: price ?? null,
    amount,
    initial_amount: amount,
    discount_amount: 0,
    applied_discount_amount: 0,
    subtotal_amount: amount,
    ...(product
      ? { product: { id: product.id, source_id: product.source_id, name: product.name, price: product.price, metadata: product.metadata ?? {} } }
      : item.product
        ? { product: item.product }
        : {}),
    ...(item.sku ? { sku: item.sku } : {}),
    metadata: item.metadata ?? {},
  };
}

// ---- loyalty cards -------------------------------------------------------------------------

/**
 * Adds `points` (negative to take them) to a loyalty card and records the transaction with the
 * resulting balance. Returns the transaction.
 */
export function movePoints(state: MockState, card: Rec, type: string, points: number, details: Rec = {}, reason: string | null = null): Rec {
  const lc = (card.loyalty_card ??= { points: 0, balance: 0 });
  lc.points = (lc.points ?? 0) + points;
  lc.balance = (lc.balance ?? 0) + points;
  if (points < 0) lc.subtracted_points = (lc.subtracted_points ?? 0) - points;
  else if (type === 'POINTS_REFUND') lc.subtracted_points = Math.max(0, (lc.subtracted_points ?? 0) - points);
  card.updated_at = iso(state.now());
  return put(state.store, 'transactions', {
    id: state.ids.next('vtx_'),
    source_id: null,
    voucher_id: card.id,
    campaign_id: card.campaign_id,
    source: 'API',
    reason,
    type,
    details: {
      balance: {
        type: 'loyalty_card',
        total: lc.points,
        object: 'balance',
        points,
        balance: lc.balance,
        operation_type: 'MANUAL',
        related_object: { id: card.id, type: 'voucher' },
      },
      ...details,
    },
    related_transaction_id: null,
    created_at: iso(state.now()),
  });
}

/** The loyalty card a path names (code or ID), in the campaign when one is named; 404 otherwise. */
export function findMember(state: MockState, memberId: string, campaignId: string | undefined): Rec {
  const campaign = campaignId === undefined ? undefined : findCampaign(state, campaignId);
  const card = find(state.store, 'vouchers', memberId);
  if (card?.type !== 'LOYALTY_CARD' || (campaign && card.campaign_id !== campaign.id)) throw notFound('voucher', memberId);
  return card;
}

/** A campaign by ID or name; 404 otherwise. */
export function findCampaign(state: MockState, idOrName: string): Rec {
  const campaign = find(state.store, 'campaigns', idOrName);
  if (!campaign) throw notFound('campaign', idOrName);
  return campaign;
}

// ---- holders -------------------------------------------------------------------------------

/** Makes `customer` a holder of `voucher` (a customer redeemable entry), once per role. */
export function addHolder(state: MockState, voucher: Rec, customer: Rec, role: 'OWNER' | 'REFERRER' | 'REFEREE' = 'OWNER'): Rec {
  const existing = first(state.store.redeemables, (h) => h.redeemable_id === voucher.id && h.customer_id === customer.id && h.holder_role === role);
  if (existing) return existing;
  if (role === 'OWNER') voucher.holder_id = customer.id;
  const campaign = voucher.campaign_id ? state.store.campaigns.get(voucher.campaign_id) : undefined;
  return put(state.store, 'redeemables', {
    id: state.ids.next('rh_'),
    created_at: iso(state.now()),
    redeemable_id: voucher.id,
    redeemable_object: 'voucher',
    customer_id: customer.id,
    holder_role: role,
    campaign_id: voucher.campaign_id ?? null,
    campaign_type: campaign?.campaign_type ?? null,
    voucher_type: voucher.type,
    object: 'customer_redeemable',
  });
}

/** The vouchers a customer holds, as redeemable entries. */
export function holdings(state: MockState, customerId: string): Rec[] {
  return where(state.store.redeemables, (h) => h.customer_id === customerId);
}

/** The list envelope of validation rule assignments a new voucher or tier carries, one per rule ID. */
export function ruleAssignments(state: MockState, rules: string[], relatedId: string, relatedType: 'voucher' | 'promotion_tier'): Rec {
  return {
    object: 'list',
    data_ref: 'data',
    data: rules.map((rule) => ({
      id: state.ids.next('asgm_'),
      rule_id: rule,
      related_object_id: relatedId,
      related_object_type: relatedType,
      created_at: iso(state.now()),
      object: 'validation_rules_assignment',
    })),
    total: rules.length,
  };
}
