/**
 * Bounded resources: a response body is read within `maxResponseBytes` (default 20 MB), counted
 * after decompression, and cancelled as soon as it passes the limit. A service that sends 200 MB,
 * declares 200 MB, or sends a gzip bomb (about 1 MB on the wire, 1 GiB inflated) must not fill
 * the caller's memory. The client's fetch is wrapped to count the body bytes it reads; the server
 * counts what it managed to send before the client hung up.
 */
import type { ServerResponse } from 'node:http';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Client, ResponseTooLargeError } from '../../src/index.js';
import { useRecorders } from '../helpers/recorder.js';
import { keys, settle } from './servers.js';
import { useFigures } from './table.js';

const serve = useRecorders().startRaw;
const record = useFigures('hostile/sizes');

const MB = 1_000_000;
const MiB = 1024 * 1024;
/** The default `maxResponseBytes`. */
const LIMIT = 20 * MB;

/** A fetch that counts the body bytes the client reads (after decompression), and the counter. */
function countingFetch(): { fetch: typeof fetch; read: () => number } {
  let read = 0;
  const counting: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (!response.body) return response;
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          read += chunk.byteLength;
          controller.enqueue(chunk);
        },
      }),
    );
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  return { fetch: counting, read: () => read };
}

/** Writes `total` bytes of a JSON-looking body in 64 KiB chunks, as fast as the client reads; resolves with the bytes written when done or hung up on. */
function stream(res: ServerResponse, total: number): Promise<number> {
  const chunk = Buffer.alloc(64 * 1024, 'a');
  return new Promise((resolve) => {
    let sent = 0;
    let closed = false;
    res.on('close', () => {
      closed = true;
      resolve(sent);
    });
    const more = () => {
      while (!closed && sent < total) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', more);
      }
      if (!closed) res.end();
    };
    res.write('{"id":"');
    more();
  });
}

/** Resident memory in MB. */
const rss = () => process.memoryUsage().rss / MB;

/**
 * Calls `loyalties.getMember` on the service at `url` through a {@link countingFetch}: what it
 * rejected with and in how many ms, the counter of body bytes read, and the growth of resident
 * memory over the call in MB.
 */
async function getMemberCounted(url: string): Promise<{ error: unknown; ms: number; read: () => number; growth: number }> {
  const counter = countingFetch();
  const client = new Client({ baseUrl: url, ...keys, fetch: counter.fetch, logLevel: 'off' });
  const before = rss();
  const { error, ms } = await settle(client.loyalties.getMember('LOYAL-H1'));
  return { error, ms, read: counter.read, growth: Math.round(rss() - before) };
}

describe('a response body past maxResponseBytes', () => {
  it('200 MB streamed without a length: ResponseTooLargeError at the limit, the rest unread', async () => {
    let sent: Promise<number> | undefined;
    const service = await serve((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      sent = stream(res, 200 * MB);
    });
    const { error, ms, read, growth } = await getMemberCounted(service.url);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ limit: LIMIT, status: 200, operation: 'loyalties.getMember', attempts: 1 });
    // Read up to the limit and at most one more chunk of the stream.
    expect(read()).toBeGreaterThan(LIMIT);
    expect(read()).toBeLessThan(LIMIT + 2 * MiB);
    const written = await sent!;
    expect(written).toBeLessThan(200 * MB);
    // The body text kept is under the limit: memory grows by far less than the 200 MB sent.
    expect(growth).toBeLessThan(180);
    // A read is not retried on a body too large: the service would send it again.
    expect(service.sent).toHaveLength(1);
    record(
      'body-200mb',
      `\`ResponseTooLargeError\` after ~${ms} ms at the default limit (20,000,000 B); client read ~${read().toLocaleString('en-US')} B; server sent ~${(written / MB).toFixed(1)} MB of 200 before the client hung up; RSS growth ~${growth} MB; requests: ${service.sent.length}`,
    );
  });

  it('a declared Content-Length past the limit: refused before a byte of the body is read', async () => {
    const service = await serve((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(200 * MB) });
      void stream(res, 200 * MB);
    });
    const { error, ms, read } = await getMemberCounted(service.url);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(read()).toBe(0);
    record('body-declared', `\`ResponseTooLargeError\` after ~${ms} ms; client read ${read()} B of the body`);
  });

  it('a gzip bomb (1 GiB of zeros, about 1 MB on the wire): ResponseTooLargeError, counted after decompression', async () => {
    let wire = 0;
    let inflatedSent = 0;
    const service = await serve(async (_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      const zeros = Buffer.alloc(MiB);
      async function* gigabyte() {
        for (let i = 0; i < 1024; i++) {
          inflatedSent += zeros.length;
          yield zeros;
        }
      }
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          wire += chunk.length;
          done(null, chunk);
        },
      });
      // Compressed as it is sent: the server never holds the bomb either. The client hangs up early.
      await pipeline(Readable.from(gigabyte()), createGzip({ level: 9 }), count, res).catch(() => undefined);
    });
    const { error, ms, read, growth } = await getMemberCounted(service.url);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ limit: LIMIT, status: 200 });
    expect(read()).toBeGreaterThan(LIMIT);
    expect(read()).toBeLessThan(LIMIT + 2 * MiB);
    // Small on the wire: what the client took in was a fraction of what it would have inflated to.
    expect(wire).toBeLessThan(5 * MB);
    expect(growth).toBeLessThan(180);
    expect(service.sent).toHaveLength(1);
    record(
      'gzip-bomb',
      `\`ResponseTooLargeError\` after ~${ms} ms; client inflated ~${read().toLocaleString('en-US')} B of 1,073,741,824; ~${(wire / MB).toFixed(2)} MB compressed sent (~${(inflatedSent / MiB).toFixed(0)} MiB fed to the compressor); RSS growth ~${growth} MB, ~${Math.round(rss())} MB after`,
    );
  });
});
