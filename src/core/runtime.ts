/**
 * The runtime seam, Node's side: everything promokit does differently in Node and in browsers,
 * and nothing else. The browser build of `promokit/client-side` (scripts/browser-build.mjs) puts
 * runtime.browser.ts in its place, which must export the same names with the same types (`tsc`
 * fails otherwise: test/core/runtime.test.ts holds the two sides' types equal and runs both in
 * Node).
 *
 * What differs: one listener per caller's signal (Node programs share one signal among thousands
 * of calls), the environment variables, the checks of headers (a browser's fetch enforces its
 * own), which fetch failures prove nothing was sent (undici's error codes), a body read within
 * `maxResponseBytes`, the snapshot of params, ky imported on first use, Node's transport under ky
 * (node-transport.ts), and `instanceof` across the CommonJS and ESM copies of promokit one process
 * may hold.
 *
 * @module
 */
import { ConfigurationError, describeValue, printable, PromokitError, tooLargeError, type CallContext, type Issue } from './errors.js';
import { baseUrlRule, isHeaderValue, isRecord, optionCheck, shallowCopy, type OptionRule, type SettingOptions } from './inputs.js';

export { isHeaderValue } from './inputs.js';
import { acknowledgmentCheck } from './event-acknowledgment.js';
import type { ResponseSchema } from './responses.js';
import { loadChunk } from './lazy.js';
import { checkedEvent } from './event-input.js';
import { isNodesFetch, loadUndici, NEVER_CONNECTED, nodeFetch, unreadBody, type PlainRequest } from './node-transport.js';

export type { PlainRequest } from './node-transport.js';
/** True when the runtime's transport will send a call with these fetch options from its plain values, not from ky's `Request`. */
export { carries as carriesPlain } from './node-transport.js';

/**
 * `instanceof` an error class of promokit across the two copies of the package one Node process
 * may hold (its CommonJS build, required by one dependency, beside its ESM build, imported by
 * another: the dual-package hazard): an error of the other copy is an instance of this copy's
 * class of the same name and of every class that one extends. An error of this copy, and anything
 * else, is judged as `instanceof` judges it (your `NotFoundError extends ApiError` is not
 * promokit's `NotFoundError`, nor the other way round), but that the walk up a prototype chain
 * stops after 64 steps and on a throw (a hostile `Proxy`): no instance then. Only across the
 * copies is a class of yours named as one of promokit's taken for it.
 */
function acrossCopies(this: abstract new (...args: never[]) => unknown, value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  let named = false;
  try {
    for (let proto: unknown = Object.getPrototypeOf(value), step = 0; proto !== null && step < 64; step++, proto = Object.getPrototypeOf(proto)) {
      if (proto === this.prototype) return true;
      // An error of this copy: no class but its own is it.
      if (proto === PromokitError.prototype) return false;
      const name = (proto as { constructor?: { name?: unknown } }).constructor?.name;
      named ||= name === this.name;
      // The other copy's base class: the chain is one of promokit's errors.
      if (name === 'PromokitError') return named;
    }
  } catch {}
  return false;
}
Object.defineProperty(PromokitError, Symbol.hasInstance, { value: acrossCopies });

/** The calls listening to each caller's signal, through its one listener. */
const listening = new WeakMap<AbortSignal, Set<AbortController>>();

/**
 * A signal for one call that aborts, with the same reason, when `signal` does; `done()` stops
 * listening once the call settles.
 */
export function callSignal(signal: AbortSignal): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  let calls = listening.get(signal);
  try {
    if (signal.aborted) controller.abort(signal.reason);
    else if (!calls) {
      listening.set(signal, (calls = new Set()));
      const all = calls;
      signal.addEventListener(
        'abort',
        () => {
          for (const call of all) call.abort(signal.reason);
          all.clear();
        },
        { once: true },
      );
    }
  } catch (cause) {
    // A signal that only looks like one (a Proxy of one, a getter that throws): refused, nothing sent.
    listening.delete(signal);
    throw new ConfigurationError('signal', `the signal option must be an AbortSignal: reading it failed: ${describeValue(cause)}`, { cause });
  }
  calls?.add(controller);
  return { signal: controller.signal, done: () => calls?.delete(controller) };
}

/** Reads an environment variable where the runtime has `process.env`; `undefined` elsewhere. */
export function readEnv(name: string): string | undefined {
  try {
    const value = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];
    return value === undefined || value === '' ? undefined : value;
  } catch {
    // Deno without --allow-env throws on access: treat as unset.
    return undefined;
  }
}

/**
 * True inside a browser page or a browser worker, where the browser itself sends `Origin` and a
 * script may not set it.
 */
export function isBrowser(): boolean {
  const g = globalThis as { document?: unknown; WorkerGlobalScope?: unknown; importScripts?: unknown; navigator?: { product?: string } };
  return typeof g.document === 'object' || (typeof g.WorkerGlobalScope === 'function' && typeof g.importScripts === 'function');
}

/**
 * The environment variable a setting falls back to in Node: `PROMOKIT_` and the option name in
 * upper snake case (`clientApplicationId` → `PROMOKIT_CLIENT_APPLICATION_ID`). Derived rather than
 * listed so the browser bundle carries no server-side option name.
 */
export function envName(option: string): string {
  return `PROMOKIT_${option.replace(/[A-Z]/g, '_$&').toUpperCase()}`;
}

/** Reads an option, falling back to its environment variable where the runtime has one. */
export function optionOrEnv(value: string | undefined, option: string): string | undefined {
  return value ?? readEnv(envName(option));
}

/**
 * The checks of options already copied and checked against their rules that read beyond the
 * options: the `baseUrl` (given, or the environment's) and the names of the `headers`. Returns the
 * `baseUrl`; throws {@link ConfigurationError} naming the option. The credentials are checked by
 * their owner.
 */
export function checkedSettings(options: SettingOptions, owner: string): string | undefined {
  const baseUrl = optionOrEnv(options.baseUrl, 'baseUrl');
  const answer = baseUrl === undefined || baseUrlRule[0](baseUrl);
  optionCheck(owner)(answer === true, 'baseUrl', typeof answer === 'string' ? answer : baseUrlRule[1]);
  checkHeaders(options.headers, owner, 'set credentials with their options');
  return baseUrl;
}

/** The client-side credential settings of `options`, each given or its environment variable's. */
export function clientSettings<T>(options: SettingOptions<T>): {
  accessToken: T | string | undefined;
  clientApplicationId: string | undefined;
  clientToken: string | undefined;
  origin: string | undefined;
} {
  return {
    accessToken: options.accessToken ?? optionOrEnv(undefined, 'accessToken'),
    clientApplicationId: optionOrEnv(options.clientApplicationId, 'clientApplicationId'),
    clientToken: optionOrEnv(options.clientToken, 'clientToken'),
    origin: optionOrEnv(options.origin, 'origin'),
  };
}

/** The words a message about a missing setting ends with: where else it may be set (` or set PROMOKIT_…`). */
export function envHint(option: string): string {
  return ` or set ${envName(option)}`;
}

/**
 * The headers the credentials send (`origin` with the client-side keys outside browsers): set by
 * the client's options, never by its `headers` or a call's.
 */
const credentialHeader = /^(authorization|x-app-id|x-app-token|x-client-application-id|x-client-token|origin)$/i;

/**
 * Headers fetch will not send (Node's fetch throws on them, browsers drop them): they describe
 * the connection or the body framing, which fetch owns.
 */
const refusedHeader = /^(connection|keep-alive|transfer-encoding|upgrade|expect|content-length|host|te|trailer|proxy-connection|http2-settings)$/i;

/** A header name: an RFC 9110 token. */
const headerName = /^[!#$%&'*+.^_`|~\w-]+$/;

/** True for a header name: an RFC 9110 token. */
function isHeaderName(name: string): boolean {
  return headerName.test(name);
}

/** What is wrong with a header a caller sets, or `undefined` when it can be sent. */
function headerProblem(name: string, value: unknown): string | undefined {
  if (!isHeaderName(name)) return `${JSON.stringify(name).slice(0, 80)} is not a header name`;
  if (refusedHeader.test(name)) return `${name} is a header fetch will not send (it belongs to the connection)`;
  if (!isHeaderValue(value)) return `the value of ${name} is not a string of Latin-1 text without control characters`;
  return undefined;
}

/**
 * Rule of a `headers` option: an object, copied; its fields are checked by {@link checkHeaders}. A
 * function, so that a module may read it as it loads whatever the order the browser build's
 * modules load in (runtime.browser.ts imports the storefront's send path, which imports them).
 */
export function headersRule(): OptionRule {
  return [isRecord, 'an object of header names and string values', shallowCopy];
}

/** Checks the fields of a (copied) `headers` option: names fetch sends, Latin-1 values, no credential header. */
export function checkHeaders(headers: Record<string, unknown> | undefined, owner: string, credentials: string): void {
  const check = optionCheck(owner);
  for (const name in headers) {
    const problem = headerProblem(name, headers[name]);
    check(!problem, 'headers', `an object of header names and string values that fetch sends: ${problem}`);
    check(!credentialHeader.test(name), 'headers', `free of credential headers (${name}): ${credentials}`);
  }
}

/**
 * What fetch would refuse in fetch options, naming the field; `undefined` when it accepts them.
 * The `Request`'s own fields (`fields`) are tried on one, alone and together, so undici's own
 * rules apply; `mode: 'no-cors'` is refused (its answers cannot be read, its credential headers
 * are dropped), a non-empty `integrity` too (no hash matches the service's varying answers: fetch
 * fails after the call was sent), and a `dispatcher` without a `dispatch` method (undici fails the
 * call then). (A browser's fetch refuses its own before it sends anything.)
 */
export function fetchRefusal(options: Record<string, unknown>, fields: readonly string[]): string | undefined {
  if (options.mode === 'no-cors')
    return "a mode other than no-cors: the answers of a no-cors request cannot be read, and its credential headers are dropped (mode: 'no-cors')";
  if (options.integrity) return 'free of integrity: no hash can match the answers of the service, which vary (fetch would fail after the call was sent)';
  if (options.dispatcher !== undefined && typeof (options.dispatcher as { dispatch?: unknown } | null)?.dispatch !== 'function')
    return 'a dispatcher with a dispatch method (an undici Agent, ProxyAgent, …): dispatcher';
  const given: Record<string, unknown> = {};
  for (const name of fields) {
    if (!(name in options)) continue;
    given[name] = options[name];
    const refused = requestRefusal({ [name]: options[name] });
    if (refused) return `values fetch accepts: ${name}: ${refused}`;
  }
  const refused = requestRefusal(given);
  return refused && `values fetch accepts together: ${Object.keys(given).join(', ')}: ${refused}`;
}

/** Why a `Request` with these fields is refused, if it is. */
function requestRefusal(fields: Record<string, unknown>): string | undefined {
  try {
    new Request('http://localhost/', fields);
    return undefined;
  } catch (error) {
    return describeValue(error, 160);
  }
}

/** Checks that every credential given can be sent in a header: Latin-1 text without control characters. */
export function checkCredentialValues(settings: object, owner: string): void {
  const check = optionCheck(owner);
  for (const [name, value] of Object.entries(settings)) {
    if (value !== undefined && typeof value !== 'function') check(isHeaderValue(value), name, 'a string of Latin-1 text without control characters');
  }
}

/**
 * Refuses a header a `request` hook sets that fetch could not send: refused in the hook, it is
 * logged as the hook's error and the call goes on without it.
 */
export function checkHookHeader(name: string, value: unknown): void {
  const problem = headerProblem(name, value);
  if (problem) throw new ConfigurationError('hooks', `setHeader: ${problem}`);
}

/**
 * Error codes of failures that happen before a request leaves the machine (the connection was
 * never made), so even a non-idempotent call may be sent again safely.
 */
const nothingSentCodes = NEVER_CONNECTED;

/** Messages of fetch refusing a request before any connection: a port fetch blocks. */
const nothingSentMessages = new Set(['bad port']);

/** A cause in the chain behind a fetch failure, as undici builds it. */
interface Cause {
  code?: unknown;
  message?: unknown;
  errors?: Array<{ code?: unknown } | undefined>;
  cause?: unknown;
}

/**
 * The first answer `visit` gives for the causes behind a fetch failure, outermost first (three
 * deep at most); none when reading them throws (what a user's fetch threw may be anything).
 */
function inCauses<R>(error: unknown, visit: (cause: Cause) => R | undefined): R | undefined {
  try {
    let cause = (error as { cause?: unknown } | undefined)?.cause as Cause | undefined;
    for (let depth = 0; cause && depth < 3; depth++) {
      const answer = visit(cause);
      if (answer !== undefined) return answer;
      cause = cause.cause as Cause | undefined;
    }
  } catch {
    // Nothing proven: nothing said.
  }
  return undefined;
}

/** True when a fetch failure shows that no byte of the request reached the service. */
export function nothingWasSent(error: unknown): boolean {
  return (
    inCauses(error, (cause) =>
      (typeof cause.code === 'string' && nothingSentCodes.has(cause.code)) || nothingSentMessages.has(String(cause.message))
        ? true
        : Array.isArray(cause.errors) && cause.errors.length > 0
          ? cause.errors.every((e) => nothingSentCodes.has(String(e?.code)))
          : undefined,
    ) ?? false
  );
}

/** The error code behind a fetch failure, e.g. `ECONNREFUSED`, else its cause's few words (`bad port`). */
export function failureCode(error: unknown): string | undefined {
  return inCauses(error, (cause) =>
    typeof cause.code === 'string'
      ? cause.code
      : typeof cause.errors?.[0]?.code === 'string'
        ? cause.errors[0].code
        : typeof cause.message === 'string' && cause.message
          ? printable(cause.message, 60)
          : undefined,
  );
}

/**
 * The body's text, or a `ResponseTooLargeError` thrown (and the body cancelled) once it passes
 * `limit` bytes; `context` says where the call went, for the error.
 */
export async function readBody(response: Response, limit: number, context: CallContext & { status: number }): Promise<string> {
  const tooLarge = () => tooLargeError(limit, context);
  // An answer of Node's transport: its body is undici's stream, read within the same limit.
  const unread = unreadBody(response);
  if (unread) return unread(limit, tooLarge);
  const { body, headers } = response;
  if (!body) return '';
  const length = headers.get('content-length');
  // A declared length without a content coding is the exact size of the body as read: the plain
  // read is the fastest, once the length is known to fit.
  if (length !== null && !headers.has('content-encoding')) {
    if (Number(length) <= limit) return response.text();
    void body.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > limit) {
      void reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
}

/**
 * Sends one attempt when the user gave no `fetch`: in Node, through Node's transport
 * (node-transport.ts: undici's `request()`, from `plain`), which hands anything it does not take
 * to `globalThis.fetch` with ky's `request` and `init` (a call without `plain` too).
 */
export function transmit(request: Request, init: Record<string, unknown> | undefined, plain: PlainRequest | undefined): Promise<Response> {
  return plain ? nodeFetch(request, init, plain) : fetch(request, init as RequestInit);
}

/** The deepest nesting a snapshot copies: deeper input is refused (JSON of the service is far shallower). */
const MAX_DEPTH = 64;

type Path = Array<string | number>;

/**
 * A plain-data copy of `value` as JSON would send it (`toJSON` called once, `undefined` and
 * functions left out of objects and `null` in arrays), or `undefined` with the issues that make
 * it unsendable pushed to `issues` under their field paths.
 */
export function plainCopy(value: unknown, issues: Issue[], path: Path = []): unknown {
  const ancestors: object[] = [];
  const copy = (v: unknown, at: Path): unknown => {
    const refuse = (message: string): undefined => void issues.push({ path: at, message });
    try {
      if (v instanceof Date && Number.isNaN(v.getTime())) return refuse('must be a valid Date (this one is an Invalid Date)');
      if (typeof (v as { toJSON?: unknown } | null)?.toJSON === 'function') v = (v as { toJSON(key: string): unknown }).toJSON(String(at[at.length - 1] ?? ''));
      if (typeof v === 'number' && !Number.isFinite(v)) return refuse(`must be a finite number (${v} cannot be sent)`);
      if (typeof v === 'bigint') return refuse('must be a number or a string, not a BigInt (JSON has none)');
      if (typeof v === 'function' || typeof v === 'symbol') return refuse(`must be data JSON can carry, not a ${typeof v}`);
      if (typeof v !== 'object' || v === null) return v;
      if (ancestors.includes(v)) return refuse('must not contain itself (a cycle cannot be sent)');
      if (ancestors.length >= MAX_DEPTH) return refuse(`must be nested at most ${MAX_DEPTH} levels deep`);
      if (v instanceof Map || v instanceof Set) return refuse('must be a plain object or an array (a Map or a Set would be sent empty)');
      ancestors.push(v);
      try {
        if (Array.isArray(v)) {
          const out: unknown[] = [];
          for (let i = 0, n = v.length; i < n; i++) out.push(copy(v[i], [...at, i]) ?? null);
          return out;
        }
        const out: Record<string, unknown> = {};
        for (const key of Object.keys(v)) {
          const field = copy((v as Record<string, unknown>)[key], [...at, key]);
          // `__proto__` as a field of its own, never the copy's prototype.
          if (field !== undefined) Object.defineProperty(out, key, { value: field, enumerable: true, writable: true, configurable: true });
        }
        return out;
      } finally {
        ancestors.pop();
      }
    } catch (error) {
      return refuse(`could not be read: ${describeValue(error)}`);
    }
  };
  return copy(value, path);
}

/**
 * The copy of `track`'s params (`ClientEvents`) it sends, or `undefined` with every rule they
 * break pushed to `issues` (event-input.ts): in Node, at once.
 */
export function eventCopy(params: unknown, issues: Issue[]): unknown {
  return checkedEvent(params, issues, plainCopy);
}

/** The schema of an event's acknowledgment (event-acknowledgment.ts), issues and all. */
export function acknowledgmentSchema(): ResponseSchema<never> {
  return acknowledgmentCheck();
}

/** The rules `track`'s params break, found again the same way (failure.ts) when asked. */
export function eventIssuesAgain(params: unknown, issues: Issue[]): unknown {
  return eventCopy(params, issues);
}

type Ky = typeof import('ky').default;

let ky: Ky | undefined;

/** ky's default instance, imported on the first call (a failed import is tried again by the next). */
export async function loadKy(): Promise<Ky> {
  if (ky) return ky;
  // Node's transport's undici with it, where it will be used: a failed import leaves fetch in its place.
  const [{ default: instance }] = await Promise.all([loadChunk('ky', () => import('ky')), isNodesFetch(globalThis.fetch) ? loadUndici() : undefined]);
  // The CommonJS build imports ky's chunk as CommonJS, whose `default` is the chunk's exports.
  ky = typeof instance === 'function' ? instance : (instance as unknown as { default: Ky }).default;
  return ky;
}

/** A sender of events, as the storefront's send path makes them (call.ts's `EventSender`). */
type Sender = (call: never, given: unknown) => Promise<unknown>;

/**
 * The sender of a `ClientEvents` of its own, from its options (copied and checked against their
 * rules): its settings checked as the client is built (a bad `baseUrl`, given or from the
 * environment, a header name or a credential that cannot be sent throws there, a
 * `ConfigurationError` naming it), then the storefront's send path (storefront-send.ts's
 * `storefrontSender`, from the module `load` gives: the loader is its caller's, as this seam sits
 * below the pipeline that path falls back to): the browser's build carries it at once
 * (runtime.browser.ts); Node's loads it with the first event, a chunk of its own, so a server that
 * never builds a `ClientEvents` of its own loads none of it. A chunk that cannot be loaded rejects
 * the call with the loader's error, nothing sent; the next call tries again (a failed load is not
 * kept).
 */
export function storefrontNow(
  options: SettingOptions,
  owner: string,
  load: () => Promise<{ storefrontSender(options: never, settings: never, baseUrl: string | undefined): Sender }>,
): unknown {
  const baseUrl = checkedSettings(options, owner);
  const settings = clientSettings(options);
  checkCredentialValues(settings, owner);
  let sender: Sender | Promise<Sender> | undefined;
  return async (call: never, given: unknown) =>
    (
      await (sender ??= load().then(
        (module) => (sender = module.storefrontSender(options as never, settings as never, baseUrl)),
        (error: unknown) => {
          sender = undefined;
          throw error;
        },
      ))
    )(call, given);
}
