/**
 * promokit/client-side: the browser entry. Sends custom events with client-side keys; carries no
 * server-side operation and no server secret.
 *
 * ```ts
 * import { ClientEvents } from 'promokit/client-side';
 * const events = new ClientEvents({ baseUrl, clientApplicationId, clientToken });
 * await events.track({ event: 'newsletter_subscribed', customer: { source_id: 'cust-42' } });
 * ```
 *
 * Keys, origin, bundling and the bundle's size: [The browser entry](../docs/browser-entry.md).
 *
 * @module promokit/client-side
 * @category Browser entry
 */
export { ClientEvents, type ClientEventsOptions, type TrackEventParams, type TrackEventFields } from './resources/client-events.js';
export type { CommonOptions } from './core/config.js';
export type { AccessToken } from './core/credentials.js';
export type { RequestOptions, FetchOptions } from './core/call.js';
export type { APIPromise, WithResponse } from './core/pagination.js';
export type { Hooks, CallEvent, RequestEvent, ResponseEvent, RetryEvent, ErrorEvent } from './core/hooks.js';
export type { Logger, LogLevel } from './core/log.js';
export type { ValidationMode } from './core/responses.js';
export type {
  MetadataTypes,
  CustomEventTypes,
  MetadataKind,
  Metadata,
  CustomEventName,
  CustomEventMetadata,
  MetadataSchemas,
  EventSchemas,
  StandardSchemaV1,
} from './core/metadata.js';
export type { CustomerInput, AddressInput } from './resources/inputs/customer.js';
export type { EventAcknowledgment } from './schemas/event.js';
export {
  PromokitError,
  ConnectionError,
  TimeoutError,
  AbortError,
  CallError,
  RedirectError,
  ConfigurationError,
  InvalidRequestError,
  ResponseValidationError,
  type Issue,
  type CallContext,
  type Outcome,
  ToArrayLimitError,
  NoNextPageError,
} from './core/errors.js';
export {
  ApiError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  UnprocessableEntityError,
  RateLimitError,
  InternalServerError,
  type ApiErrorBody,
} from './core/api-errors.js';
