/**
 * The customer summary other records embed: a voucher's holder, a redemption's or a reward's
 * customer, the customer of an event.
 *
 * @module
 */
import * as z from 'zod/mini';
import type { Metadata } from '../core/metadata.js';
import { lazy, metadata, nullishStrings, type ShapeOf } from './base.js';

/**
 * A customer summary as embedded in other records (voucher holder, redemption, reward, event).
 * @category Shared responses
 */
export interface SimpleCustomer {
  /** `cust_…` */
  id?: string | null;
  /** Customer name. */
  name?: string | null;
  /** Customer email address. */
  email?: string | null;
  /** The merchant's own ID of the customer. */
  source_id?: string | null;
  /** The customer's metadata. */
  metadata?: Metadata<'customer'> | null;
  /** Always `customer`. */
  object?: string | null;
}

/** Schema of {@link SimpleCustomer}. */
export const simpleCustomerSchema: () => z.ZodMiniType<SimpleCustomer> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    ...nullishStrings('id', 'name', 'email', 'source_id'),
    metadata: z.nullish(metadata('customer')),
    object: z.nullish(z.string()),
  } satisfies ShapeOf<SimpleCustomer>),
);
