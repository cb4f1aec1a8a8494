/**
 * Publications: the assignment of a voucher to a customer (service interface §2.16).
 *
 * @module
 */
import * as z from 'zod/mini';
import { lazy, metadata, openEnum } from './base.js';
import { voucherSchema } from './voucher.js';

/** The customer a voucher was published to, with their loyalty and referral summaries. */
const publicationCustomer = () =>
  z.looseObject({
    /** `cust_…` */
    id: z.nullish(z.string()),
    /** The merchant's own ID of the customer. */
    source_id: z.nullish(z.string()),
    name: z.nullish(z.string()),
    email: z.nullish(z.string()),
    metadata: z.nullish(metadata()),
    /** Redemption and order totals of the customer. */
    summary: z.nullish(z.looseObject({})),
    /** Points and referred customers, overall and per campaign. */
    loyalty: z.nullish(z.looseObject({})),
    /** Referrals the customer took part in. */
    referrals: z.nullish(z.looseObject({})),
    created_at: z.nullish(z.string()),
    updated_at: z.nullish(z.string()),
    /** Always `customer`. */
    object: z.nullish(z.string()),
  });

/** Schema of {@link Publication}. */
export const publicationSchema = lazy(() =>
  z.looseObject({
    /** `pub_…` */
    id: z.string(),
    /** Always `publication`. */
    object: z.string(),
    created_at: z.nullish(z.string()),
    /** `cust_…` of the receiving customer. */
    customer_id: z.nullish(z.string()),
    /** The customer's source ID. */
    tracking_id: z.nullish(z.string()),
    metadata: z.nullish(metadata()),
    /** Where the publication came from: `API` by default, or a custom channel name. */
    channel: z.nullish(openEnum(['API'])),
    /** The merchant's own ID of the publication. */
    source_id: z.nullish(z.string()),
    /** Always `SUCCESS`. */
    result: z.nullish(openEnum(['SUCCESS'])),
    customer: z.nullish(publicationCustomer()),
    /** `v_…` IDs of the published vouchers. */
    vouchers_id: z.nullish(z.array(z.string())),
    /** The published voucher, when one was published. */
    voucher: z.nullish(voucherSchema()),
    /** Codes of the published vouchers, when several were published. */
    vouchers: z.nullish(z.array(z.string())),
  }),
);

/**
 * A publication: one voucher (`voucher`) or several voucher codes (`vouchers`) assigned to a
 * customer.
 */
export interface Publication extends z.infer<ReturnType<typeof publicationSchema>> {}
