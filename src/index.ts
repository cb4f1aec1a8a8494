/**
 * promokit: a typed client for the loyalty, voucher and promotion service.
 *
 * ```ts
 * import { Client } from 'promokit';
 * const client = new Client({ baseUrl, appId, appToken, accessToken });
 * ```
 *
 * @module promokit
 */
export { Client, type ClientOptions } from './client.js';
export type { CommonOptions } from './core/config.js';
export type { AccessToken } from './core/auth.js';
export type { RequestOptions } from './core/http.js';
export type { Logger, LogLevel } from './core/log.js';
export type { ValidationMode } from './core/validate.js';
export * from './core/errors.js';
export { Page, PagePromise, type ListEnvelope } from './core/pagination.js';
export { idKind, type IdKind } from './id-kind.js';
export { ClientEvents, type ClientEventsOptions, type TrackEventParams } from './resources/client-events.js';
export type { AsyncActions, ListAsyncActionsParams } from './resources/async-actions.js';
export type { Loyalties, GetMemberParams, ListTransactionsParams } from './resources/loyalties.js';
export type { OAuth } from './resources/oauth.js';
export type { CursorListParams, PageListParams, ListFilters, ListOrder } from './resources/shared.js';
export type { CustomerInput, AddressInput } from './resources/inputs.js';
export type * from './schemas/index.js';
