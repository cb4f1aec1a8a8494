/**
 * The mock service's state: one `Map` per kind of record, an ID generator and a clock. Records
 * are kept in their wire shape (what the service sends), so a handler answers with a record as
 * stored and tests read what a client would read.
 *
 * @module
 */

/** The states each read of a running action answers with, and how many reads it has had. */
export interface AsyncActionRun {
  steps: Rec[];
  reads: number;
}

/**
 * A record in its wire shape. Loosely typed on purpose: handlers read and write the service's
 * JSON fields freely; the public API types records with the SDK's response types instead.
 */
// biome-ignore lint/suspicious/noExplicitAny: see above
export type Rec = Record<string, any>;

/** Name of a collection of the mock's store. */
export type CollectionName =
  | 'campaigns'
  | 'vouchers'
  | 'customers'
  | 'products'
  | 'rewards'
  | 'rewardAssignments'
  | 'transactions'
  | 'pendingPoints'
  | 'redemptions'
  | 'rollbacks'
  | 'orders'
  | 'publications'
  | 'redeemables'
  | 'templates'
  | 'tiers'
  | 'stacks'
  | 'asyncActions'
  | 'locations'
  | 'events'
  | 'sessions'
  | 'tokens'
  | 'binnedVouchers'
  | 'metadataSchemas';

/** Every collection the mock keeps, with the key each is stored under. */
export const collectionKeys = {
  /** Campaigns of every type; not an endpoint of their own, but the parent of most records. Key: `id`. */
  campaigns: 'id',
  /** Vouchers, gift cards and loyalty cards. Key: `code` (lookups accept the `v_…` ID too). */
  vouchers: 'code',
  /** Customers. Key: `id` (lookups accept the `source_id` too). */
  customers: 'id',
  /** Products order items and material rewards refer to. Key: `id`. */
  products: 'id',
  rewards: 'id',
  rewardAssignments: 'id',
  /** Loyalty card transactions. */
  transactions: 'id',
  pendingPoints: 'id',
  redemptions: 'id',
  rollbacks: 'id',
  orders: 'id',
  publications: 'id',
  /** Customer redeemable entries (`rh_…`): which customer holds which voucher, in which role. */
  redeemables: 'id',
  templates: 'id',
  tiers: 'id',
  stacks: 'id',
  asyncActions: 'id',
  locations: 'id',
  /** Custom events received on `/client/v1/events`. */
  events: 'id',
  /** Session locks taken by stacked validations. Key: `key`. */
  sessions: 'key',
  /** Access tokens the mock knows. Key: `access_token`. */
  tokens: 'access_token',
  /** Vouchers deleted without `force`: in the bin, their codes still taken. Key: `code`. */
  binnedVouchers: 'code',
  /** The project's metadata schemas, one per kind of record or custom schema. Key: `related_object`. */
  metadataSchemas: 'related_object',
} as const satisfies Record<CollectionName, string>;

/** The mock's state: a `Map` per collection, keyed as {@link collectionKeys} says. */
export type Store = { [K in CollectionName]: Map<string, Rec> };

/** An empty store. */
export function emptyStore(): Store {
  const store = {} as Store;
  for (const name of Object.keys(collectionKeys) as CollectionName[]) store[name] = new Map();
  return store;
}

/** Finds a record by its key, or by the alternate key a collection accepts (voucher ID, customer or product source ID). */
export function find(store: Store, collection: CollectionName, key: string): Rec | undefined {
  const direct = store[collection].get(key);
  if (direct) return direct;
  if (collection === 'vouchers') return first(store.vouchers, (v) => v.id === key);
  if (collection === 'customers') return first(store.customers, (c) => c.source_id === key);
  if (collection === 'campaigns') return first(store.campaigns, (c) => c.name === key);
  if (collection === 'products') return first(store.products, (p) => p.source_id === key);
  return undefined;
}

/** The first record of a collection that matches. */
export function first(map: Map<string, Rec>, match: (record: Rec) => boolean): Rec | undefined {
  for (const record of map.values()) if (match(record)) return record;
  return undefined;
}

/** Every record of a collection that matches. */
export function where(map: Map<string, Rec>, match: (record: Rec) => boolean): Rec[] {
  const out: Rec[] = [];
  for (const record of map.values()) if (match(record)) out.push(record);
  return out;
}

/** Adds or replaces a record under its collection's key. */
export function put(store: Store, collection: CollectionName, record: Rec): Rec {
  store[collection].set(String(record[collectionKeys[collection]]), record);
  return record;
}

/**
 * Generates IDs in the service's style (`vtx_…`, `r_…`): a base-36 counter, so IDs of one kind
 * sort in creation order (cursor lists sort by ID), then pseudo-random letters. Deterministic:
 * the same sequence of calls yields the same IDs, and `reset()` starts the sequence again.
 */
export class IdGenerator {
  #counter = 0;
  #state = 0x2f6b1d;

  /** A new ID with the given prefix, e.g. `next('vtx_')`. */
  next(prefix: string): string {
    this.#counter += 1;
    return `${prefix}${this.#counter.toString(36).padStart(4, '0')}${this.letters(6)}`;
  }

  /** Pseudo-random letters and digits (for generated voucher codes and request IDs). */
  letters(count: number, alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'): string {
    let out = '';
    for (let i = 0; i < count; i++) out += alphabet[this.#random() % alphabet.length];
    return out;
  }

  // mulberry32: small, fast, and good enough for IDs that only need to look random.
  #random(): number {
    let t = (this.#state = (this.#state + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }
}

/** The mock's notion of "now": the real clock unless the options fix it. */
export type Clock = () => Date;

/** Builds the clock from the `now` option: a fixed moment, or a function called on every use. */
export function clockFrom(now: Date | string | (() => Date) | undefined): Clock {
  if (now === undefined) return () => new Date();
  if (typeof now === 'function') return now;
  const fixed = new Date(now);
  if (Number.isNaN(fixed.getTime())) throw new TypeError(`createMockService: the now option is not a valid date: ${String(now)}`);
  return () => new Date(fixed.getTime());
}

/** Everything a handler works with. */
export interface MockState {
  store: Store;
  /** The address the mock answers on, for links inside records (voucher assets). */
  baseUrl: string;
  ids: IdGenerator;
  now: Clock;
  credentials: MockCredentials;
  /** The `appKeysAlone` option: the `/v1` operations also accept `X-App-Id` and `X-App-Token` without `Authorization`. */
  appKeysAlone: boolean;
  /** Async actions made by `mock.createAsyncAction()`, which move one step per read. */
  asyncActionRuns: Map<string, AsyncActionRun>;
  /** The stacking rules the options set over the service's defaults (ops/checkout.ts). */
  stackingRules: Rec;
}

/** The credentials the mock accepts; pass them to `new Client({ ...mock.credentials })`. */
export interface MockCredentials {
  /** Sent as `X-App-Id`. */
  appId: string;
  /** Sent as `X-App-Token`. */
  appToken: string;
  /** An access token the mock reports active; sent as `Authorization: Bearer …`. */
  accessToken: string;
  /** Sent as `X-Client-Application-Id` on `/client/v1/events`. */
  clientApplicationId: string;
  /** Sent as `X-Client-Token` on `/client/v1/events`. */
  clientToken: string;
  /** The `origin` header a non-browser client sends on `/client/v1/events`. */
  origin: string;
}

/** ISO 8601 date-time with milliseconds, as the service writes them. */
export function iso(date: Date): string {
  return date.toISOString();
}

/** `now` moved by a number of days (negative for the past). */
export function daysFrom(now: Date, days: number): Date {
  return new Date(now.getTime() + days * 86_400_000);
}
