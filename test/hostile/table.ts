/**
 * The hostile table of docs/RELIABILITY.md: one row per case of the hostile suite (its class, the
 * case, the rule it holds to, the figure a run measured), between the lines `<!-- hostile -->`
 * and `<!-- /hostile -->`. The reliability report's generator keeps that section as it is.
 *
 * Each test file of the suite records the figures of its cases with `useFigures(file)` (`file`: its
 * path under test/, without `.test.ts`). After the file, every run compares each figure it
 * measured with its row and fails when they differ; a number that varies from run to run (a time,
 * memory, bytes read before a stop) is written `~N` by the test, and only the rest of the figure
 * is compared ({@link steady}). In the run of `npm run reliability:write`, each file writes its
 * rows into the section instead (the other files' rows are kept, and a row whose numbers marked `~`
 * are within their tolerance keeps its figure: {@link keptFigure}).
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, expect } from 'vitest';
import { REGENERATE, REPORT_FILE, updateReport, writingReport } from '../reliability/harness/report.js';

export { REGENERATE, REPORT_FILE };
/** The line that opens the section. */
export const START = '<!-- hostile -->';
/** The line that closes the section. */
export const END = '<!-- /hostile -->';

/** One case of the suite: the file that runs it, its class, what it does and the rule it holds to. */
export interface HostileCase {
  file: string;
  cls: string;
  case: string;
  rule: string;
}

/** Every case, in the order of the table. The text of `case` is the row's key: keep it unique. */
export const CASES = {
  'checkout-outcome': {
    file: 'hostile/checkout',
    cls: 'Outcome honesty',
    case: 'every way a checkout write can end (`redemptions.redeem`, `validations.validate` with a session, `redemptions.rollback`, `vouchers.releaseSession`): resets before and mid-body, timeouts before and after headers, 500, 503, an unreadable 200, a 302 and a 307, 409, 422, a refused connection',
    rule: '`not_sent` only when nothing reached the service; `unknown` whenever it may have acted; a spend sent once, and decided `reconcile`',
  },
  'checkout-types': {
    file: 'hostile/checkout',
    cls: 'Types are not checks',
    case: "`'false'`, `'1'`, `null`, `NaN`, `{}`, `[]`, `3.5`, `true` as the checkout's redeemables, ids, session ttl, amounts, marker, page, page size, session key and redemption id",
    rule: '`InvalidRequestError` naming the field; nothing sent',
  },
  'checkout-snapshot': {
    file: 'hostile/checkout',
    cls: 'Check the snapshot you use',
    case: "a getter on a redemption's order `source_id` answering the check one value and later reads another, the caller's object changed after the call",
    rule: 'read once: the checked value is sent, and `client.reconcile` looks for it',
  },
  'checkout-no-throw': {
    file: 'hostile/checkout',
    cls: 'Check the snapshot you use',
    case: 'the eight checkout methods given `undefined`, `null`, a string, a number, a Proxy whose traps throw, redeemables that are one, a BigInt',
    rule: 'no method throws synchronously; every failure a rejected promise with a `PromokitError`',
  },
  'checkout-answers': {
    file: 'hostile/checkout',
    cls: 'Decisions on bad data',
    case: '`already_rolled_back`, then a read-back naming another redemption, rollbacks that are no records, a redemption that reads as a rollback',
    rule: "the service's refusal stands (`BadRequestError`); never a rollback of another redemption; two reads at most",
  },
  'checkout-cursor': {
    file: 'hostile/checkout',
    cls: 'Bounded resources',
    case: "a qualification's `options.starting_after` cursor that comes back after 1, 2, 3 and 7 pages, newest first and by best deal",
    rule: '`PaginationStalledError` at the first step forward in time of a newest-first list; within 3 × the period + 3 requests in any order',
  },
  'checkout-fetch-refuses': {
    file: 'hostile/checkout',
    cls: 'What fetch refuses, refused first',
    case: 'a lone surrogate in a redeemable, a session key, a path segment; a redemption of more than 64 KB with `keepalive`',
    rule: '`InvalidRequestError` before sending, never a network failure of `unknown` outcome',
  },
  'checkout-messages': {
    file: 'hostile/checkout',
    cls: 'Service text',
    case: '1,002 broken rules in one redemption; a 400 whose message and details are a megabyte each of control characters',
    rule: 'messages bounded and printable',
  },
  'checkout-secrets': {
    file: 'hostile/checkout',
    cls: 'Secrets per call',
    case: "a reconcile read answered with the client's credentials in its body",
    rule: 'none in the `cannot_tell` result, its `cause`, the stack or any rendering',
  },
  'checkout-tenants': {
    file: 'hostile/checkout',
    cls: 'Tenants stay apart',
    case: "a redemption, a validation with a session and a rollback of one tenant reconciled with another tenant's client",
    rule: '`cannot_tell`; nothing sent with the other credentials',
  },
  'checkout-chunk': {
    file: 'hostile/checkout',
    cls: 'Smaller ones',
    case: "the rollback's read-back, a chunk loaded on first use, that cannot load",
    rule: 'a `ConfigurationError` naming the chunk, outcome `rejected` (the service answered `already_rolled_back`); nothing more sent',
  },
  'redirect-other-origin': {
    file: 'hostile/redirects',
    cls: 'Redirects',
    case: 'every 3xx, 300 to 308, to another origin, for a read (`loyalties.getMember`), a read-only POST (`oauth.introspect`), a spend (`loyalties.redeemReward`), an event (`clientEvents.track`), a PUT (`promotions.updateStack`) and a POST through `client.request`',
    rule: "`RedirectError` with `status` and the `Location`'s origin; never followed: the other origin gets no request and no credential; sent once",
  },
  'redirect-same-origin': {
    file: 'hostile/redirects',
    cls: 'Redirects',
    case: 'the same nine statuses to another path of the same origin, for the same six calls',
    rule: 'the same: never followed, sent once',
  },
  'redirect-outcome': {
    file: 'hostile/redirects',
    cls: 'Redirects',
    case: 'the `outcome` of a redirected call',
    rule: 'never `not_sent` (the service answered): `rejected` for a 307 or 308 (the same request asked for elsewhere) and for any 3xx to a read; `unknown` for any other 3xx to a call that changes state (it may follow a request processed)',
  },
  'redirect-browser': {
    file: 'browser/redirect',
    cls: 'Redirects',
    case: "a cross-origin 307 to `ClientEvents.track` in headless Chromium (`redirect: 'manual'` gives an opaque redirect)",
    rule: '`RedirectError` (status 0: the browser hides it); the other origin gets nothing',
  },
  'options-client': {
    file: 'hostile/options',
    cls: 'Types are not checks',
    case: "every option of `new Client()` fed `'false'`, `'1'`, `0`, `null`, `{}`, a throwing Proxy and `''`",
    rule: "each value the option's type does not allow refused with `ConfigurationError` naming the option; the option read once",
  },
  'options-client-events': {
    file: 'hostile/options',
    cls: 'Types are not checks',
    case: 'every option of `new ClientEvents()`, the same values',
    rule: 'the same',
  },
  'options-call': {
    file: 'hostile/options',
    cls: 'Types are not checks',
    case: 'every `RequestOptions` option, the same values, on a read and a spend; an options argument that is no object',
    rule: '`ConfigurationError` naming the option, `outcome: not_sent`; nothing sent',
  },
  'options-request': {
    file: 'hostile/options',
    cls: 'Types are not checks',
    case: "every field of `client.request()` (`idempotent: 'false'`, `auth: 'admin'`, …) on a POST the service answers 503",
    rule: '`InvalidRequestError` naming the field; nothing sent; a POST is sent once unless `idempotent: true` (a boolean)',
  },
  'snapshot-unsendable': {
    file: 'hostile/snapshots',
    cls: 'Check the snapshot you use',
    case: 'a BigInt, a cycle, a throwing `toJSON`, a throwing getter, a throwing Proxy, `NaN`, `±Infinity`, an Invalid Date, a Map and 70 levels of nesting, in a spend, an order, a list, an event and `client.request` (body and query)',
    rule: '`InvalidRequestError` naming the field, `outcome: not_sent`; never thrown synchronously; nothing sent',
  },
  'snapshot-read-once': {
    file: 'hostile/snapshots',
    cls: 'Check the snapshot you use',
    case: 'a getter answering `10` to the check and `-1000000000` after; a Proxy that hides a field from `in`',
    rule: 'every field read once: the value checked is the value sent',
  },
  'snapshot-no-sync-throw': {
    file: 'hostile/snapshots',
    cls: 'Check the snapshot you use',
    case: 'every method of every sub-client, `client.request` and `client.requestList`, given throwing Proxies for every argument',
    rule: 'a promise rejected with a `PromokitError`, never a synchronous throw; nothing sent',
  },
  'secrets-in-flight': {
    file: 'hostile/secrets',
    cls: 'Secrets per call',
    case: 'a token function rotating per call, two calls in flight, each answer (400, 401, 404, 422, 429, 500, 503, a 200 breaking its schema) echoing both tokens in its body, a body key and a header',
    rule: 'no token of any call in any message, `toJSON()`, `inspect`, field or error hook event',
  },
  'secrets-cached-refresh': {
    file: 'hostile/secrets',
    cls: 'Secrets per call',
    case: '`cachedAccessToken` refreshed after a 401 between two calls; later answers echo the older token too',
    rule: 'both tokens scrubbed from every error',
  },
  'secrets-client-events': {
    file: 'hostile/secrets',
    cls: 'Secrets per call',
    case: 'a `ClientEvents` with an `accessToken`, every kind of answer echoing it',
    rule: 'its bearer scrubbed from the error',
  },
  'tenants-restate-token': {
    file: 'hostile/tenants',
    cls: 'Tenants stay apart',
    case: '`withOptions()` changing `appId`, `appToken`, `clientApplicationId`, `clientToken` or the `baseUrl` origin, without `accessToken`',
    rule: "`ConfigurationError` naming `accessToken`: the parent's token never goes with another tenant's keys or to another origin",
  },
  'tenants-undefined-inherits': {
    file: 'hostile/tenants',
    cls: 'Tenants stay apart',
    case: 'every option of `Client` given as `undefined` to `withOptions()`',
    rule: "inherits the parent's value",
  },
  'tenants-undefined-window': {
    file: 'hostile/tenants',
    cls: 'Tenants stay apart',
    case: "`withOptions({ maxConcurrency: undefined })` under the parent's 10 calls per second, 20 calls of both",
    rule: 'one window: never more than 10 in any second (as started; 900 ms at the service, for the spread of the way)',
  },
  'tenants-pause': {
    file: 'hostile/tenants',
    cls: 'Tenants stay apart',
    case: 'tenant A answered 429 with `Retry-After: 3600`, then 10 calls of tenant B through a clone',
    rule: "A's calls refused unsent for the hour; every call of B sent",
  },
  'tenants-401-refresh': {
    file: 'hostile/tenants',
    cls: 'Tenants stay apart',
    case: "a clone whose app keys get 401s, sharing the parent's `cachedAccessToken`: 20 calls, then 5 clones made per call",
    rule: "a token per set of credentials: the clone's refreshed at most once (a fresh token did not cure its credentials); the parent's never touched",
  },
  'fetch-refuses-headers': {
    file: 'hostile/fetch-refuses',
    cls: 'What fetch refuses, refused first',
    case: "`connection`, `keep-alive`, `transfer-encoding`, `upgrade`, `expect`, `content-length`, `host`, `te`, `trailer`, `proxy-connection`, `http2-settings` in the client's headers, a read's and a spend's headers, and a hook's `setHeader`",
    rule: '`ConfigurationError` naming `headers`, `outcome: not_sent`, nothing sent (never a `ConnectionError`); from a hook, logged and the call goes on without it',
  },
  'fetch-refuses-latin1': {
    file: 'hostile/fetch-refuses',
    cls: 'What fetch refuses, refused first',
    case: 'text that is not Latin-1 in a header, a static `accessToken` and the token of an `accessToken` function',
    rule: '`ConfigurationError`, nothing sent',
  },
  'fetch-refuses-options': {
    file: 'hostile/fetch-refuses',
    cls: 'What fetch refuses, refused first',
    case: "`fetchOptions` values of `mode`, `credentials`, `cache`, `referrerPolicy`, `referrer`, `priority`, `integrity` and `dispatcher`, as a client option and a call option, for a read and a spend; Node's fetch decides which it refuses (`no-cors`, whose answers cannot be read, counted refused)",
    rule: 'every one fetch refuses: `ConfigurationError` naming `fetchOptions` and the field, `outcome: not_sent`, nothing sent (never a `ConnectionError`); every one it takes goes through',
  },
  'fetch-refuses-get-body': {
    file: 'hostile/fetch-refuses',
    cls: 'What fetch refuses, refused first',
    case: '`client.request` with `method: GET` and a `body` (an object, a string, `null`) or a `form`',
    rule: '`InvalidRequestError` naming `body` or `form`, nothing sent',
  },
  'token-cache-hangs': {
    file: 'hostile/waits',
    cls: 'Waits within bounds',
    case: 'a `cachedAccessToken` whose first `fetchToken` never settles, call `timeout: 300`, then 10 calls',
    rule: 'the first call fails at its timeout and abandons the refresh (its `signal` aborts); the next asks again; the client recovers',
  },
  'wait-for-unknown-status': {
    file: 'hostile/waits',
    cls: 'Waits within bounds',
    case: '`asyncActions.waitFor` on an action whose status is `PAUSED`, or absent',
    rule: 'waited through until the timeout, whose `TimeoutError` names the last status; a later `DONE` resolves',
  },
  'retry-after-one-reading': {
    file: 'hostile/waits',
    cls: 'Waits within bounds',
    case: '`Retry-After` of `120`, ` 7 `, `0x10`, `-1`, `1.5`, `1e3`, `Infinity`, `200000` and 400 digits on a 429, `maxRetryDelay: 100`',
    rule: "one reading for the error's `retryAfter`, the pause and the retry: digits are seconds, said as asked in `retryAfter` and the message (400 digits: the largest number of milliseconds a number holds exactly), waited, paused and advised by `retryDecision` at most a day; anything else ignored; a wait not waited says so in the message",
  },
  'token-hangs-timeout': {
    file: 'hostile/waits',
    cls: 'Waits within bounds',
    case: 'an `accessToken` function that never settles, call `timeout: 300`',
    rule: "`ConfigurationError` naming `accessToken` within the call's timeout; nothing sent",
  },
  'token-hangs-abort': {
    file: 'hostile/waits',
    cls: 'Waits within bounds',
    case: 'the same, the caller aborting after 100 ms',
    rule: '`AbortError` at the abort; nothing sent',
  },
  'token-hangs-concurrency': {
    file: 'hostile/waits',
    cls: 'Waits within bounds',
    case: 'the same under `maxConcurrency: 1`, a second call behind it',
    rule: 'the second call is not starved: it runs once the first fails',
  },
  'token-throws': {
    file: 'hostile/waits',
    cls: 'Waits within bounds',
    case: 'an `accessToken` function that throws, and one that rejects',
    rule: "`ConfigurationError` naming `accessToken`, the function's error its `cause`; nothing sent",
  },
  'limiter-hangs': {
    file: 'hostile/waits',
    cls: 'Waits within bounds',
    case: 'a `limiter` whose `acquire` never settles, `limiterTimeout: 300`',
    rule: '`LimiterError` within `limiterTimeout`; nothing sent',
  },
  'limiter-rejects': {
    file: 'hostile/waits',
    cls: 'Waits within bounds',
    case: 'a `limiter` whose `acquire` rejects',
    rule: "`LimiterError`, the limiter's error its `cause`; nothing sent",
  },
  'pause-long': {
    file: 'hostile/waits',
    cls: 'Waits within bounds',
    case: 'a 429 with `Retry-After: 3600`, then 20 more calls',
    rule: 'each refused at once with `RateLimitError`, `retryAfter` the time left; nothing sent',
  },
  'retry-after-unreadable': {
    file: 'hostile/waits',
    cls: 'Waits within bounds',
    case: 'a 429 with `Retry-After: soon` to a read, `maxRetryDelay: 5000`',
    rule: 'ignored: ordinary backoff (300 ms step with jitter), not a wait of `maxRetryDelay`',
  },
  'retry-after-infinite': {
    file: 'hostile/waits',
    cls: 'Waits within bounds',
    case: 'a 429 with `Retry-After: Infinity`, and one with `1e400`',
    rule: 'ignored like any unreadable value: `retryAfter` finite or `undefined`, no pause',
  },
  'body-200mb': {
    file: 'hostile/sizes',
    cls: 'Bounded resources',
    case: 'a 200 MB body, streamed without `Content-Length`, at the default `maxResponseBytes` (20 MB)',
    rule: '`ResponseTooLargeError` once the limit is passed; the rest cancelled unread',
  },
  'body-declared': {
    file: 'hostile/sizes',
    cls: 'Bounded resources',
    case: 'a body that declares `Content-Length: 200000000`',
    rule: '`ResponseTooLargeError` before reading any of it',
  },
  'gzip-bomb': {
    file: 'hostile/sizes',
    cls: 'Bounded resources',
    case: 'a gzip bomb: 1 GiB of zeros, about 1 MB on the wire, compressed as it is streamed, at the default `maxResponseBytes`',
    rule: '`ResponseTooLargeError`, counted after decompression',
  },
  'list-empty-pages': {
    file: 'hostile/walks',
    cls: 'Bounded resources',
    case: 'a list answering empty pages with `has_more: true` and a new cursor each time: `for await`, `toArray()`, `toArray({ max: 10 })`',
    rule: '`PaginationStalledError` after 10 empty pages in a row',
  },
  'list-cursor-cycle': {
    file: 'hostile/walks',
    cls: 'Bounded resources',
    case: 'a list whose cursor cycles A, B, A, … (one record a page): the same three walks',
    rule: '`PaginationStalledError` when a cursor comes back',
  },
  'list-cursor-cycle-long': {
    file: 'hostile/walks',
    cls: 'Bounded resources',
    case: 'a cursor cycling through 1, 2, 7 and 1,001 pages, each with a record',
    rule: "`PaginationStalledError` within three times the cycle's length, whatever the length",
  },
  'list-unreadable-page': {
    file: 'hostile/walks',
    cls: 'Bounded resources',
    case: 'every list of the registry whose second page cannot be read (`{}`, its records left out, `null`, a string, a number, an object, `data_ref` naming nothing, the app token beside them), in each validation mode',
    rule: "`ResponseValidationError` naming the page, after the first page's records; never a silent end; no secret in it",
  },
  'list-repeated-page': {
    file: 'hostile/walks',
    cls: 'Bounded resources',
    case: 'every list of the registry answered with the same page whatever page or cursor is asked',
    rule: '`PaginationStalledError` on the second page, before a record is yielded twice',
  },
  'list-wrong-way': {
    file: 'hostile/walks',
    cls: 'Bounded resources',
    case: 'the time-cursor lists (customers, async actions, qualifications) answered with pages newer than the cursor asked, a cursor going forward on a newest-first list',
    rule: '`PaginationStalledError` on the page that breaks the cursor, its records not yielded',
  },
  'customers-one-instant': {
    file: 'hostile/walks',
    cls: 'Bounded resources',
    case: "280 customers on the mock service, 250 of them created in one millisecond (a bulk import), walked by the customers' time cursor",
    rule: 'each customer once, in order, at every page size: the instant walked by page over a `created_at` window around it',
  },
  'deviations-map-keys': {
    file: 'hostile/walks',
    cls: 'Bounded resources',
    case: '5,000 `orders.create` answers, each with `redemptions.<its own id>.date` a number, in `warn` mode',
    rule: 'one deviation, keyed `redemptions.*.date`, counted; one warning line',
  },
  'deviations-cap': {
    file: 'hostile/walks',
    cls: 'Bounded resources',
    case: '150 different deviations (a `client.request` schema of 150 fields, each answered wrong)',
    rule: 'at most 100 kinds recorded, the rest counted in one `*` entry',
  },
  'decide-valid-string': {
    file: 'hostile/decisions',
    cls: 'Decisions on bad data',
    case: '`vouchers.validate` answering `valid: "false"` (a string) in `warn` mode',
    rule: '`ResponseValidationError` naming `valid`: a decision is never taken on a field that failed its check',
  },
  'decide-not-a-record': {
    file: 'hostile/decisions',
    cls: 'Decisions on bad data',
    case: 'a 200 body of `null`, `[]`, `"ok"` or `ok` to `loyalties.getMember`, in `warn` and `strict` mode',
    rule: '`ResponseValidationError`: no record, no result',
  },
  'decide-valid-false-bare': {
    file: 'hostile/decisions',
    cls: 'Decisions on bad data',
    case: 'a real `valid: false` answer with `reason` and no `error`, in `strict` mode',
    rule: 'accepted; `result.error?.key ?? result.reason` reads it',
  },
  'settings-construction': {
    file: 'hostile/settings',
    cls: 'Bad settings',
    case: 'CR, LF or NUL in a credential, in `origin` or in a `headers` value; a `baseUrl` with `user:password@`',
    rule: '`ConfigurationError` naming the option, at construction',
  },
  'settings-call-options': {
    file: 'hostile/settings',
    cls: 'Bad settings',
    case: 'per-call `timeout: 1e12`, `timeout: NaN`, `maxRetries: Infinity`',
    rule: '`ConfigurationError` naming the option; nothing sent',
  },
  'settings-hook-header': {
    file: 'hostile/settings',
    cls: 'Bad settings',
    case: 'a `request` hook calling `setHeader` with an invalid name, and with a value holding CR LF',
    rule: "logged once as the hook's error; the call succeeds without the header",
  },
  'text-control': {
    file: 'hostile/text',
    cls: 'Service text',
    case: 'an error body whose message holds CR, LF and ANSI escapes',
    rule: 'escaped (`\\u000a`, `\\u001b`) in `error.message`',
  },
  'text-1mb': {
    file: 'hostile/text',
    cls: 'Service text',
    case: 'a 1 MB error body (JSON message, and plain text)',
    rule: 'the message quotes at most 300 characters of it',
  },
  'text-echoed-tokens': {
    file: 'hostile/text',
    cls: 'Service text',
    case: 'a 401 whose body and headers echo the app token, access token and client token',
    rule: 'no token in `error.message`, `JSON.stringify(error)` or `util.inspect(error)`',
  },
  'text-debug-redaction': {
    file: 'hostile/text',
    cls: 'Service text',
    case: "`logLevel: 'debug'` with `cookie`, `proxy-authorization` and `x-api-key` given in `headers`",
    rule: 'each logged as `[redacted]`, sent as given',
  },
  'mock-proto': {
    file: 'hostile/mock',
    cls: 'The mock over HTTP',
    case: '`mock.listen()`: a query key `__proto__[x]` and `constructor[prototype][x]`, over HTTP',
    rule: 'no prototype written',
  },
  'mock-cors': {
    file: 'hostile/mock',
    cls: 'The mock over HTTP',
    case: '`mock.listen()`: a preflight from a loopback origin and from another one',
    rule: 'CORS granted to loopback origins only',
  },
  'chains-cause': {
    file: 'hostile/chains',
    cls: 'Every rendering, the whole chain',
    case: "a secret (a bearer token sent, one returned before, the app token) in what user code throws: a fetch, a token function, a limiter, `client.request`'s schema, a metadata schema; in a message, three causes deep, a cycle, an `AggregateError`, a field, a name, a stack, upper case, a string, a null-prototype object, a Proxy, promokit errors of every class nested, a Symbol's description, a function's name; the service echoing every credential",
    rule: 'in no rendering (message, stack, `String()`, `toJSON()`, `JSON.stringify`, `util.inspect` with hidden properties), no error event, no log line, in any letter case',
  },
  'chains-cut': {
    file: 'hostile/chains',
    cls: 'Every rendering, the whole chain',
    case: 'the same places, what they throw holding a secret after 0 to 477 characters (an error; a Symbol), so that each bound on quoted text (40, 255, 300 characters, …) cuts inside the secret before it is scrubbed',
    rule: 'not even the start of a secret in any rendering, error event or log line: its first 4 characters or more before a cut are redacted',
  },
  'foreign-code': {
    file: 'hostile/foreign',
    cls: 'User code is foreign',
    case: "an `Error`, a string, `undefined`, `null`, a number, a symbol, a null-prototype object, a Proxy whose traps throw, a revoked Proxy, an object whose getters throw, a promokit error of another call, thrown, rejected or returned by a token function, `fetchToken`, a limiter's `acquire`, release and `pause`, each hook, a `fetch`, `client.request`'s schema, a metadata schema, each logger method, each token store method",
    rule: 'a result, or a `PromokitError` with an `outcome` that renders; `not_sent` and nothing sent when it failed before sending; no untyped error, no unhandled rejection',
  },
  'chains-megabytes': {
    file: 'hostile/chains',
    cls: 'Every rendering, the whole chain',
    case: 'a token function failing with a 10 MB message, and a 10 MB cause, each ending in the app token',
    rule: 'every rendering of the error bounded (a cause keeps 10,000 characters of each text, scrubbed before it is cut); the secret in none',
  },
  'records-rewritten': {
    file: 'hostile/records',
    cls: 'Decisions from our own records',
    case: 'real errors of 8 answers and faults (503 and 429 with `Retry-After`, 500, 408, 400, a reset, a 200 that breaks its schema) to a spend, a read and an idempotent write, their `outcome`, `status`, `retryAfter`, `headers` and `attempts` rewritten every hostile way',
    rule: "`retryDecision` decides as for the untouched error (it reads the call's record); every `delayMs` a whole number from 0 to a day",
  },
  'records-reconcile': {
    file: 'hostile/records',
    cls: 'Decisions from our own records',
    case: '`client.reconcile` of a redemption applied then its answer dropped, its `outcome` rewritten to `not_sent`, `rejected`, `bogus`',
    rule: "the check runs on the call's record: `applied` each time",
  },
  'records-forged': {
    file: 'hostile/records',
    cls: 'Decisions from our own records',
    case: 'errors made by hand, of every error class the package exports, with every hostile value of those fields',
    rule: 'never `retry` for a class whose call may have been applied; every delay 0 to a day; `client.reconcile`: `cannot_tell`, nothing read',
  },
  'reconcile-pages': {
    file: 'hostile/reconcile',
    cls: 'Bounds count what arrives',
    case: '`client.reconcile` of a redemption against list pages that ignore `limit` (5,000 records, the call at record 1,500), one record a page without end, 150 a page without end',
    rule: 'at most 1,000 records and 10 pages walked, whatever the pages hold: `cannot_tell`',
  },
  'reconcile-order': {
    file: 'hostile/reconcile',
    cls: 'Bounds count what arrives',
    case: "`client.reconcile` against transactions oldest first, an older one before the call's, out of order with the call on the next page",
    rule: "the call's redemption found (`applied`); an older record ends the walk only when every record so far came newest first",
  },
  'reconcile-clock': {
    file: 'hostile/reconcile',
    cls: "Time is the service's",
    case: '`client.reconcile` against a service whose clock (its `Date` header and its records) is 3 years, 2 days, 5 hours behind or ahead, the redemption held or not',
    rule: '`applied` when held, `not_found` when not: never a false `not_found`',
  },
  'reconcile-no-date': {
    file: 'hostile/reconcile',
    cls: "Time is the service's",
    case: '`client.reconcile` against a service whose `Date` header is garbled, a redemption like the call held',
    rule: '`cannot_tell` (the call cannot be placed in time), never `not_found` nor `applied`',
  },
  'deletes-404': {
    file: 'hostile/deletes',
    cls: 'Decisions on bad data',
    case: "`customers.delete`, `vouchers.delete`, `vouchers.releaseSession` answered 404: of the very record, of another kind or id, without key, kind or id, a proxy's HTML page, an empty, array or `null` body; to the first attempt or to a retry after a 503",
    rule: "resolves only on the service's own 404 of the very record (`not_found`, its `resource_type` and `resource_id`); any other is a `NotFoundError` with its outcome",
  },
  'reconcile-shapes': {
    file: 'hostile/reconcile-pages',
    cls: 'Decisions on bad data',
    case: "`client.reconcile` of every check that walks a list (`loyalties.redeemReward`, `publications.create`, `customers.create`, `redemptions.redeem` by order, marker and, with `marker: false`, customer) in `strict`, `warn` and `off`, applied or not, against pages shorter than asked, answers without records (`{}`, `{ object: 'list' }`, `null` or a string for the records, a bare array, a string), a page 2 that answers 404, 500, `{}`, HTML or nothing while more is said, a `has_more: false` that lies, a total below what came, a cursor that comes back",
    rule: "`applied` only on the call's identity, `not_found` only with every record seen to an empty page: a call applied never `not_found`, one not applied never `applied`; an unreadable, failed or self-contradicting page `cannot_tell` with a typed `cause`",
  },
  'reconcile-clocks-disagree': {
    file: 'hostile/reconcile-pages',
    cls: "Time is the service's",
    case: "`client.reconcile` of every list check against one clock years or hours from the real one, records 10 or 50 minutes behind the `Date`, a `Date` of the year 3000, garbled or missing, answers whose `Date`s are 30 minutes apart, records an hour after the `Date`; a record like the call's three days before it",
    rule: "a record carrying the call's identity (order `source_id`, marker) `applied` whatever its date; a `Date` more than five minutes from this machine's clock is not trusted, and excludes no record by its date",
  },
  'reconcile-twins': {
    file: 'hostile/reconcile-pages',
    cls: "Time is the service's",
    case: "`client.reconcile` of every check without the call's identity (`publications.create`, `redemptions.redeem` with `marker: false` by customer) with a record like the call's made 3 days, 30 minutes or 2 minutes before the call, the call applied or not",
    rule: "likeness never gives `applied`; a record like the call's excludes `not_found` unless it is older than the call by more than an hour on a clock this machine's agrees with",
  },
  'reconcile-bends': {
    file: 'hostile/reconcile',
    cls: 'Decisions on bad data',
    case: "`client.reconcile` over the mock whose answers are bent: dates cut to the day or the minute, without a zone or RFC 2822 without GMT on a machine east of UTC; a customer's phone, name, description or birthdate stored otherwise, its marker left out; a member or a redemption read back as another; a list oldest first in pages of 1; numbered pages that repeat or shift as a record is removed; a page of vouchers for transactions, redeemables or customers; a campaign renamed or served as its id; a customer source_id stored lower-cased; a refused redemption's FAILURE record; an order paid twice with metadata null; a stack's filter ignored; an order's updated_at null; a rollback read without its status or rollbacks",
    rule: "a date excludes only as a full date-time with a zone on a trusted clock; a free field never excludes; a read-back by id must answer that record; a list is walked to its end whatever its order; a repeated id or a list that reads otherwise again is `cannot_tell`; every list checks its records' kind; a refusal is never `applied`; the marker sent, only the marker identifies; never a false answer",
  },
  'reconcile-reads': {
    file: 'hostile/reconcile-reads',
    cls: 'Decisions on bad data',
    case: "`client.reconcile` of `orders.create`, `vouchers.create` (a voucher, a card: with the call's marker, without, with another's), `redemptions.rollback`, `validations.validate` with a session, and the first reads of `loyalties.redeemReward` and `publications.create`, in `strict`, `warn` and `off`, their read answered honestly, with `{}`, `null`, `[]` or a string, a record of another id or code, the service's 404 of the record or of another, a proxy's HTML 404, a 500",
    rule: "`applied` or `not_found` only from an honest answer or the service's own 404 of the very record; every other answer `cannot_tell`",
  },
  'reconcile-bare': {
    file: 'hostile/reconcile-pages',
    cls: 'Decisions on bad data',
    case: "`client.reconcile` against a service that keeps the call's record without the fields the check matches it by: a redemption transaction without its reward, a redeemable without code or campaign, a redemption of the customer without its voucher, or without its order and metadata; in `strict`, `warn` and `off`",
    rule: "such a record cannot be told from the call's: `applied` or `cannot_tell`, never `not_found`",
  },
  'mock-listen-host': {
    file: 'hostile/mock',
    cls: 'The mock over HTTP',
    case: '`mock.listen({ host })` with `0.0.0.0`, `::`, LAN, TEST-NET and named hosts, and options of the wrong type',
    rule: 'refused with a `TypeError` unless `dangerouslyAllowRemote: true`; `127.0.0.1`, `localhost` and `::1` listen',
  },
  'waitfor-null': {
    file: 'hostile/odds',
    cls: 'Smaller ones',
    case: '`asyncActions.waitFor` answered with a `null` body',
    rule: 'a typed error (`ResponseValidationError`), not a crash',
  },
  'waitfor-other-id': {
    file: 'hostile/odds',
    cls: 'Smaller ones',
    case: '`asyncActions.waitFor` answered with the record of another action (`DONE`)',
    rule: '`ResponseValidationError` naming `id`; not resolved',
  },
  'shared-signal': {
    file: 'hostile/odds',
    cls: 'Smaller ones',
    case: 'one `AbortSignal` shared by 200 calls',
    rule: "no `MaxListenersExceededWarning`: one listener on the caller's signal",
  },
  'introspect-surrogate': {
    file: 'hostile/odds',
    cls: 'Smaller ones',
    case: 'a lone surrogate in the token given to `oauth.introspect`',
    rule: '`InvalidRequestError` naming `access_token`; nothing sent',
  },
  'amount-2-53': {
    file: 'hostile/odds',
    cls: 'Smaller ones',
    case: 'amounts and prices of 2^53 and more, or -2^60 (`orders.create`, `vouchers.validate`, `loyalties.redeemReward`)',
    rule: '`InvalidRequestError` naming the field; nothing sent',
  },
  'message-200k-items': {
    file: 'hostile/odds',
    cls: 'Smaller ones',
    case: 'an order of 200,000 items, each with a bad quantity',
    rule: '`InvalidRequestError` whose message names the first 20 issues and the count of the rest; nothing sent',
  },
  'response-2-53': {
    file: 'hostile/odds',
    cls: 'Smaller ones',
    case: '`9007199254740993` (2^53 + 1) in a response',
    rule: 'strict mode: `ResponseValidationError` naming the field (it would be read rounded); warn: returned',
  },
  'fresh-token-fails': {
    file: 'hostile/odds',
    cls: 'Smaller ones',
    case: 'a 401 to a spend whose fresh token cannot be had (the token function rejects)',
    rule: '`ConfigurationError`, `outcome: rejected`, its message saying the call was answered 401 and not sent again',
  },
  'vendor-argument-order': {
    file: 'hostile/odds',
    cls: 'Smaller ones',
    case: "the vendor SDK's argument orders from plain JavaScript (`getMember(campaignId, memberId)`, …)",
    rule: "`InvalidRequestError` naming promokit's call shape; nothing sent",
  },
  'not-retried-says-why': {
    file: 'hostile/odds',
    cls: 'Smaller ones',
    case: 'a 503 to a read with `Retry-After: 120`, `maxRetryDelay: 1000`',
    rule: 'not retried, and the message says why',
  },
  'records-types': {
    file: 'hostile/checkout-records',
    cls: 'The records around a checkout',
    case: "every params field of the fifteen record operations given `'false'`, `'1'`, `null`, `NaN`, an object, an array, a Proxy",
    rule: '`InvalidRequestError` naming the field; nothing sent; no method throws synchronously',
  },
  'records-snapshot': {
    file: 'hostile/checkout-records',
    cls: 'The records around a checkout',
    case: "a getter that answers the check one value and the wire another, a `toJSON`, a list's params read across its pages",
    rule: 'each field read once: the wire carries the value checked; every page of a walk is asked with the same copy',
  },
  'records-refused-ids': {
    file: 'hostile/checkout-records',
    cls: 'The records around a checkout',
    case: "path ids `''`, `'  '`, `'.'`, `'..'`, a lone surrogate, for the nine operations with a path id; query text with a lone surrogate",
    rule: '`InvalidRequestError` naming the parameter, nothing sent (never a network failure)',
  },
  'records-delete-outcome': {
    file: 'hostile/checkout-records',
    cls: 'The records around a checkout',
    case: 'a DELETE whose first attempt is dropped after the request went out, then answered 404; a 404 to a first attempt; a refused connection, then a 404',
    rule: 'resolves (gone, as asked) only after an attempt that may have deleted; else `NotFoundError`, `outcome` `rejected`',
  },
  'records-create-once': {
    file: 'hostile/checkout-records',
    cls: 'The records around a checkout',
    case: '`customers.create` without `source_id` under a dropped connection and a 503; with `source_id` the same',
    rule: 'without: sent once, `outcome` `unknown`, `retryDecision` `reconcile`; with (an upsert): retried like a PUT',
  },
  'records-walks': {
    file: 'hostile/checkout-records',
    cls: 'The records around a checkout',
    case: 'customers whose time cursor never moves (the same full page for ever), a voucher list whose `total` lies over empty pages, a product list past page 100',
    rule: '`PaginationStalledError` within a bounded number of pages, or `PaginationLimitError`; never a walk without end',
  },
  'records-hostile-schemas': {
    file: 'hostile/checkout-records',
    cls: 'The records around a checkout',
    case: '`metadataSchemas.list` answered with `__proto__` and `constructor` keys, 5 MB of control characters in a 404, 25 MB of schemas',
    rule: 'keys kept as keys (no prototype touched); the error message bounded and printable; `ResponseTooLargeError`',
  },
} as const satisfies Record<string, HostileCase>;

/** A case's id. */
export type CaseId = keyof typeof CASES;

/** The section's text for the figures of every case (`—` where none was measured yet). */
export function renderSection(figures: ReadonlyMap<string, string>): string {
  const out = [
    START,
    '## Hostile service, hostile settings',
    '',
    'What promokit does when the service, or what stands in front of it, works against the caller:',
    'redirects, waits that never end, floods, answers that lie, and settings that would split a',
    'request. Each case runs in `test/hostile/` (`test/browser/redirect.test.ts` for the browser)',
    'against real `node:http` servers on 127.0.0.1, and asserts its figure against its rule.',
    'The figures are those of the run that wrote this section. Every test run compares each row with',
    'what it measured; a number marked `~` (a time, memory, bytes read before a stop) varies from run',
    'to run, and only the rest of its figure is compared; a regeneration keeps it as written while',
    'the new measurement is within a factor of two of it (or within 10).',
    '',
    `Regenerate: \`${REGENERATE}\`.`,
    '',
    '| class | case | rule | measured |',
    '|---|---|---|---|',
  ];
  for (const c of Object.values(CASES) as HostileCase[]) out.push(`| ${c.cls} | ${c.case} | ${c.rule} | ${figures.get(c.case) ?? '—'} |`);
  out.push(END);
  return out.join('\n');
}

/** The section of `text` (markers included), or `undefined` when it has none. */
export function sectionOf(text: string): string | undefined {
  const start = text.indexOf(START);
  const end = text.indexOf(END, start);
  return start === -1 || end === -1 ? undefined : text.slice(start, end + END.length);
}

/** The rows of a section: case text → measured figure. */
export function rowsOf(section: string): Map<string, string> {
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = line.split(' | ');
    if (cells.length !== 4 || !line.startsWith('| ') || line.startsWith('| class |')) continue;
    rows.set(cells[1]!, cells[3]!.replace(/ \|$/, ''));
  }
  return rows;
}

/** A figure without the numbers that vary from run to run (written `~N`): what a run compares. */
export function steady(figure: string): string {
  return figure.replace(/~-?[\d.,]*\d/g, '~');
}

/** The numbers marked `~` in a figure, in order. */
const varying = (figure: string): number[] => [...figure.matchAll(/~(-?[\d.,]*\d)/g)].map(([, n]) => Number(n!.replace(/,/g, '')));

/**
 * Whether a new measurement `now` is within the tolerance of a number written `~was`: within a
 * factor of two of it, or within 10 of it (a few milliseconds, a count of reads, where the
 * scheduler's noise is the figure).
 */
export function withinTolerance(was: number, now: number): boolean {
  if (Math.abs(now - was) <= 10) return true;
  return Math.sign(now) === Math.sign(was) && Math.abs(now) <= 2 * Math.abs(was) && Math.abs(was) <= 2 * Math.abs(now);
}

/**
 * The figure to write for a row whose figure was `written` and is now measured as `measured`: the
 * written one while the rest of the figure is the same and every number marked `~` is within its
 * tolerance ({@link withinTolerance}), so that a regeneration moves no figure it did not change;
 * else the measured one.
 */
export function keptFigure(written: string | undefined, measured: string): string {
  if (written === undefined || steady(written) !== steady(measured)) return measured;
  const was = varying(written);
  const now = varying(measured);
  return was.every((n, i) => withinTolerance(n, now[i]!)) ? written : measured;
}

/**
 * Writes `measured` (case id → figure) into the report's section, keeping every other row's figure,
 * and a row's own while the measurement is within its tolerance ({@link keptFigure}).
 */
export function writeFigures(measured: ReadonlyMap<CaseId, string>): void {
  updateReport((text) => {
    const old = sectionOf(text);
    const figures = old ? rowsOf(old) : new Map<string, string>();
    for (const [id, figure] of measured) figures.set(CASES[id].case, keptFigure(figures.get(CASES[id].case), figure));
    const section = renderSection(figures);
    return old ? text.replace(old, () => section) : `${text.replace(/\n*$/, '\n')}\n${section}\n`;
  });
}

/**
 * The figures of one test file: `record(id, figure)` in its tests. After the file, each case of
 * the file must have its row, and each figure measured must be its row's, but for the numbers
 * marked `~`; in the run of `npm run reliability:write` they are written to the report instead.
 */
export function useFigures(file: string): (id: CaseId, figure: string) => void {
  const measured = new Map<CaseId, string>();
  afterAll(() => {
    if (writingReport()) {
      if (measured.size > 0) writeFigures(measured);
      return;
    }
    const section = existsSync(REPORT_FILE) ? sectionOf(readFileSync(REPORT_FILE, 'utf8')) : undefined;
    expect(section, `${REPORT_FILE} has no hostile section: run ${REGENERATE}`).toBeDefined();
    const rows = rowsOf(section!);
    const mine = (Object.values(CASES) as HostileCase[]).filter((c) => c.file === file);
    const missing = mine.filter((c) => !rows.has(c.case)).map((c) => c.case);
    expect(missing, `cases of test/${file}.test.ts without a row in ${REPORT_FILE}: run ${REGENERATE}`).toEqual([]);
    const differing = [...measured]
      .filter(([id, figure]) => steady(rows.get(CASES[id].case) ?? '') !== steady(figure))
      .map(([id, figure]) => ({ case: id, [REPORT_FILE]: rows.get(CASES[id].case), measured: figure }));
    expect(differing, `figures of test/${file}.test.ts that are not what ${REPORT_FILE} says (numbers marked ~ aside): run ${REGENERATE}`).toEqual([]);
  });
  return (id, figure) => {
    expect(CASES[id].file, `${id} belongs to test/${CASES[id].file}.test.ts`).toBe(file);
    // A figure is one cell of a Markdown table.
    measured.set(id, figure.replace(/\|/g, '\\|').replace(/\n/g, ' '));
  };
}
