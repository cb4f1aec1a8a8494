/**
 * promokit/testing: a stateful, in-memory mock of the service for your tests, demos and local
 * development. Every operation promokit types, the service's rules, and a realistic data set.
 *
 * ```ts
 * import { Client } from 'promokit';
 * import { createMockService } from 'promokit/testing';
 *
 * const mock = createMockService();
 * const client = new Client({ fetch: mock.fetch, baseUrl: mock.baseUrl, ...mock.credentials });
 * ```
 *
 * - `mock.fetch`: no network at all;
 * - `await mock.listen()`: a real HTTP server on 127.0.0.1 (browsers on this machine, other tools);
 * - `mock.handlers(http)`: msw handlers, for projects that already use msw.
 *
 * `mock.inject({ fault })` makes the next requests meet a fault (an error status, no answer, a
 * connection dropped before or after the service acts, a slow answer, an unreadable body), the
 * same through all three, to test how your code recovers.
 *
 * `mock.route('METHOD /path/{param}', handler)` serves an operation promokit does not wrap, for
 * code that calls it with `client.request()`: same credentials checks, request log and faults as
 * the built-in operations.
 *
 * It is for tests only: it accepts fixed, published credentials, and `listen()` binds 127.0.0.1
 * and answers CORS for pages on this machine only.
 *
 * Importing this entry loads neither msw nor any Node built-in.
 *
 * The data set, the rules it enforces and recipes for tests: [Testing with the mock
 * service](../../docs/testing-with-the-mock-service.md).
 *
 * @module promokit/testing
 * @category Testing entry
 */
export { createMockService, type MockService, type MockServiceOptions, type MockRequestLogEntry, type MswHttpLike } from './service.js';
export type { MockServer, ListenOptions } from './node-server.js';
export type { MockFault, MockInjectOptions } from './faults.js';
export type { MockDistortion } from './distort.js';
export type { MockRouteHandler, MockRouteRequest, MockRouteResponse, MockRouteOptions } from './user-routes.js';
export type { MockOperation } from './router.js';
export type { MockAsyncActionOptions } from './async-action-runs.js';
export type { MockRateLimit } from './rate-limit.js';
export type { MockSeedIds } from './data.js';
export type { MockCredentials, CollectionName as MockCollectionName } from './store.js';
export type { MockRecords, MockStore, MockSeedInput, MockCampaign, MockToken, MockEvent, MockSession } from './records.js';
