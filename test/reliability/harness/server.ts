/**
 * A real `node:http` server on 127.0.0.1 that injects one fault per request. Requests are matched
 * to a plan by the `x-case` header the tests send with each call, so hundreds of calls can share
 * one server while each is counted on its own.
 *
 * The server never echoes a request header back: whatever secret a response or an error carries
 * would have to come from the SDK itself.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** Every way a response can go wrong (and `ok`, the control). */
export const FAULTS = [
  'ok',
  'refused',
  'reset-before-response',
  'reset-mid-body',
  'no-answer',
  'stalled-body',
  'html-500',
  'html-502',
  'html-503',
  'html-504',
  'html-502-body-cut',
  'html-503-body-stalled',
  '429-retry-after-seconds',
  '429-retry-after-date',
  '429-retry-after-huge',
  'json-409',
  'json-422',
  'redirect-300',
  'redirect-301',
  'redirect-302',
  'redirect-303',
  'redirect-304',
  'redirect-305',
  'redirect-306',
  'redirect-307',
  'redirect-308',
  '200-truncated-json',
  '200-non-json',
  '200-empty',
  '200-wrong-content-type',
] as const;

export type Fault = (typeof FAULTS)[number];

/** What the server answers a case with: one fault per attempt (the last repeats) and the success body. */
export interface Plan {
  faults: Fault[];
  /** The JSON a successful answer carries; the server adds `echo`. */
  body: Record<string, unknown>;
}

/** One request as the server received it. */
export interface Received {
  caseId: string;
  method: string;
  /** The raw request target, as sent on the wire. */
  url: string;
  /** The path's segments, each percent-decoded once. */
  segments: string[];
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** 1 for the first request of this case, 2 for the next, … */
  attempt: number;
}

/** What every successful and JSON error answer carries, so a result can be traced to its request. */
export interface Echo {
  case: string;
  method: string;
  path: string;
  attempt: number;
}

export const HTML_PAGE = (status: number, caseId: string) =>
  `<!DOCTYPE html><html><head><title>${status} Error</title></head><body><center><h1>${status} Error</h1></center><hr><center>nginx (case ${caseId})</center></body></html>`;

export interface FaultServer {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  /** Registers what the server answers the requests of `caseId`. */
  plan(caseId: string, plan: Plan): void;
  /** Requests received for `caseId` so far. */
  count(caseId: string): number;
  /** Requests received for `caseId`, in order. */
  received(caseId: string): Received[];
  /** Every request received. */
  readonly all: readonly Received[];
  /** Sockets currently open. */
  openSockets(): number;
  /** Closes the server and destroys every socket (stalled and kept-alive ones too). */
  close(): Promise<void>;
}

/** Starts a fault server on an ephemeral port of 127.0.0.1. */
export async function startFaultServer(): Promise<FaultServer> {
  const plans = new Map<string, Plan>();
  const byCase = new Map<string, Received[]>();
  const all: Received[] = [];
  const sockets = new Set<Socket>();

  const server: Server = createServer((req, res) => {
    const caseId = String(req.headers['x-case'] ?? '');
    const list = byCase.get(caseId) ?? [];
    byCase.set(caseId, list);
    const url = req.url ?? '/';
    const rawPath = url.split('?')[0] ?? '';
    const entry: Received = {
      caseId,
      method: req.method ?? '',
      url,
      segments: rawPath.split('/').slice(1).map(safeDecode),
      headers: { ...req.headers },
      body: '',
      attempt: list.length + 1,
    };
    // Counted the moment the request arrives, before its body: a call that settles has been counted.
    list.push(entry);
    all.push(entry);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      entry.body = Buffer.concat(chunks).toString('utf8');
      answer(req, res, entry, plans.get(caseId));
    });
    req.on('error', () => {});
    res.on('error', () => {});
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  server.on('clientError', (_err, socket) => socket.destroy());

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    plan: (caseId, plan) => void plans.set(caseId, plan),
    count: (caseId) => byCase.get(caseId)?.length ?? 0,
    received: (caseId) => byCase.get(caseId) ?? [],
    all,
    openSockets: () => sockets.size,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await closed;
      // Sockets report 'close' a tick after being destroyed: wait (bounded) until every one has.
      for (let i = 0; i < 100 && sockets.size > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    },
  };
}

/** A port on 127.0.0.1 with nothing listening: connecting to it is refused. */
export { refusedUrl } from '../../helpers/http-server.js';

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return `<undecodable:${segment}>`;
  }
}

function answer(req: IncomingMessage, res: ServerResponse, entry: Received, plan: Plan | undefined): void {
  if (!plan) {
    sendJson(res, 404, { code: 404, key: 'not_found', message: 'No plan for this case', request_id: entry.caseId });
    return;
  }
  const fault = plan.faults[Math.min(entry.attempt - 1, plan.faults.length - 1)]!;
  const echo: Echo = { case: entry.caseId, method: entry.method, path: entry.url.split('?')[0] ?? '', attempt: entry.attempt };
  const okBody = JSON.stringify({ ...plan.body, echo });
  const rateLimited = (retryAfter: string) =>
    sendJson(res, 429, { code: 429, key: 'too_many_requests', message: 'Too many requests', request_id: entry.caseId }, { 'retry-after': retryAfter });
  switch (fault) {
    case 'ok':
      send(res, 200, okBody, 'application/json');
      return;
    case 'refused':
      // Only reachable if a test points a refused-connection case at a live server.
      req.socket.destroy();
      return;
    case 'reset-before-response':
      req.socket.resetAndDestroy();
      return;
    case 'reset-mid-body': {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(okBody)) });
      res.write(okBody.slice(0, Math.floor(okBody.length / 2)));
      setTimeout(() => req.socket.resetAndDestroy(), 5).unref();
      return;
    }
    case 'no-answer':
      return; // the socket is destroyed by the client's timeout or by close()
    case 'stalled-body':
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(okBody)) });
      res.write(okBody.slice(0, 10));
      return;
    case 'html-500':
    case 'html-502':
    case 'html-503':
    case 'html-504': {
      const status = Number(fault.slice(5));
      send(res, status, HTML_PAGE(status, entry.caseId), 'text/html; charset=utf-8');
      return;
    }
    case 'html-502-body-cut': {
      const page = HTML_PAGE(502, entry.caseId);
      res.writeHead(502, { 'content-type': 'text/html', 'content-length': String(Buffer.byteLength(page)) });
      res.write(page.slice(0, Math.floor(page.length / 2)));
      setTimeout(() => req.socket.resetAndDestroy(), 5).unref();
      return;
    }
    case 'html-503-body-stalled': {
      const page = HTML_PAGE(503, entry.caseId);
      res.writeHead(503, { 'content-type': 'text/html', 'content-length': String(Buffer.byteLength(page)) });
      res.write(page.slice(0, 10));
      return;
    }
    case '429-retry-after-seconds':
      rateLimited('1');
      return;
    case '429-retry-after-date':
      rateLimited(new Date(Date.now() + 3_000).toUTCString());
      return;
    case '429-retry-after-huge':
      rateLimited('999999999999999');
      return;
    case 'json-409':
      sendJson(res, 409, { code: 409, key: 'duplicate_found', message: 'Duplicate found', request_id: entry.caseId });
      return;
    case 'json-422':
      sendJson(res, 422, { code: 422, key: 'unprocessable_entity', message: 'Unprocessable entity', request_id: entry.caseId });
      return;
    case 'redirect-300':
    case 'redirect-301':
    case 'redirect-302':
    case 'redirect-303':
    case 'redirect-304':
    case 'redirect-305':
    case 'redirect-306':
    case 'redirect-307':
    case 'redirect-308':
      // To a path of this same server: a client that followed it would be counted here again.
      send(res, Number(fault.slice(9)), '', 'text/plain', { location: `/moved${echo.path}` });
      return;
    case '200-truncated-json':
      send(res, 200, okBody.slice(0, Math.floor(okBody.length / 2)), 'application/json');
      return;
    case '200-non-json':
      send(res, 200, HTML_PAGE(200, entry.caseId), 'text/html');
      return;
    case '200-empty':
      send(res, 200, '', 'application/json');
      return;
    case '200-wrong-content-type':
      send(res, 200, okBody, 'text/plain; charset=utf-8');
      return;
  }
}

function send(res: ServerResponse, status: number, body: string, contentType: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': contentType, 'content-length': String(Buffer.byteLength(body)), ...headers });
  res.end(body);
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  send(res, status, JSON.stringify(body), 'application/json', headers);
}
