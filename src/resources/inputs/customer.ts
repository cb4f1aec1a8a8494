/**
 * A customer as sent in a request, and its rules.
 *
 * @module
 */
import { object, type Rule } from '../../core/inputs.js';
import type { Metadata, MetadataPlaces } from '../../core/metadata.js';

/**
 * A postal address of a customer.
 * @category Shared inputs
 */
export interface AddressInput {
  city?: string | undefined;
  state?: string | undefined;
  line_1?: string | undefined;
  line_2?: string | undefined;
  country?: string | undefined;
  postal_code?: string | undefined;
}

/**
 * A customer as sent in a request: identify an existing one by `id` (`cust_…`) or `source_id`
 * (your own ID); the other fields create or update the customer.
 * @category Shared inputs
 */
export interface CustomerInput {
  /** The service's customer ID, `cust_…`. */
  id?: string | undefined;
  /** Your own ID of the customer. */
  source_id?: string | undefined;
  name?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  /** Date of birth, `YYYY-MM-DD`. */
  birthday?: string | undefined;
  /** Date of birth, `YYYY-MM-DD`. */
  birthdate?: string | undefined;
  address?: AddressInput | null | undefined;
  /** Custom key/value pairs, checked against the customer metadata schema. */
  metadata?: Metadata<'customer'> | undefined;
}

/** Rules of a customer in a request: an object; its fields are the service's to check. */
export const customerRules: Rule<CustomerInput> = object<CustomerInput>();

/** Where a customer in a request holds metadata. */
export const customerPlaces: MetadataPlaces<CustomerInput> = { metadata: 'customer' };
