/**
 * The storefront's failures: what the send path of a `ClientEvents` of its own (storefront-send.ts)
 * needs only once something went wrong, so that a storefront sending events that succeed ships none
 * of it. Whether a failed attempt is sent again, and after how long (the retry policy of a call that
 * may not be sent twice: a 429 whose `Retry-After` is at most `maxRetryDelay`, a connection refused
 * before anything was sent; never a 5xx or a timeout), and the typed error of a failed event
 * (failure.ts's, with the settings of a `ClientEvents` and none of its secrets).
 *
 * Loaded on first use, by an event's first failed attempt or refusal (a chunk of its own, beside
 * failure.ts, which it loads): when it cannot be loaded, the event rejects with the loader's
 * `ConfigurationError` naming it, carrying the outcome the attempts told, and is not sent again.
 *
 * @module
 */
import { askedWaitMs, LONGEST_ASKED_WAIT } from './api-errors.js';
import { missingSetting, type CredentialSettings, type SettingName } from './credentials.js';
import { isKyHttpError, networkCause, type CallContext, type Outcome, type PromokitError } from './errors.js';
import { failureError } from './outcome.js';
import { backoffMs, isNetworkError } from './retry.js';
import { nothingWasSent } from './runtime.js';

export { fetchFailure, redirectError } from './outcome.js';

/** The client whose settings and messages these are. */
const OWNER = 'ClientEvents';

/**
 * Whether the storefront sends an event again after the failure `error` (its `retry`-th retry would
 * follow), and how long it waits first: `[milliseconds]` to send it again; `[-1]` not to; and
 * `[-1, asked]` for a 429 asking to wait `asked` milliseconds, longer than `maxRetryDelay`: not
 * waited, its error says so. Only a 429 (its `Retry-After` waited, else a backoff of about 300 ms
 * doubling, half of it random, capped at `maxRetryDelay`) and a connection refused before anything
 * was sent are retried: an event may not be sent twice blindly.
 */
export function eventRetry(error: unknown, retry: number, maxRetryDelay: number): [wait: number, refused?: number] {
  let asked: number | undefined;
  if (isKyHttpError(error)) {
    if (error.response.status !== 429) return [-1];
    asked = askedWaitMs((header) => error.response.headers.get(header));
    if (asked! > maxRetryDelay) return [-1, asked];
  } else if (!(isNetworkError(error) && nothingWasSent(networkCause(error)))) return [-1];
  // Waited at most a day, however long `maxRetryDelay` lets the service ask for.
  return [asked! >= 0 ? Math.min(asked!, LONGEST_ASKED_WAIT) : backoffMs(retry, maxRetryDelay, Math.random)];
}

/**
 * The refusal of an event a setting of `settings` or `baseUrl` is absent from (no `baseUrl`, no
 * client-side key, an `accessToken` or, outside browsers, an `origin` empty or absent): the first
 * in that order is named, nothing sent.
 */
export function missing(settings: CredentialSettings, baseUrl: string | undefined): PromokitError {
  const absent = (value: unknown) => typeof value !== 'string' || value === '';
  const { accessToken, clientApplicationId, clientToken } = settings;
  const option: SettingName = absent(baseUrl)
    ? 'baseUrl'
    : absent(clientApplicationId)
      ? 'clientApplicationId'
      : absent(clientToken)
        ? 'clientToken'
        : accessToken !== undefined && absent(accessToken)
          ? 'accessToken'
          : 'origin';
  return missingSetting(OWNER, option);
}

/** The refusal of a `keepalive` event whose body is longer than fetch allows, nothing sent (failure.ts). */
export function keepaliveRefusal(operation: string): Promise<PromokitError> {
  return failureError((module) => module.keepaliveRefusal(operation));
}

/** The error for a `fetch` option that resolved no `Response` (failure.ts). */
export function notResponse(value: unknown): Promise<PromokitError> {
  return failureError((module) => module.notResponse(value));
}

/** The error for an acknowledgment that is not JSON (failure.ts): the event may have been recorded. */
export function notJson(operation: string, text: string): Promise<PromokitError> {
  return failureError((module) => module.notJson(operation, text), 'unknown');
}

/**
 * The typed error of an event that failed (`thrown`, after `at.attempts` attempts to `at.host`, each of
 * `timeout` milliseconds; `body` the text of the last response read), with the outcome the
 * attempts told and none of the secrets (`secrets`: the bearer token it may have sent, the client
 * token) in any of its fields; `refused`, the wait a 429 asked that was longer than `maxRetryDelay`
 * (failure.ts's `mapError`, loaded then: when it cannot be, the loader's error with the outcome).
 */
export function eventError(
  thrown: unknown,
  at: CallContext & { status: number },
  signal: AbortSignal | undefined,
  timeout: number,
  body: string,
  outcome: Outcome,
  secrets: readonly unknown[],
  refused: number | undefined,
  maxRetryDelay: number,
): Promise<PromokitError> {
  // Where it went and its attempts, without the last one's status (mapError gives one to an answer's error).
  const { operation, method, host, attempts } = at;
  const context: CallContext = { operation, method, host, attempts };
  return failureError(
    (module) =>
      module.mapError(thrown, context, {
        signal,
        timeout,
        body,
        outcome,
        changesState: true,
        effect: 'create',
        secrets: secrets.filter((secret): secret is string => typeof secret === 'string' && secret !== ''),
        credentials: { advice: () => `check the credentials given to new ${OWNER}()` } as never,
        auth: 'client',
        refusedWaitMs: refused,
        maxRetryDelay,
      }),
    outcome,
  );
}
