/**
 * The parts of promokit loaded on first use (their own chunks in `dist/`): every dynamic
 * `import()` of the SDK goes through {@link loadChunk}, so a chunk that cannot be loaded (a
 * serverless bundle whose file tracing missed it, a deployment that copied part of `dist/`) fails
 * the call that needed it with a typed `ConfigurationError` naming the chunk, never a bare module
 * error. A failed load is not remembered: the next call tries again.
 *
 * @module
 */
import { ConfigurationError, describeValue, type Outcome } from './errors.js';

/** What became of a call whose chunk could not be loaded, by the outcome its attempts told. */
const became: Record<Outcome, string> = {
  not_sent: 'nothing was sent',
  rejected: 'the service refused the call',
  unknown: 'the call was sent and may have been applied',
};

/**
 * The module `load` imports, or a {@link ConfigurationError} (`option: 'chunk'`, `chunk` its name,
 * the module error its `cause`) when it cannot be loaded. Its `outcome` is what the call's
 * attempts told (`not_sent` unless given: the module of a failure, loaded after the call was
 * sent); `after` says what became of the call, by default in the words of that outcome (the
 * resend after a 401: it was answered).
 */
export async function loadChunk<M>(chunk: string, load: () => Promise<M>, after?: string, outcome: Outcome = 'not_sent'): Promise<M> {
  try {
    return await load();
  } catch (cause) {
    throw Object.assign(
      new ConfigurationError(
        'chunk',
        `promokit could not load its ${chunk} module (ship every file of its dist/ folder): ${describeValue(cause)}; ${after ?? became[outcome]}`,
        { cause },
      ),
      { chunk, outcome },
    );
  }
}
