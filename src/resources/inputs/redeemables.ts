/**
 * What the checkout operations share: the redeemables of a stacked request and their rules (1 to
 * 30, none twice, one promotion stack never mixed with others; CHECKOUT.md §3.1, §4.2), the
 * session lock and the key promokit makes for it (§4.1), and the request every stacked
 * validation and redemption sends.
 *
 * @module
 */
import { all, array, identity, integer, isRecord, object, oneOf, required, text, type Rule, type Rules } from '../../core/inputs.js';
import { MARKER_KEY, type Metadata, type MetadataPlaces } from '../../core/metadata.js';

export { MARKER_KEY };
import { customerPlaces, customerRules, type CustomerInput } from './customer.js';
import { orderPlaces, orderRules, type OrderInput } from './order.js';
import type { SessionTtlUnit } from './session.js';

/**
 * A voucher to validate or redeem: its code. A gift card may say how much credit to use, a
 * loyalty card which reward to pay with points.
 * @category Checkout
 */
export interface VoucherRedeemableInput {
  /** A voucher (discount voucher, gift card or loyalty card). */
  object: 'voucher';
  /** The voucher code. */
  id: string;
  /** Gift cards: the credit to use, an integer in the smallest currency unit, at most the balance. */
  gift?:
    | {
        /** Credit to use, an integer in the smallest currency unit. */
        credits: number;
      }
    | undefined;
  /** Loyalty cards: the reward to take, and the points to pay with. */
  reward?:
    | {
        /** `rew_…` of a reward assigned to the card's campaign. */
        id: string;
        /** Points to pay with (pay-with-points rewards), an integer, at most the balance. */
        points?: number | undefined;
      }
    | undefined;
}

/**
 * A promotion tier to validate or redeem.
 * @category Checkout
 */
export interface PromotionTierRedeemableInput {
  /** A promotion tier. */
  object: 'promotion_tier';
  /** `promo_…` of the tier. */
  id: string;
}

/**
 * A promotion stack: its tiers, validated or redeemed together. A request holds at most one, and
 * nothing else.
 * @category Checkout
 */
export interface PromotionStackRedeemableInput {
  /** A promotion stack. */
  object: 'promotion_stack';
  /** `stack_…` of the stack. */
  id: string;
}

/**
 * One redeemable of a stacked request: a voucher, a promotion tier, or one promotion stack.
 * @category Checkout
 */
export type RedeemableInput = VoucherRedeemableInput | PromotionTierRedeemableInput | PromotionStackRedeemableInput;

/** The most redeemables one stacked request carries. */
export const MAX_REDEEMABLES = 30;

/** Rules of one redeemable: its kind and id (not blank, no space at either end); credits and points only on a voucher, integers. */
const redeemableRules: Rule<RedeemableInput> = all<RedeemableInput>(
  object<RedeemableInput>({
    object: required(oneOf(['voucher', 'promotion_tier', 'promotion_stack'])),
    id: required(identity({ trimmed: true })),
    gift: object<NonNullable<VoucherRedeemableInput['gift']>>({ credits: required(integer(1)) }),
    reward: object<NonNullable<VoucherRedeemableInput['reward']>>({ id: required(identity({ trimmed: true })), points: integer(1) }),
  }),
  (value, path, issues) => {
    if (!isRecord(value) || value.object === 'voucher' || value.object === undefined) return;
    for (const field of ['gift', 'reward'])
      if (value[field] !== undefined) issues.push({ path: [...path, field], message: `is for a voucher, not a ${String(value.object)}` });
  },
);

/**
 * Rules of `redeemables`: 1 to 30, each well formed, none twice (the same kind and id), and a
 * promotion stack alone.
 */
export const redeemablesRules: Rule<RedeemableInput[]> = required(
  all<RedeemableInput[]>(array(MAX_REDEEMABLES, redeemableRules), (value, path, issues) => {
    if (!Array.isArray(value)) return;
    if (value.length === 0) issues.push({ path, message: `must have 1 to ${MAX_REDEEMABLES} elements (got 0)` });
    const seen = new Map<string, number>();
    let stacks = 0;
    value.forEach((item, index) => {
      if (!isRecord(item) || typeof item.id !== 'string' || typeof item.object !== 'string') return;
      const key = `${item.object} ${item.id}`;
      const first = seen.get(key);
      if (first === undefined) seen.set(key, index);
      else issues.push({ path: [...path, index], message: `repeats redeemables[${first}]: each redeemable at most once` });
      if (item.object === 'promotion_stack') stacks += 1;
    });
    if (stacks > 0 && value.length > 1) issues.push({ path, message: 'must hold a promotion stack alone, never with other redeemables' });
  }),
);

/**
 * A session lock for a stacked validation or redemption. promokit always sends a `key`: yours,
 * or one of its own (`ssn_pk_` and 26 random characters, 130 random bits), so that the same request sent again
 * takes the same lock, and the key can release it.
 * @category Checkout
 */
export interface CheckoutSessionInput {
  /** Always `LOCK` (the default). */
  type?: 'LOCK' | undefined;
  /** Your key for the lock; promokit makes one when you give none. Sending an existing key re-targets its lock. */
  key?: string | undefined;
  /** How long the lock lasts, a whole number of `ttl_unit`s (7 days when left out). */
  ttl?: number | undefined;
  /** Unit of `ttl`. */
  ttl_unit?: SessionTtlUnit | undefined;
}

/** Rules of a checkout session: `LOCK`, a key that is not blank, a whole positive `ttl` with a known unit. */
export const checkoutSessionRules: Rule<CheckoutSessionInput> = all<CheckoutSessionInput>(
  object<CheckoutSessionInput>({
    type: oneOf(['LOCK']),
    key: text(1),
    ttl: integer(1),
    ttl_unit: oneOf(['DAYS', 'HOURS', 'MINUTES', 'SECONDS', 'MILLISECONDS', 'MICROSECONDS', 'NANOSECONDS']),
  }),
  (value, path, issues) => {
    if (!isRecord(value)) return;
    if (typeof value.key === 'string' && value.key.trim() !== value.key) issues.push({ path: [...path, 'key'], message: 'must not start or end with spaces' });
    if (value.ttl_unit !== undefined && value.ttl === undefined) issues.push({ path: [...path, 'ttl'], message: 'is required with ttl_unit' });
  },
);

/** The alphabet of promokit's own keys: Crockford's base 32 (no I, L, O, U), lower case. */
const KEY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * A session key of promokit's own: `ssn_pk_` and 26 characters of Crockford's base 32, 130 random
 * bits from `crypto.getRandomValues` (no two checkouts share one).
 */
export function sessionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(26));
  let key = 'ssn_pk_';
  for (const byte of bytes) key += KEY_ALPHABET[byte & 31];
  return key;
}

/**
 * Options of a stacked validation or redemption.
 * @category Checkout
 */
export interface StackedRequestOptions {
  /**
   * What to add to the answer: `order` (each redeemable's own order), `redeemable` (its metadata
   * and campaign), `category` (its categories), `redemption` (redemptions: their metadata).
   */
  expand?: Array<'order' | 'redemption' | 'redeemable' | 'category'> | undefined;
}

/**
 * What a stacked validation and a stacked redemption send: the redeemables, the order and the
 * customer they apply to, a session lock, and the redemption's metadata.
 * @category Checkout
 */
export interface StackedRequestParams {
  /** 1 to 30 redeemables, none twice; one promotion stack is never mixed with others. */
  redeemables: RedeemableInput[];
  /**
   * The order: `source_id` (or `id`) of an existing one, whose stored items and amounts the
   * service then uses, or its items (at most 500) and amounts, integers in the smallest currency unit.
   */
  order?: OrderInput | undefined;
  /** The customer (`id` wins over `source_id` when both are given). */
  customer?: CustomerInput | undefined;
  /** A session lock: promokit sends a `key` of its own when you give none. */
  session?: CheckoutSessionInput | undefined;
  /** Your ID of the customer, when no `customer` is given. */
  tracking_id?: string | undefined;
  /** The redemption's metadata, checked against your redemption metadata schema. */
  metadata?: Metadata<'redemption'> | undefined;
  /** What to add to the answer. */
  options?: StackedRequestOptions | undefined;
}

/** Rules of {@link StackedRequestParams}'s fields, for each operation to use. */
export const stackedRequestRules: Rules<StackedRequestParams> = {
  redeemables: redeemablesRules,
  order: orderRules,
  customer: customerRules,
  session: checkoutSessionRules,
  tracking_id: text(1),
  metadata: object(),
  options: object<StackedRequestOptions>({ expand: array(Infinity, oneOf(['order', 'redemption', 'redeemable', 'category'])) }),
};

/** Where a stacked request holds metadata. */
export const stackedRequestPlaces: MetadataPlaces<StackedRequestParams> = { metadata: 'redemption', customer: customerPlaces, order: orderPlaces };

/**
 * The params as sent: `marker` taken out (it is not a field of the service's), and, unless it is
 * `false` (or `add` is), the marker in `metadata`, a fresh one unless the metadata has its own.
 */
export function withMarker<P extends { marker?: boolean | undefined; metadata?: unknown }>(params: P, add = true): Omit<P, 'marker'> {
  const { marker, ...rest } = params;
  if (marker === false || !add) return rest;
  const metadata: Record<string, unknown> = isRecord(rest.metadata) ? rest.metadata : {};
  return { ...rest, metadata: { ...metadata, [MARKER_KEY]: metadata[MARKER_KEY] ?? newMarker() } };
}

/** A marker of promokit's own: `mk_` and 26 characters of Crockford's base 32 (130 random bits). */
export function newMarker(): string {
  return `mk_${sessionKey().slice('ssn_pk_'.length)}`;
}

/** The params with a session key of promokit's own when they name a session without one (and `type: 'LOCK'`). */
export function withSessionKey<P extends { session?: CheckoutSessionInput | undefined }>(params: P): P {
  const session = params.session;
  if (!isRecord(session)) return params;
  return { ...params, session: { ...session, type: session.type ?? 'LOCK', key: session.key ?? sessionKey() } };
}
