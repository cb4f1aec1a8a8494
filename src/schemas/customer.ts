/**
 * Customers: the summary other records embed (a voucher's holder, a redemption's or a reward's
 * customer, the customer of an event), and the customer record `client.customers` returns.
 *
 * @module
 */
import * as z from 'zod/mini';
import type { Metadata } from '../core/metadata.js';
import type { ListEnvelope } from '../core/pagination.js';
import { lazy, listOf, metadata, nullishStrings, type ShapeOf } from './base.js';

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

/**
 * A customer's postal address.
 * @category Customers
 */
export interface CustomerAddress {
  city?: string | null;
  state?: string | null;
  line_1?: string | null;
  line_2?: string | null;
  country?: string | null;
  postal_code?: string | null;
}

/**
 * What a customer has redeemed (`customer.summary.redemptions`).
 * @category Customers
 */
export interface CustomerRedemptionSummary {
  /** Redemptions of every result. */
  total_redeemed?: number | null;
  total_failed?: number | null;
  total_succeeded?: number | null;
  total_rolled_back?: number | null;
  total_rollback_failed?: number | null;
  total_rollback_succeeded?: number | null;
  /** Gift card credit: redeemed, and still to go, in the smallest currency unit. */
  gift?: { redeemed_amount?: number | null; amount_to_go?: number | null } | null;
  /** Loyalty card points: redeemed, and still to go. */
  loyalty_card?: { redeemed_points?: number | null; points_to_go?: number | null } | null;
}

/**
 * A customer's orders in status `PAID` or `FULFILLED` (`customer.summary.orders`), amounts in the
 * smallest currency unit.
 * @category Customers
 */
export interface CustomerOrderSummary {
  total_amount?: number | null;
  total_count?: number | null;
  average_amount?: number | null;
  last_order_amount?: number | null;
  /** ISO 8601 date-time. */
  last_order_date?: string | null;
}

/**
 * The points and referrals of one loyalty campaign of a customer, keyed by the campaign in
 * {@link CustomerLoyalty.campaigns}.
 * @category Customers
 */
export interface CustomerLoyaltyCampaign {
  points?: number | null;
  /** `ltr_…`: the customer's tier in the campaign. */
  loyalty_tier?: string | null;
  referred_customers?: number | null;
}

/**
 * A customer's loyalty points and referrals, in total and by campaign.
 * @category Customers
 */
export interface CustomerLoyalty {
  points?: number | null;
  referred_customers?: number | null;
  /** By campaign (the service keys them by campaign name or ID). */
  campaigns?: Record<string, CustomerLoyaltyCampaign | null> | null;
}

/**
 * One referral that brought a customer (`customer.referrals.campaigns`).
 * @category Customers
 */
export interface CustomerReferral {
  /** `camp_…` of the referral program. */
  campaign_id?: string | null;
  /** `cust_…` of the referrer. */
  referrer_id?: string | null;
  /** The record that credited the referral, e.g. `r_…`. */
  related_object_id?: string | null;
  /** Its kind, e.g. `redemption`. */
  related_object_type?: string | null;
  /** ISO 8601 date-time. */
  date?: string | null;
}

/**
 * A customer as `client.customers` returns it: who they are, their `metadata`, and a summary of
 * their redemptions, orders, loyalty points and referrals. `id` is always there; any other field
 * may be absent or null.
 * @category Customers
 */
export interface Customer {
  /** `cust_…`, assigned by the service. */
  id: string;
  /** Your own ID of the customer. */
  source_id?: string | null;
  name?: string | null;
  description?: string | null;
  email?: string | null;
  phone?: string | null;
  /** Date of birth, `YYYY-MM-DD` (older field). */
  birthday?: string | null;
  /** Date of birth, `YYYY-MM-DD`. */
  birthdate?: string | null;
  address?: CustomerAddress | null;
  /** The customer's metadata. */
  metadata?: Metadata<'customer'> | null;
  /** Metadata the service keeps itself. */
  system_metadata?: Record<string, unknown> | null;
  /** Redemptions and orders, counted. */
  summary?: { redemptions?: CustomerRedemptionSummary | null; orders?: CustomerOrderSummary | null } | null;
  loyalty?: CustomerLoyalty | null;
  /** The referrals that brought this customer, with their count. */
  referrals?: { total?: number | null; campaigns?: CustomerReferral[] | null } | null;
  /** Links to the customer's preference center. */
  assets?: { cockpit_url?: string | null; cockpit_preference_center_url?: string | null } | null;
  /** When the customer was created, ISO 8601 date-time. */
  created_at?: string | null;
  /** When the customer was last updated, ISO 8601 date-time. */
  updated_at?: string | null;
  /** Always `customer`. */
  object?: string | null;
}

/**
 * A page of customers (`client.customers.list`), under `customers`, with `total`.
 * @category Customers
 */
export interface CustomerList extends ListEnvelope {
  /** The customers of this page. */
  customers?: Customer[] | null;
}

const n = () => z.nullish(z.number());

/** Schema of {@link Customer}. */
export const customerSchema: () => z.ZodMiniType<Customer> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: z.string(),
    ...nullishStrings('source_id', 'name', 'description', 'email', 'phone', 'birthday', 'birthdate'),
    address: z.nullish(z.looseObject(nullishStrings('city', 'state', 'line_1', 'line_2', 'country', 'postal_code') satisfies ShapeOf<CustomerAddress>)),
    metadata: z.nullish(metadata('customer')),
    system_metadata: z.nullish(z.record(z.string(), z.unknown())),
    summary: z.nullish(
      z.looseObject({
        redemptions: z.nullish(
          z.looseObject({
            total_redeemed: n(),
            total_failed: n(),
            total_succeeded: n(),
            total_rolled_back: n(),
            total_rollback_failed: n(),
            total_rollback_succeeded: n(),
            gift: z.nullish(z.looseObject({ redeemed_amount: n(), amount_to_go: n() })),
            loyalty_card: z.nullish(z.looseObject({ redeemed_points: n(), points_to_go: n() })),
          } satisfies ShapeOf<CustomerRedemptionSummary>),
        ),
        orders: z.nullish(
          z.looseObject({
            total_amount: n(),
            total_count: n(),
            average_amount: n(),
            last_order_amount: n(),
            last_order_date: z.nullish(z.string()),
          } satisfies ShapeOf<CustomerOrderSummary>),
        ),
      } satisfies ShapeOf<Customer['summary']>),
    ),
    loyalty: z.nullish(
      z.looseObject({
        points: n(),
        referred_customers: n(),
        campaigns: z.nullish(
          z.record(
            z.string(),
            z.nullable(z.looseObject({ points: n(), loyalty_tier: z.nullish(z.string()), referred_customers: n() } satisfies ShapeOf<CustomerLoyaltyCampaign>)),
          ),
        ),
      } satisfies ShapeOf<CustomerLoyalty>),
    ),
    referrals: z.nullish(
      z.looseObject({
        total: n(),
        campaigns: z.nullish(
          z.array(
            z.looseObject(nullishStrings('campaign_id', 'referrer_id', 'related_object_id', 'related_object_type', 'date') satisfies ShapeOf<CustomerReferral>),
          ),
        ),
      } satisfies ShapeOf<Customer['referrals']>),
    ),
    assets: z.nullish(z.looseObject(nullishStrings('cockpit_url', 'cockpit_preference_center_url') satisfies ShapeOf<Customer['assets']>)),
    ...nullishStrings('created_at', 'updated_at', 'object'),
  } satisfies ShapeOf<Customer>),
);

/** Schema of {@link CustomerList}: the customers under `customers`. */
export const customerListSchema: () => z.ZodMiniType<CustomerList> = /* @__PURE__ */ lazy(() => listOf(customerSchema(), 'customers'));
