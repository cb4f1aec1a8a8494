/**
 * The request pipeline: every call of every client passes through {@link send}, which reads top to
 * bottom in the order a call lives: its options checked, admitted by the client's limits, headers
 * and credentials, ky (timeouts, retries, backoff) around each attempt (request hook, fetch, the
 * limits' view of the response, redirects refused, the whole body within its size limit, response
 * hook), then the checked body or the typed error, with what the attempts tell about whether the
 * service may have acted, and no secret the call sent.  What comes before, checking and encoding
 * the call, is the caller's: `Transport` (transport.ts) for the server sub-clients, `ClientEvents`
 * for the browser entry, which carries none of the server's encoding.
 *
 * @module
 */
import type { Options as KyOptions } from 'ky';
import { callSignal, carriesPlain, loadKy, nothingWasSent, readBody, transmit } from './runtime.js';
import type { WithResponse } from './pagination.js';
import type { PipelineConfig } from './config.js';
import { checkResponse, failureError, fetchFailure, isResponse, redirectError, outcomeOf, typedError, unsentError, worse } from './outcome.js';
import { effectOf, type OutgoingCall } from './call.js';
import { loadChunk } from './lazy.js';
import { isKyHttpError } from './errors.js';
import type { Outcome } from './errors.js';
import { redactHeaders } from './log.js';
import { checkRequestOptions, exceedsKeepalive, splitFetchOptions } from './request-options.js';
import { parseBody } from './responses.js';
import { describeFailure, retryPlan } from './retry.js';
import { joinUrl, mergeHeaders } from './inputs.js';

/**
 * Sends one call and resolves with its checked body and final response, or rejects with a
 * `PromokitError` whose `outcome` says whether the service may have acted. `givenOptions` are the
 * caller's `RequestOptions`, copied and checked here.
 */
export async function send<T>(config: PipelineConfig, call: OutgoingCall<T>, givenOptions: unknown): Promise<WithResponse<T>> {
  const { log, hooks, gate, credentials } = config;

  // 1. The call's own options (a copy, each read once) and the base URL: a bad one is refused,
  // nothing sent, no event.
  const options = checkRequestOptions(givenOptions, call.name, config.credentialsAdvice);
  // Its error, like every refusal a call rarely meets, made by the typed errors' module (loaded on first use).
  if (exceedsKeepalive(options, call.body)) throw await failureError((module) => module.keepaliveRefusal(call.name));
  if (!config.baseUrl) throw credentials.missing('baseUrl');
  const url = joinUrl(config.baseUrl, call.path);
  const host = new URL(url).host;
  // Changes state: a redirect it meets may follow a request the service processed.
  const changesState = call.changesState ?? call.method !== 'GET';
  // Many calls may share the caller's signal: each listens through a signal of its own.
  const abort = options.signal && callSignal(options.signal);
  const signal = abort?.signal;
  // The tenant whose 429 pauses this call: the credentials it goes with.
  const tenant = gate && config.tenant!(call.auth);
  try {
    // 2. The client's limits admit the call (refused or aborted here: no event, nothing sent).
    const place = gate ? await gate.admit(call.name, signal, tenant!) : undefined;

    const started = now();
    // The hooks' module is loaded by a client that has hooks, on its first call.
    const hooked = hooks && (await loadChunk('hooks', () => import('./hooks.js')));
    const emit = hooks && hooked ? hooked.callEvents(hooks, log, call, url, () => credentials.secrets(sent)) : undefined;
    const timeout = options.timeout ?? config.timeout;
    let attempts = 0;
    // What the attempts so far tell: `not_sent` until one may have reached the service.
    let outcome: Outcome = 'not_sent';
    // The text of the last response read: the body of a 2xx, or the error body of any other status.
    let body = '';
    // The credential headers of each set the call sent: their secrets are scrubbed from its error.
    const sent: Array<Record<string, string>> = [];
    // 3. The retry policy of this call, told of every retry when hooks or logs report them.
    const maxRetries = options.maxRetries ?? config.maxRetries;
    const report = emit || log.enabled('info');
    const plan = retryPlan(
      call.idempotent,
      { maxRetries, maxRetryDelay: config.maxRetryDelay },
      report
        ? (delayMs, error) => {
            const reason = describeFailure(error);
            log.write('info', `promokit: ${call.name}: retry ${attempts} of ${maxRetries} in ${delayMs} ms after ${reason}`);
            emit?.('retry', attempts, { delayMs, reason });
          }
        : undefined,
    );
    try {
      // 4. Headers, each name once in any letter case, the last value given winning: defaults, the
      // client's, the content type, the call's, then the credentials (the access token function
      // within the call's timeout and signal), which no other may name.
      const credentialHeaders = await credentials.headersFor(call.auth, { timeout, signal });
      sent.push(credentialHeaders);
      const type = call.type ? { 'content-type': call.type } : undefined;
      const headers = mergeHeaders([{ accept: 'application/json' }, config.headers, type, options.headers, credentialHeaders]);
      const debug = log.enabled('debug');
      if (debug) log.write('debug', `promokit: ${call.method} ${url}`, { operation: call.name, headers: redactHeaders(headers) });
      // Fetch options: the request's own fields to ky, which sets them on the request; the rest
      // to fetch with it. No option of ky's own can be set through them.
      const fetchOptions = options.fetchOptions || config.fetchOptions ? splitFetchOptions({ ...config.fetchOptions, ...options.fetchOptions }) : undefined;
      const requestFields = fetchOptions !== undefined && Object.keys(fetchOptions.request).length > 0;
      const ky = await loadKy();
      // Sent by the runtime's transport from the call's plain values (Node's), ky's request needs
      // neither the headers nor the body: ky then builds no `Headers` and no body stream (nor its
      // copy for a retry), and an attempt the transport hands to fetch after all gets them there.
      const bare = !config.fetch && !requestFields && carriesPlain(fetchOptions?.init);

      // 5. One attempt: the request hook, the fetch, the limits' view of the response, a redirect
      // refused, the whole body within `maxResponseBytes` (read inside the attempt, so ky's
      // timeout and retries cover a body that stalls or is cut off), the response hook. ky calls
      // it once per attempt.
      const attempt = async (request: Request, init?: RequestInit): Promise<Response> => {
        // Aborted before this attempt went out (a signal aborted already, or during a retry's wait): not sent.
        signal?.throwIfAborted();
        const n = ++attempts;
        const extra = hooked ? hooked.reportRequest(emit!, n, sent[sent.length - 1]!, request) : undefined;
        const began = now();
        const before = outcome;
        // From here the request may reach the service; a failure that shows it did not goes back.
        outcome = 'unknown';
        let response: Response;
        try {
          const fetchInit = fetchOptions ? { ...init, ...fetchOptions.init } : init;
          // A user's fetch as it is; else the runtime's transport, which in Node sends the call's plain
          // values (not those of a call whose fetch options set fields of the request: fetch reads them).
          response = await (config.fetch
            ? config.fetch(request, fetchInit)
            : transmit(
                request,
                fetchInit as Record<string, unknown> | undefined,
                requestFields ? undefined : { url, method: call.method, headers, extra, body: call.body, bare },
              ));
        } catch (error) {
          if (nothingWasSent(error)) outcome = before;
          throw fetchFailure(error);
        }
        if (!isResponse(response)) throw await failureError((module) => module.notResponse(response));
        gate?.observe(response, tenant!);
        outcome = worse(before, outcomeOf(response.status, changesState));
        const context = { operation: call.name, method: call.method, host, attempts: n, status: response.status };
        if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) throw await redirectError(response, url, context, outcome);
        body = await readBody(response, config.maxResponseBytes, context);
        const durationMs = now() - began;
        if (debug) log.write('debug', `promokit: ${response.status} ${call.method} ${url} in ${durationMs} ms, attempt ${n}`);
        emit?.('response', n, { status: response.status, durationMs, requestId: response.headers.get('x-request-id') || undefined });
        return response;
      };

      // 6. ky runs the attempts: timeouts, retries and backoff. It merges its options key by key
      // on every call, so only the keys this call needs are passed; a redirect is never followed.
      const kyOptions: KyOptions = {
        ...fetchOptions?.request,
        method: call.method,
        timeout,
        retry: plan.options,
        redirect: 'manual',
        fetch: attempt as KyOptions['fetch'],
      };
      if (!bare) {
        kyOptions.headers = headers;
        if (call.body !== undefined) kyOptions.body = call.body;
      }
      if (signal) kyOptions.signal = signal;
      if (options.keepalive) kyOptions.keepalive = true;
      // The limits admit every request the service counts: each retry takes a start in the rate's
      // window and asks a shared limiter again.
      if (place?.again) kyOptions.hooks = { beforeRetry: [place.again] };
      const run = () => ky(url, kyOptions);
      // A 401 may be cured by a fresh token: the resend's module is loaded by a client's first 401.
      const response = await run().catch(async (error: unknown) => {
        if (!isKyHttpError(error) || error.response.status !== 401) throw error;
        return (await loadChunk('fresh-token', () => import('./fresh-token.js'), 'the call was answered 401 and not sent again')).resend(error, run, {
          credentials,
          auth: call.auth,
          sent,
          wait: { timeout, signal, again: true },
          headers,
          again: place?.again,
          retrying: emit && (() => emit('retry', attempts, { delayMs: 0, reason: 'status 401: a fresh access token' })),
        });
      });

      // 7. The body, parsed and checked in the client's validation mode (and by its own metadata schemas).
      if (call.emptyBody && body === '') return { data: undefined as T, response };
      // Parsing never gives back the very string it read: the same string means it was not JSON.
      const parsed = parseBody(body);
      if (parsed === body) throw await failureError((module) => module.notJson(call.name, body), 'unknown');
      const data = await checkResponse(config.validation, call.name, call.schema, parsed, log, config.deviations);
      if (call.verify) await call.verify(data);
      // The text read is no longer needed: the attempt's closure (which ky keeps with the call's
      // promise) would otherwise hold it through V8's young-generation collections.
      body = '';
      return { data, response };
    } catch (thrown) {
      // 8. Or the typed error, with its outcome and none of the call's secrets (its module loaded by
      // a client's first failure), reported once to the error hook.
      const error = await typedError(
        thrown,
        { operation: call.name, method: call.method, host, attempts },
        {
          signal,
          timeout,
          body,
          outcome,
          changesState: !call.idempotent,
          effect: call.effect ?? effectOf(changesState, call.idempotent),
          secrets: credentials.secrets(sent),
          credentials,
          auth: call.auth,
          refusedWaitMs: plan.refusedWaitMs,
          maxRetryDelay: config.maxRetryDelay,
        },
      );
      emit?.('error', attempts, { error, durationMs: now() - started });
      throw error;
    } finally {
      place?.release();
    }
  } catch (thrown) {
    // Or, before any attempt (the limits, the hooks' module), the typed error with its record.
    throw await unsentError(thrown, call, changesState);
  } finally {
    abort?.done();
  }
}

/** Milliseconds on a monotonic clock, rounded for readable events and logs. */
function now(): number {
  return Math.round(performance.now());
}
