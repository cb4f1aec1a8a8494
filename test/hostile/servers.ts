/**
 * Misbehaving services for the hostile suite: real `node:http` servers on 127.0.0.1 that record
 * every request (method, target, headers and body) and answer through a handler that gets the raw
 * response, so a test can redirect, stream without end, inflate, or never answer.
 *
 * `useServers()` gives a file a `serve` that starts such servers and stops every one of them
 * after each test, open sockets included.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterEach } from 'vitest';
import { credentials, listenOnLoopback } from '../helpers/http-server.js';

/** One request as the server received it. */
export interface Request {
  method: string;
  /** The raw request target, e.g. `/v1/loyalties/members/L1?x=1`. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The request body as text. */
  body: string;
}

/** What a handler does with one request: write the response, or leave it hanging. */
export type Handler = (request: Request, res: ServerResponse, n: number) => void | Promise<void>;

/** A running server. */
export interface HostileServer {
  /** `http://127.0.0.1:PORT`, also its origin. */
  url: string;
  /** Every request, in order of arrival. */
  requests: Request[];
  /** Stops the server and drops every open socket. */
  close(): Promise<void>;
}

/** Starts a server on an ephemeral port of 127.0.0.1 that hands each request, read whole, to `handle`. */
export async function startHostileServer(handle: Handler): Promise<HostileServer> {
  const requests: Request[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: Request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(request);
      // A client that went away mid-answer makes writes fail; that is the client's business.
      res.on('error', () => undefined);
      void Promise.resolve(handle(request, res, requests.length)).catch(() => res.destroy());
    });
  });
  return { ...(await listenOnLoopback(server)), requests };
}

/** Servers started by a test file, each stopped after the test that started it. */
export function useServers(): (handle: Handler) => Promise<HostileServer> {
  const running: HostileServer[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.close()));
  });
  return async (handle) => {
    const server = await startHostileServer(handle);
    running.push(server);
    return server;
  };
}

/** Writes a JSON answer. */
export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers }).end(text);
}

/** Every credential option, with recognisable values; the secrets are {@link secrets}. */
export const keys = credentials;

/** The secret values among {@link keys}: none may reach an error, a log line or another origin. */
export const secrets: readonly string[] = [keys.appToken, keys.accessToken, keys.clientToken];

/** The headers that carry credentials. */
export const credentialHeaders = ['authorization', 'x-app-id', 'x-app-token', 'x-client-application-id', 'x-client-token'] as const;

/** A loyalty member, as `loyalties.getMember` answers. */
export const member = { id: 'v_hostile_1', code: 'LOYAL-H1', type: 'LOYALTY_CARD', object: 'voucher', created_at: '2026-01-01T00:00:00Z', loyalty_card: { points: 120 } };

/** Settles with what `promise` rejects with (or `undefined` if it resolves), and the milliseconds it took. */
export async function settle(promise: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  return { error, ms: Math.round(performance.now() - started) };
}
