/**
 * The hostile table of docs/RELIABILITY.md: one row per case of the hostile suite (its class, the
 * case, the rule it holds to, the figure a run measured), between the lines `<!-- hostile -->`
 * and `<!-- /hostile -->`. The reliability report's generator keeps that section as it is.
 *
 * Each test file of the suite records the figures of its cases with `useFigures(file)` (`file`: its
 * path under test/, without `.test.ts`). Run with `HOSTILE_REPORT=1`, each file writes its rows
 * into the section (the other files' rows are kept); otherwise it checks that each of its cases
 * has a row. Figures vary from run to run, so a plain run never compares them.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';

/** The report file, relative to the project root (where vitest runs). */
export const REPORT_FILE = 'docs/RELIABILITY.md';
/** The line that opens the section. */
export const START = '<!-- hostile -->';
/** The line that closes the section. */
export const END = '<!-- /hostile -->';
/** The command that (re)writes the section's figures: every file with a case, the browser's included. */
export const REGENERATE = 'HOSTILE_REPORT=1 npx vitest run test/hostile test/browser/redirect.test.ts';

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
    case: "a qualification's `options.starting_after` cursor that comes back after 1, 2, 3 and 7 pages",
    rule: '`PaginationStalledError` within 3 × the period + 3 requests',
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
    rule: "the service's `already_rolled_back` stands, typed; nothing more sent",
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
    rule: 'the shared token refreshed at most once for the credentials a fresh token did not cure',
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
    case: '`Retry-After` of `120`, ` 7 `, `0x10`, `-1`, `1.5`, `1e3`, `Infinity` and 400 digits on a 429, `maxRetryDelay: 100`',
    rule: "one reading for the error's `retryAfter`, the pause and the retry: digits are seconds (at most a day); anything else ignored; a wait not waited says so in the message",
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
    'The figures are those of the run that wrote this section; they vary from run to run, and a',
    'plain test run only checks that every case has its row.',
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

/** Runs `write` while holding a lock on the report file, so that test files running in parallel take turns. */
function withLock(write: () => void): void {
  const lock = join('.tmp', 'hostile-report.lock');
  mkdirSync('.tmp', { recursive: true });
  const until = Date.now() + 10_000;
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch {
      // A lock left by a run that died is taken over after 10 s.
      if (Date.now() > until || (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 10_000)) {
        rmSync(lock, { force: true });
        continue;
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
  try {
    write();
  } finally {
    rmSync(lock, { force: true });
  }
}

/** Writes `measured` (case id → figure) into the report's section, keeping every other row's figure. */
export function writeFigures(measured: ReadonlyMap<CaseId, string>): void {
  withLock(() => {
    const text = readFileSync(REPORT_FILE, 'utf8');
    const old = sectionOf(text);
    const figures = old ? rowsOf(old) : new Map<string, string>();
    for (const [id, figure] of measured) figures.set(CASES[id].case, figure);
    const section = renderSection(figures);
    writeFileSync(REPORT_FILE, old ? text.replace(old, () => section) : `${text.replace(/\n*$/, '\n')}\n${section}\n`);
  });
}

/**
 * The figures of one test file: `record(id, figure)` in its tests. After the file, with
 * `HOSTILE_REPORT=1` they are written to the report; otherwise the file checks that each of its
 * cases has a row there.
 */
export function useFigures(file: string): (id: CaseId, figure: string) => void {
  const measured = new Map<CaseId, string>();
  afterAll(() => {
    if (process.env.HOSTILE_REPORT === '1') {
      if (measured.size > 0) writeFigures(measured);
      return;
    }
    const section = existsSync(REPORT_FILE) ? sectionOf(readFileSync(REPORT_FILE, 'utf8')) : undefined;
    expect(section, `${REPORT_FILE} has no hostile section: run ${REGENERATE}`).toBeDefined();
    const rows = rowsOf(section!);
    const mine = (Object.values(CASES) as HostileCase[]).filter((c) => c.file === file);
    const missing = mine.filter((c) => !rows.has(c.case)).map((c) => c.case);
    expect(missing, `cases of test/${file}.test.ts without a row in ${REPORT_FILE}: run ${REGENERATE}`).toEqual([]);
  });
  return (id, figure) => {
    expect(CASES[id].file, `${id} belongs to test/${CASES[id].file}.test.ts`).toBe(file);
    // A figure is one cell of a Markdown table.
    measured.set(id, figure.replace(/\|/g, '\\|').replace(/\n/g, ' '));
  };
}
