/**
 * Injected faults: `mock.inject()` makes the next matching requests meet a failure of the
 * network or the service (an error status, no answer, a dropped connection before or after the
 * service acts, a slow answer, an unreadable body), so code can be tested for what it does then.
 *
 * A dropped connection is the Fetch API's network error, `Response.error()`: msw answers it as
 * one, `mock.fetch` turns it into a rejected fetch and `mock.listen()` into a destroyed socket.
 *
 * @module
 */
import { checkDistortion, type MockDistortion } from './distort.js';
import { MockHttpError } from './http.js';
import { mockOperations } from './operations.js';
import type { MockOperation } from './router.js';
import type { UserRoute } from './user-routes.js';

/**
 * A fault `mock.inject()` makes requests meet:
 *
 * - `'status'`: the service answers with the `status` given and its JSON error body
 *   (`code`, `key`, `message`, `details`, `request_id`), with `Retry-After` on 429 and 503, or
 *   whenever `ms` is given; nothing is applied;
 * - `'timeout'`: no answer ever comes; the request hangs until the caller's signal or timeout
 *   ends it (or `mock.reset()`, or the server's `close()`); nothing is applied;
 * - `'reset'`: the connection drops before the service acts; nothing is applied;
 * - `'commit-then-reset'`: the service applies the request (the points are spent, the order is
 *   stored), then the connection drops before the answer arrives: the caller cannot know
 *   whether its call took effect;
 * - `'latency'`: the service acts at once and its answer arrives `ms` milliseconds later;
 * - `'malformed-json'`: the service acts and answers with its status, but the body is cut short,
 *   so it is not valid JSON (a 2xx whose body is unreadable);
 * - `'distort'`: the service acts as it should, but its answer bends as `distort` says (fields left
 *   out, `null`, lower-cased or cut; a `Date` header off; pages that ignore `limit`; a `total` and a
 *   `has_more` that lie; records repeated or reversed): see {@link MockDistortion}. Its records stay
 *   as they are. Usually with `times: Infinity`, for every read of a list.
 */
export type MockFault = 'status' | 'timeout' | 'reset' | 'commit-then-reset' | 'latency' | 'malformed-json' | 'distort';

/** Options of `mock.inject()`. */
export interface MockInjectOptions {
  /**
   * The SDK method whose requests meet the fault, e.g. `'loyalties.redeemReward'` (the names
   * `mock.requests` logs). Default: every request, whatever it asks for.
   */
  operation?: MockOperation | undefined;
  /**
   * A route added with `mock.route()` whose requests meet the fault, named as it was added
   * (`'POST /v1/vouchers/{code}/redemption'`; placeholder names may differ). Not with
   * `operation`. Default: every request.
   */
  route?: string | undefined;
  /** What happens to the request; see {@link MockFault}. */
  fault: MockFault;
  /**
   * How many matching requests meet the fault before it is used up: a whole number, 1 or more,
   * or `Infinity` (until `mock.reset()`). Default 1.
   */
  times?: number | undefined;
  /** The status code of a `'status'` fault, 200 to 599; required by it, refused by the others. */
  status?: number | undefined;
  /**
   * Milliseconds, 0 to 2,147,483,647. Required by `'latency'`: how late the answer arrives. With
   * `'status'`: the `Retry-After` the answer carries, in whole seconds rounded up (default: 1
   * second on 429 and 503, none on other codes). Refused by the other faults.
   */
  ms?: number | undefined;
  /** How a `'distort'` fault bends the answers: required by it, refused by the others. */
  distort?: MockDistortion | undefined;
}

/** One injected fault and how many more requests it applies to. */
export interface InjectedFault {
  readonly operation: MockOperation | undefined;
  /** The shape of the route it is for (`POST /v1/vouchers/{}/redemption`). */
  readonly route: string | undefined;
  readonly fault: MockFault;
  readonly status: number | undefined;
  readonly ms: number | undefined;
  readonly distortion?: MockDistortion | undefined;
  remaining: number;
}

const faults: readonly MockFault[] = ['status', 'timeout', 'reset', 'commit-then-reset', 'latency', 'malformed-json', 'distort'];
const optionNames = ['operation', 'route', 'fault', 'times', 'status', 'ms', 'distort'];
/** The longest delay a timer keeps: beyond it, `setTimeout` fires at once. */
const MAX_MS = 2_147_483_647;

/**
 * Checks `mock.inject()`'s options; a `TypeError` names the first one that breaks its rule.
 * `routeNamed` finds the route a `route` option names (or throws).
 */
export function checkInjectOptions(options: MockInjectOptions, routeNamed: (spec: unknown) => UserRoute): InjectedFault {
  const fail = (rule: string, ...got: unknown[]) => new TypeError(`mock.inject: ${rule}${got.length > 0 ? `; got ${show(got[0])}` : ''}`);
  if (!options || typeof options !== 'object') throw fail('takes an options object { fault, operation?, route?, times?, status?, ms?, distort? }', options);
  const unknown = Object.keys(options).filter((name) => !optionNames.includes(name));
  if (unknown.length > 0) throw new TypeError(`mock.inject: unknown option ${unknown.slice(0, 5).join(', ')}; the options are ${optionNames.join(', ')}`);
  const { operation, route, fault, times = 1, status, ms } = options;
  if (!faults.includes(fault)) throw fail(`fault must be one of ${faults.map((f) => `'${f}'`).join(', ')}`, fault);
  if (operation !== undefined && !(mockOperations as readonly unknown[]).includes(operation)) {
    throw fail(`operation must be the SDK method of an operation, e.g. 'loyalties.redeemReward' (one of ${mockOperations.join(', ')})`, operation);
  }
  if (operation !== undefined && route !== undefined) throw fail('give operation (a built-in operation) or route (a route of mock.route()), not both');
  const routeShape = route === undefined ? undefined : routeNamed(route).shape;
  if (!(times === Infinity || (Number.isInteger(times) && times >= 1))) throw fail('times must be a whole number, 1 or more, or Infinity', times);
  if (fault === 'status') {
    if (!(Number.isInteger(status) && status! >= 200 && status! <= 599))
      throw fail("status must be a whole number from 200 to 599 with fault 'status'", status);
  } else if (status !== undefined) {
    throw fail(`status applies only to fault 'status', not '${fault}'`, status);
  }
  if (fault === 'latency' || fault === 'status') {
    if ((fault === 'latency' || ms !== undefined) && !(typeof ms === 'number' && ms >= 0 && ms <= MAX_MS)) {
      throw fail(`ms must be a number of milliseconds from 0 to ${MAX_MS} with fault '${fault}'`, ms);
    }
  } else if (ms !== undefined) {
    throw fail(`ms applies only to faults 'latency' and 'status', not '${fault}'`, ms);
  }
  if (fault !== 'distort' && options.distort !== undefined) throw fail(`distort applies only to fault 'distort', not '${fault}'`);
  const distortion = fault === 'distort' ? checkDistortion(options.distort) : undefined;
  return { operation, route: routeShape, fault, status, ms, remaining: times, ...(distortion ? { distortion } : {}) };
}

function show(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : typeof value === 'number' || value === null || value === undefined ? String(value) : typeof value;
}

/** The faults injected, in order; each request takes the first that matches it. */
export class FaultQueue {
  #faults: InjectedFault[] = [];

  /** Adds a fault (checked by {@link checkInjectOptions}) after those already injected; returns what takes it back. */
  add(fault: InjectedFault): () => void {
    this.#faults.push(fault);
    return () => {
      const index = this.#faults.indexOf(fault);
      if (index >= 0) this.#faults.splice(index, 1);
    };
  }

  /**
   * The first fault for a request to `operation` or to the route of shape `route` (none matched:
   * `undefined`), one use spent.
   */
  take(operation: MockOperation | undefined, route: string | undefined): InjectedFault | undefined {
    const index = this.#faults.findIndex(
      (f) =>
        (f.operation === undefined && f.route === undefined) ||
        (f.operation !== undefined && f.operation === operation) ||
        (f.route !== undefined && f.route === route),
    );
    if (index < 0) return undefined;
    const fault = this.#faults[index]!;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.#faults.splice(index, 1);
    return fault;
  }

  /** Forgets every fault. */
  clear(): void {
    this.#faults = [];
  }
}

/** The service's `key` and `message` for a status an injected fault answers with. */
const statusWords: Record<number, readonly [string, string]> = {
  400: ['bad_request', 'Bad request'],
  401: ['unauthorized', 'Unauthorized'],
  403: ['forbidden', 'Forbidden'],
  404: ['not_found', 'Resource not found'],
  405: ['method_not_allowed', 'Method not allowed'],
  408: ['request_timeout', 'Request timeout'],
  409: ['conflict', 'Conflict'],
  413: ['payload_too_large', 'Payload too large'],
  422: ['unprocessable_entity', 'Unprocessable entity'],
  429: ['too_many_requests', 'Too many requests'],
  500: ['internal_error', 'Internal server error'],
  502: ['bad_gateway', 'Bad gateway'],
  503: ['service_unavailable', 'Service unavailable'],
  504: ['gateway_timeout', 'Gateway timeout'],
};

/** The error a `'status'` fault answers with, `Retry-After` included where it belongs. */
export function injectedStatus(fault: InjectedFault): MockHttpError {
  const status = fault.status!;
  const [key, message] = statusWords[status] ?? [`http_${status}`, `HTTP ${status}`];
  const ms = fault.ms ?? (status === 429 || status === 503 ? 1000 : undefined);
  const headers: Record<string, string> = ms === undefined ? {} : { 'retry-after': String(Math.ceil(ms / 1000)) };
  return new MockHttpError(status, key, message, `Fault injected by mock.inject(): status ${status}`, {}, headers);
}

/** The same answer with its body cut in half: a JSON object cut short is never valid JSON. */
export async function malformed(response: Response): Promise<Response> {
  const text = await response.text();
  return new Response(text.slice(0, Math.max(1, Math.floor(text.length / 2))), { status: response.status, headers: response.headers });
}

/**
 * What `mock.fetch` rejects with when the connection drops: the shape of a real fetch's
 * failure (undici's), a `TypeError` whose `cause` has `code: 'ECONNRESET'`.
 */
export function connectionReset(): TypeError {
  const cause = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', errno: -104, syscall: 'read' });
  return new TypeError('fetch failed', { cause });
}

/** True for the Fetch API's network error, `Response.error()`: the connection dropped. */
export function isNetworkError(response: Response): boolean {
  return response.type === 'error';
}

/**
 * Requests the mock holds (a `'timeout'`, a `'latency'` delay) until their time comes, their
 * signal aborts, or `releaseAll()` lets go of them, so a held request never outlives its caller
 * or a `mock.reset()`.
 */
export class Holds {
  readonly #release = new Set<() => void>();

  /**
   * Waits `ms` milliseconds, or for ever when `ms` is undefined: resolves `'elapsed'` when the
   * time is up, `'released'` on {@link releaseAll}; rejects with the signal's reason when it
   * aborts (as fetch does).
   */
  wait(signal: AbortSignal | undefined, ms?: number): Promise<'elapsed' | 'released'> {
    return this.#hold(signal, (done) => {
      if (ms === undefined) return () => {};
      const timer = setTimeout(() => done('elapsed'), ms);
      return () => clearTimeout(timer);
    });
  }

  /**
   * Waits for `work` (a route's handler), as long as it takes, but no longer than the request:
   * resolves `{ value }` when it fulfils, rejects when it rejects or the signal aborts (with the
   * signal's reason), resolves `'released'` on {@link releaseAll}.
   */
  until<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<{ value: T } | 'released'> {
    work.catch(() => {}); // a handler that fails after its request ended fails nobody
    return this.#hold<{ value: T }>(signal, (done, fail) => {
      work.then((value) => done({ value }), fail);
      return () => {};
    });
  }

  /**
   * A held request: `start` begins what ends it (`done`, `fail`) and returns how to stop that; the
   * signal's abort and {@link releaseAll} end it too. Whatever ends it first wins.
   */
  #hold<T>(signal: AbortSignal | undefined, start: (done: (value: T) => void, fail: (error: unknown) => void) => () => void): Promise<T | 'released'> {
    return new Promise((resolve, reject) => {
      let stop = () => {};
      let settled = false;
      const settle = () => {
        settled = true;
        stop();
        signal?.removeEventListener('abort', onAbort);
        this.#release.delete(release);
      };
      const end = (finish: () => void) => () => {
        if (settled) return;
        settle();
        finish();
      };
      const onAbort = end(() => reject(signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError')));
      const release = end(() => resolve('released'));
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#release.add(release);
      stop = start(
        (value) => end(() => resolve(value))(),
        (error) => end(() => reject(error))(),
      );
      if (settled) stop();
    });
  }

  /** Lets go of every held request: each ends as a dropped connection. */
  releaseAll(): void {
    for (const release of [...this.#release]) release();
  }
}
