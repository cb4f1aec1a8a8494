/**
 * Reading a response body within the client's `maxResponseBytes`, counted after decompression:
 * a body past the limit is cancelled as soon as it is, so neither a huge body nor a small
 * compressed one that inflates (a gzip bomb) can fill memory.
 *
 * @module
 */
import { tooLargeError } from './error-mapping.js';
import type { CallContext } from './errors.js';

/**
 * The body's text, or a `ResponseTooLargeError` thrown (and the body cancelled) once it passes
 * `limit` bytes; `context` says where the call went, for the error.
 */
export async function readBody(response: Response, limit: number, context: CallContext & { status: number }): Promise<string> {
  const tooLarge = () => tooLargeError(limit, context);
  const { body, headers } = response;
  if (!body) return '';
  const length = headers.get('content-length');
  // A declared length without a content coding is the exact size of the body as read: the plain
  // read is the fastest, once the length is known to fit.
  if (length !== null && !headers.has('content-encoding')) {
    if (Number(length) <= limit) return response.text();
    void body.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > limit) {
      void reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
}
