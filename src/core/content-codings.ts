/**
 * The content codings Node's transport decodes (node-transport.ts), as fetch decodes them: gzip,
 * deflate (the zlib format, or the raw one some servers send) and br, at most five of them on one
 * body. A chunk loaded by the first answer that names a coding: a service that answers without
 * one never loads it.
 *
 * @module
 */
import type { Readable } from 'node:stream';

/** The most content codings decoded, as fetch: more fail the attempt. */
const MAX_CODINGS = 5;

/**
 * `body` decoded by `coding`, the answer's `content-encoding` (a list, last applied first), as
 * fetch decodes it; the body as it came when a coding is unknown.
 */
export function decoded(body: Readable, coding: string): Readable {
  return decodedBy(body, coding.toLowerCase().split(','));
}

/** Node's own modules, looked up when first needed: no import of a Node module in the build (workerd bundles it). */
const builtin = <M>(name: string): M => (process as unknown as { getBuiltinModule(name: string): M }).getBuiltinModule(name);

/** `body` through a decoder per coding, last applied first; `body` itself when one is unknown. */
function decodedBy(body: Readable, codings: string[]): Readable {
  if (codings.length > MAX_CODINGS) {
    body.destroy(new Error(`too many content-encodings in response: ${codings.length}, maximum allowed is ${MAX_CODINGS}`));
    return body;
  }
  const zlib = builtin<typeof import('node:zlib')>('zlib');
  const { constants } = zlib;
  const decoders: NodeJS.ReadWriteStream[] = [];
  for (let i = codings.length - 1; i >= 0; i--) {
    const coding = codings[i]!.trim();
    if (coding === 'gzip' || coding === 'x-gzip') decoders.push(zlib.createGunzip({ flush: constants.Z_SYNC_FLUSH, finishFlush: constants.Z_SYNC_FLUSH }));
    else if (coding === 'deflate') decoders.push(inflate(zlib));
    else if (coding === 'br')
      decoders.push(zlib.createBrotliDecompress({ flush: constants.BROTLI_OPERATION_FLUSH, finishFlush: constants.BROTLI_OPERATION_FLUSH }));
    else return body;
  }
  const { pipeline } = builtin<typeof import('node:stream')>('stream');
  return (pipeline as (...streams: unknown[]) => Readable)(body, ...decoders, () => undefined);
}

/** A `deflate` decoder as fetch's: the zlib format, or the raw one that some servers send, told by the first byte. */
function inflate(zlib: typeof import('node:zlib')): NodeJS.ReadWriteStream {
  const { Transform } = builtin<typeof import('node:stream')>('stream');
  const options = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  let inner: ReturnType<typeof zlib.createInflate> | ReturnType<typeof zlib.createInflateRaw> | undefined;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!inner) {
        inner = (chunk[0]! & 0x0f) === 0x08 ? zlib.createInflate(options) : zlib.createInflateRaw(options);
        inner.on('data', (data: Buffer) => this.push(data)).on('error', (error) => this.destroy(error));
      }
      inner.write(chunk, done);
    },
    flush(done) {
      if (!inner) return done();
      inner.once('end', () => done()).end();
    },
  });
}
