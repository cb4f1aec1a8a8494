/**
 * docs/RELIABILITY.md, built from what the suites observed. Three suites write it: this one (the
 * file but two sections), test/core/retry-decision.test.ts (between `<!-- decisions -->` and
 * `<!-- /decisions -->`) and the hostile suite (between `<!-- hostile -->` and `<!-- /hostile -->`,
 * test/hostile/table.ts); each keeps the others' sections as the file has them. Every run of a
 * suite, CI's included, compares its part of the committed file with what it observed and fails
 * when they differ; `npm run reliability:write` (scripts/reliability-report.mjs) runs the three
 * and writes what they observed.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLASSES, CLASS_KIND, IDEMPOTENT_CLASSES, OPERATIONS, OUTCOME_GROUPS, type OperationClass } from './operations.js';
import { ALLOWANCE_MS, FAULT_DESCRIPTION, TUNING, WAITS_FOR_TIMEOUT } from './expectations.js';
import { FAULTS, type Fault } from './server.js';

export const REPORT_FILE = 'docs/RELIABILITY.md';

/** The command that writes the report from a run of every suite that has a part in it. */
export const REGENERATE = 'npm run reliability:write';

/** True in the run of {@link REGENERATE}: each suite writes its part of the report instead of comparing it. */
export const writingReport = (): boolean => process.env.PROMOKIT_WRITE_REPORT === '1';

/** Runs `update` on the report's text and writes the result, holding a lock: suites running side by side take turns. */
export function updateReport(update: (text: string) => string): void {
  const lock = join('.tmp', 'reliability-report.lock');
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
    writeFileSync(REPORT_FILE, update(existsSync(REPORT_FILE) ? readFileSync(REPORT_FILE, 'utf8') : ''));
  } finally {
    rmSync(lock, { force: true });
  }
}

/** One call of the fault matrix, as observed. */
export interface MatrixRow {
  /** How the call met the fault: through the in-process fetch, or over a real socket. */
  transport: 'in process' | 'socket';
  fault: Fault;
  operation: string;
  cls: OperationClass;
  seen: number;
  attempts: number;
  /** `ok`, or the error's class name. */
  outcome: string;
  /** `ok`, or the error's `outcome`: `not_sent`, `rejected` or `unknown`. */
  callOutcome: string;
  /** The error's message says the call may have been applied, was not retried, and names the guide to check with. */
  checkNote: boolean;
  boundMs: number;
  withinBound: boolean;
}

/** One bad input, as observed. */
export interface BadInputRow {
  operation: string;
  input: string;
  /** The field the error had to name. */
  field: string;
  /** The error's class name. */
  outcome: string;
  /** Requests the server received. */
  seen: number;
}

export interface ReportData {
  matrix: MatrixRow[];
  badInputs: BadInputRow[];
  leakScan: { errors: number; renderings: number; leaks: number };
  concurrency: { calls: number; settled: number; outcomes: Record<string, number>; crossTalk: number; unhandledRejections: number };
  abort: Array<{ scenario: string; outcome: string; callOutcome: string; seen: number; boundMs: number }>;
  properties: Array<{ property: string; runs: number }>;
}

const SHORT: Record<string, string> = {
  ok: 'ok',
  ConnectionError: 'Conn',
  TimeoutError: 'Timeout',
  InternalServerError: '5xx',
  RateLimitError: '429',
  ConflictError: '409',
  UnprocessableEntityError: '422',
  RedirectError: 'Redirect',
  ResponseValidationError: 'Resp',
};

function cell(rows: MatrixRow[]): string {
  const distinct = new Map<string, string[]>();
  for (const r of rows) {
    const text = `${r.fault === 'refused' ? `0 (${r.attempts} tries)` : r.seen} · ${SHORT[r.outcome] ?? r.outcome}${r.withinBound ? '' : ' ⚠ slow'}`;
    distinct.set(text, [...(distinct.get(text) ?? []), r.operation]);
  }
  if (distinct.size === 1) return [...distinct.keys()][0]!;
  return [...distinct].map(([text, ops]) => `${text} (${ops.join(', ')})`).join('<br>');
}

/** A report with nothing measured yet: the figures a run fills in. */
export function emptyReport(): ReportData {
  return {
    matrix: [],
    badInputs: [],
    leakScan: { errors: 0, renderings: 0, leaks: 0 },
    concurrency: { calls: 0, settled: 0, outcomes: {}, crossTalk: 0, unhandledRejections: 0 },
    abort: [],
    properties: [],
  };
}

/** Requests sent and the error's `outcome` of the calls of one cell of the outcome table. */
export function outcomeCell(rows: readonly MatrixRow[]): string {
  const distinct = new Map<string, string[]>();
  for (const r of rows) {
    const text = `${r.fault === 'refused' ? `0 (${r.attempts} tries)` : r.seen} · ${r.callOutcome}${r.checkNote ? ' · check' : ''}`;
    distinct.set(text, [...(distinct.get(text) ?? []), r.operation]);
  }
  if (distinct.size === 1) return [...distinct.keys()][0]!;
  return [...distinct].map(([text, ops]) => `${text} (${ops.join(', ')})`).join('<br>');
}

/** The report for `data`, the other suites' sections taken from `current` (by default the file as it is). */
export function buildReport(data: ReportData, current = currentReport()): string {
  const out: string[] = [];
  const line = (s = '') => out.push(s);
  // The tables show the in-process pass (every operation); the socket pass gave the same cells.
  const matrix = data.matrix.filter((r) => r.transport === 'in process');
  const overSocket = data.matrix.filter((r) => r.transport === 'socket');
  const total = data.matrix.length;
  const within = data.matrix.filter((r) => r.withinBound).length;
  const spendingOnce = data.matrix.filter((r) => !IDEMPOTENT_CLASSES.has(r.cls) && !r.fault.startsWith('429') && r.fault !== 'refused');
  const spendingMax = Math.max(0, ...spendingOnce.map((r) => r.seen));

  line('# Reliability and security');
  line();
  line('<!-- Generated by test/reliability/reliability.test.ts from what the suite observed. Do not edit by hand:');
  line('     change the suite (test/reliability/harness/report.ts) and regenerate. -->');
  line();
  line('What promokit does when the network or the service misbehaves, measured against a service');
  line('that injects one fault per request: a real `node:http` server on 127.0.0.1 (real sockets, no');
  line("mocks), and the same answers given in process as the client's `fetch`, failing where the");
  line("server's socket fails with the errors Node's fetch gives for it. Every number below is what the");
  line('service counted and what the call settled with in the run that wrote this file.');
  line();
  line(`Every test run, CI's included, compares this file with what it observed and fails when they`);
  line(`differ. Regenerate: \`${REGENERATE}\`.`);
  line();
  line('## Settings');
  line();
  line(
    `Every client: \`maxRetries: ${TUNING.maxRetries}\`, \`maxRetryDelay: ${TUNING.maxRetryDelay}\` ms, \`validation: 'strict'\`, \`logLevel: 'debug'\` into a`,
  );
  line(`recording logger. Calls under the faults that wait for the timeout (${[...WAITS_FOR_TIMEOUT].map((f) => `\`${f}\``).join(', ')})`);
  line(
    `run with \`timeout: ${TUNING.timeout}\` ms per attempt; every other call with \`timeout: ${TUNING.patientTimeout}\` ms, which it never reaches. Bound of a call = timeout × attempts`,
  );
  line(`that wait for it + maxRetryDelay × retries + ${ALLOWANCE_MS} ms scheduling allowance (every call of a row runs at once,`);
  line('on two cores shared with the rest of the test suite). A call that hangs (no timeout, an uncapped');
  line('`Retry-After`) breaks its bound.');
  line();
  line('## Fault matrix');
  line();
  line(`${matrix.length} calls in process: ${FAULTS.length} faults × ${OPERATIONS.length} operations in ${CLASSES.length} classes; and`);
  line(`${overSocket.length} over a real socket: the ${FAULTS.length} faults × one operation of each class, which gave the same cell as in process`);
  line(`for every fault and class. Settled within their bound: ${within} of ${total}. Most requests one spending`);
  line(`POST put on the wire under a fault other than 429 or a refused connection: ${spendingMax}.`);
  line();
  line('Cell: requests the server received · what the call settled with. For a refused connection the');
  line("server receives nothing, so the cell gives the client's attempts. `ok` = resolved with the data;");
  line('`Conn` = `ConnectionError`; `Timeout` = `TimeoutError`; `5xx` = `InternalServerError`; `429` =');
  line('`RateLimitError`; `409` = `ConflictError`; `422` = `UnprocessableEntityError`; `Redirect` =');
  line('`RedirectError`; `Resp` = `ResponseValidationError`. Every error is a `PromokitError`.');
  line();
  line(`| fault | ${CLASSES.join(' | ')} |`);
  line(`|---|${CLASSES.map(() => '---').join('|')}|`);
  for (const fault of FAULTS) {
    const cells = CLASSES.map((cls) => cell(matrix.filter((r) => r.fault === fault && r.cls === cls)));
    line(`| ${fault} | ${cells.join(' | ')} |`);
  }
  line();
  line('### Faults');
  line();
  for (const fault of FAULTS) line(`- \`${fault}\`: ${FAULT_DESCRIPTION[fault]}.`);
  line();
  line('### Operations per class');
  line();
  line('| class | kind | operations |');
  line('|---|---|---|');
  for (const cls of CLASSES) {
    const ops = OPERATIONS.filter((o) => o.class === cls).map((o) => `\`${o.name}\``);
    line(`| ${cls} | ${CLASS_KIND[cls]} | ${ops.join(', ')} |`);
  }
  line();
  line('## Outcome: did the service act?');
  line();
  line('Every error says whether the service may have acted on the call, in `outcome`: `not_sent`');
  line('(nothing reached it), `rejected` (it answered and did not act) or `unknown` (it may have acted).');
  line('The same calls as the fault matrix, by what a repeat of the call would do: reads (GET and the');
  line('read-only POSTs), the idempotent write (PUT), the calls that spend or create (sent once), the');
  line('validation that opens a session lock (`vouchers.validate` with `session`, sent once), and the');
  line('publication with `join_once` (retried like a read: the customer keeps one code).');
  line();
  line("Cell: requests the server received · the error's `outcome` (`ok`: the call resolved). For a");
  line("refused connection the cell gives the client's attempts. `check`: the message also says the");
  line('service may have applied the call, that promokit did not retry it, and names the guide that says');
  line('how to find out for each operation, [After an unknown outcome](after-an-unknown-outcome.md).');
  line('Each cell is asserted, call by call, against what the retry policy and the definition of');
  line('`outcome` say.');
  line();
  const groups = Object.entries(OUTCOME_GROUPS) as Array<[string, readonly OperationClass[]]>;
  line(`| fault | ${groups.map(([group]) => group).join(' | ')} |`);
  line(`|---|${groups.map(() => '---').join('|')}|`);
  for (const fault of FAULTS) {
    const cells = groups.map(([, classes]) => outcomeCell(matrix.filter((r) => r.fault === fault && classes.includes(r.cls))));
    line(`| ${fault} | ${cells.join(' | ')} |`);
  }
  line();
  line('| column | classes of the fault matrix |');
  line('|---|---|');
  for (const [group, classes] of groups) line(`| ${group} | ${classes.join(', ')} |`);
  line();
  line('## Concurrency');
  line();
  const c = data.concurrency;
  line(`${c.calls} calls at once on one server, mixing every operation with ok, 5xx, 429, reset, truncated-body,`);
  line("timeout (1 s) and refused-connection faults. Each answer echoes its request's case id and path");
  line('(an error body carries the case id); each call checks that what it got is its own, and that it');
  line('settled as the fault matrix says it must, with the same number of requests.');
  line();
  line('| measure | value |');
  line('|---|---|');
  line(`| calls settled | ${c.settled} of ${c.calls} |`);
  for (const [outcome, n] of Object.entries(c.outcomes).sort()) line(`| settled as \`${outcome}\` | ${n} |`);
  line(`| results or errors belonging to another request | ${c.crossTalk} |`);
  line(`| unhandled rejections | ${c.unhandledRejections} |`);
  line();
  line('## Abort');
  line();
  line('| scenario | settled with | `outcome` | requests the server saw (after the call settled, and again 300 ms later) | settled within |');
  line('|---|---|---|---|---|');
  for (const a of data.abort) line(`| ${a.scenario} | \`${a.outcome}\` | \`${a.callOutcome}\` | ${a.seen} | ${a.boundMs} ms of the abort (bound) |`);
  line();
  line('## Bad input');
  line();
  const refused = data.badInputs.filter((b) => b.outcome === 'InvalidRequestError' && b.seen === 0).length;
  line(`${data.badInputs.length} inputs that break a limit or a required field of the service interface`);
  line(`(§4, §8). ${refused} of ${data.badInputs.length} threw \`InvalidRequestError\` naming the field, with zero requests sent.`);
  line();
  line('| operation | input | field named | outcome | requests |');
  line('|---|---|---|---|---|');
  for (const b of data.badInputs) line(`| \`${b.operation}\` | ${b.input} | \`${b.field}\` | \`${b.outcome}\` | ${b.seen} |`);
  line();
  line('## Secrets');
  line();
  const l = data.leakScan;
  line('Known app token, access token and client token (whole, and a distinctive fragment of each) were');
  line('searched for in every error of the fault matrix, the bad-input catalogue, the concurrency run and');
  line('the abort runs (message, `String()`, stack, `JSON.stringify`, `util.inspect` with `depth: Infinity,');
  line('showHidden: true` with and without custom inspection, the cause chain, own properties), in');
  line('`util.inspect(client)` and `JSON.stringify(client)`, and in every line the logger received at `debug`.');
  line();
  line('| measure | value |');
  line('|---|---|');
  line(`| errors scanned | ${l.errors} |`);
  line(`| renderings scanned | ${l.renderings} |`);
  line(`| **leaks found** | **${l.leaks}** |`);
  line();
  line('## Property tests (fast-check)');
  line();
  line('| property | runs |');
  line('|---|---|');
  for (const p of data.properties) line(`| ${p.property} | ${p.runs} |`);
  line();
  for (const name of ['decisions', 'hostile']) {
    const kept = keptSection(name, current);
    if (kept) {
      line(kept);
      line();
    }
  }
  return out.join('\n');
}

/** The report file's text; '' when there is none. */
export function currentReport(): string {
  return existsSync(REPORT_FILE) ? readFileSync(REPORT_FILE, 'utf8') : '';
}

/** Another suite's section of the report (by default as the file has it), markers included; '' when none. */
export function keptSection(name: string, text = currentReport()): string {
  const start = text.indexOf(`<!-- ${name} -->`);
  const end = text.indexOf(`<!-- /${name} -->`, start);
  return start === -1 || end === -1 ? '' : text.slice(start, end + `<!-- /${name} -->`.length);
}
