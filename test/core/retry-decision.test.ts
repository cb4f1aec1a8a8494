/**
 * `retryDecision(error)`, checked call by call on real failures: every fault of the reliability
 * matrix for every operation (in process, and for one operation of each class over a real
 * node:http server on 127.0.0.1); every status from 300 to 599 and every fault `mock.inject`
 * makes, for a read, an idempotent write, a spend and a `join_once` publication, each decision
 * then followed the way a job queue follows it, the mock's records showing that a `retry` never
 * applies a spend twice and that a `reconcile` finds what happened (over `mock.fetch`, and over
 * `mock.listen()` for the first and last status of each class of decision and the statuses
 * Node's fetch treats apart); the redirects against the outcome rule; and the errors that come
 * from no call.
 */
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AsyncActionFailedError,
  Client,
  ConfigurationError,
  ConnectionError,
  DEFAULT_RETRY_DELAY_MS,
  InternalServerError,
  InvalidRequestError,
  PaginationLimitError,
  PromokitError,
  RateLimitError,
  retryDecision,
  TimeoutError,
  type RetryDecision,
} from '../../src/index.js';
import { createMockService, type MockInjectOptions, type MockService } from '../../src/testing/index.js';
import { listenOnLoopback, refusedUrl, type Loopback } from '../helpers/http-server.js';
import { TUNING, timeoutFor } from '../reliability/harness/expectations.js';
import { IDEMPOTENT_CLASSES, ONE_PER_CLASS, OPERATIONS, OUTCOME_GROUPS, type OperationClass } from '../reliability/harness/operations.js';
import { REGENERATE, REPORT_FILE, keptSection, updateReport, writingReport } from '../reliability/harness/report.js';
import { FAULTS, inProcessFaults, startFaultServer, type Fault, type FaultServer } from '../reliability/harness/server.js';

const retry = (delayMs: number): RetryDecision => ({ action: 'retry', delayMs });
const RECONCILE: RetryDecision = { action: 'reconcile' };
const FAIL: RetryDecision = { action: 'fail' };

/** Awaits a call that must fail; returns its error. */
async function errorOf(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  return 'resolved';
}

// ---------------------------------------------------------------------------------------------

describe('the fault matrix: every fault × every operation in process, and × one operation of each class over a real node:http server', () => {
  let server: FaultServer;
  const local = inProcessFaults();
  let refused: string;
  beforeAll(async () => {
    server = await startFaultServer();
    refused = await refusedUrl();
  });
  afterAll(async () => {
    await local.close();
    await server.close();
  });

  /**
   * The decision the table gives for `fault` on an operation of class `cls`, from the fault's
   * nature alone: nothing reached the service (`refused`), it answered and did not act (a 4xx,
   * a 307), it may have acted (a timeout, a dropped connection, a 5xx, an unreadable 2xx, a 303 to
   * a call that changes state), or the call succeeded.
   */
  function wanted(fault: Fault, cls: OperationClass): RetryDecision | 'resolved' | 'its retryAfter, in ms' {
    const safe = IDEMPOTENT_CLASSES.has(cls);
    if (fault.startsWith('redirect-')) {
      // 307 and 308 `rejected`, any 3xx to a read `rejected`; any other to a call that changes
      // state `unknown`: to look first, unless a repeat is safe (a PUT, a join_once publication),
      // and then nothing to repeat either (a redirect answers again).
      return fault === 'redirect-307' || fault === 'redirect-308' || safe ? FAIL : RECONCILE;
    }
    switch (fault) {
      case 'ok':
      case '200-wrong-content-type':
        return 'resolved';
      case 'refused':
        return retry(DEFAULT_RETRY_DELAY_MS);
      case '429-retry-after-seconds':
        return retry(1_000);
      case '429-retry-after-date': // an HTTP date 3 s ahead: 2 or 3 whole seconds by the time it is read
        return 'its retryAfter, in ms';
      case '429-retry-after-huge': // a wait past a day is read as a day
        return retry(86_400_000);
      case 'json-409':
      case 'json-422':
        return FAIL;
      case '200-empty':
        // A DELETE answers without a body: an empty 200 is its success.
        return cls === 'DELETE' ? 'resolved' : safe ? FAIL : RECONCILE;
      case '200-truncated-json':
      case '200-non-json':
        return safe ? FAIL : RECONCILE;
      default:
        return safe ? retry(DEFAULT_RETRY_DELAY_MS) : RECONCILE;
    }
  }

  const passes = [
    { transport: 'in process', operations: OPERATIONS },
    { transport: 'socket', operations: ONE_PER_CLASS },
  ] as const;
  for (const { transport, operations } of passes) {
    for (const [f, fault] of FAULTS.entries()) {
      it(`${transport}: ${fault}`, async () => {
        const overSocket = transport === 'socket';
        const service = overSocket ? server : local;
        const calls = operations.map(async (op, o) => {
          const key = `rd-${transport}-${f}-${o}`;
          service.plan(key, { faults: [fault], body: op.body });
          // A client of its own: a long Retry-After pauses the client that heard it.
          const client = new Client({
            baseUrl: !overSocket ? local.url : fault === 'refused' ? refused : server.url,
            ...(overSocket ? {} : { fetch: local.fetch }),
            appId: 'a',
            appToken: 't',
            accessToken: 'k',
            clientApplicationId: 'c',
            clientToken: 'ct',
            origin: 'https://shop.example.com',
            maxRetries: TUNING.maxRetries,
            maxRetryDelay: TUNING.maxRetryDelay,
            timeout: timeoutFor(fault),
            validation: 'strict',
            logLevel: 'off',
          });
          const error = await errorOf(() => op.call(client, key, { headers: { 'x-case': key } }));
          const decision = error === 'resolved' ? 'resolved' : retryDecision(error);
          // A date 3 s ahead is 2 or 3 whole seconds by the time it is read: the error's retryAfter.
          const asked =
            error instanceof RateLimitError && decision !== 'resolved' && decision.action === 'retry' && decision.delayMs === error.retryAfter! * 1000;
          const got = asked && fault === '429-retry-after-date' && [2_000, 3_000].includes(decision.delayMs) ? 'its retryAfter, in ms' : decision;
          return { operation: op.name, decision: got };
        });
        const observed = await Promise.all(calls);
        for (const [o, op] of operations.entries()) table.push({ transport, fault, cls: op.class, operation: op.name, decision: observed[o]!.decision });
        expect(observed).toEqual(operations.map((op) => ({ operation: op.name, decision: wanted(fault, op.class) })));
      });
    }
  }

  it('over the socket, each operation decided as it did in process', () => {
    const of = (transport: TableRow['transport']) =>
      table
        .filter((r) => r.transport === transport && ONE_PER_CLASS.some((op) => op.name === r.operation))
        .map(({ transport: _, ...row }) => row)
        // The two passes run the operations in their own orders: compare cell by cell.
        .sort((a, b) => `${a.fault} ${a.operation}`.localeCompare(`${b.fault} ${b.operation}`));
    expect(of('socket')).toEqual(of('in process'));
  });

  it(`the decision table of ${REPORT_FILE} says what these calls decided (${REGENERATE} writes it)`, () => {
    expect(table).toHaveLength(FAULTS.length * (OPERATIONS.length + ONE_PER_CLASS.length));
    const section = decisionSection(table);
    if (writingReport()) {
      updateReport((text) => {
        const kept = keptSection('decisions', text);
        return kept ? text.replace(kept, () => section) : text.replace('<!-- hostile -->', `${section}\n\n<!-- hostile -->`);
      });
      return;
    }
    expect(keptSection('decisions'), `${REPORT_FILE} has no decision table, or an old one: run ${REGENERATE}`).toBe(section);
  });
});

/** One call of the fault matrix and what `retryDecision` made of its error. */
interface TableRow {
  transport: 'in process' | 'socket';
  fault: Fault;
  cls: OperationClass;
  operation: string;
  decision: RetryDecision | string;
}
const table: TableRow[] = [];

/** A decision in a few words: `retry 1 s`, `reconcile`, `fail`, `ok`. */
function words(decision: RetryDecision | string): string {
  if (typeof decision === 'string') return decision === 'resolved' ? 'ok' : `retry (${decision})`;
  return decision.action === 'retry' ? `retry ${decision.delayMs / 1000} s` : decision.action;
}

/** The section of docs/RELIABILITY.md: the fault matrix's faults × the outcome table's columns, each cell the decision. */
function decisionSection(rows: TableRow[]): string {
  const groups = Object.entries(OUTCOME_GROUPS) as Array<[string, readonly OperationClass[]]>;
  const cell = (fault: Fault, classes: readonly OperationClass[]) => {
    const mine = rows.filter((r) => r.transport === 'in process' && r.fault === fault && classes.includes(r.cls));
    const kinds = [...new Set(mine.map((r) => words(r.decision)))];
    return kinds.length === 1
      ? kinds[0]!
      : kinds
          .map(
            (k) =>
              `${k} (${mine
                .filter((r) => words(r.decision) === k)
                .map((r) => r.operation)
                .join(', ')})`,
          )
          .join('<br>');
  };
  return [
    '<!-- decisions -->',
    '## What to do next',
    '',
    'The same calls as the fault matrix, each error given to `retryDecision(error)`: `retry` (with the',
    'wait it asks), `reconcile` (the call may have been applied: `client.reconcile(error)` looks for its',
    'trace before anything is sent again), `fail`, or `ok` when the call resolved. Written by',
    '`test/core/retry-decision.test.ts`, which also checks each cell call by call, and every status from',
    '300 to 599 and every `mock.inject` fault for a read, an idempotent write, a spend and a `join_once`',
    "publication, following each decision against the mock's records. Regenerate:",
    `\`${REGENERATE}\`. The rules:`,
    '[Errors and retries](errors-and-retries.md#after-a-failed-call-retrydecision).',
    '',
    `| fault | ${groups.map(([g]) => g).join(' | ')} |`,
    `|---|${groups.map(() => '---').join('|')}|`,
    ...FAULTS.map((fault) => `| ${fault} | ${groups.map(([, classes]) => cell(fault, classes)).join(' | ')} |`),
    '<!-- /decisions -->',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------

/** The four classes of operation the issue names, as calls to the mock, with what each leaves in its store. */
interface Kind {
  name: 'read' | 'idempotent write' | 'spend' | 'join_once publication';
  /** Safe to send twice (the retry policy's word for it). */
  idempotent: boolean;
  /** Changes state (a read does not). */
  changesState: boolean;
  call(client: Client, mock: MockService): Promise<unknown>;
  /** How many times the call's change is in the mock's records (0 for a read). */
  applied(mock: MockService): number;
}

const CUSTOMER = 'decision-customer';
const KINDS: Kind[] = [
  { name: 'read', idempotent: true, changesState: false, call: (c, m) => c.loyalties.getMember(m.ids.members.ada), applied: () => 0 },
  {
    name: 'idempotent write',
    idempotent: true,
    changesState: true,
    call: (c, m) => c.promotions.updateStack(m.ids.campaigns.checkout, m.ids.stack, { name: 'Renamed stack' }),
    applied: (m) => (m.get('stacks', m.ids.stack)?.name === 'Renamed stack' ? 1 : 0),
  },
  {
    name: 'spend',
    idempotent: false,
    changesState: true,
    call: (c, m) => c.loyalties.redeemReward(m.ids.members.ada, { reward: { id: m.ids.rewards.espresso } }),
    // Ada holds 1,250 points; the espresso costs 200.
    applied: (m) => (1250 - (m.get('vouchers', m.ids.members.ada)?.loyalty_card?.points ?? 0)) / 200,
  },
  {
    name: 'join_once publication',
    idempotent: true,
    changesState: true,
    call: (c) => c.publications.create({ campaign: { name: 'Welcome Offer' }, customer: { source_id: CUSTOMER }, join_once: true }),
    applied: (m) => {
      const customer = m.get('customers', CUSTOMER);
      return customer ? m.list('publications').filter((p) => p.customer_id === customer.id).length : 0;
    },
  },
];

/** The per-attempt timeout of calls whose answer comes (it never waits that long on a sane machine). */
const PATIENT_MS = 10_000;

/** The Retry-After every injected status carries: 3 s, longer than the client's cap, so never waited by it. */
const RETRY_AFTER_MS = 2_500;

/**
 * The decision the table gives for an injected status: a 3xx by the outcome rule (307 and 308
 * `rejected`; any other 3xx to a call that changes state `unknown`; a 3xx to a read `rejected`),
 * a 429 its Retry-After, a 408 and a 5xx the default wait (a 503 its Retry-After) when a repeat is
 * safe, every other 4xx `fail`.
 */
function wantedForStatus(status: number, kind: Kind, overHttp: boolean): RetryDecision | 'resolved' {
  // Node's fetch (undici) over a real connection: a 407 without a proxy is a network error, as the
  // Fetch standard says (a ConnectionError after the request went out: `unknown`); a 421 it sends
  // again itself on a new connection (RFC 9110: the server did not process it), where the fault,
  // used up, lets it through.
  if (overHttp && status === 407) return kind.idempotent ? retry(DEFAULT_RETRY_DELAY_MS) : RECONCILE;
  if (overHttp && status === 421) return 'resolved';
  if (status < 400) return kind.changesState && !kind.idempotent && status !== 307 && status !== 308 ? RECONCILE : FAIL;
  if (status === 429) return retry(3_000);
  if (status === 408) return retry(DEFAULT_RETRY_DELAY_MS);
  if (status >= 500) return kind.idempotent ? retry(status === 503 ? 3_000 : DEFAULT_RETRY_DELAY_MS) : RECONCILE;
  return FAIL;
}

/** Every status `mock.inject` can answer with, 300 to 599. */
const STATUSES = Array.from({ length: 300 }, (_, i) => 300 + i);

/**
 * The statuses also run over `mock.listen()`: the first and last of each class of status (those
 * given the same decisions for every kind of call in process), and those Node's fetch treats apart
 * over a real connection (a 407, a 421). The rest of the wire is the same for every status.
 */
const OVER_HTTP = (() => {
  const decisions = (status: number, overHttp: boolean) => JSON.stringify(KINDS.map((kind) => wantedForStatus(status, kind, overHttp)));
  const classes = new Map<string, number[]>();
  for (const status of STATUSES) classes.set(decisions(status, false), [...(classes.get(decisions(status, false)) ?? []), status]);
  const apart = STATUSES.filter((status) => decisions(status, true) !== decisions(status, false));
  return new Set([...[...classes.values()].flatMap((statuses) => [statuses[0]!, statuses.at(-1)!]), ...apart]);
})();

/** The other faults `mock.inject` makes (and a refused connection), with the decision each must give. */
const FAULT_CASES: Array<{ name: string; inject?: Omit<MockInjectOptions, 'operation'>; wanted: (kind: Kind) => RetryDecision }> = [
  { name: 'timeout', inject: { fault: 'timeout' }, wanted: (k) => (k.idempotent ? retry(DEFAULT_RETRY_DELAY_MS) : RECONCILE) },
  { name: 'reset', inject: { fault: 'reset' }, wanted: (k) => (k.idempotent ? retry(DEFAULT_RETRY_DELAY_MS) : RECONCILE) },
  { name: 'commit-then-reset', inject: { fault: 'commit-then-reset' }, wanted: (k) => (k.idempotent ? retry(DEFAULT_RETRY_DELAY_MS) : RECONCILE) },
  { name: 'latency past the timeout', inject: { fault: 'latency', ms: 600 }, wanted: (k) => (k.idempotent ? retry(DEFAULT_RETRY_DELAY_MS) : RECONCILE) },
  { name: 'malformed-json', inject: { fault: 'malformed-json' }, wanted: (k) => (k.idempotent ? FAIL : RECONCILE) },
  { name: 'refused connection', wanted: () => retry(DEFAULT_RETRY_DELAY_MS) },
];

describe.each([
  ['mock.fetch', false],
  ['mock.listen()', true],
] as const)('mock.inject faults × read, idempotent write, spend, join_once publication, over %s', (_transport, overHttp) => {
  const mock = createMockService();
  let baseUrl = mock.baseUrl;
  let close: (() => Promise<void>) | undefined;
  let refused = '';
  beforeAll(async () => {
    refused = await refusedUrl();
    if (!overHttp) return;
    const server = await mock.listen();
    baseUrl = server.url;
    close = () => server.close();
  });
  afterAll(() => close?.());
  // One attempt per call (`maxRetries: 0`), so a fault injected once is used up by it; the
  // decision is the same with retries, which only add attempts of the same kind.
  // A patient timeout, which a healthy answer never reaches on a busy machine; 300 ms for the
  // faults that wait for it (no answer, an answer later than the timeout).
  const clientFor = (url = baseUrl, timeout = PATIENT_MS) =>
    new Client({
      baseUrl: url,
      ...(overHttp || url !== mock.baseUrl ? {} : { fetch: mock.fetch }),
      ...mock.credentials,
      timeout,
      maxRetries: 0,
      logLevel: 'off',
    });

  /**
   * Runs the call of `kind` under `inject` (a refused connection without it) on fresh records,
   * checks the decision, then follows it as a job queue does, checking each step against the
   * mock's records: a `retry` comes after nothing that a repeat could apply twice, and the repeat
   * applies the change once; a `reconcile` finds the change exactly when the records hold it, and
   * the caller that sends the call again only on `not_found` ends with it applied once; a `fail`
   * of a spend left nothing applied. Returns a line per mismatch.
   */
  async function decideAndFollow(
    kind: Kind,
    label: string,
    inject: Omit<MockInjectOptions, 'operation'> | undefined,
    wanted: RetryDecision | 'resolved',
  ): Promise<string[]> {
    mock.reset();
    const problems: string[] = [];
    const check = (ok: boolean, what: string) => void (ok || problems.push(`${kind.name}, ${label}: ${what}`));
    if (inject) mock.inject({ ...inject, times: 1 } as MockInjectOptions);
    const waitsForTimeout = inject?.fault === 'timeout' || inject?.fault === 'latency';
    const caller = clientFor(inject ? baseUrl : refused, waitsForTimeout ? 300 : PATIENT_MS);
    const error = await errorOf(() => kind.call(caller, mock));
    const decision = error === 'resolved' ? 'resolved' : retryDecision(error);
    check(
      JSON.stringify(decision) === JSON.stringify(wanted),
      `decision ${JSON.stringify(decision)}, wanted ${JSON.stringify(wanted)}, after ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
    );
    const applied = kind.applied(mock);
    // Sent again by a fresh client (a 429's pause belongs to the client that heard it); reconciled
    // by the client that made the call, the only one that may.
    const client = clientFor();
    if (wanted === 'resolved') {
      if (kind.changesState) check(applied === 1, `applied ${applied} times by a call that resolved`);
    } else if (wanted.action === 'retry') {
      check(kind.idempotent || applied === 0, `retry after a spend that was applied ${applied} times`);
      await kind.call(client, mock);
      if (kind.changesState) check(kind.applied(mock) === 1, `applied ${kind.applied(mock)} times after the retry`);
    } else if (wanted.action === 'reconcile') {
      const result = await caller.reconcile(error, { timeout: PATIENT_MS });
      check(result.status === (applied > 0 ? 'applied' : 'not_found'), `reconcile said ${JSON.stringify(result)} with the change applied ${applied} times`);
      if (result.status === 'not_found') await kind.call(client, mock);
      check(kind.applied(mock) === 1, `applied ${kind.applied(mock)} times after reconciling`);
    } else if (!kind.idempotent) {
      check(applied === 0, `fail after a spend applied ${applied} times`);
    }
    return problems;
  }

  const ranges = [
    ['every 3xx, 300 to 399, by the outcome rule', 300, 399],
    ['every status from 400 to 599', 400, 599],
  ] as const;
  for (const kind of KINDS) {
    for (const [range, from, to] of ranges) {
      const statuses = STATUSES.filter((status) => status >= from && status <= to && (!overHttp || OVER_HTTP.has(status)));
      const which = overHttp ? `${range.split(',')[0]}: the first and last status of each class of decision, and those Node's fetch treats apart` : range;
      it(`${which} (with Retry-After: 3), for a ${kind.name}`, async () => {
        expect(statuses.length).toBeGreaterThan(overHttp ? 1 : 99);
        const problems: string[] = [];
        for (const status of statuses) {
          problems.push(
            ...(await decideAndFollow(kind, `status ${status}`, { fault: 'status', status, ms: RETRY_AFTER_MS }, wantedForStatus(status, kind, overHttp))),
          );
        }
        expect(problems).toEqual([]);
      });
    }
  }

  it.each(KINDS)('timeout, reset, commit-then-reset, latency, malformed-json and a refused connection, for a $name', async (kind) => {
    const problems: string[] = [];
    for (const c of FAULT_CASES) problems.push(...(await decideAndFollow(kind, c.name, c.inject, c.wanted(kind))));
    expect(problems).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('redirects, by the outcome rule (307 and 308 rejected; any other 3xx unknown to a call that changes state, rejected to a read)', () => {
  let server: Loopback;
  let status = 301;
  beforeAll(async () => {
    server = await listenOnLoopback(
      createServer((req, res) => {
        req.resume();
        req.on('end', () => res.writeHead(status, { location: 'https://elsewhere.example/x' }).end());
      }),
    );
  });
  afterAll(() => server.close());

  // A validation without a session changes nothing, but is a POST: whether the rule counts it a
  // read (`rejected`) or not (`unknown`, yet safe to repeat), the decision is `fail`.
  const eitherOutcome = expect.stringMatching(/^(rejected|unknown)$/) as unknown as 'rejected';
  const kinds: Array<[string, (c: Client) => Promise<unknown>, 'rejected' | 'unknown', RetryDecision]> = [
    ['a read (GET)', (c) => c.loyalties.getMember('LOYAL-1'), 'rejected', FAIL],
    ['a read-only POST (validation)', (c) => c.vouchers.validate('CODE-1'), eitherOutcome, FAIL],
    ['an idempotent write (PUT)', (c) => c.promotions.updateStack('camp_1', 'stack_1', { name: 'S' }), 'unknown', FAIL],
    ['a join_once publication', (c) => c.publications.create({ voucher: 'V-1', customer: { source_id: 'c' }, join_once: true }), 'unknown', FAIL],
    ['a spend (redemption)', (c) => c.loyalties.redeemReward('LOYAL-1', { reward: { id: 'rew_1' } }), 'unknown', RECONCILE],
    ['an order', (c) => c.orders.create({ source_id: 'o-1', amount: 1 }), 'unknown', RECONCILE],
  ];
  for (const code of [300, 301, 302, 303, 304, 305, 306, 307, 308]) {
    it(`${code}`, async () => {
      status = code;
      const client = new Client({ baseUrl: server.url, appId: 'a', appToken: 't', accessToken: 'k', logLevel: 'off' });
      const observed = [];
      for (const [name, call] of kinds) {
        const error = (await errorOf(() => call(client))) as PromokitError;
        observed.push({ name, error: error.name, outcome: error.outcome, decision: retryDecision(error) });
      }
      const rejected = code === 307 || code === 308;
      expect(observed).toEqual(
        kinds.map(([name, , outcome, decision]) => ({
          name,
          error: 'RedirectError',
          outcome: rejected && outcome !== eitherOutcome ? 'rejected' : outcome,
          decision: rejected ? FAIL : decision,
        })),
      );
    });
  }
});

// ---------------------------------------------------------------------------------------------

describe("the caller's abort, at each phase", () => {
  const mock = createMockService();
  const client = new Client({ fetch: mock.fetch, baseUrl: mock.baseUrl, ...mock.credentials, logLevel: 'off' });
  const spend = (signal: AbortSignal) => client.loyalties.redeemReward(mock.ids.members.ada, { reward: { id: mock.ids.rewards.espresso } }, { signal });
  const points = () => mock.get('vouchers', mock.ids.members.ada)?.loyalty_card?.points;

  it.each([
    ['a spend, before it is sent', undefined, 'not_sent', FAIL, 1250, undefined],
    ['a spend in flight that the service never got to', { fault: 'timeout' }, 'unknown', RECONCILE, 1250, 'not_found'],
    ['a spend in flight the service applied, its answer late', { fault: 'latency', ms: 500 }, 'unknown', RECONCILE, 1050, 'applied'],
  ] as const)('%s', async (_name, inject, outcome, decision, left, reconciled) => {
    mock.reset();
    if (inject) mock.inject({ operation: 'loyalties.redeemReward', ...inject } as MockInjectOptions);
    const error = await errorOf(() => spend(inject ? AbortSignal.timeout(50) : AbortSignal.abort()));
    expect(error).toMatchObject({ name: 'AbortError', outcome });
    expect(retryDecision(error)).toEqual(decision);
    expect(points()).toBe(left);
    if (reconciled) expect((await client.reconcile(error)).status).toBe(reconciled);
  });

  it('a read in flight: fail (the caller asked it to stop; a read is theirs to start again)', async () => {
    mock.reset();
    mock.inject({ operation: 'loyalties.getMember', fault: 'timeout' });
    const error = await errorOf(() => client.loyalties.getMember(mock.ids.members.ada, {}, { signal: AbortSignal.timeout(50) }));
    expect(error).toMatchObject({ name: 'AbortError', outcome: 'unknown' });
    expect(retryDecision(error)).toEqual(FAIL);
  });
});

describe('errors of no call, and what is not a promokit error', () => {
  it('fail: anything not a PromokitError, bad input, bad settings, a list walk, a failed async action', async () => {
    const client = new Client({ baseUrl: 'https://api.example.com', appId: 'a', appToken: 't', accessToken: 'k' });
    const input = await errorOf(() => client.loyalties.redeemReward('', { reward: { id: 'rew_1' } }));
    expect(input).toBeInstanceOf(InvalidRequestError);
    const settings = await errorOf(() => client.loyalties.getMember('LOYAL-1', {}, { timeout: Number.NaN }));
    expect(settings).toBeInstanceOf(ConfigurationError);
    const failed = new AsyncActionFailedError({ id: 'aa_1', status: 'FAILED' } as ConstructorParameters<typeof AsyncActionFailedError>[0]);
    expect(failed.outcome).toBe('unknown');
    for (const error of [
      new Error('x'),
      new TypeError('fetch failed'),
      'text',
      null,
      undefined,
      { outcome: 'unknown' },
      input,
      settings,
      new PaginationLimitError('rewards.listAssignments', 100),
      failed,
      new PromokitError('plain'),
    ]) {
      expect(retryDecision(error)).toEqual(FAIL);
    }
  });

  it("a call error with no call's record beside it (made by hand): a repeat is not known to be safe, whatever its fields say", () => {
    expect(retryDecision(new ConnectionError('dropped'))).toEqual(RECONCILE);
    expect(retryDecision(new TimeoutError('late'))).toEqual(RECONCILE);
    // Its `outcome` is a field anyone can write: it proves nothing.
    expect(retryDecision(Object.assign(new ConnectionError('refused'), { outcome: 'not_sent' }))).toEqual(RECONCILE);
  });

  it("a RateLimitError's retryAfter in milliseconds, 0 included; the default without one; a 503's Retry-After read from its headers", () => {
    const rateLimited = (headers: Record<string, string>) => new RateLimitError({ status: 429, operation: 'x', body: {}, headers });
    expect(retryDecision(rateLimited({ 'retry-after': '0' }))).toEqual(retry(0));
    expect(retryDecision(rateLimited({ 'retry-after': '7' }))).toEqual(retry(7_000));
    expect(retryDecision(rateLimited({}))).toEqual(retry(DEFAULT_RETRY_DELAY_MS));
    expect(retryDecision(rateLimited({ 'retry-after': 'soon' }))).toEqual(retry(DEFAULT_RETRY_DELAY_MS));
    const unavailable = (headers: Record<string, string>, outcome: 'unknown' | 'rejected') =>
      new InternalServerError({ status: 503, operation: 'x', body: '', headers, outcome });
    // Not sent by a call: a 5xx without its call's record is not known to be safe, whatever its outcome says.
    expect(retryDecision(unavailable({ 'retry-after': '4' }, 'unknown'))).toEqual(RECONCILE);
    expect(retryDecision(unavailable({ 'retry-after': '4' }, 'rejected'))).toEqual(RECONCILE);
  });
});
