/**
 * Request-side shapes several operations share (a customer, an order, a session).
 *
 * @module
 */

/** A postal address of a customer. */
export interface AddressInput {
  city?: string;
  state?: string;
  line_1?: string;
  line_2?: string;
  country?: string;
  postal_code?: string;
}

/**
 * A customer as sent in a request: identify an existing one by `id` (`cust_…`) or `source_id`
 * (your own ID); the other fields create or update the customer.
 */
export interface CustomerInput {
  /** The service's customer ID, `cust_…`. */
  id?: string;
  /** Your own ID of the customer. */
  source_id?: string;
  name?: string;
  email?: string;
  phone?: string;
  /** Date of birth, `YYYY-MM-DD`. */
  birthday?: string;
  /** Date of birth, `YYYY-MM-DD`. */
  birthdate?: string;
  address?: AddressInput | null;
  /** Custom key/value pairs, checked against the customer metadata schema. */
  metadata?: Record<string, unknown>;
  [field: string]: unknown;
}
