/**
 * A service that injects one fault per request, over two transports that give the same answers: a
 * real `node:http` server on 127.0.0.1 ({@link startFaultServer}), and an in-process `fetch` for
 * the client's `fetch` option ({@link inProcessFaults}) that answers what the server would, and
 * fails where the server's socket would fail with the errors Node's fetch (undici) gives for it:
 * a refused connection, a reset before the answer or in its body, a silence until the caller's
 * signal aborts. Each fault's answer is written once ({@link answerOf}); the fault matrix runs
 * every operation in process and one operation of each class over the socket, and the two must
 * agree. Requests are matched to a plan by the `x-case` header the tests send with each call, so
 * hundreds of calls can share one service while each is counted on its own.
 *
 * The service never echoes a request header back: whatever secret a response or an error carries
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
  /** `http://127.0.0.1:PORT` over the socket; `http://faults.test` in process. */
  readonly url: string;
  /** Registers what the service answers the requests of `caseId`. */
  plan(caseId: string, plan: Plan): void;
  /** Requests received for `caseId` so far. */
  count(caseId: string): number;
  /** Requests received for `caseId`, in order. */
  received(caseId: string): Received[];
  /** Every request received. */
  readonly all: readonly Received[];
  /** Sockets currently open (none in process). */
  openSockets(): number;
  /** Closes the server and destroys every socket (stalled and kept-alive ones too); in process, ends every stalled answer. */
  close(): Promise<void>;
}

/** The in-process service: its `fetch` is what the client is given. */
export interface InProcessFaults extends FaultServer {
  readonly fetch: typeof globalThis.fetch;
}

/**
 * What the service does with one request, whatever carries it:
 * - `refuse`: nothing listens (the request never arrives);
 * - `reset`: the connection is reset before any byte of an answer;
 * - `silent`: the request is read and never answered;
 * - `answer`: a status, headers and a body, then the body `end`s, is cut by a reset after half
 *   of it (`reset-half`), or stops after 10 bytes and hangs (`stall`).
 */
export type Answer =
  | { kind: 'refuse' }
  | { kind: 'reset' }
  | { kind: 'silent' }
  | { kind: 'answer'; status: number; headers: Record<string, string>; body: string; then: 'end' | 'reset-half' | 'stall' };

/** The answer to `entry` under `plan` (a 404 with a JSON error when the case has no plan). */
export function answerOf(entry: Received, plan: Plan | undefined): Answer {
  const json = (status: number, body: unknown, headers: Record<string, string> = {}): Answer => ({
    kind: 'answer',
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    then: 'end',
  });
  if (!plan) return json(404, { code: 404, key: 'not_found', message: 'No plan for this case', request_id: entry.caseId });
  const fault = faultOf(plan, entry.attempt);
  const echo: Echo = { case: entry.caseId, method: entry.method, path: entry.url.split('?')[0] ?? '', attempt: entry.attempt };
  const okBody = JSON.stringify({ ...plan.body, echo });
  const answer = (
    status: number,
    body: string,
    contentType: string,
    then: 'end' | 'reset-half' | 'stall' = 'end',
    headers: Record<string, string> = {},
  ): Answer => ({
    kind: 'answer',
    status,
    headers: { 'content-type': contentType, ...headers },
    body,
    then,
  });
  const rateLimited = (retryAfter: string) =>
    json(429, { code: 429, key: 'too_many_requests', message: 'Too many requests', request_id: entry.caseId }, { 'retry-after': retryAfter });
  switch (fault) {
    case 'ok':
      return answer(200, okBody, 'application/json');
    case 'refused':
      return { kind: 'refuse' };
    case 'reset-before-response':
      return { kind: 'reset' };
    case 'reset-mid-body':
      return answer(200, okBody, 'application/json', 'reset-half');
    case 'no-answer':
      return { kind: 'silent' };
    case 'stalled-body':
      return answer(200, okBody, 'application/json', 'stall');
    case 'html-500':
    case 'html-502':
    case 'html-503':
    case 'html-504': {
      const status = Number(fault.slice(5));
      return answer(status, HTML_PAGE(status, entry.caseId), 'text/html; charset=utf-8');
    }
    case 'html-502-body-cut':
      return answer(502, HTML_PAGE(502, entry.caseId), 'text/html', 'reset-half');
    case 'html-503-body-stalled':
      return answer(503, HTML_PAGE(503, entry.caseId), 'text/html', 'stall');
    case '429-retry-after-seconds':
      return rateLimited('1');
    case '429-retry-after-date':
      return rateLimited(new Date(Date.now() + 3_000).toUTCString());
    case '429-retry-after-huge':
      return rateLimited('999999999999999');
    case 'json-409':
      return json(409, { code: 409, key: 'duplicate_found', message: 'Duplicate found', request_id: entry.caseId });
    case 'json-422':
      return json(422, { code: 422, key: 'unprocessable_entity', message: 'Unprocessable entity', request_id: entry.caseId });
    case 'redirect-300':
    case 'redirect-301':
    case 'redirect-302':
    case 'redirect-303':
    case 'redirect-304':
    case 'redirect-305':
    case 'redirect-306':
    case 'redirect-307':
    case 'redirect-308':
      // To a path of this same service: a client that followed it would be counted here again.
      return answer(Number(fault.slice(9)), '', 'text/plain', 'end', { location: `/moved${echo.path}` });
    case '200-truncated-json':
      return answer(200, okBody.slice(0, Math.floor(okBody.length / 2)), 'application/json');
    case '200-non-json':
      return answer(200, HTML_PAGE(200, entry.caseId), 'text/html');
    case '200-empty':
      return answer(200, '', 'application/json');
    case '200-wrong-content-type':
      return answer(200, okBody, 'text/plain; charset=utf-8');
  }
}

/** The fault of attempt `attempt` (1, 2, …) of a plan: one per attempt, the last repeating. */
const faultOf = (plan: Plan, attempt: number): Fault => plan.faults[Math.min(attempt - 1, plan.faults.length - 1)]!;

/** The plans and what arrived, shared by both transports. */
function ledger() {
  const plans = new Map<string, Plan>();
  const byCase = new Map<string, Received[]>();
  const all: Received[] = [];
  return {
    plans,
    all,
    /** Records a request as it arrives (before its body: a call that settles has been counted), as attempt n of its case. */
    arrive(caseId: string, method: string, url: string, headers: Received['headers']): Received {
      const list = byCase.get(caseId) ?? [];
      byCase.set(caseId, list);
      const rawPath = url.split('?')[0] ?? '';
      const entry: Received = {
        caseId,
        method,
        url,
        segments: rawPath.split('/').slice(1).map(safeDecode),
        headers,
        body: '',
        attempt: list.length + 1,
      };
      list.push(entry);
      all.push(entry);
      return entry;
    },
    /** The attempt the next request of `caseId` would be. */
    next: (caseId: string) => (byCase.get(caseId)?.length ?? 0) + 1,
    plan: (caseId: string, plan: Plan) => void plans.set(caseId, plan),
    count: (caseId: string) => byCase.get(caseId)?.length ?? 0,
    received: (caseId: string) => byCase.get(caseId) ?? [],
  };
}

/** Starts a fault server on an ephemeral port of 127.0.0.1. */
export async function startFaultServer(): Promise<FaultServer> {
  const book = ledger();
  const sockets = new Set<Socket>();

  const server: Server = createServer((req, res) => {
    const entry = book.arrive(String(req.headers['x-case'] ?? ''), req.method ?? '', req.url ?? '/', { ...req.headers });
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      entry.body = Buffer.concat(chunks).toString('utf8');
      overSocket(req, res, answerOf(entry, book.plans.get(entry.caseId)));
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
  // An idle kept-alive socket stays open a minute, not Node's 5 s: on a loaded machine a client
  // could send on one the server had just timed out, and a reset no fault planned would fail a case.
  server.keepAliveTimeout = 60_000;

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    plan: book.plan,
    count: book.count,
    received: book.received,
    all: book.all,
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

/** An answer written to a real socket. */
function overSocket(req: IncomingMessage, res: ServerResponse, answer: Answer): void {
  switch (answer.kind) {
    case 'refuse':
      // Only reachable if a test points a refused-connection case at a live server.
      req.socket.destroy();
      return;
    case 'reset':
      req.socket.resetAndDestroy();
      return;
    case 'silent':
      return; // the socket is destroyed by the client's timeout or by close()
    case 'answer': {
      res.writeHead(answer.status, { ...answer.headers, 'content-length': String(Buffer.byteLength(answer.body)) });
      if (answer.then === 'end') {
        res.end(answer.body);
      } else if (answer.then === 'reset-half') {
        res.write(answer.body.slice(0, Math.floor(answer.body.length / 2)));
        setTimeout(() => req.socket.resetAndDestroy(), 5).unref();
      } else {
        res.write(answer.body.slice(0, 10));
      }
    }
  }
}

/**
 * The in-process service: a `fetch` that answers each request as the server would, with no
 * socket. Where the server's socket would fail, it fails as Node's fetch does: a refused
 * connection and a reset before the answer reject with `TypeError('fetch failed')` caused by an
 * `ECONNREFUSED` or `ECONNRESET` error; a body cut by a reset errors with `TypeError('terminated')`
 * caused by `ECONNRESET`; a silence, and a body that stalls, wait until the request's signal
 * aborts and then reject with its reason.
 */
export function inProcessFaults(): InProcessFaults {
  const book = ledger();
  const url = 'http://faults.test';
  /** The stalls waiting for their signal, ended by close(). */
  const hanging = new Set<() => void>();
  const osError = (message: string, code: string, errno: number, syscall: string) => Object.assign(new Error(message), { code, errno, syscall });

  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const target = new URL(request.url);
    const caseId = request.headers.get('x-case') ?? '';
    const plan = book.plans.get(caseId);
    const { signal } = request;
    signal.throwIfAborted();
    if (plan && faultOf(plan, book.next(caseId)) === 'refused') {
      // Nothing listens: the request never arrives.
      throw new TypeError('fetch failed', { cause: osError(`connect ECONNREFUSED 127.0.0.1:${target.port || 80}`, 'ECONNREFUSED', -111, 'connect') });
    }
    const headers: Received['headers'] = {};
    request.headers.forEach((value, name) => (headers[name] = value));
    headers.host = target.host;
    const entry = book.arrive(caseId, request.method, `${target.pathname}${target.search}`, headers);
    entry.body = await request.text();
    const answer = answerOf(entry, plan);
    /** A promise rejected with the signal's reason once it aborts (or with an error at close()). */
    const untilAborted = () =>
      new Promise<never>((_resolve, reject) => {
        const end = () => {
          hanging.delete(end);
          reject(signal.reason ?? new Error('the fault service was closed'));
        };
        hanging.add(end);
        signal.addEventListener('abort', end, { once: true });
      });
    switch (answer.kind) {
      case 'refuse':
        throw new TypeError('fetch failed', { cause: osError(`connect ECONNREFUSED 127.0.0.1:${target.port || 80}`, 'ECONNREFUSED', -111, 'connect') });
      case 'reset':
        throw new TypeError('fetch failed', { cause: osError('read ECONNRESET', 'ECONNRESET', -104, 'read') });
      case 'silent':
        return untilAborted();
      case 'answer': {
        const bytes = new TextEncoder().encode(answer.body);
        const headers = new Headers({ ...answer.headers, 'content-length': String(bytes.length) });
        // A 304 has no body, whatever the headers say.
        if (answer.status === 304) return new Response(null, { status: answer.status, headers });
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            if (answer.then === 'end') {
              controller.enqueue(bytes);
              controller.close();
            } else if (answer.then === 'reset-half') {
              controller.enqueue(new TextEncoder().encode(answer.body.slice(0, Math.floor(answer.body.length / 2))));
              setTimeout(() => controller.error(new TypeError('terminated', { cause: osError('read ECONNRESET', 'ECONNRESET', -104, 'read') })), 5);
            } else {
              controller.enqueue(bytes.slice(0, 10));
              untilAborted().catch((reason: unknown) => controller.error(reason));
            }
          },
        });
        return new Response(body, { status: answer.status, headers });
      }
    }
  };

  return {
    url,
    fetch,
    plan: book.plan,
    count: book.count,
    received: book.received,
    all: book.all,
    openSockets: () => 0,
    async close() {
      for (const end of [...hanging]) end();
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
