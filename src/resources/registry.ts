/**
 * The registry: every operation of the service that promokit types, each declared once, as data,
 * in the operations table of its sub-client's file. Everything else that lists operations derives
 * from this one list, so a forgotten piece fails `tsc` or a test instead of a review:
 *
 * - the sub-clients' methods, one line each (`this.core.request(voucherOperations['vouchers.create'], …)`);
 * - the tolerance policy: each record's `relies`, the response fields promokit relies on;
 * - the mock service's handler table (`promokit/testing`), a record per {@link OperationName};
 * - the tests' fixtures, the fault matrix and the bad-input lists, keyed by {@link OperationName};
 * - the documentation's operation tables and counts (`npm run operations`, checked in CI), and
 *   from each sub-client's guide (`subClientGuides`) the reference's category order and the home
 *   page's "Find your method" table.
 *
 * A record holds the operation's name (its key), HTTP method, path template and credentials group;
 * its effect (read, idempotent write, spend or create), which decides its retry policy; how
 * `client.reconcile` finds its trace; its params rules, response schema and the fields it relies
 * on; its paging strategy and where its params carry metadata. See `Operation` (core/call.ts).
 *
 * Not exported from the package as a value (its records are internals); its names are, as the
 * type {@link OperationName}.
 *
 * @module
 */
import type { Operation, Relies, ResponseOf } from '../core/call.js';
import type { ResponseSchema } from '../core/responses.js';
import type { SubClientGuide } from './guide.js';
// joins:imports
import { asyncActionGuide, asyncActionOperations, asyncActionRelies } from './async-actions.js';
import { campaignGuide, campaignOperations, campaignRelies } from './campaigns.js';
import { clientEventGuide, clientEventOperations, clientEventRelies } from './client-events.js';
import { customerGuide, customerOperations, customerRelies } from './customers.js';
import { locationGuide, locationOperations, locationRelies } from './locations.js';
import { loyaltyGuide, loyaltyOperations, loyaltyRelies } from './loyalties.js';
import { metadataSchemaGuide, metadataSchemaOperations, metadataSchemaRelies } from './metadata-schemas.js';
import { oauthGuide, oauthOperations, oauthRelies } from './oauth.js';
import { orderGuide, orderOperations, orderRelies } from './orders.js';
import { productGuide, productOperations, productRelies } from './products.js';
import { promotionGuide, promotionOperations, promotionRelies } from './promotions.js';
import { publicationGuide, publicationOperations, publicationRelies } from './publications.js';
import { qualificationGuide, qualificationOperations, qualificationRelies } from './qualifications.js';
import { redemptionGuide, redemptionOperations, redemptionRelies } from './redemptions.js';
import { rewardGuide, rewardOperations, rewardRelies } from './rewards.js';
import { skuGuide, skuOperations, skuRelies } from './skus.js';
import { templateGuide, templateOperations, templateRelies } from './templates.js';
import { validationGuide, validationOperations, validationRelies } from './validations.js';
import { voucherGuide, voucherOperations, voucherRelies } from './vouchers.js';
// /joins
// joins:response-imports
import { checkoutResponses } from './checkout-responses.js';
import { clientEventResponses } from './client-event-responses.js';
import { loyaltyResponses } from './loyalty-responses.js';
import { managementResponses } from './management-responses.js';
// /joins

/** Every operation's record, by name: what its method calls with (resources/<sub-client>.ts). */
const records = {
  // joins:operations
  ...oauthOperations,
  ...loyaltyOperations,
  ...voucherOperations,
  ...templateOperations,
  ...promotionOperations,
  ...redemptionOperations,
  ...validationOperations,
  ...qualificationOperations,
  ...orderOperations,
  ...publicationOperations,
  ...customerOperations,
  ...rewardOperations,
  ...asyncActionOperations,
  ...locationOperations,
  ...clientEventOperations,
  ...productOperations,
  ...metadataSchemaOperations,
  ...campaignOperations,
  ...skuOperations,
  // /joins
} as const;

/**
 * Every operation's response schema, by name: the responses modules of the groups of sub-clients,
 * which the SDK loads with the first call of a group. Typed by the records: every operation has
 * one, of its response type.
 */
const schemas: { readonly [N in keyof typeof records]: () => ResponseSchema<ResponseOf<(typeof records)[N]>> } = {
  // joins:responses
  ...checkoutResponses,
  ...clientEventResponses,
  ...loyaltyResponses,
  ...managementResponses,
  // /joins
};

/** The response fields every operation relies on (the tolerance policy), by name: each sub-client's `Relies`. */
const relies: Relies<keyof typeof records> = {
  // joins:relies
  ...asyncActionRelies,
  ...campaignRelies,
  ...clientEventRelies,
  ...customerRelies,
  ...locationRelies,
  ...loyaltyRelies,
  ...metadataSchemaRelies,
  ...oauthRelies,
  ...orderRelies,
  ...productRelies,
  ...promotionRelies,
  ...publicationRelies,
  ...qualificationRelies,
  ...redemptionRelies,
  ...rewardRelies,
  ...skuRelies,
  ...templateRelies,
  ...validationRelies,
  ...voucherRelies,
  // /joins
};

/** Every operation promokit types, by name: its record, its response schema and the fields it relies on. */
export const registry = Object.fromEntries(
  Object.entries(records).map(([name, record]) => [name, { ...record, schema: schemas[name as OperationName], relies: relies[name as OperationName] }]),
) as { readonly [N in keyof typeof records]: (typeof records)[N] & Described<ResponseOf<(typeof records)[N]>> };

/** What the registry adds to a record: its response schema and the fields it relies on. */
interface Described<T> {
  /** Builds the response schema on first use. */
  readonly schema: () => ResponseSchema<T>;
  /** The response fields promokit relies on (see `Relies`). */
  readonly relies: readonly string[];
}

/**
 * The name of an operation promokit types, as `subClient.method` (`'vouchers.create'`): the
 * `operation` of its errors, log lines and hook events, and of `mock.inject({ operation })`.
 * @useDeclaredType
 * @category Client
 */
export type OperationName = keyof typeof records;

/** Every operation's name, in the registry's order. */
export const operationNames = Object.keys(registry) as OperationName[];

/** The record of an operation, with its response schema and the fields it relies on. */
export function operationOf(name: OperationName): Operation<unknown, unknown> & Described<unknown> {
  return registry[name] as Operation<unknown, unknown> & Described<unknown>;
}

/**
 * The service operations a record stands for: two when its path has an optional segment (the
 * loyalty member operations, with and without `campaign_id`), else one.
 */
export function endpointsOf(op: Pick<Operation<unknown, unknown>, 'path'>): string[] {
  const optional = /\/\{(\w+)\?\}/;
  const found = optional.exec(op.path);
  if (!found) return [op.path];
  return [op.path.replace(optional, `/{${found[1]}}`), op.path.replace(optional, '')];
}

/** How many service operations the registry covers (each path variant counts). */
export function endpointCount(): number {
  return operationNames.reduce((sum, name) => sum + endpointsOf(registry[name]).length, 0);
}

/**
 * Every sub-client's guide (resources/guide.ts), in the reference's order: the order of their
 * categories in the reference's sidebar, and of the home page's "Find your method" table. Read by
 * `npm run operations` alone.
 */
export const subClientGuides: readonly SubClientGuide<never>[] = [
  // joins:guides
  voucherGuide,
  qualificationGuide,
  validationGuide,
  redemptionGuide,
  loyaltyGuide,
  promotionGuide,
  templateGuide,
  orderGuide,
  publicationGuide,
  customerGuide,
  productGuide,
  campaignGuide,
  rewardGuide,
  asyncActionGuide,
  locationGuide,
  oauthGuide,
  clientEventGuide,
  metadataSchemaGuide,
  skuGuide,
  // /joins
];
