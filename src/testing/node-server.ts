/**
 * `mock.listen()`: serves the mock over real HTTP on 127.0.0.1 with `node:http`. `node:http` is
 * imported only when `listen()` is called, through a specifier bundlers do not follow, so
 * importing `promokit/testing` in a browser, an edge runtime or a bundle never touches it.
 *
 * @module
 */
import { isLoopbackHost, isLoopbackOrigin, type OriginPolicy } from './http.js';

/** A running mock server. */
export interface MockServer {
  /** The server's address, e.g. `http://127.0.0.1:53817`; use it as the client's `baseUrl`. */
  readonly url: string;
  /** The port the server listens on. */
  readonly port: number;
  /** Stops the server and drops its open connections. */
  close(): Promise<void>;
}

/** Options of `mock.listen()`. */
export interface ListenOptions {
  /** Port to listen on; default `0`, any free port. */
  port?: number;
  /**
   * Interface to listen on: `127.0.0.1` (the default), `localhost` or `::1`, never reachable from
   * other machines. Any other (`0.0.0.0`, a LAN address) is refused unless
   * `dangerouslyAllowRemote` is `true`.
   */
  host?: string;
  /**
   * `true` lets `host` be an interface other machines can reach (`0.0.0.0` for a container's
   * port mapping): they then reach the mock, its test credentials and its records, and the check
   * that requests are addressed to this machine is off. Default `false`.
   */
  dangerouslyAllowRemote?: boolean;
  /**
   * Browser origins besides this machine's that may call the server. By default only pages on
   * `http(s)://localhost`, `127.0.0.1` or `[::1]` (any port) get CORS headers, so a page on any
   * other site cannot read the mock's answers. List origins to open it to them, as
   * `scheme://host[:port]` (`['https://app.example.test:8443']`), or `'*'` for every origin.
   */
  allowOrigins?: readonly string[] | '*';
}

// The few parts of node:http used here, typed locally so the SDK's sources need no Node types.
interface IncomingMessage {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
  /** True once the whole request, body included, has arrived. */
  complete: boolean;
  socket: { destroy(): unknown; resetAndDestroy?(): unknown };
  on(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  on(event: 'end' | 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  pause(): unknown;
  resume(): unknown;
}
interface ServerResponse {
  writeHead(status: number, headers: Record<string, string | string[]>): unknown;
  end(chunk?: Uint8Array): unknown;
  on(event: 'close' | 'finish', listener: () => void): unknown;
  headersSent: boolean;
}
interface HttpServer {
  listen(port: number, host: string, callback: () => void): unknown;
  once(event: 'error', listener: (error: Error) => void): unknown;
  address(): { port: number } | string | null;
  close(callback: (error?: Error) => void): unknown;
  closeAllConnections?(): void;
}
interface NodeHttp {
  createServer(listener: (req: IncomingMessage, res: ServerResponse) => void): HttpServer;
}

/** Answers a request, giving CORS headers to the origins `allowed` accepts. */
type Respond = (request: Request, allowed: OriginPolicy) => Promise<Response>;

/** Serves `respond` on a new HTTP server. */
export async function listen(respond: Respond, options: ListenOptions = {}): Promise<MockServer> {
  const allowed = originPolicy(options.allowOrigins);
  const specifier = 'node:http';
  let http: NodeHttp;
  try {
    http = (await import(/* @vite-ignore */ /* webpackIgnore: true */ specifier)) as NodeHttp;
  } catch (cause) {
    throw new Error('mock.listen() needs node:http (Node, Bun or Deno); in other runtimes use mock.fetch', { cause });
  }
  const host = options.host ?? '127.0.0.1';
  const remote = options.dangerouslyAllowRemote ?? false;
  if (typeof host !== 'string' || typeof remote !== 'boolean')
    throw new TypeError('mock.listen: host must be a string (an interface: 127.0.0.1 by default) and dangerouslyAllowRemote true or false');
  const loopback = isLoopbackHost(host.includes(':') ? `[${host}]` : host);
  if (!loopback && !remote)
    throw new TypeError(
      `mock.listen: host ${JSON.stringify(host).slice(0, 80)} is reachable from other machines, which would reach the mock, its test credentials and its records; listen on 127.0.0.1 (the default), or pass dangerouslyAllowRemote: true`,
    );
  // Bound to this machine, the server answers only requests addressed to it: a page whose own
  // name resolves to 127.0.0.1 (DNS rebinding) is refused, as CORS cannot stop it.
  const hostAllowed = options.allowOrigins === '*' || !loopback ? () => true : hostCheck(options.allowOrigins ?? []);
  let origin = '';
  const server = http.createServer((req, res) => {
    void serve((request) => respond(request, allowed), hostAllowed, origin, req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    url: origin,
    port,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error && (error as { code?: string }).code !== 'ERR_SERVER_NOT_RUNNING' ? reject(error) : resolve()));
        // Keep-alive connections would hold close() open until they time out; a request still
        // held by a fault is let go when its connection closes.
        server.closeAllConnections?.();
      });
      return closing;
    },
  };
}

/** The CORS rule of `allowOrigins`: this machine's origins, plus those listed (or every one for `'*'`). */
function originPolicy(allowOrigins: ListenOptions['allowOrigins']): OriginPolicy {
  if (allowOrigins === undefined) return isLoopbackOrigin;
  if (allowOrigins === '*') return () => true;
  const fail = () =>
    new TypeError(
      `mock.listen: allowOrigins must be '*' or an array of origins, each scheme://host[:port] with no path (e.g. 'https://app.example.test'); got ${JSON.stringify(allowOrigins)}`,
    );
  if (!Array.isArray(allowOrigins)) throw fail();
  for (const entry of allowOrigins) {
    if (typeof entry !== 'string' || !/^https?:\/\//.test(entry) || parseUrl(entry)?.origin !== entry) throw fail();
  }
  const listed = new Set(allowOrigins);
  return (origin) => isLoopbackOrigin(origin) || listed.has(origin);
}

function parseUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** Accepts a `Host` header naming this machine, or a host of the origins allowed. */
function hostCheck(allowOrigins: readonly string[]): (host: string | undefined) => boolean {
  const names = new Set(allowOrigins.map((o) => parseUrl(o)!.hostname));
  return (host) => {
    if (host === undefined) return true;
    const name = parseUrl(`http://${host}`)?.hostname;
    return name !== undefined && (isLoopbackHost(name) || names.has(name));
  };
}

async function serve(
  handle: (request: Request) => Promise<Response>,
  hostAllowed: (host: string | undefined) => boolean,
  origin: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  // The caller went away (its timeout, its signal, the server's close()): a request a fault
  // holds is let go at once.
  const gone = new AbortController();
  res.on('close', () => gone.abort(new DOMException('The client closed the connection', 'AbortError')));
  // The body is read only if the mock gets that far (credentials checked first), and no further
  // than it reads (a bound): a 401 or a 413 never waits for a large upload.
  const body = bodyReader(req, res);
  try {
    const hostHeader = req.headers.host;
    if (!hostAllowed(typeof hostHeader === 'string' ? hostHeader : undefined)) {
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end(
        new TextEncoder().encode(
          JSON.stringify({
            code: 403,
            key: 'forbidden',
            message: 'Forbidden',
            details: `Host ${String(hostHeader)} is not this machine: the mock answers requests addressed to localhost, 127.0.0.1 or [::1]`,
          }),
        ),
      );
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      else if (value !== undefined) headers.set(name, value);
    }
    const method = req.method ?? 'GET';
    const init = { method, headers, body: method !== 'GET' && method !== 'HEAD' ? body : undefined, duplex: 'half', signal: gone.signal } as RequestInit;
    const response = await handle(new Request(origin + (req.url ?? '/'), init));
    if (response.type === 'error') {
      // A dropped connection: a TCP reset where the runtime can send one.
      if (typeof req.socket.resetAndDestroy === 'function') req.socket.resetAndDestroy();
      else req.socket.destroy();
      return;
    }
    const out: Record<string, string> = {};
    response.headers.forEach((value, name) => (out[name] = value));
    res.writeHead(response.status, out);
    res.end(new Uint8Array(await response.arrayBuffer()));
  } catch (error) {
    if (gone.signal.aborted) return; // nobody left to answer
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
    res.end(new TextEncoder().encode(JSON.stringify({ code: 500, key: 'internal_error', message: 'Internal server error', details: String(error) })));
  }
}

/** How long, and how much more, the server reads of a body it answered without reading to its end. */
const LINGER_MS = 1_000;
const LINGER_BYTES = 16 * 1024 * 1024;

/** True when the request says a body follows (`Content-Length` above 0, or `Transfer-Encoding`). */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (typeof length === 'string' && length !== '0');
}

/**
 * The request's body as a stream read on demand. When the answer is sent before the body has
 * all arrived (a 401, a 413), the rest is read and dropped for at most {@link LINGER_MS} and
 * {@link LINGER_BYTES}, long enough for the client to read the answer, before the connection is
 * closed; a body that ends within that keeps its connection.
 */
function bodyReader(req: IncomingMessage, res: ServerResponse): ReadableStream<Uint8Array> {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let ended = false;
  req.on('end', () => (ended = true));
  let listening = false;
  let dropping = false;
  let dropped = 0;
  const listen = () => {
    if (listening) return;
    listening = true;
    req.on('data', (chunk) => {
      if (dropping) {
        dropped += chunk.byteLength;
        if (dropped > LINGER_BYTES) req.socket.destroy();
        return;
      }
      try {
        controller?.enqueue(chunk);
      } catch {
        // The mock has stopped reading: the rest waits for the answer, then is dropped.
      }
      if (!((controller?.desiredSize ?? 0) > 0)) req.pause();
    });
    req.on('end', () => {
      try {
        controller?.close();
      } catch {
        // Already closed or cancelled.
      }
    });
    req.on('error', (error) => {
      try {
        controller?.error(error);
      } catch {
        // Already closed or cancelled.
      }
    });
  };
  res.on('finish', () => {
    if (ended || req.complete || !hasBody(req)) return;
    dropping = true;
    const timer = setTimeout(() => req.socket.destroy(), LINGER_MS);
    (timer as { unref?: () => void }).unref?.(); // never what keeps a process alive
    req.on('end', () => clearTimeout(timer));
    req.on('close', () => clearTimeout(timer));
    listen();
    req.resume();
  });
  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      pull() {
        listen();
        req.resume();
      },
    },
    { highWaterMark: 0 },
  );
}
