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
import type { Operation } from '../core/call.js';
import type { SubClientGuide } from './guide.js';
// joins:imports
import { asyncActionGuide, asyncActionOperations } from './async-actions.js';
import { campaignGuide, campaignOperations } from './campaigns.js';
import { clientEventGuide, clientEventOperations } from './client-events.js';
import { customerGuide, customerOperations } from './customers.js';
import { locationGuide, locationOperations } from './locations.js';
import { metadataSchemaGuide, metadataSchemaOperations } from './metadata-schemas.js';
import { loyaltyGuide, loyaltyOperations } from './loyalties.js';
import { oauthGuide, oauthOperations } from './oauth.js';
import { orderGuide, orderOperations } from './orders.js';
import { productGuide, productOperations } from './products.js';
import { promotionGuide, promotionOperations } from './promotions.js';
import { publicationGuide, publicationOperations } from './publications.js';
import { qualificationGuide, qualificationOperations } from './qualifications.js';
import { redemptionGuide, redemptionOperations } from './redemptions.js';
import { rewardGuide, rewardOperations } from './rewards.js';
import { templateGuide, templateOperations } from './templates.js';
import { validationGuide, validationOperations } from './validations.js';
import { voucherGuide, voucherOperations } from './vouchers.js';
import { skuGuide, skuOperations } from './skus.js';
// /joins

/** Every operation promokit types, by name. */
export const registry = {
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
 * The name of an operation promokit types, as `subClient.method` (`'vouchers.create'`): the
 * `operation` of its errors, log lines and hook events, and of `mock.inject({ operation })`.
 * @useDeclaredType
 * @category Client
 */
export type OperationName = keyof typeof registry;

/** Every operation's name, in the registry's order. */
export const operationNames = Object.keys(registry) as OperationName[];

/** The record of an operation. */
export function operationOf(name: OperationName): Operation<unknown, unknown> {
  return registry[name] as Operation<unknown, unknown>;
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
