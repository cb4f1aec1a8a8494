/**
 * Publications: the assignment of a voucher to a customer (service interface §2.16).
 *
 * @module
 */
import * as z from 'zod/mini';
import type { Metadata } from '../core/metadata.js';
import { lazy, metadata, nullishStrings, openEnum, type ShapeOf } from './base.js';
import { embeddedVoucherSchema, type EmbeddedVoucher } from './voucher.js';

/**
 * The customer a voucher was published to, with their loyalty and referral summaries.
 * @category Publications
 */
export interface PublicationCustomer {
  /** `cust_…` */
  id?: string | null;
  /** The merchant's own ID of the customer. */
  source_id?: string | null;
  /** Customer name. */
  name?: string | null;
  /** Customer email address. */
  email?: string | null;
  /** The customer's metadata. */
  metadata?: Metadata<'customer'> | null;
  /** Redemption and order totals of the customer. */
  summary?: Record<string, unknown> | null;
  /** Points and referred customers, overall and per campaign. */
  loyalty?: Record<string, unknown> | null;
  /** Referrals the customer took part in. */
  referrals?: Record<string, unknown> | null;
  /** When the customer was created, ISO 8601 date-time. */
  created_at?: string | null;
  /** When the customer was last updated, ISO 8601 date-time. */
  updated_at?: string | null;
  /** Always `customer`. */
  object?: string | null;
}

/**
 * A publication: one voucher (`voucher`) or several voucher codes (`vouchers`) assigned to a
 * customer. `id` is always there; any other field may be absent or null (a publication of several
 * codes may carry only `vouchers`, without `voucher`, `result` or `customer`).
 * @category Publications
 */
export interface Publication {
  /** `pub_…` */
  id: string;
  /** Always `publication`. */
  object?: string | null;
  /** When the voucher was published, ISO 8601 date-time. */
  created_at?: string | null;
  /** `cust_…` of the receiving customer. */
  customer_id?: string | null;
  /** The customer's source ID. */
  tracking_id?: string | null;
  /** Custom key/value pairs. */
  metadata?: Metadata<'publication'> | null;
  /** Where the publication came from: `API` by default, or a custom channel name. */
  channel?: 'API' | (string & {}) | null;
  /** The merchant's own ID of the publication. */
  source_id?: string | null;
  /** Always `SUCCESS`. */
  result?: 'SUCCESS' | (string & {}) | null;
  /** The receiving customer. */
  customer?: PublicationCustomer | null;
  /** `v_…` IDs of the published vouchers. */
  vouchers_id?: string[] | null;
  /** The published voucher, when one was published; may lack `id` and `object`. */
  voucher?: EmbeddedVoucher | null;
  /** Codes of the published vouchers, when several were published. */
  vouchers?: string[] | null;
}

/** Schema of {@link Publication}. */
export const publicationSchema: () => z.ZodMiniType<Publication> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: z.string(),
    ...nullishStrings('object', 'created_at', 'customer_id', 'tracking_id'),
    metadata: z.nullish(metadata('publication')),
    channel: z.nullish(openEnum()),
    source_id: z.nullish(z.string()),
    result: z.nullish(openEnum()),
    customer: z.nullish(
      z.looseObject({
        ...nullishStrings('id', 'source_id', 'name', 'email'),
        metadata: z.nullish(metadata('customer')),
        summary: z.nullish(z.looseObject({})),
        loyalty: z.nullish(z.looseObject({})),
        referrals: z.nullish(z.looseObject({})),
        ...nullishStrings('created_at', 'updated_at', 'object'),
      } satisfies ShapeOf<PublicationCustomer>),
    ),
    vouchers_id: z.nullish(z.array(z.string())),
    voucher: z.nullish(embeddedVoucherSchema()),
    vouchers: z.nullish(z.array(z.string())),
  } satisfies ShapeOf<Publication>),
);
