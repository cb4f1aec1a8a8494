/** What several sub-clients' test data use: list envelopes, inputs, and an untyped view of the client. */
import type { Client } from '../../src/index.js';

/** A path parameter as the wire carries it. */
export const enc = encodeURIComponent;

/** Deliberately wrong params go through an untyped view of the client: the check under test is the run-time one. */
export const loose = (client: Client): any => client;

/** `n` order items. */
export const items = (n: number) => Array.from({ length: n }, (_, i) => ({ product_id: `prod_${i}`, quantity: 1, price: 100 }));

/** `n` promotion tier ids. */
export const tierIds = (n: number) => Array.from({ length: n }, (_, i) => `promo_${i}`);

/** A cursor-paged list's envelope around `data`. */
export const cursorList = (data: unknown[], hasMore = false) => ({
  object: 'list',
  data_ref: 'data',
  data,
  has_more: hasMore,
  more_starting_after: hasMore ? (data.at(-1) as { id: string }).id : null,
});

/** A page list's envelope around `data`. */
export const pageList = (data: unknown[]) => ({ object: 'list', data_ref: 'data', data, total: data.length });

/** `[1, …, n]`. */
export const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** An active token's introspection. */
export const introspection = {
  active: true,
  client_id: 'app-id-reliability',
  expires_at: 1_900_000_000,
  expires_in: 3600,
  scope: 'api loyalties',
  token_type: 'Bearer',
};

// The contract check's inputs. Request order items carry an `object` key the spec requires but
// does not define (D2); a voucher redeemable matches three branches of the spec's oneOf, a
// promotion tier one (D1).

/** An order item as the contract check sends it. */
export const item = { object: 'order_item' as const, product_id: 'prod_0a1', quantity: 2, price: 1500 };
/** An order as the contract check sends it. */
export const order = { amount: 3000, items: [item] };
/** A customer as the contract check sends it. */
export const customer = { source_id: 'cust-42', name: 'Ada' };
/** Stacked redeemables the spec accepts. */
export const tiers = [
  { object: 'promotion_tier' as const, id: 'promo_1' },
  { object: 'promotion_tier' as const, id: 'promo_2' },
];
