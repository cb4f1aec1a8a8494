/**
 * What a call's attempts tell about whether the service may have acted, for the `outcome` of the
 * error the call rejects with. The pipeline (send.ts) records each attempt: sent or not, and the
 * status it got. `not_sent` holds only until an attempt may have reached the service: any answer,
 * of any status, makes the call `rejected` or `unknown`.
 *
 * And the answer's check against its schema. What a call meets only when something went wrong
 * (its typed error, a body that deviates from its schema, a redirect refused) is failure.ts,
 * loaded by a client's first failure: a call that succeeds never loads it. When it cannot be
 * loaded, the call rejects with the loader's `ConfigurationError`, carrying the outcome the
 * attempts told and nothing of what the call threw.
 *
 * @module
 */
import { callOf, recordFailure, type Effect, type Operation } from './call.js';
import { describeValue, isA, PromokitError, type CallContext, type Outcome, isKyHttpError } from './errors.js';
import type { Failure } from './failure.js';
import type { Log } from './log.js';
import { readyToRead, type DeviationRecord, type ReadableSchema, type ResponseSchema, type ValidationMode } from './responses.js';
import { loadChunk } from './lazy.js';

/** The outcomes, from the one that says most about the service having not acted. */
const rank: readonly Outcome[] = ['not_sent', 'rejected', 'unknown'];

/** The outcome that says less about the service having acted not: `unknown` over `rejected` over `not_sent`. */
export function worse(a: Outcome, b: Outcome): Outcome {
  return rank.indexOf(a) >= rank.indexOf(b) ? a : b;
}

/**
 * What an answer with `status` says of a call:
 * - a 4xx, a 307 or a 308: `rejected` (a refusal; a 307 or 308 asks for the same request
 *   elsewhere, so the answering service did not act on it);
 * - a 2xx or a 5xx: `unknown` (applied but unconfirmed when its body cannot be read; maybe applied);
 * - any other status (300–306, 1xx, a browser's opaque redirect, 0): `unknown` for a call that
 *   changes state, since a redirect may follow a request processed (Post/Redirect/Get), else
 *   `rejected`.
 */
export function outcomeOf(status: number, changesState: boolean): Outcome {
  if (status === 307 || status === 308 || (status >= 400 && status < 500)) return 'rejected';
  if ((status >= 200 && status < 300) || status >= 500 || changesState) return 'unknown';
  return 'rejected';
}

/**
 * What a `fetch` threw, as the pipeline reads a network failure: an `Error` as it is (fetch's
 * `TypeError` with undici's cause, an abort), anything else a user's fetch threw (a promokit error
 * of another call, a string, `undefined`, a Proxy, a null-prototype object) as the `cause` of a
 * `TypeError`, a network failure that proves nothing about what was sent.
 */
export function fetchFailure(error: unknown): unknown {
  return isA(error, Error) && !isA(error, PromokitError) ? error : new TypeError(`fetch failed: ${describeValue(error, 120)}`, { cause: error });
}

/** True for what a `fetch` resolves: a `Response` (of this realm or another: undici's own), read defensively. */
export function isResponse(value: unknown): value is Response {
  try {
    const { status, headers } = value as Response;
    return typeof status === 'number' && typeof headers?.get === 'function';
  } catch {
    return false;
  }
}

/** failure.ts, loaded by a call's first failure; the loader's `ConfigurationError`, carrying `outcome`, when it cannot be. */
const failureModule = (outcome?: Outcome) => loadChunk('failure', () => import('./failure.js'), undefined, outcome);

/**
 * The error `make` builds with failure.ts, for a failure rarer than a call (input refused before
 * sending, an answer that is no JSON): a storefront's bundle carries none of their classes and
 * words. When failure.ts cannot be loaded: the loader's `ConfigurationError`, carrying `outcome`.
 */
export async function failureError(make: (module: typeof import('./failure.js')) => PromokitError, outcome?: Outcome): Promise<PromokitError> {
  return failureModule(outcome).then(make, (error: PromokitError) => error);
}

/**
 * The typed error of a call that failed after its attempts began (`mapError`, failure.ts), with
 * its outcome, its record and none of its secrets. When failure.ts cannot be loaded: the loader's
 * `ConfigurationError` naming it, with the outcome the attempts told and the call's record (so
 * `retryDecision` and `client.reconcile` read it as the call's error); it holds nothing of what
 * the call threw, so no secret.
 */
export async function typedError(thrown: unknown, context: CallContext, failure: Failure): Promise<PromokitError> {
  const { outcome } = failure;
  return failureModule(outcome).then(
    (module) => module.mapError(thrown, context, failure),
    (error: PromokitError) => {
      const status = isKyHttpError(thrown) ? thrown.response.status : undefined;
      recordFailure(error, context, failure, status, undefined);
      return error;
    },
  );
}

/**
 * The error a call rejects with when it failed before any attempt (its limits, the hooks'
 * module): an error {@link typedError} made, as it is; anything else through `unsent` (failure.ts),
 * or the loader's `ConfigurationError` (`not_sent`) when failure.ts cannot be loaded.
 */
export async function unsentError(
  thrown: unknown,
  call: { name: string; method: string; idempotent: boolean; effect?: Effect | undefined },
  changesState: boolean,
): Promise<PromokitError> {
  if (isA(thrown, PromokitError) && callOf(thrown)) return thrown;
  return failureModule().then(
    (module) => module.unsent(thrown, call, changesState),
    (error: PromokitError) => error,
  );
}

/**
 * `error` with every secret scrubbed from every rendering (`scrubbed`, failure.ts), for an error
 * made before the pipeline. When failure.ts cannot be loaded: a loader's own error as it is (it
 * holds no secret, and keeps its call's record), anything else replaced by the loader's
 * `ConfigurationError` (with `error`'s outcome, and nothing of `error`).
 */
export async function scrubbedError(error: PromokitError, secrets: readonly string[]): Promise<PromokitError> {
  return failureModule(error.outcome).then(
    (module) => module.scrubbed(error, secrets),
    (loadError: PromokitError) => ((error as { chunk?: unknown }).chunk ? error : loadError),
  );
}

/**
 * The `RateLimitError` of a call the client's pause after a 429 refuses, the pause longer than
 * `maxRetryDelay` (`cap`) with `left` ms to go (`pausedFor`, failure.ts); the loader's error
 * when failure.ts cannot be loaded. Nothing was sent.
 */
export async function pauseRefusal(operation: string, left: number, cap: number): Promise<PromokitError> {
  return failureModule().then(
    (module) => module.pausedFor(operation, left, cap),
    (error: PromokitError) => error,
  );
}

/**
 * The error of a call its limits did not admit (`error`, what they threw; `aborted`, the caller's
 * signal fired): made by failure.ts (`limitsError`), or the loader's error when it cannot be
 * loaded. Nothing was sent.
 */
export async function notAdmitted(operation: string, error: unknown, aborted: boolean): Promise<PromokitError> {
  return failureModule().then(
    (module) => module.limitsError(operation, error, aborted),
    (loadError: PromokitError) => loadError,
  );
}

/**
 * What a DELETE that failed with `error` settles with: the answer of a record already gone
 * (`goneAnswer`, failure.ts), or `error` itself. `error` as it is when failure.ts cannot be loaded.
 */
export async function goneOr(error: unknown, gone: Operation<unknown, unknown>['gone'], path: Record<string, string>): Promise<Response> {
  const answer =
    gone &&
    (await failureModule().then(
      (module) => module.goneAnswer(error, gone, path[gone.param] ?? ''),
      () => undefined,
    ));
  if (answer) return answer;
  throw error;
}

/**
 * The error for a 3xx answer (or a browser's opaque redirect), never followed: its body cancelled,
 * the error saying where it pointed made by failure.ts (or the loader's error, with `outcome`).
 */
export async function redirectError(response: Response, url: string, context: CallContext & { status: number }, outcome: Outcome): Promise<PromokitError> {
  void response.body?.cancel().catch(() => undefined);
  return failureModule(outcome).then(
    (module) => module.redirectError(response.headers.get('location'), url, context, outcome),
    (error: PromokitError) => error,
  );
}

/**
 * Checks a response body against its schema, in the client's validation mode: `off` returns it
 * unchecked; a body that matches (in `strict` mode, with no number read rounded) is returned as
 * it is, never copied or transformed. One that does not is judged by `deviating` (failure.ts,
 * loaded by the first deviation): an error, or the body returned with the deviation recorded.
 */
export async function checkResponse<T>(
  mode: ValidationMode,
  operation: string,
  schema: ResponseSchema<T>,
  body: unknown,
  log: Log,
  record: DeviationRecord,
): Promise<T> {
  if (mode === 'off') return body as T;
  const result = schema.safeParse(body);
  if (result.success && mode !== 'strict') return body as T;
  // Strict mode, or a body that breaks its schema: what the schema says of its paths and numbers,
  // loaded on first use.
  await (schema as ReadableSchema<T>)[readyToRead]?.();
  // Strict: a number read rounded (an integer past 2^53 - 1) is refused too, where the schema can tell.
  const inexact = (mode === 'strict' && schema.inexact?.(body)) || [];
  if (result.success && inexact.length === 0) return body as T;
  // The call was answered: a body that cannot be judged leaves its outcome unknown.
  return (await failureModule('unknown')).deviating(mode, operation, schema, body, log, record, result.success ? [] : result.error.issues, inexact);
}
