/**
 * The loaders of the sub-clients' response schemas, in three modules by what a program calls
 * together, each a chunk of its own: a program loads those of a group with the first call of any
 * of its sub-clients (the loader's `ConfigurationError` naming the chunk when it cannot, nothing
 * sent), and never those of the groups it does not call.
 *
 * @module
 */
import type { ResponseTable } from '../core/call.js';
import { loadChunk } from '../core/lazy.js';

/** The response schemas of `client.loyalties` and `client.rewards` (loyalty-responses.ts). */
export const loadLoyaltyResponses = (): Promise<ResponseTable> =>
  loadChunk('loyalty-responses', () => import('./loyalty-responses.js')).then((module) => module.loyaltyResponses);

/**
 * The response schemas of what a checkout calls: `client.vouchers`, `client.validations`,
 * `client.qualifications`, `client.redemptions`, `client.promotions`, `client.orders`,
 * `client.customers` and `client.publications` (checkout-responses.ts).
 */
export const loadCheckoutResponses = (): Promise<ResponseTable> =>
  loadChunk('checkout-responses', () => import('./checkout-responses.js')).then((module) => module.checkoutResponses);

/**
 * The response schemas of the setup and management of a project: `client.campaigns`,
 * `client.templates`, `client.products`, `client.skus`, `client.locations`,
 * `client.metadataSchemas`, `client.asyncActions` and `client.oauth` (management-responses.ts).
 */
export const loadManagementResponses = (): Promise<ResponseTable> =>
  loadChunk('management-responses', () => import('./management-responses.js')).then((module) => module.managementResponses);
