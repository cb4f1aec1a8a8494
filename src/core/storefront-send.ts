/**
 * The storefront's send path: how a `ClientEvents` of its own (`new ClientEvents()`, the browser
 * entry's) sends an event, on ky like every call of promokit, carrying only what one event needs.
 * Its call's options checked; its headers (the client's, the call's, the client-side keys); ky
 * (timeouts, the retry policy of a call that may not be sent twice: a 429 and a connection
 * refused before anything was sent, never a 5xx or a timeout) around each attempt (the fetch, a
 * redirect refused, the whole body within its size limit); then the acknowledgment, checked, or
 * the typed error with what the attempts tell about whether the service may have acted, and no
 * secret the call sent. What only a failure needs is a chunk loaded by the first one
 * (event-failure.ts): whether a failed attempt is sent again and after how long (`Retry-After`
 * read as the server's pipeline reads it), the words of a missing setting, and the errors, which
 * are the pipeline's own (failure.ts, which it loads).
 *
 * What only some clients use is the whole pipeline's (event-pipeline.ts, its own chunk): a client
 * with `hooks`, `fetchOptions`, an `accessToken` function, `logLevel` `info` or `debug`,
 * `metadataSchemas` or `eventSchemas` sends through it (loaded as the client is built), so does a
 * call with `fetchOptions` of its own, and an acknowledgment that breaks its schema (or any, in
 * `strict` mode) is checked and reported there (loaded then). The server `Client`'s
 * `clientEvents` sends through its client's pipeline (send.ts).
 *
 * @module
 */
import type { Options as KyOptions, RetryOptions } from 'ky';
import type { EventSender } from './call.js';
import type { CommonOptions } from './config.js';
import type { CredentialSettings } from './credentials.js';
import type { Outcome } from './errors.js';
import type { EventPipeline } from './event-pipeline.js';
import { joinUrl, mergeHeaders } from './inputs.js';
import { loadChunk } from './lazy.js';
import { isResponse } from './outcome.js';
import { checkRequestOptions, exceedsKeepalive } from './request-options.js';
import { parseBody } from './responses.js';
import { callSignal, isBrowser, loadKy, nothingWasSent, readBody, transmit } from './runtime.js';

/** The storefront's failures (event-failure.ts), loaded by an event's first failure; the loader's error carries `outcome`. */
const failures = (outcome?: Outcome) => loadChunk('event-failure', () => import('./event-failure.js'), undefined, outcome);

/** The error `make` makes with the storefront's failures, or the loader's error (carrying `outcome`) when they cannot be loaded. */
const failed = (make: (module: typeof import('./event-failure.js')) => unknown, outcome?: Outcome): Promise<unknown> =>
  failures(outcome).then(make, (error: unknown) => error);

/** Where a credential header given in a call's `headers` belongs instead. */
const ADVICE = 'set credentials with the client options';

/**
 * The sender of a `ClientEvents` built from its options (copied and checked against their rules),
 * its client-side credential settings (with their environment fallbacks) and its `baseUrl`, all
 * checked already (storefront.ts).
 */
export function storefrontSender(options: CommonOptions, settings: CredentialSettings, baseUrl: string | undefined): EventSender {
  const { accessToken, clientApplicationId, clientToken, origin } = settings;
  const {
    headers: clientHeaders,
    fetch: clientFetch,
    fetchOptions,
    logLevel,
    timeout: clientTimeout = 30_000,
    maxRetries: clientRetries = 2,
    maxRetryDelay = 30_000,
    validation = 'warn',
    maxResponseBytes = 20_000_000,
  } = options;

  // The whole pipeline, built once (one log, one record of deviations); a failed load is not kept.
  let pipeline: Promise<EventPipeline> | undefined;
  const whole = (outcome?: Outcome): Promise<EventPipeline> =>
    (pipeline ??= loadChunk('event-pipeline', () => import('./event-pipeline.js'), undefined, outcome).then(
      (module) => module.eventPipeline(options, settings),
      (error: unknown) => {
        pipeline = undefined;
        throw error;
      },
    ));
  // A client with an option left to the whole pipeline sends through it, loaded as the client is
  // built (an event tracked as the page is left need not wait for it).
  if (
    options.hooks ||
    options.metadataSchemas ||
    options.eventSchemas ||
    fetchOptions ||
    typeof accessToken === 'function' ||
    logLevel === 'info' ||
    logLevel === 'debug'
  ) {
    whole().catch(() => undefined);
    return async (call, given) => (await whole()).send(call, given);
  }

  /** Whether a setting the call needs is given: a string, not empty. */
  const isSet = (value: unknown): value is string => typeof value === 'string' && value !== '';

  return async (call, given) => {
    const { name, method, body: payload } = call;
    // 1. The call's own options (a copy, each read once) and the base URL: a bad one is refused,
    // nothing sent.
    const own = checkRequestOptions(given, name, ADVICE);
    // A call's own fetch options are the whole pipeline's too (handed their checked copy).
    if (own.fetchOptions) return (await whole()).send(call, own);
    if (exceedsKeepalive(own, payload)) throw await failed((module) => module.keepaliveRefusal(name));
    // Every setting the call needs: when one is absent, a `ConfigurationError` naming the first
    // (its words, and which it is, found with the storefront's failures, loaded then).
    if (
      !(
        isSet(baseUrl) &&
        isSet(clientApplicationId) &&
        isSet(clientToken) &&
        (accessToken === undefined || isSet(accessToken)) &&
        (isBrowser() || isSet(origin))
      )
    )
      throw await failed((module) => module.missing(settings, baseUrl));
    const url = joinUrl(baseUrl, call.path);
    const host = new URL(url).host;
    // Many calls may share the caller's signal: each listens through a signal of its own.
    const abort = own.signal && callSignal(own.signal);
    const signal = abort?.signal;
    const timeout = own.timeout ?? clientTimeout;
    // Where the call goes, its attempts so far and the last one's status: each attempt's record,
    // and the failure's (event-failure.ts).
    const at = { operation: name, method, host, attempts: 0, status: 0 };
    // What the attempts so far tell: `not_sent` until one may have reached the service.
    let outcome: Outcome = 'not_sent';
    // The text of the last response read: the body of a 2xx, or the error body of any other status.
    let text = '';
    // 2. The retry policy of a call that may not be sent twice (event-failure.ts, loaded by the first
    // failed attempt): again only after a 429 (its `Retry-After` waited when at most `maxRetryDelay`,
    // else not retried at all) or a connection refused before anything was sent; never after a 5xx
    // or a timeout. The wait is decided there, and ky waits it.
    let wait = 0;
    // The wait a 429 asked for, longer than `maxRetryDelay`: not waited, said in the error.
    let refused: number | undefined;
    const retry: RetryOptions = {
      limit: own.maxRetries ?? clientRetries,
      methods: ['post'],
      delay: () => wait,
      shouldRetry: async ({ error, retryCount }) => {
        [wait, refused] = (await failures(outcome)).eventRetry(error, retryCount, maxRetryDelay);
        return wait >= 0;
      },
    };
    try {
      // 3. Headers, each name once in any letter case, the last value given winning: defaults, the
      // client's, the content type, the call's, then the client-side keys, which no other may name.
      // A browser sends `Origin` itself and forbids scripts to set it.
      const keys: Record<string, string> = { 'x-client-application-id': clientApplicationId, 'x-client-token': clientToken };
      if (accessToken !== undefined) keys.authorization = `Bearer ${accessToken as string}`;
      if (!isBrowser()) keys.origin = origin as string;
      const headers = mergeHeaders([{ accept: 'application/json' }, clientHeaders, { 'content-type': call.type! }, own.headers, keys]);
      const ky = await loadKy();

      // 4. One attempt: the fetch, a redirect refused, the whole body within `maxResponseBytes`
      // (read inside the attempt, so ky's timeout and retries cover a body that stalls).
      const attempt = async (request: Request, init?: RequestInit): Promise<Response> => {
        // Aborted before this attempt went out (a signal aborted already, or during a retry's wait): not sent.
        signal?.throwIfAborted();
        at.attempts++;
        const before = outcome;
        // From here the request may reach the service; a failure that shows it did not goes back.
        outcome = 'unknown';
        let response: Response;
        try {
          response = await (clientFetch
            ? clientFetch(request, init)
            : transmit(request, init as Record<string, unknown> | undefined, { url, method, headers, body: payload }));
        } catch (error) {
          if (nothingWasSent(error)) outcome = before;
          throw await failed((module) => module.fetchFailure(error), outcome);
        }
        if (!isResponse(response)) throw await failed((module) => module.notResponse(response));
        // What its answer tells (outcome.ts's `outcomeOf` of a call that changes state, never better
        // than what an earlier attempt told): refused by a 4xx, 307 or 308; else it may have acted.
        const status = (at.status = response.status);
        outcome = before !== 'unknown' && (status === 307 || status === 308 || (status >= 400 && status < 500)) ? 'rejected' : 'unknown';
        if (response.type === 'opaqueredirect' || (status >= 300 && status < 400))
          throw await failed((module) => module.redirectError(response, url, { ...at }, outcome), outcome);
        text = await readBody(response, maxResponseBytes, at);
        return response;
      };

      // 5. ky runs the attempts: timeouts, retries and backoff; a redirect is never followed.
      // A `signal` or `keepalive` the call does not give is left undefined: ky's own signal alone, no keepalive.
      const response = await ky(url, {
        method,
        timeout,
        retry,
        redirect: 'manual',
        fetch: attempt as KyOptions['fetch'],
        headers,
        body: payload,
        signal,
        keepalive: own.keepalive,
      } as KyOptions);

      // 6. The acknowledgment, parsed and checked in the client's validation mode: one that matches
      // is returned as it is; any other (and every one in `strict` mode) is the whole pipeline's.
      const data = parseBody(text);
      // Parsing never gives back the very string it read: the same string means it was not JSON.
      if (data === text) throw await failed((module) => module.notJson(name, text), 'unknown');
      return {
        data:
          validation === 'off' || (validation === 'warn' && call.schema.safeParse(data).success)
            ? (data as never)
            : await (await whole('unknown')).check(name, call.schema, data),
        response,
      };
    } catch (thrown) {
      // 7. Or the typed error, with its outcome, its record and none of the call's secrets (its
      // module loaded by a client's first failure). When that module cannot be loaded: the
      // loader's error, carrying the outcome, without the record the server's pipeline keeps
      // beside it (`retryDecision` decides the same from the error alone for an event: it may
      // never be sent twice blindly).
      throw await failed(
        (module) => module.eventError(thrown, at, signal, timeout, text, outcome, [accessToken, clientToken], refused, maxRetryDelay),
        outcome,
      );
    } finally {
      abort?.done();
    }
  };
}
