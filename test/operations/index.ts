/**
 * Every operation's test data, by name: fixture bodies, calls to the mock service, the fault
 * matrix's cases, bad inputs and the contract check's calls, each operation's in one record in the
 * file of its sub-client (this folder mirrors src/resources/). The suite's tables are built from
 * here: test/fixtures/by-method.ts, test/reliability/harness/operations.ts and bad-inputs.ts, and
 * scripts/contract-check.mjs. Keyed by `OperationName`: an operation of the registry without its
 * record does not compile.
 */
import type { OperationName } from '../../src/index.js';
import type { OperationTestData } from './types.js';
// joins:imports
import { asyncActionTestData } from './async-actions.js';
import { campaignTestData } from './campaigns.js';
import { clientEventTestData } from './client-events.js';
import { customerTestData } from './customers.js';
import { locationTestData } from './locations.js';
import { loyaltyTestData } from './loyalties.js';
import { metadataSchemaTestData } from './metadata-schemas.js';
import { oauthTestData } from './oauth.js';
import { orderTestData } from './orders.js';
import { productTestData } from './products.js';
import { promotionTestData } from './promotions.js';
import { publicationTestData } from './publications.js';
import { qualificationTestData } from './qualifications.js';
import { redemptionTestData } from './redemptions.js';
import { rewardTestData } from './rewards.js';
import { templateTestData } from './templates.js';
import { validationTestData } from './validations.js';
import { voucherTestData } from './vouchers.js';
import { skuTestData } from './skus.js';
// /joins

export type { ContractCall, MockCallContext, OperationTestData } from './types.js';

/** Every operation's test data. */
export const operationTestData: { readonly [N in OperationName]: OperationTestData } = {
  // joins:records
  ...oauthTestData,
  ...loyaltyTestData,
  ...voucherTestData,
  ...templateTestData,
  ...promotionTestData,
  ...redemptionTestData,
  ...validationTestData,
  ...qualificationTestData,
  ...orderTestData,
  ...publicationTestData,
  ...customerTestData,
  ...rewardTestData,
  ...asyncActionTestData,
  ...locationTestData,
  ...clientEventTestData,
  ...productTestData,
  ...metadataSchemaTestData,
  ...campaignTestData,
  ...skuTestData,
  // /joins
};
