/**
 * The request pipeline: every call of every client passes through {@link send}, which reads top
 * to bottom in the order a call lives: admitted by the client's limits, headers and credentials,
 * ky (timeouts, retries, backoff) around each attempt (request hook, fetch, the limits' view of
 * the response, the whole body, response hook), then the typed error or the checked body.
 *
 * What comes before, checking and encoding the call, is the caller's: `Transport` (transport.ts)
 * for the server sub-clients, `ClientEvents` for the browser entry, which carries none of the
 * server's encoding.
 *
 * @module
 */
import type { Options as KyOptions } from 'ky';
import type { WithResponse } from './api-promise.js';
import type { PipelineConfig } from './config.js';
import { describeFailure, mapError } from './error-mapping.js';
import { callEvents, settable } from './hooks.js';
import { loadKy } from './ky/load.js';
import { redactHeaders } from './log.js';
import type { OutgoingCall, RequestOptions } from './operation.js';
import { checkResponse, parseJson } from './response-check.js';
import { retryPolicyFor } from './retry.js';
import { joinUrl } from './url.js';

/**
 * Sends one call and resolves with its checked body and final response, or rejects with a
 * `PromokitError`. `call.retry` is the caller's cached retry policy for this kind of call; a
 * per-call `maxRetries`, or hooks and logs that report retries, derive another.
 */
export async function send<T>(config: PipelineConfig, call: OutgoingCall<T>, options: RequestOptions): Promise<WithResponse<T>> {
  const { log, hooks, gate } = config;
  if (!config.baseUrl) throw config.credentials.missing('baseUrl');

  // 1. The client's limits admit the call (a call refused or aborted here raises no event).
  const release = gate ? await gate.admit(call.name, options.signal) : undefined;

  const url = joinUrl(config.baseUrl, call.path);
  const started = now();
  const emit = hooks && callEvents(hooks, log, call, url);
  const timeout = options.timeout ?? config.timeout;
  let attempts = 0;
  // The text of the last response read: the body of a 2xx, or the error body of any other status.
  let body = '';
  try {
    // 2. Headers: defaults, the client's, the content type, then the credentials, then the call's.
    const credentials = await config.credentials.headersFor(call.auth);
    const headers: Record<string, string> = { accept: 'application/json', ...config.headers };
    if (call.type) headers['content-type'] = call.type;
    Object.assign(headers, credentials, options.headers);

    // 3. The retry policy: the cached one, unless this call has its own `maxRetries` or reports its retries.
    const maxRetries = options.maxRetries ?? call.retry.limit!;
    const report = emit || log.enabled('info');
    const retry =
      maxRetries === call.retry.limit && !report
        ? call.retry
        : retryPolicyFor(call.idempotent, { maxRetries, maxRetryDelay: config.maxRetryDelay }, report ? (delayMs, error) => {
            const reason = describeFailure(error);
            log.info(`promokit: ${call.name}: retry ${attempts} of ${maxRetries} in ${delayMs} ms after ${reason}`);
            emit?.('retry', attempts, { delayMs, reason });
          } : undefined);
    const debug = log.enabled('debug');
    if (debug) log.debug(`promokit: ${call.method} ${url}`, { operation: call.name, headers: redactHeaders(headers) });

    // 4. One attempt: the request hook, the fetch, the limits' view of the response, the whole
    // body (read inside the attempt, so ky's timeout and retries cover a body that stalls or is
    // cut off), the response hook. ky calls it once per attempt.
    const attempt = async (request: Request, init?: RequestInit): Promise<Response> => {
      const n = ++attempts;
      if (emit) {
        const set: Record<string, string> = {};
        // Applied only when the hook returns: a hook that throws changes nothing.
        if (emit('request', n, { setHeader: (name, value) => void (set[settable(name, credentials)] = value) })) for (const name in set) request.headers.set(name, set[name]!);
      }
      const sent = now();
      const response = await (config.fetch ?? fetch)(request, init);
      gate?.observe(response);
      body = await response.text();
      const { status } = response;
      const durationMs = now() - sent;
      if (debug) log.debug(`promokit: ${status} ${call.method} ${url} in ${durationMs} ms, attempt ${n}`);
      emit?.('response', n, { status, durationMs, requestId: response.headers.get('x-request-id') || undefined });
      return response;
    };

    // 5. ky runs the attempts: timeouts, retries and backoff. It merges its options key by key
    // on every call, so only the keys this call needs are passed.
    const kyOptions: KyOptions = { method: call.method, headers, timeout, retry, fetch: attempt as KyOptions['fetch'] };
    if (call.body !== undefined) kyOptions.body = call.body;
    if (options.signal) kyOptions.signal = options.signal;
    const response = await (await loadKy())(url, kyOptions);

    // 6. The body, parsed and checked in the client's validation mode.
    return { data: checkResponse(config.validation, call.name, call.schema, parseJson(body, call.name), log), response };
  } catch (thrown) {
    // 7. Or the typed error, reported once to the error hook.
    const error = mapError(thrown, { operation: call.name, method: call.method, host: new URL(url).host, attempts }, options.signal, timeout, body);
    emit?.('error', attempts, { error, durationMs: now() - started });
    throw error;
  } finally {
    release?.();
  }
}

/** Milliseconds on a monotonic clock, rounded for readable events and logs. */
function now(): number {
  return Math.round(performance.now());
}
