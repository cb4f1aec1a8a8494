/**
 * What the retry policy (shared/docs/API.md "Retry policy") promises for each fault and each
 * class of operation: how many requests reach the server, how many attempts the client makes,
 * what the call settles with, and how long it may take.
 */
import type { Outcome as CallOutcome } from '../../../src/index.js';
import { IDEMPOTENT_CLASSES, type OperationClass } from './operations.js';
import { FAULTS, type Fault } from './server.js';

/**
 * Settings of the suite's clients: small, so a full matrix runs in seconds. `timeout` is what the
 * faults that wait for it (`no-answer`, `stalled-body`) run with; every other call runs with
 * `patientTimeout`, so a loaded CI machine (other test files run beside this one) never turns a
 * healthy answer into a timeout. A timeout never enters the bound of those calls.
 */
export const TUNING = { timeout: 300, patientTimeout: 10_000, maxRetries: 2, maxRetryDelay: 50 } as const;

/**
 * Scheduling allowance added to every bound: two cores, dozens of calls in flight, other test
 * files beside, a machine loaded to 7 (a call of 0 ms took 1,296 ms there). A bound catches a
 * wait that never ends or one per attempt too many, not a slow machine.
 */
export const ALLOWANCE_MS = 5_000;

export type Outcome =
  | 'ok'
  | 'ConnectionError'
  | 'TimeoutError'
  | 'InternalServerError'
  | 'RateLimitError'
  | 'ConflictError'
  | 'UnprocessableEntityError'
  | 'RedirectError'
  | 'ResponseValidationError';

export interface Expected {
  /** Requests the server receives. */
  seen: number;
  /** Fetch attempts the client makes (differs from `seen` only when the connection is refused). */
  attempts: number;
  outcome: Outcome;
  /** The error's `outcome` (whether the service may have acted), or `ok` when the call resolves. */
  callOutcome: CallOutcome | 'ok';
  /**
   * The error's message says the call may have been applied, was not retried, and names the guide
   * "After an unknown outcome": every `unknown` error of a call promokit sends only once.
   */
  checkNote: boolean;
  /** Upper bound of the call's duration: timeout × attempts that wait for it, capped backoff, allowance. */
  boundMs: number;
}

/** Every 3xx answer the suite gives: promokit follows none. */
const REDIRECTS = FAULTS.filter((fault): fault is Extract<Fault, `redirect-${string}`> => fault.startsWith('redirect-'));

/** The classes that change no state: a redirect answering them is `rejected`. */
const READS: ReadonlySet<OperationClass> = new Set(['GET', 'validation', 'introspection']);

/** Faults the retry policy retries for every operation: nothing was sent. */
const RETRIED_FOR_ALL: ReadonlySet<Fault> = new Set(['refused']);

/**
 * 429s whose `Retry-After` (1 s, 3 s, centuries) is longer than the suite's `maxRetryDelay`: no
 * operation retries them early (that only earns another 429); the call rejects at once with the
 * `RateLimitError` and its `retryAfter`. A 429 with a wait within the cap is retried by every
 * operation (unit tests: test/core/retry.test.ts, test/core/hooks.test.ts).
 */
const REJECTED_AT_ONCE: ReadonlySet<Fault> = new Set(['429-retry-after-seconds', '429-retry-after-date', '429-retry-after-huge']);

/**
 * Answers no operation retries: a 4xx other than 408 and 429 (a repeat gets the same answer), and
 * a redirect (promokit follows none, and sends nothing anywhere else).
 */
const NEVER_RETRIED: ReadonlySet<Fault> = new Set(['json-409', 'json-422', ...REDIRECTS]);

/**
 * Faults retried for idempotent operations only: every fault after which the service may have
 * acted (the connection failed after the request went out, or a 5xx) — all but the control, the
 * faults retried for everyone, the answers never retried, and the 200 answers (which are not
 * failures of the exchange).
 */
const RETRIED_IF_IDEMPOTENT: ReadonlySet<Fault> = new Set(
  FAULTS.filter((f) => f !== 'ok' && !f.startsWith('200-') && !RETRIED_FOR_ALL.has(f) && !REJECTED_AT_ONCE.has(f) && !NEVER_RETRIED.has(f)),
);

/** Faults where each attempt lasts until the timeout. */
export const WAITS_FOR_TIMEOUT: ReadonlySet<Fault> = new Set(['no-answer', 'stalled-body', 'html-503-body-stalled']);

/** The per-attempt timeout a call under `fault` runs with. */
export function timeoutFor(fault: Fault): number {
  return WAITS_FOR_TIMEOUT.has(fault) ? TUNING.timeout : TUNING.patientTimeout;
}

const OUTCOME: Record<Fault, Outcome> = {
  ok: 'ok',
  refused: 'ConnectionError',
  'reset-before-response': 'ConnectionError',
  'reset-mid-body': 'ConnectionError',
  'no-answer': 'TimeoutError',
  'stalled-body': 'TimeoutError',
  'html-500': 'InternalServerError',
  'html-502': 'InternalServerError',
  'html-503': 'InternalServerError',
  'html-504': 'InternalServerError',
  // The status arrived but the answer did not: the errors say so (see ConnectionError's doc).
  'html-502-body-cut': 'ConnectionError',
  'html-503-body-stalled': 'TimeoutError',
  '429-retry-after-seconds': 'RateLimitError',
  '429-retry-after-date': 'RateLimitError',
  '429-retry-after-huge': 'RateLimitError',
  'json-409': 'ConflictError',
  'json-422': 'UnprocessableEntityError',
  ...(Object.fromEntries(REDIRECTS.map((fault) => [fault, 'RedirectError'])) as Record<(typeof REDIRECTS)[number], Outcome>),
  '200-truncated-json': 'ResponseValidationError',
  '200-non-json': 'ResponseValidationError',
  '200-empty': 'ResponseValidationError',
  // The body is JSON; the SDK reads the body, not the label.
  '200-wrong-content-type': 'ok',
};

/**
 * Whether the service may have acted, as the issue of the `outcome` field defines it:
 * - `not_sent`: nothing reached the service (a refused connection);
 * - `rejected`: the service answered and did not act (a 4xx: 409, 422, 429; a 307 or 308, which
 *   asks for the same request elsewhere; any 3xx to a read);
 * - `unknown`: it may have acted (a reset or timeout after the request went out, a 5xx, a 2xx
 *   whose body cannot be read, any other 3xx to a call that changes state, which may follow a
 *   request processed: Post/Redirect/Get).
 * The same for every other class: what differs is how many requests were sent, and whether the
 * message says so.
 */
const CALL_OUTCOME: Record<Fault, CallOutcome | 'ok'> = {
  ok: 'ok',
  refused: 'not_sent',
  'reset-before-response': 'unknown',
  'reset-mid-body': 'unknown',
  'no-answer': 'unknown',
  'stalled-body': 'unknown',
  'html-500': 'unknown',
  'html-502': 'unknown',
  'html-503': 'unknown',
  'html-504': 'unknown',
  'html-502-body-cut': 'unknown',
  'html-503-body-stalled': 'unknown',
  '429-retry-after-seconds': 'rejected',
  '429-retry-after-date': 'rejected',
  '429-retry-after-huge': 'rejected',
  'json-409': 'rejected',
  'json-422': 'rejected',
  ...(Object.fromEntries(REDIRECTS.map((fault) => [fault, fault === 'redirect-307' || fault === 'redirect-308' ? 'rejected' : 'unknown'])) as Record<
    (typeof REDIRECTS)[number],
    CallOutcome
  >),
  '200-truncated-json': 'unknown',
  '200-non-json': 'unknown',
  '200-empty': 'unknown',
  '200-wrong-content-type': 'ok',
};

export function expected(fault: Fault, cls: OperationClass): Expected {
  // A DELETE answers 204 without a body: an empty 2xx is its success, not a broken answer.
  if (cls === 'DELETE' && fault === '200-empty') return { ...expected('ok', cls), outcome: 'ok', callOutcome: 'ok' };
  const idempotent = IDEMPOTENT_CLASSES.has(cls);
  const retried = RETRIED_FOR_ALL.has(fault) || (idempotent && RETRIED_IF_IDEMPOTENT.has(fault));
  const attempts = retried ? 1 + TUNING.maxRetries : 1;
  const seen = fault === 'refused' ? 0 : attempts;
  const perAttempt = WAITS_FOR_TIMEOUT.has(fault) ? TUNING.timeout : 0;
  const boundMs = attempts * perAttempt + (attempts - 1) * TUNING.maxRetryDelay + ALLOWANCE_MS;
  // A redirect to a call that reads says nothing was done: `rejected`, whatever the status.
  const callOutcome = REDIRECTS.includes(fault as (typeof REDIRECTS)[number]) && READS.has(cls) ? 'rejected' : CALL_OUTCOME[fault];
  // A DELETE answers without a body: an empty 200 is its success.
  if (cls === 'DELETE' && fault === '200-empty') return { seen, attempts, outcome: 'ok', callOutcome: 'ok', checkNote: false, boundMs };
  return { seen, attempts, outcome: OUTCOME[fault], callOutcome, checkNote: callOutcome === 'unknown' && !idempotent, boundMs };
}

/** What a fault is, in a sentence for the report. */
export const FAULT_DESCRIPTION: Record<Fault, string> = {
  ok: 'control: 200 with a valid JSON body',
  refused: 'nothing listens on the port (ECONNREFUSED)',
  'reset-before-response': 'request read, then the socket is reset (RST) before any response byte',
  'reset-mid-body': '200 headers and half the body (Content-Length says more), then RST',
  'no-answer': 'request read, never answered',
  'stalled-body': '200 headers and 10 bytes of body, then nothing',
  'html-500': '500 with an nginx-style HTML page',
  'html-502': '502 with an nginx-style HTML page',
  'html-503': '503 with an nginx-style HTML page, no Retry-After',
  'html-504': '504 with an nginx-style HTML page',
  'html-502-body-cut': '502 headers and half the HTML page (Content-Length says more), then RST',
  'html-503-body-stalled': '503 headers and 10 bytes of the HTML page, then nothing',
  '429-retry-after-seconds': '429, `Retry-After: 1` (seconds; longer than maxRetryDelay, so rejected at once)',
  '429-retry-after-date': '429, `Retry-After` as an HTTP date 3 s ahead (longer than maxRetryDelay, rejected at once)',
  '429-retry-after-huge': '429, `Retry-After: 999999999999999` (rejected at once)',
  'json-409': "409 with the service's JSON error body (`duplicate_found`)",
  'json-422': "422 with the service's JSON error body (`unprocessable_entity`)",
  ...(Object.fromEntries(
    REDIRECTS.map((fault) => [
      fault,
      `${fault.slice(9)} with a \`Location\` on the same server (a client that followed it would be counted again)${fault === 'redirect-303' ? '; "see other", the answer to a request that was handled' : fault === 'redirect-307' || fault === 'redirect-308' ? '; the same request asked for elsewhere' : ''}`,
    ]),
  ) as Record<(typeof REDIRECTS)[number], string>),
  '200-truncated-json': '200, `application/json`, the JSON cut in half (complete HTTP message)',
  '200-non-json': '200 with an HTML page (`text/html`)',
  '200-empty': '200, `application/json`, empty body',
  '200-wrong-content-type': '200 with a valid JSON body labelled `text/plain`',
};
