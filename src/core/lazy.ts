/**
 * The parts of promokit loaded on first use (their own chunks in `dist/`): every dynamic
 * `import()` of the SDK goes through {@link loadChunk}, so a chunk that cannot be loaded (a
 * serverless bundle whose file tracing missed it, a deployment that copied part of `dist/`) fails
 * the call that needed it with a typed `ConfigurationError` naming the chunk, never a bare module
 * error. A failed load is not remembered: the next call tries again.
 *
 * @module
 */
import { ConfigurationError, describeValue } from './errors.js';

/**
 * The module `load` imports, or a {@link ConfigurationError} (`option: 'chunk'`, `chunk` its name,
 * the module error its `cause`, `outcome: 'not_sent'`) when it cannot be loaded. `after` says what
 * became of the call instead of `nothing was sent` (the resend after a 401: it was answered).
 */
export async function loadChunk<M>(chunk: string, load: () => Promise<M>, after = 'nothing was sent'): Promise<M> {
  try {
    return await load();
  } catch (cause) {
    const error = new ConfigurationError(
      'chunk',
      `promokit could not load its ${chunk} module (loaded on first use: ship every file of its dist/ folder): ${describeValue(cause)}; ${after}`,
      { cause },
    );
    (error as { chunk?: string }).chunk = chunk;
    throw error;
  }
}
