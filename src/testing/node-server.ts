/**
 * `mock.listen()`: serves the mock over real HTTP on 127.0.0.1 with `node:http`. `node:http` is
 * imported only when `listen()` is called, through a specifier bundlers do not follow, so
 * importing `promokit/testing` in a browser, an edge runtime or a bundle never touches it.
 *
 * @module
 */

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
  /** Interface to listen on; default `127.0.0.1` (never reachable from other machines). */
  host?: string;
}

// The few parts of node:http used here, typed locally so the SDK's sources need no Node types.
interface IncomingMessage extends AsyncIterable<Uint8Array> {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
}
interface ServerResponse {
  writeHead(status: number, headers: Record<string, string | string[]>): unknown;
  end(chunk?: Uint8Array): unknown;
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

/** Serves `handle` on a new HTTP server. */
export async function listen(handle: (request: Request) => Promise<Response>, options: ListenOptions = {}): Promise<MockServer> {
  const specifier = 'node:http';
  let http: NodeHttp;
  try {
    http = (await import(/* @vite-ignore */ /* webpackIgnore: true */ specifier)) as NodeHttp;
  } catch (cause) {
    throw new Error('mock.listen() needs node:http (Node, Bun or Deno); in other runtimes use mock.fetch', { cause });
  }
  const host = options.host ?? '127.0.0.1';
  let origin = '';
  const server = http.createServer((req, res) => {
    void serve(handle, origin, req, res);
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
        // Keep-alive connections would hold close() open until they time out.
        server.closeAllConnections?.();
      });
      return closing;
    },
  };
}

async function serve(handle: (request: Request) => Promise<Response>, origin: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const chunks: Uint8Array[] = [];
    for await (const chunk of req) chunks.push(chunk);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      else if (value !== undefined) headers.set(name, value);
    }
    const method = req.method ?? 'GET';
    const body = chunks.length > 0 && method !== 'GET' && method !== 'HEAD' ? concat(chunks) : undefined;
    const response = await handle(new Request(origin + (req.url ?? '/'), { method, headers, body }));
    const out: Record<string, string> = {};
    response.headers.forEach((value, name) => (out[name] = value));
    res.writeHead(response.status, out);
    res.end(new Uint8Array(await response.arrayBuffer()));
  } catch (error) {
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
    res.end(new TextEncoder().encode(JSON.stringify({ code: 500, key: 'internal_error', message: 'Internal server error', details: String(error) })));
  }
}

function concat(chunks: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
