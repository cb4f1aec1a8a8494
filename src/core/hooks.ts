/**
 * Telemetry hooks: the `hooks` option of `Client` and `ClientEvents`. The pipeline reports each
 * attempt (`request`, `response`), each retry and each failed call (`error`); this module builds
 * the events and calls the hooks so that a hook can neither break nor slow a call down beyond its
 * own run time, nor see a secret.
 *
 * @module
 */
import { ConfigurationError, describeValue, type PromokitError } from './errors.js';
import { scrubText, type Log } from './log.js';
import { checkHookHeader } from './runtime.js';

/**
 * What every event carries.
 * @category Client
 */
export interface CallEvent {
  /** The operation, named `subClient.method` as the reference names methods. */
  operation: string;
  /** The HTTP method, e.g. `GET`. */
  method: string;
  /** The request URL with path and query (credentials travel in headers, never in it). */
  url: string;
  /**
   * The attempt, 1 for the first. A `retry` event names the attempt that failed (the next is
   * `attempt + 1`); an `error` event the attempts made (`0` when none was sent).
   */
  attempt: number;
  /** The same number on every event of one call, and on no other call's: joins a call's events. */
  callId: number;
}

/**
 * Sent to `hooks.request` just before each attempt is sent.
 * @category Client
 */
export interface RequestEvent extends CallEvent {
  /**
   * Adds a header to this attempt, e.g. W3C `traceparent`. The credential headers (`Authorization`,
   * the app and client tokens and ids, `origin`) can be neither read nor replaced: setting one
   * throws a `ConfigurationError`, and a hook that throws changes nothing about the call.
   */
  setHeader(name: string, value: string): void;
}

/**
 * Sent to `hooks.response` for every attempt that got a complete HTTP response, whatever its status.
 * @category Client
 */
export interface ResponseEvent extends CallEvent {
  /** The HTTP status of this attempt's response. */
  status: number;
  /** Milliseconds this attempt took, from sending to the last byte of the body. */
  durationMs: number;
  /** The service's request id (the `x-request-id` header), when it sent one. */
  requestId?: string | undefined;
}

/**
 * Sent to `hooks.retry` when an attempt failed and the next one waits its delay.
 * @category Client
 */
export interface RetryEvent extends CallEvent {
  /** Milliseconds the SDK waits before the next attempt: backoff with jitter, or `Retry-After`. */
  delayMs: number;
  /** Why the attempt failed: `status 503`, `timeout` or `connection failure (ECONNRESET)`. */
  reason: string;
}

/**
 * Sent to `hooks.error` once per call, when the call rejects.
 * @category Client
 */
export interface ErrorEvent extends CallEvent {
  /** The error the call rejects with. */
  error: PromokitError;
  /** Milliseconds the whole call took, retries and waits included. */
  durationMs: number;
}

/**
 * The `hooks` option: functions called with the events of every call, e.g. to count calls, time
 * attempts or open OpenTelemetry spans. Hooks run synchronously inside the call and are not
 * awaited; a hook that throws (or returns a promise that rejects) is logged once at `warn` and
 * changes nothing about the call. No event holds a secret, in any field or in its JSON.
 *
 * The events of a call that passes its input checks: `request` (attempt 1), `response` (when an
 * HTTP response arrived), then for each retry `retry`, `request`, `response`, … and, when the call
 * rejects, one `error`. Input refused before anything is sent (`InvalidRequestError`), a
 * missing `baseUrl`, and a call that never started (aborted, or refused by a `limiter`, while it
 * waited for the server `Client`'s limits) raise no event.
 *
 * Hooks, `withResponse()`, request ids and an OpenTelemetry recipe: [Observability](../../docs/observability.md).
 *
 * @category Client
 */
export interface Hooks {
  /** Every attempt, just before it is sent; `setHeader` adds a header to that attempt. */
  request?(event: RequestEvent): void;
  /** Every attempt that got an HTTP response, any status. */
  response?(event: ResponseEvent): void;
  /** Before waiting for the next attempt. */
  retry?(event: RetryEvent): void;
  /** Once per call, when the call rejects. */
  error?(event: ErrorEvent): void;
}

/** The fields each hook's event adds to {@link CallEvent}. */
type Fields<K extends keyof Hooks> = Omit<Parameters<NonNullable<Hooks[K]>>[0], keyof CallEvent>;

/** Reports one event of a call; returns false when the hook threw. */
export type Emit = <K extends keyof Hooks>(name: K, attempt: number, fields: Fields<K>) => boolean;

let lastCallId = 0;

/** Hooks that threw already: each is logged once, however often it throws. */
const warned = new WeakSet<object>();

/**
 * The event reporter of one call. `secrets` are the call's: no text of an event holds one (a
 * `reason` or a `requestId` the service echoed), and the error an `error` event carries is
 * already scrubbed.
 */
export function callEvents(
  hooks: Hooks,
  log: Log,
  { name: operation, method }: { name: string; method: string },
  url: string,
  secrets: () => readonly string[],
): Emit {
  const callId = ++lastCallId;
  return (name, attempt, fields) => {
    const hook = hooks[name] as ((event: object) => PromiseLike<unknown> | undefined) | undefined;
    const failed = (error: unknown): void => {
      if (!warned.has(hook!)) log.write('warn', `promokit: the ${name} hook threw, ignored (logged once): ${describeValue(error)}`);
      warned.add(hook!);
    };
    try {
      if (!hook) return true;
      const event: Record<string, unknown> = { operation, method, url, attempt, callId, ...fields };
      for (const key in event) if (typeof event[key] === 'string') event[key] = scrubText(event[key] as string, secrets());
      // Not awaited: an async hook's rejection is only logged, never left unhandled.
      hook(event)?.then?.(undefined, failed);
      return true;
    } catch (error) {
      failed(error);
      return false;
    }
  };
}

/**
 * Reports an attempt to the request hook and sets on `request` the headers the hook asked for, once
 * it returned, and returns them (for a transport that sends plain headers): a hook that throws
 * changes nothing. `credentials` are the attempt's credential
 * headers, which no hook may set.
 */
export function reportRequest(emit: Emit, attempt: number, credentials: Record<string, string>, request: Request): Record<string, string> | undefined {
  const set: Record<string, string> = {};
  if (!emit('request', attempt, { setHeader: (name, value) => void (set[settable(name, value, credentials)] = value) })) return undefined;
  for (const name in set) request.headers.set(name, set[name]!);
  return set;
}

/** `name`, when a hook may set that header on a request with these `credentials` headers; else throws. */
export function settable(name: string, value: string, credentials: Record<string, string>): string {
  if (name.toLowerCase() in credentials) throw new ConfigurationError('hooks', `setHeader: ${name} is a credential header`);
  // Refused here, in the hook: a header fetch cannot send would otherwise fail the call itself.
  checkHookHeader(name, value);
  return name;
}
