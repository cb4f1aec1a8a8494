/**
 * The two ways the tests of test/config/ see what the SDK sends: a real `node:http` service on
 * 127.0.0.1 that records every request whole (method, raw target, headers, body, the client's
 * port), and a stand-in fetch that records each request it is handed and the init beside it.
 * Both answer with what the test's function says, and both record the same {@link Sent} shape,
 * so a test can run its assertions over either.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { listenOnLoopback } from '../helpers/http-server.js';

/** One request as it was sent. */
export interface Sent {
  method: string;
  /** Path and query string as they travelled, e.g. `/v1/campaigns/a%20b?limit=5`. */
  target: string;
  /** The path alone. */
  path: string;
  /** The raw query string, without `?`. */
  search: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
  /** The stand-in fetch's second argument (ky's options fetch does not take from the `Request`); `undefined` over the wire. */
  init?: Record<string, unknown> | undefined;
  /** The `Request` the stand-in fetch was handed; `undefined` over the wire. */
  request?: Request | undefined;
  /** The client's port, over the wire only: which socket the request came in on. */
  remotePort?: number | undefined;
}

/** What to answer: a JSON body (or text when a string), a status, headers; `hang` never answers. */
export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  hang?: boolean;
}

/** Decides the reply to the `n`th request (1-based). */
export type Answer = (sent: Sent, n: number) => Reply | Promise<Reply>;

/** Somewhere requests are recorded: a server, or a stand-in fetch. */
export interface Recorder {
  /** What a client's `baseUrl` is. */
  url: string;
  /** Every request, in order. */
  sent: Sent[];
  /** The `fetch` option to give the client: the stand-in, or `undefined` (the runtime's own fetch) for the server. */
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
  return typeof reply.body === 'string' ? { text: reply.body, type: 'text/plain' } : { text: reply.body === undefined ? '' : JSON.stringify(reply.body), type: 'application/json' };
}

/** Starts a service on an ephemeral port of 127.0.0.1; `close()` stops it and every socket. */
export async function startService(answer: Answer): Promise<Recorder> {
  const sent: Sent[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const target = req.url ?? '';
      const entry: Sent = { method: req.method ?? '', target, ...split(target), headers: headersOf(req.headers), body: Buffer.concat(chunks).toString('utf8'), remotePort: req.socket.remotePort };
      sent.push(entry);
      const reply = await answer(entry, sent.length);
      if (reply.hang) return;
      const { text, type } = textOf(reply);
      res.writeHead(reply.status ?? 200, { ...(text ? { 'content-type': type } : {}), 'content-length': String(Buffer.byteLength(text)), ...reply.headers });
      res.end(text);
    });
  });
  return { ...(await listenOnLoopback(server)), sent, fetch: undefined };
}

/** A stand-in fetch on `https://api.example.com` that records each request and answers as told. */
export function standInFetch(answer: Answer): Recorder {
  const sent: Sent[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    // The Request as fetch got it: a new Request built from it with an init would reset its
    // referrerPolicy, as the Fetch standard says (Node 24 does; Node 20 did not).
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const target = url.pathname + url.search;
    const entry: Sent = { method: request.method, target, ...split(target), headers: headersOf(request.headers), body: await request.clone().text(), init: init as Record<string, unknown> | undefined, request };
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
  ['a stand-in fetch', async (answer: Answer) => standInFetch(answer)],
  ['a node:http service on 127.0.0.1', startService],
] as const;

/** Credentials with recognisable values; the secrets among them end in `-SECRET-…`. */
export const keys = {
  appId: 'app-id-1',
  appToken: 'app-token-SECRET-1',
  accessToken: 'access-token-SECRET-2',
  clientApplicationId: 'client-app-1',
  clientToken: 'client-token-SECRET-3',
  origin: 'https://shop.example.com',
} as const;

/** The client-side keys among {@link keys}: what a `ClientEvents` takes (a server key is refused there). */
export const clientKeys = { accessToken: keys.accessToken, clientApplicationId: keys.clientApplicationId, clientToken: keys.clientToken, origin: keys.origin } as const;

/** The headers each credentials group sends, with {@link keys}. */
export const groupHeaders = {
  server: { 'x-app-id': keys.appId, 'x-app-token': keys.appToken, authorization: `Bearer ${keys.accessToken}` },
  app: { 'x-app-id': keys.appId, 'x-app-token': keys.appToken },
  client: { 'x-client-application-id': keys.clientApplicationId, 'x-client-token': keys.clientToken, authorization: `Bearer ${keys.accessToken}`, origin: keys.origin },
} as const;

/** Every credential header name. */
export const credentialHeaders = ['authorization', 'x-app-id', 'x-app-token', 'x-client-application-id', 'x-client-token'] as const;

/** The credential headers (and `origin`) of a recorded request. */
export function credentialsOf(sent: Sent): Record<string, string> {
  const found: Record<string, string> = {};
  for (const name of [...credentialHeaders, 'origin']) if (sent.headers[name] !== undefined) found[name] = sent.headers[name]!;
  return found;
}
