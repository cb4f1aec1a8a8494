/**
 * Request bodies are read only when the mock gets that far, and only so far: credentials (and
 * the route, and an injected status) are answered before a byte of the body is read, and a body
 * over 10 MiB is answered 413 after at most that much, over `mock.listen()` (raw sockets on
 * 127.0.0.1, so the test controls every byte sent) and `mock.fetch` (streamed bodies). After
 * such an answer the server reads and drops the rest for a bounded while (so the client gets
 * the answer rather than a reset), then hangs up.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockService, type MockServer, type MockService } from '../../src/testing/index.js';
import { serverHeaders } from './transports.js';

const MiB = 1024 * 1024;
const LIMIT = 10 * MiB;

const servers: MockServer[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function listening(): Promise<{ mock: MockService; server: MockServer }> {
  const mock = createMockService();
  mock.route('POST /v1/vouchers/{code}/redemption', ({ body }) => ({ body: { length: JSON.stringify(body).length } }));
  const server = await mock.listen();
  servers.push(server);
  return { mock, server };
}

/** A raw HTTP/1.1 exchange: the head sent, then body bytes as `feed` gives them, until the answer's head arrives. */
interface Exchange {
  status: number;
  headers: Record<string, string>;
  /** Body bytes written before the answer's head arrived. */
  written: number;
  /** Resolves when the server closes the connection. */
  closed: Promise<void>;
}

async function exchange(port: number, head: string, feed: { first?: string; chunk?: Buffer; cap?: number } = {}): Promise<Exchange> {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  socket.on('error', () => {}); // the server may reset a connection whose body it did not read
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  let answered: ((value: void) => void) | undefined;
  const answer = new Promise<void>((resolve) => (answered = resolve));
  socket.on('data', (data: Buffer) => {
    received += data.toString('latin1');
    if (received.includes('\r\n\r\n')) answered?.();
  });
  socket.write(head);
  let written = 0;
  if (feed.first) {
    socket.write(feed.first);
    written += feed.first.length;
  }
  let done = false;
  void answer.then(() => (done = true));
  void closed.then(() => (done = true));
  // Keep sending, as a large upload does, until the server answers (or the cap is reached).
  while (feed.chunk && !done && written < (feed.cap ?? 0)) {
    const more = socket.write(feed.chunk);
    written += feed.chunk.length;
    if (!more) await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), answer, closed]);
  }
  await Promise.race([answer, closed]);
  const [statusLine = '', ...lines] = received.slice(0, received.indexOf('\r\n\r\n')).split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, written, closed };
}

const head = (port: number, path: string, headers: Record<string, string>, length?: number) =>
  [
    `POST ${path} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    length === undefined ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`,
    '',
    '',
  ].join('\r\n');

describe('mock.listen(): a large body is never read before the answer that needs none of it', () => {
  const declared = 300 * MiB;
  const wrongKeys = { 'content-type': 'application/json', 'x-app-id': 'someone', 'x-app-token': 'wrong' };

  // Answers that need no body: wrong credentials on a route and on a built-in operation, no such path, an injected status.
  const cases: Array<[string, number, (mock: MockService) => { path: string; headers: Record<string, string> }]> = [
    ['a route, wrong app keys', 401, () => ({ path: '/v1/vouchers/SPRING15/redemption', headers: wrongKeys })],
    ['a built-in operation, wrong app keys', 401, (mock) => ({ path: `/v1/loyalties/members/${mock.ids.members.ada}/redemption`, headers: wrongKeys })],
    [
      'a route, an unknown bearer token',
      401,
      (mock) => ({ path: '/v1/vouchers/SPRING15/redemption', headers: { ...serverHeaders(mock), authorization: 'Bearer unknown' } }),
    ],
    ['no such path', 404, (mock) => ({ path: '/v1/no-such-path', headers: serverHeaders(mock) })],
    [
      'an injected 503',
      503,
      (mock) => (mock.inject({ fault: 'status', status: 503 }), { path: '/v1/vouchers/SPRING15/redemption', headers: serverHeaders(mock) }),
    ],
  ];

  it.each(cases)('%s: answered %s with 9 bytes of a 300 MB body sent, and the connection closed', async (_case, status, request) => {
    const { mock, server } = await listening();
    const { path, headers } = request(mock);
    const answer = await exchange(server.port, head(server.port, path, headers, declared), { first: '{"order":' });
    expect(answer.status).toBe(status);
    expect(answer.written).toBe(9);
    await answer.closed; // the rest of the body never comes: the server hangs up after a short wait
  });

  it('answers a declared length over 10 MiB with 413 before reading it, credentials right', async () => {
    const { mock, server } = await listening();
    const answer = await exchange(server.port, head(server.port, '/v1/vouchers/SPRING15/redemption', serverHeaders(mock), declared), { first: '{"order":' });
    expect(answer.status).toBe(413);
    expect(answer.written).toBe(9);
    await answer.closed;
    expect(mock.requests).toMatchObject([{ route: 'POST /v1/vouchers/{code}/redemption', status: 413 }]);
  });

  it('stops reading a chunked body of no stated length at 10 MiB: 413', async () => {
    const { mock, server } = await listening();
    const chunk = Buffer.from(`${(64 * 1024).toString(16)}\r\n${'x'.repeat(64 * 1024)}\r\n`, 'latin1');
    const cap = 200 * MiB;
    const answer = await exchange(server.port, head(server.port, '/v1/vouchers/SPRING15/redemption', serverHeaders(mock)), { chunk, cap });
    expect(answer.status).toBe(413);
    expect(answer.written).toBeGreaterThan(LIMIT); // the mock read up to its limit
    expect(answer.written).toBeLessThan(cap); // and answered long before the upload's end
    await answer.closed;
  });

  it('a fetch uploading 300 MiB with wrong app keys gets the 401, and its upload stops after a few MiB', async () => {
    const { server } = await listening();
    let pulled = 0;
    const upload = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(MiB).fill(0x20));
        if (pulled === 300) controller.close();
      },
    });
    const response = await fetch(`${server.url}/v1/orders`, {
      method: 'POST',
      headers: { 'x-app-id': 'someone', 'x-app-token': 'wrong' },
      body: upload,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ key: 'unauthorized', details: 'Invalid X-App-Id or X-App-Token' });
    expect(pulled).toBeLessThan(64); // at most the 16 MiB read and dropped after the answer, and what the sockets buffer
  });

  it('reads a body within the limit to its end and keeps the connection', async () => {
    const { mock, server } = await listening();
    const body = JSON.stringify({ note: 'x'.repeat(LIMIT - 100) });
    const response = await fetch(`${server.url}/v1/vouchers/SPRING15/redemption`, { method: 'POST', headers: serverHeaders(mock), body });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ length: body.length });
    expect(response.headers.get('connection')).not.toBe('close');
  });
});

describe('mock.fetch: a streamed body is read no further than 10 MiB', () => {
  /** A body that never ends, counting the chunks pulled from it. */
  const endless = () => {
    const counter = { pulls: 0, cancelled: false };
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        counter.pulls += 1;
        controller.enqueue(new Uint8Array(MiB).fill(0x20));
      },
      cancel() {
        counter.cancelled = true;
      },
    });
    return { stream, counter };
  };

  it('answers 413 after reading just over the limit, and cancels the stream', async () => {
    const mock = createMockService();
    const { stream, counter } = endless();
    const response = await mock.fetch(`${mock.baseUrl}/v1/orders`, {
      method: 'POST',
      headers: serverHeaders(mock),
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      code: 413,
      key: 'payload_too_large',
      details: `The request body is over ${LIMIT} bytes, the most the mock reads`,
    });
    expect(counter.pulls).toBeLessThanOrEqual(13);
    await expect.poll(() => counter.cancelled).toBe(true);
  });

  it('answers a declared length over the limit, or wrong credentials, without reading the body at all', async () => {
    const mock = createMockService();
    for (const [headers, status] of [
      [serverHeaders(mock, { 'content-length': String(300 * MiB) }), 413],
      [{ 'x-app-id': 'someone', 'x-app-token': 'wrong' }, 401],
    ] as const) {
      const { stream, counter } = endless();
      const response = await mock.fetch(`${mock.baseUrl}/v1/orders`, { method: 'POST', headers, body: stream, duplex: 'half' } as RequestInit);
      expect(response.status).toBe(status);
      expect(counter.pulls).toBeLessThanOrEqual(1); // at most what the stream queues on its own
    }
  });
});
