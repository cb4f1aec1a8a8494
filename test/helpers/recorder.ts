/**
 * The one way the tests watch the wire: a recorder. It records every request the SDK sends whole
 * (method, raw target, path, query, headers, body, when it came) as a {@link Sent}, in order, and
 * answers as the test says.
 *
 * - {@link startRecorder}: a real `node:http` server on 127.0.0.1 answering with a {@link Reply}
 *   (a status, headers, a JSON or text body, or never). The default: the wire itself, sockets,
 *   keep-alive, the runtime's own fetch.
 * - {@link startRawRecorder}: the same server, handing the test the raw `ServerResponse`, for
 *   answers a {@link Reply} cannot say (redirects, endless or inflated bodies, dropped sockets).
 * - {@link recordingFetch}: a stand-in `fetch` that records the same {@link Sent} (with the
 *   `Request` and the init it was handed), for what only fetch sees (`keepalive`, `dispatcher`,
 *   the init's keys) or a test that cannot use a socket (fake time).
 *
 * Every server is stopped by the test that starts it: `close()`, or {@link useRecorders} to stop
 * them after each test. Tests of `promokit/testing` watch its own request log (`mock.requests`)
 * instead: that log is what they test.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { afterEach } from 'vitest';
import { listenOnLoopback } from './http-server.js';

/** One request as it was sent. */
export interface Sent {
  method: string;
  /** Path and query string as they travelled, e.g. `/v1/campaigns/a%20b?limit=5`. */
  target: string;
  /** The path alone. */
  path: string;
  /** The raw query string, without `?`. */
  search: string;
  /** Header names in lower case; a repeated header's values joined with `, `. */
  headers: Record<string, string>;
  /** The body as text (`''` when there is none). */
  body: string;
  /** When it arrived, `performance.now()` milliseconds. */
  at: number;
  /** The client's port, over the wire only: which socket the request came in on. */
  remotePort?: number | undefined;
  /** The stand-in fetch's second argument (ky's options fetch does not take from the `Request`); `undefined` over the wire. */
  init?: Record<string, unknown> | undefined;
  /** The `Request` the stand-in fetch was handed; `undefined` over the wire. */
  request?: Request | undefined;
}

/**
 * What to answer: a JSON body (any value but a string), a text body (`text/plain` unless `headers`
 * say otherwise) or none when `body` is absent; a status (200); headers; `hang` never answers.
 */
export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  hang?: boolean;
}

/** Decides the reply to the `n`th request (1-based). */
export type Answer = (sent: Sent, n: number) => Reply | Promise<Reply>;

/** Writes the answer to the `n`th request (1-based) itself, or leaves it hanging. */
export type Handler = (sent: Sent, res: ServerResponse, n: number) => void | Promise<void>;

/** Somewhere requests are recorded: a server, or a stand-in fetch. */
export interface Recorder {
  /** What a client's `baseUrl` is: `http://127.0.0.1:PORT` (also its origin), or the stand-in's. */
  url: string;
  /** Every request, in order of arrival. */
  sent: Sent[];
  /** The `fetch` option to give the client: the stand-in, or `undefined` (the runtime's own fetch) for a server. */
  fetch: typeof globalThis.fetch | undefined;
  /** Stops the server (drops every socket, answers no held request); nothing for a stand-in. */
  close(): Promise<void>;
}

function split(target: string): { path: string; search: string } {
  const at = target.indexOf('?');
  return at < 0 ? { path: target, search: '' } : { path: target.slice(0, at), search: target.slice(at + 1) };
}

function headersOf(raw: IncomingHttpHeaders | Headers): Record<string, string> {
  const headers: Record<string, string> = {};
  if (raw instanceof Headers) raw.forEach((value, name) => (headers[name] = value));
  else for (const [name, value] of Object.entries(raw)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  return headers;
}

function textOf(reply: Reply): { text: string; type: string } {
  return typeof reply.body === 'string'
    ? { text: reply.body, type: 'text/plain' }
    : { text: reply.body === undefined ? '' : JSON.stringify(reply.body), type: 'application/json' };
}

/** Writes `reply` to `res` (nothing when it hangs). */
function write(res: ServerResponse, reply: Reply): void {
  if (reply.hang) return;
  const { text, type } = textOf(reply);
  res.writeHead(reply.status ?? 200, { ...(text ? { 'content-type': type } : {}), 'content-length': String(Buffer.byteLength(text)), ...reply.headers });
  res.end(text);
}

/**
 * Starts a recording server on an ephemeral port of 127.0.0.1 that hands each request, read
 * whole, to `handle` with the raw response; `close()` stops it and every socket.
 */
export async function startRawRecorder(handle: Handler): Promise<Recorder> {
  const sent: Sent[] = [];
  const server = createServer((req, res) => {
    const at = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const target = req.url ?? '';
      const entry: Sent = {
        method: req.method ?? '',
        target,
        ...split(target),
        headers: headersOf(req.headers),
        body: Buffer.concat(chunks).toString('utf8'),
        at,
        remotePort: req.socket.remotePort,
      };
      sent.push(entry);
      // A client that went away mid-answer makes writes fail; that is the client's business.
      res.on('error', () => undefined);
      let handled: void | Promise<void>;
      try {
        handled = handle(entry, res, sent.length);
      } catch {
        res.destroy();
        return;
      }
      void Promise.resolve(handled).catch(() => res.destroy());
    });
  });
  return { ...(await listenOnLoopback(server)), sent, fetch: undefined };
}

/** Starts a recording server on an ephemeral port of 127.0.0.1 that answers each request as `answer` says. */
export async function startRecorder(answer: Answer): Promise<Recorder> {
  return startRawRecorder(async (entry, res, n) => write(res, await answer(entry, n)));
}

/** A stand-in fetch on `https://api.example.com` that records each request and answers as told. */
export function recordingFetch(answer: Answer): Recorder & { fetch: typeof globalThis.fetch } {
  const sent: Sent[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const at = performance.now();
    // The Request as fetch got it: a new Request built from it with an init would reset its
    // referrerPolicy, as the Fetch standard says (Node 24 does; Node 20 did not).
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const target = url.pathname + url.search;
    const entry: Sent = {
      method: request.method,
      target,
      ...split(target),
      headers: headersOf(request.headers),
      body: await request.clone().text(),
      at,
      init: init as Record<string, unknown> | undefined,
      request,
    };
    sent.push(entry);
    const reply = await answer(entry, sent.length);
    if (reply.hang) return new Promise<Response>(() => undefined);
    const { text, type } = textOf(reply);
    const status = reply.status ?? 200;
    return new Response(status === 204 || status === 304 ? null : text, { status, headers: { ...(text ? { 'content-type': type } : {}), ...reply.headers } });
  };
  return { url: 'https://api.example.com', sent, fetch, close: async () => undefined };
}

/** The two recorders, for `describe.each`: the same assertions over a stand-in fetch and over the wire. */
export const recorders = [
  ['a stand-in fetch', async (answer: Answer) => recordingFetch(answer)],
  ['a node:http service on 127.0.0.1', startRecorder],
] as const;

/** Recording servers for a test file, each stopped (open sockets included) after the test that started it. */
export function useRecorders(): { start: typeof startRecorder; startRaw: typeof startRawRecorder } {
  const running: Recorder[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((recorder) => recorder.close()));
  });
  const kept = (recorder: Recorder): Recorder => (running.push(recorder), recorder);
  return { start: async (answer) => kept(await startRecorder(answer)), startRaw: async (handle) => kept(await startRawRecorder(handle)) };
}

/** The most of the ascending `times` (the `at` of what a recorder saw) within any window of `windowMs` ms. */
export function mostInAnyWindow(times: number[], windowMs: number): number {
  let most = 0;
  for (let last = 0, first = 0; last < times.length; last++) {
    while (times[first]! <= times[last]! - windowMs) first += 1;
    most = Math.max(most, last - first + 1);
  }
  return most;
}
