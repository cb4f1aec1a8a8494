/**
 * `client.publications`: publishing (assigning) vouchers to customers.
 *
 * @module
 */
import type { APIPromise } from '../core/pagination.js';
import { all, boolean, integer, object, required, text, type Rule } from '../core/inputs.js';
import type { Metadata } from '../core/metadata.js';
import { loadCheckoutResponses } from './responses.js';
import { operation, operations, type Relies, type RequestOptions } from '../core/call.js';
import { APIResource } from '../core/resource.js';
import type { Publication } from '../schemas/publication.js';
import { customerPlaces, customerRules, type CustomerInput } from './inputs/customer.js';
import type { SubClientGuide } from './guide.js';

/**
 * Publications: vouchers assigned to customers.
 * @category Publications
 */
export class Publications extends APIResource {
  /**
   * Publishes a voucher to a customer: the voucher with the given code, or a voucher of the given
   * campaign. Returns the publication with the published `voucher` (or `vouchers` codes when
   * several were published).
   *
   * The service interface and the API page name `voucher` and `customer` as required; the
   * interface's request example (and the published spec) also publish from a `campaign` instead,
   * so the SDK accepts either `voucher` or `campaign`, and requires `customer`.
   *
   * `POST /v1/publications`, with `join_once` in the query string and the other fields in the
   * JSON body. With `join_once: true` the service gives the customer the same single code
   * however many requests arrive, so the call is safe to repeat and retried like a read (on
   * network errors, timeouts, 408, 429 and 5xx). Without it, it is not idempotent: never
   * retried on 5xx or timeouts (a voucher may have been published), only on 429 and on
   * connection failures where nothing was sent.
   *
   * @throws InvalidRequestError when `customer` is missing, neither `voucher` nor `campaign` is
   * given, or `campaign.count` is not an integer from 1 to 50; nothing is sent.
   * @throws BadRequestError (400 `missing_vouchers`, `voucher_already_published`,
   * `duplicate_source_id`) and NotFoundError (404, e.g. campaign not found).
   *
   * @example
   * ```ts
   * // POST /v1/publications
   * const publication = await client.publications.create({
   *   campaign: { name: 'Welcome 10%' },
   *   customer: { source_id: 'cust-42', email: 'ada@example.com' },
   *   join_once: true,
   * });
   * console.log(publication.voucher?.code);
   * ```
   */
  create(params: CreatePublicationParams, options?: RequestOptions): APIPromise<Publication> {
    return this.core.request(publicationOperations['publications.create'], {}, params, options);
  }
}

/** A publication names a `voucher` or a `campaign` to publish from. */
const voucherOrCampaign: Rule<CreatePublicationParams> = (value, path, issues) => {
  if (typeof value !== 'object' || value === null) return;
  const { voucher, campaign } = value as { voucher?: unknown; campaign?: unknown };
  if (voucher == null && campaign == null) issues.push({ path: [...path, 'voucher'], message: 'is required unless campaign is given' });
};

/** The operations of {@link Publications}, as the registry lists them (resources/registry.ts). */
export const publicationOperations = operations(loadCheckoutResponses, {
  'publications.create': operation<Publication, CreatePublicationParams>({
    method: 'POST',
    path: '/v1/publications',
    // Assigns a voucher to a customer: sending it twice could assign two, unless `join_once`
    // makes the service answer every repeat with the customer's one code.
    effect: (params) => (params?.join_once === true ? 'idempotent-write' : 'create'),
    trace: 'customer-redeemables',
    query: ['join_once'],
    rules: required(
      all(
        object<CreatePublicationParams>({
          customer: required(customerRules),
          voucher: text(1),
          campaign: object<PublicationCampaignInput>({ name: required(text(1)), count: integer(1, 50) }),
          source_id: text(1),
          channel: text(1),
          metadata: object(),
          join_once: boolean(),
        }),
        voucherOrCampaign,
      ),
    ),
    metadataPlaces: { metadata: 'publication', customer: customerPlaces },
  }),
});

/**
 * Where `client.publications` stands in the documentation: the reference's category of its class, and
 * what each method is for, in the order the home page lists them (`npm run operations` writes both).
 */
export const publicationGuide: SubClientGuide<keyof typeof publicationOperations> = {
  category: 'Publications',
  tasks: {
    'publications.create': 'give a customer a code from a campaign',
  },
};

/**
 * The response fields each operation of `client.publications` relies on (the tolerance policy, see
 * {@link Relies}): read by the documentation and the tests, never at run time.
 */
export const publicationRelies: Relies<keyof typeof publicationOperations> = {
  'publications.create': ['id'],
};

/**
 * The campaign to publish a voucher from, instead of a specific voucher code.
 * @category Publications
 */
export interface PublicationCampaignInput {
  /** Name (or `camp_…` ID) of the campaign. Required. */
  name: string;
  /** Number of vouchers to publish, an integer from 1 to 50. */
  count?: number | undefined;
}

/**
 * The fields of {@link CreatePublicationParams} other than the voucher source.
 * @category Publications
 */
export interface CreatePublicationFields {
  /** The customer receiving the voucher. Required. */
  customer: CustomerInput;
  /** Code of the voucher to publish. Required unless `campaign` is given. */
  voucher?: string | undefined;
  /** The campaign to publish a voucher from. Required unless `voucher` is given. */
  campaign?: PublicationCampaignInput | undefined;
  /** Your own ID of the publication; when given, one voucher at most is published per request. */
  source_id?: string | undefined;
  /** Distribution channel, free text (the default is `API`). */
  channel?: string | undefined;
  /** Custom key/value pairs stored on the publication. */
  metadata?: Metadata<'publication'> | undefined;
  /**
   * `true`: a customer always gets the same single code, however many publication requests
   * arrive for them; promokit then retries the call like a read. Sent in the query string, not
   * the body.
   */
  join_once?: boolean | undefined;
}

/**
 * Params of {@link Publications.create}: `customer`, plus `voucher` (a code) or `campaign` (to
 * publish one of its vouchers). `join_once` goes to the query string, the rest to the JSON body.
 * @category Publications
 */
export type CreatePublicationParams = CreatePublicationFields & ({ voucher: string } | { campaign: PublicationCampaignInput });
