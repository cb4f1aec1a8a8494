/**
 * Node's transport: what ky's `fetch` is in Node when the user gave none and `globalThis.fetch`
 * is Node's own. Each attempt goes out through undici's `request()` (undici, the one dependency of
 * the Node path, imported on the first call), from the call's URL, method, plain headers and
 * body rather than from ky's `Request`, and hands ky a `Response` without a body: the body is read
 * by the pipeline's `readBody` (runtime.ts) from undici's stream, within `maxResponseBytes` while
 * reading. Skipping the web stream of fetch's body is the gain; what fetch gives holds:
 *
 * - the connection kept alive and reused (undici's dispatcher: the global one, or a `dispatcher`
 *   given in `fetchOptions`, such as a `ProxyAgent`; an `Agent` of its own in place of the stock
 *   one Node's fetch installs);
 * - the call's signal (ky's per-attempt timeout and the caller's abort) at every phase: before
 *   the request, while waiting for the answer, while reading the body;
 * - no redirect followed, even by a dispatcher that would (`maxRedirections: 0`);
 * - the failures fetch reports, in fetch's shape: a `TypeError` (`fetch failed`, `terminated`)
 *   whose `cause` is the socket's error, the abort's reason as it is;
 * - the content codings fetch decodes (gzip, deflate, br), asked for as fetch asks, the limit
 *   counted on the decoded bytes (their decoders in content-codings.ts, loaded by the first
 *   answer that names a coding).
 *
 * Anything it does not take as it is goes to fetch instead: a user's own `fetch`, a
 * `globalThis.fetch` that is not Node's own (a test's mock, msw), fetch options other than a
 * `dispatcher`, a body that is not text, and every runtime that is not Node (Bun, Deno, workerd
 * and browsers have no Node `fetch`). When undici cannot be loaded (a bundle that left it out),
 * every call goes to fetch: a dependency missing costs speed, never a call.
 *
 * @module
 */
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { isHeaderValue, mergeHeaders } from './inputs.js';
import { loadChunk } from './lazy.js';

/**
 * One attempt as the pipeline holds it, handed to the runtime's transport beside ky's `Request`:
 * Node's transport sends it from these plain values without reading the `Request` back.
 */
export interface PlainRequest {
  /** The whole URL, query included. */
  readonly url: string;
  readonly method: string;
  /** The call's headers (names in any case; the last of one name set wins). */
  readonly headers: Record<string, string>;
  /** Headers a request hook set for this attempt, over `headers`. */
  readonly extra?: Record<string, string> | undefined;
  /** The encoded body, when the call has one. */
  readonly body?: string | undefined;
  /** True when ky's `Request` was built without `headers` and `body` ({@link carries} said the transport would send it). */
  readonly bare?: boolean | undefined;
}

/** The body of an answer the transport gave, read by `readBody` within its limit. */
type Unread = (limit: number, tooLarge: () => Error) => Promise<string>;

/** The bodies of the answers handed to ky, by answer: read once, by the pipeline. */
const unread = new WeakMap<Response, Unread>();

type Undici = typeof import('undici');

/** undici once loaded; `null` when it could not be (then every call goes to fetch). */
let undici: Undici | null | undefined;
let loading: Promise<Undici | null> | undefined;

/**
 * The package's name in a variable: a bundler leaves the import alone, so no browser or edge
 * bundle of promokit carries undici (a server bundle that leaves it out falls back to fetch).
 */
const undiciName = 'undici';

/**
 * undici, imported on the first call (with ky, so that a call admitted by a rate limit is not held
 * back on the wire by the import) when Node's fetch is the one in place; `null`, for good, when it
 * cannot be.
 */
export function loadUndici(): Promise<Undici | null> {
  return (loading ??= import(/* webpackIgnore: true */ /* @vite-ignore */ undiciName).then(
    (module: Undici & { default?: Undici }) => (undici = typeof module.request === 'function' ? module : (module.default ?? null)),
    () => (undici = null),
  ));
}

/** True for Node's own `fetch` (its source names Node's undici): not a mock, not a wrapper, not another runtime's. */
export function isNodesFetch(value: unknown): boolean {
  try {
    return typeof value === 'function' && value.name === 'fetch' && Function.prototype.toString.call(value).includes("require('internal/deps/undici/undici')");
  } catch {
    return false;
  }
}

/**
 * Sends one attempt through undici when the transport applies (see the module's comment), else
 * through `globalThis.fetch`, as ky would have: `request` and `init` are ky's.
 */
export function nodeFetch(request: Request, init: Record<string, unknown> | undefined, plain: PlainRequest): Promise<Response> {
  const fetch = globalThis.fetch;
  const dispatcher = init && transportDispatcher(init);
  // ky's request built without the call's headers and body: fetch gets them (a request hook's over them).
  const viaFetch = () => {
    if (!plain.bare) return fetch(request, init as RequestInit);
    const headers = new Headers(plain.headers);
    for (const name in plain.extra) headers.set(name, plain.extra[name]!);
    return fetch(new Request(request, { headers, body: plain.body ?? null }), init as RequestInit);
  };
  const blocked = undici === null || dispatcher === false || !isNodesFetch(fetch) || typeof (plain.body ?? '') !== 'string' || blockedPort(plain.url);
  if (blocked === undefined) return loadBadPorts().then(() => nodeFetch(request, init, plain));
  if (blocked) return viaFetch();
  if (undici) return exchange(undici, request.signal, plain, dispatcher);
  return loadUndici().then((loaded) => (loaded ? exchange(loaded, request.signal, plain, dispatcher) : viaFetch()));
}

/**
 * True when {@link nodeFetch} will send a call with these fetch options itself, as things stand
 * (undici loaded, Node's own fetch in place, no fetch option but a `dispatcher`): ky's `Request`
 * then need not carry the call's headers.
 */
export function carries(init: Record<string, unknown> | undefined): boolean {
  return !!undici && isNodesFetch(globalThis.fetch) && (!init || transportDispatcher(init) !== false);
}

/**
 * The ports fetch refuses to reach (bad-ports.ts), loaded for the first URL that names a port (a
 * service on the default port never needs them); `null` when they cannot be loaded: then every
 * call to a URL naming a port goes to fetch, which refuses those ports itself.
 */
let badPorts: ReadonlySet<string> | null | undefined;

/** Loads {@link badPorts}; never rejects. */
function loadBadPorts(): Promise<void> {
  return loadChunk('bad-ports', () => import('./bad-ports.js')).then(
    (module) => void (badPorts = module.BAD_PORTS),
    () => void (badPorts = null),
  );
}

/**
 * True when `url`'s port is one fetch refuses (or, the list of those ports missing, when `url`
 * names a port at all: fetch decides); `undefined` when that needs the list, not loaded yet.
 */
function blockedPort(url: string): boolean | undefined {
  const { port } = new URL(url);
  return port === '' ? false : badPorts === undefined ? undefined : badPorts === null || badPorts.has(port);
}

/** The dispatcher of fetch's options when it is the only one given (`undefined`: none); `false` when others are given. */
function transportDispatcher(init: Record<string, unknown>): Dispatcher | undefined | false {
  let dispatcher: Dispatcher | undefined;
  for (const name in init) {
    if (name !== 'dispatcher') return false;
    dispatcher = init[name] as Dispatcher | undefined;
  }
  return dispatcher;
}

/** The global dispatcher last told apart, and whether it is a stock `Agent` (see {@link stockDispatcher}). */
let seen: unknown;
let stock = false;

/** The transport's own `Agent`, in place of a stock one. */
let ownAgent: Dispatcher | undefined;

/**
 * The dispatcher of a call that names none: the global one, unless it is a stock `Agent` as
 * Node's fetch installs it (undici's `Agent` itself, not a subclass, its `dispatch` undici's own,
 * neither patched nor composed with interceptors; the default factory, no option but undici's own
 * default of `maxOrigins`), which on Node 20 is an older undici's, far slower: an `Agent` of the
 * transport's undici, with the same defaults, sends the call instead. A global dispatcher a user
 * set (a `ProxyAgent`, an `Agent` given options, composed with interceptors or with its `dispatch`
 * wrapped, a subclass, a `MockAgent`) is used as it is.
 */
function stockDispatcher(undici: Undici): Dispatcher {
  const global = undici.getGlobalDispatcher();
  if (global !== seen) {
    seen = global;
    const field = (name: string) =>
      (global as unknown as Record<symbol, Record<string, unknown> | undefined>)[Object.getOwnPropertySymbols(global).find((key) => key.description === name)!];
    try {
      // undici's `Agent` extends its `DispatcherBase`, whose `dispatch` it inherits as it is; a
      // composed `Agent` (a proxy of it) answers another `dispatch`.
      const base = Object.getPrototypeOf(global.constructor);
      stock =
        global.constructor.name === 'Agent' &&
        Object.getPrototypeOf(global) === global.constructor.prototype &&
        base.name === 'DispatcherBase' &&
        !Object.hasOwn(global, 'dispatch') &&
        !Object.hasOwn(global.constructor.prototype, 'dispatch') &&
        global.dispatch === base.prototype.dispatch &&
        global.dispatch.name === 'dispatch' &&
        field('factory')!.name === 'defaultFactory' &&
        Object.entries(field('options')!).every(([name, value]) => value === undefined || (name === 'maxOrigins' && value === Infinity));
    } catch {
      stock = false;
    }
  }
  return stock ? (ownAgent ??= new undici.Agent()) : global;
}

/**
 * Error codes of failures that happen before a request leaves the machine (the connection was
 * never made), so even a non-idempotent call may be sent again safely (runtime.ts's
 * `nothingWasSent` reads them too).
 */
export const NEVER_CONNECTED: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** True when undici's `error` shows the request never left the machine: its connection was not made (every address tried, when several were). */
function neverSent(error: unknown): boolean {
  try {
    const { code, errors } = error as { code?: unknown; errors?: Array<{ code?: unknown } | undefined> };
    if (typeof code === 'string' && NEVER_CONNECTED.has(code)) return true;
    return Array.isArray(errors) && errors.length > 0 && errors.every((each) => NEVER_CONNECTED.has(String(each?.code)));
  } catch {
    return false;
  }
}

/** Statuses whose answers have no body (fetch's null body statuses). */
const nullBodyStatus = new Set([101, 103, 204, 205, 304]);

/**
 * One attempt through undici: the answer's head as a `Response` without a body, its body left to
 * `readBody`. As fetch in Node: a 407 is a network failure (no proxy to authenticate to), and a
 * 421 (the server did not process the request) is sent once more, on a new connection; unlike
 * fetch, a refused connection for that second one gives back the 421 (so the call's outcome is
 * `rejected`, not a refused connection's `not_sent`); any other failure of it is the call's, as
 * through fetch (the service may have processed the second).
 */
async function exchange(undici: Undici, signal: AbortSignal, plain: PlainRequest, dispatcher: Dispatcher | undefined): Promise<Response> {
  const options = {
    method: plain.method as Dispatcher.HttpMethod,
    headers: wireHeaders(plain),
    body: plain.body,
    signal,
    // A dispatcher with undici's redirect interceptor follows none either.
    maxRedirections: 0,
    dispatcher: dispatcher ?? stockDispatcher(undici),
  } as Parameters<Undici['request']>[1];
  // The answer; its body gone when it is a 421 given back unread (below).
  let answer: (Omit<Dispatcher.ResponseData<unknown>, 'body'> & { body?: Dispatcher.ResponseData<unknown>['body'] }) | undefined;
  let response: Response;
  try {
    const first = await sending(undici, plain.url, options, signal);
    answer = first;
    if (first.statusCode === 421) {
      // Destroyed unread, its connection is closed: the request goes out on another. When that one
      // fails, the 421 is the answer (the service answered, and did not act), its body unread.
      discard(first.body);
      // Only when the second cannot have reached the service (its connection never made): any
      // other failure may follow a request the service processed, and is the call's failure.
      answer = await sending(undici, plain.url, options, signal).catch((error: unknown) => {
        if (signal.aborted || !neverSent(error)) throw error;
        return { ...first, body: undefined };
      });
    }
    if (answer.statusCode === 407) throw new Error('proxy authentication required');
    response = headOf(answer.statusCode, answer.headers, (answer as { statusText?: unknown }).statusText, plain.url);
  } catch (error) {
    // An answer refused (a 407, a head fetch would not take) is dropped unread.
    if (answer?.body) discard(answer.body);
    throw signal.aborted ? signal.reason : new TypeError('fetch failed', { cause: error });
  }
  const { statusCode: status, body } = answer;
  // A redirect is refused unread; an answer without a body has none to read.
  if (!body) unread.set(response, () => Promise.resolve(''));
  else if (status >= 300 && status < 400) discard(body);
  else unread.set(response, (limit, tooLarge) => bodyText(answer as Dispatcher.ResponseData<unknown>, plain.method, limit, tooLarge, signal));
  return response;
}

/**
 * One sending through undici's `request()`, settled by the call's abort the moment it fires, as
 * fetch's is: undici heeds the signal only once the request has a connection, so a connection
 * still being made (a TLS handshake that stalls, a dispatcher that has not taken the request)
 * would hold the abort until the attempt's timeout. An answer that comes after the abort is
 * dropped unread.
 */
function sending(undici: Undici, url: string, options: Parameters<Undici['request']>[1], signal: AbortSignal): Promise<Dispatcher.ResponseData<unknown>> {
  const sent = undici.request(url, options);
  return new Promise((resolve, reject) => {
    const aborted = () => {
      reject(signal.reason);
      sent.then(
        (late) => discard(late.body),
        () => undefined,
      );
    };
    if (signal.aborted) return aborted();
    signal.addEventListener('abort', aborted, { once: true });
    sent.then(
      (answer) => {
        signal.removeEventListener('abort', aborted);
        resolve(answer);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', aborted);
        reject(error);
      },
    );
  });
}

/**
 * The text of an answer's body, read within `limit` bytes: none for a HEAD or a status without a
 * body (read to its end all the same, for the connection); a declared length past the limit
 * refused unread, as the fetch path does.
 */
function bodyText(answer: Dispatcher.ResponseData<unknown>, method: string, limit: number, tooLarge: () => Error, signal: AbortSignal): Promise<string> {
  const { body, headers, statusCode } = answer;
  if (method === 'HEAD' || nullBodyStatus.has(statusCode)) return drained(body, limit);
  const { 'content-length': length, 'content-encoding': coding } = headers;
  if (typeof length === 'string' && coding === undefined && Number(length) > limit) {
    discard(body);
    return Promise.reject(tooLarge());
  }
  if (typeof coding !== 'string' || coding === '' || coding === 'identity') return readWithin(body, limit, tooLarge, signal);
  // A coded body: the decoders are loaded by the first (content-codings.ts). Meanwhile an error of
  // the body is held, not thrown: the pipeline of the decoders reports it.
  const held = () => undefined;
  body.on('error', held);
  return loadChunk('content-codings', () => import('./content-codings.js'), 'the call was answered, its body left unread').then(
    ({ decoded }) => {
      body.off('error', held);
      return readWithin(decoded(body, coding), limit, tooLarge, signal);
    },
    (error: unknown) => {
      discard(body);
      throw error;
    },
  );
}

/** The headers on the wire: the call's, the hook's over them (names in lower case, the last one set wins), and what fetch adds (the codings it asks for, its user agent). */
function wireHeaders(plain: PlainRequest): Record<string, string> {
  const out = mergeHeaders([plain.headers, plain.extra]);
  // What fetch adds when the call sets none: the codings it decodes (brotli over TLS only), its
  // user agent (a firewall in front of a service may refuse a request without one), and the type
  // of a text body.
  out['accept-encoding'] ??= plain.url.startsWith('https:') ? 'br, gzip, deflate' : 'gzip, deflate';
  out['user-agent'] ??= 'node';
  if (plain.body !== undefined) out['content-type'] ??= 'text/plain;charset=UTF-8';
  return out;
}

/** The error of reading a body already read, as fetch's. */
const unusable = () => new TypeError('Body is unusable: Body has already been read');

/** An answer's class: its head, and the URL it answered (which fetch's answer carries). */
type AnswerClass = new (body: null, init: ResponseInit, url: string) => Response;

/** The class of {@link answerRead}'s answers, made on the first answer. */
let AnswerRead: AnswerClass | undefined;

/**
 * The class of the answers the pipeline hands on: their body already read (by `readBody`), as
 * fetch's answer is once read: `bodyUsed`, and every way to read it again or clone it fails as
 * fetch's does. Made on the first answer, not at import: reading the global `Response` makes Node
 * load its own fetch (its bundled undici, about 25 ms of a cold start), which an import of
 * promokit has no use for until a call is answered.
 */
function answerRead(): AnswerClass {
  return (AnswerRead ??= class AnswerRead extends Response {
    readonly #url: string;
    constructor(body: null, init: ResponseInit, url: string) {
      super(body, init);
      this.#url = url;
    }
    override get url(): string {
      return this.#url;
    }
    override get type(): ResponseType {
      return 'basic';
    }
    override get bodyUsed(): boolean {
      return true;
    }
    override text(): Promise<string> {
      return Promise.reject(unusable());
    }
    override json(): Promise<never> {
      return Promise.reject(unusable());
    }
    override arrayBuffer(): Promise<ArrayBuffer> {
      return Promise.reject(unusable());
    }
    override blob(): Promise<Blob> {
      return Promise.reject(unusable());
    }
    override formData(): Promise<FormData> {
      return Promise.reject(unusable());
    }
    override bytes(): Promise<Uint8Array<ArrayBuffer>> {
      return Promise.reject(unusable());
    }
    override clone(): Response {
      throw unusable();
    }
  });
}

/**
 * The answer's head as a `Response` without a body: its status (any, as fetch gives it), its
 * reason phrase (none when the constructor would refuse it), its headers and the URL it answered.
 */
function headOf(status: number, given: Record<string, string | string[] | undefined>, reason: unknown, url: string): Response {
  let headers: Record<string, string> | Headers = given as Record<string, string>;
  for (const name in given) {
    if (typeof given[name] === 'string') continue;
    // A header sent more than once: each value its own, as fetch keeps them (`getSetCookie()`).
    headers = new Headers();
    for (const key in given) for (const value of [given[key] ?? []].flat()) headers.append(key, value);
    break;
  }
  const inRange = status >= 200 && status <= 599;
  const statusText = isHeaderValue(reason) ? reason : '';
  const response = new (answerRead())(null, { status: inRange ? status : 200, statusText, headers }, url);
  // A status the constructor refuses (1xx but 101, 600 and over), as fetch's own answer carries it.
  if (!inRange) Object.defineProperties(response, { status: { value: status }, ok: { value: false } });
  return response;
}

/** The body of an answer the transport gave, if it is unread: `readBody` reads it with this. */
export function unreadBody(response: Response): Unread | undefined {
  const read = unread.get(response);
  unread.delete(response);
  return read;
}

/** `body` dropped unread: its connection is closed (undici's abort of it, an error no one needs, is let go). */
function discard(body: Readable): void {
  body.on('error', () => undefined).destroy();
}

/**
 * `body` read to its end, discarded: the connection is then free for the next call. Past `limit`
 * bytes (a 205 whose body never ends: HTTP's parser reads one) it is dropped, its connection
 * closed, as fetch drops the body of a status that has none.
 */
function drained(body: Readable, limit: number): Promise<string> {
  return new Promise((resolve) => {
    let size = 0;
    body
      .on('error', () => resolve(''))
      .on('end', () => resolve(''))
      .on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) {
          body.destroy();
          resolve('');
        }
      });
  });
}

/**
 * The text of `body` (UTF-8, a byte order mark dropped, as fetch's `text()`), or the error of
 * `tooLarge` once it passes `limit` bytes (the body destroyed: its connection is not reused).
 * A body that fails while read fails as fetch's does: `terminated`, the socket's error its
 * cause; the call's abort as its reason.
 */
function readWithin(body: Readable, limit: number, tooLarge: () => Error, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    body
      .on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) {
          body.destroy();
          reject(tooLarge());
        } else chunks.push(chunk);
      })
      .on('end', () => {
        const text = (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)).toString('utf8');
        resolve(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
      })
      .on('error', (error) => reject(signal.aborted ? signal.reason : new TypeError('terminated', { cause: error })));
  });
}
