/**
 * A real `node:http` server on 127.0.0.1 for tests that need the wire itself (no msw): it records
 * every request (method, URL, headers) and answers each with what the test's function says.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One request as the server received it. */
export interface Received {
  method: string;
  /** The raw request target, e.g. `/v1/loyalties/members/L1`. */
  url: string;
  headers: IncomingHttpHeaders;
  /** When it arrived, `performance.now()` milliseconds. */
  at: number;
}

/** What the server answers: a JSON body (any value but a string) or a text body; `hang` never answers. */
export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  hang?: boolean;
}

export interface TestServer {
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** Every request, in order. */
  requests: Received[];
  /** Stops the server and drops every open socket. */
  close(): Promise<void>;
}

/** Starts a server on an ephemeral port of 127.0.0.1; `answer` gets each request and its 1-based number. */
export async function startServer(answer: (request: Received, n: number) => Answer): Promise<TestServer> {
  const requests: Received[] = [];
  const server = createServer((req, res) => {
    const received: Received = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, at: performance.now() };
    requests.push(received);
    req.resume();
    req.on('end', () => reply(res, answer(received, requests.length)));
  });
  return { ...(await listenOnLoopback(server)), requests };
}

/** A server listening on 127.0.0.1, as {@link listenOnLoopback} gives it. */
export interface Loopback {
  /** `http://127.0.0.1:PORT`, also its origin. */
  url: string;
  /** Stops the server and drops every open socket. */
  close(): Promise<void>;
}

/**
 * Starts `server` on an ephemeral port of 127.0.0.1 and keeps track of its sockets, so that
 * `close()` stops it without waiting for a client to hang up.
 */
export async function listenOnLoopback(server: Server): Promise<Loopback> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

function reply(res: ServerResponse, answer: Answer): void {
  if (answer.hang) return;
  const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? {});
  const type = typeof answer.body === 'string' ? 'text/html' : 'application/json';
  res.writeHead(answer.status ?? 200, { 'content-type': type, 'content-length': String(Buffer.byteLength(text)), ...answer.headers });
  res.end(text);
}

/** A URL on 127.0.0.1 where nothing listens: connecting is refused. */
export async function refusedUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** Credentials with recognisable secret values, for leak checks. */
export const credentials = {
  appId: 'app-id-OBS',
  appToken: 'app-token-SECRET-obs-1',
  accessToken: 'access-token-SECRET-obs-2',
  clientApplicationId: 'client-app-OBS',
  clientToken: 'client-token-SECRET-obs-3',
  origin: 'https://shop.example.com',
} as const;

/** The client-side keys among {@link credentials}: what a `ClientEvents` takes (a server key is refused there). */
export const clientCredentials = { accessToken: credentials.accessToken, clientApplicationId: credentials.clientApplicationId, clientToken: credentials.clientToken, origin: credentials.origin } as const;

/** The secret values among {@link credentials}. */
export const secretValues = [credentials.appToken, credentials.accessToken, credentials.clientToken];

/** A loyalty member body. */
export const member = { id: 'v_1', code: 'L1', type: 'LOYALTY_CARD', object: 'voucher', created_at: '2026-01-01T00:00:00Z', loyalty_card: { points: 42 } };

/** An event acknowledgment body. */
export const ack = { object: 'event', type: 'e', customer: { id: 'cust_1', object: 'customer' }, referral: null, loyalty: null, metadata: {} };
