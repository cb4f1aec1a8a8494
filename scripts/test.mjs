#!/usr/bin/env node
// `npm test` and `npm run test:slow`: builds the package (and the promokit-mcp workspace, mcp/)
// when dist/ is missing or stale (some tests run the built package), runs a suite of vitest files (scripts/lib/suites.mjs) and prints a plain
// `N passed, N failed` line computed from vitest's JSON report. Exits non-zero when anything failed
// or nothing ran.
//
//   npm test                              the fast suite: every file but the slow ones
//   npm test -- test/core/retry.test.ts   some files or folders, whichever suite holds them (any vitest arguments)
//   npm run test:slow                     the slow suite (a real redis-server, BullMQ, headless
//                                         Chromium, the packed tarball), then the smoke suite on
//                                         Bun, Deno and workerd (scripts/runtimes.mjs)
//
// The slow suite runs in lanes side by side (SLOW_LANES, scripts/lib/suites.mjs), each one file at
// a time. vitest's JSON report goes to .tmp/vitest-<suite>-node<major>.json (each lane of the slow
// suite: vitest-slow-<lane>-…), and the counts of a suite's run
// to .tmp/counts/<suite>-node<major>.json, from which CI prints its closing count. Outside CI, test files that need a missing redis-server or Chromium are
// skipped, and the line before the count says which and how to install them
// (scripts/lib/prerequisites.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt, ensureMcpBuilt, root } from './lib/build.mjs';
import { skipLine } from './lib/prerequisites.mjs';
import { SLOW_LANES } from './lib/suites.mjs';
import { countLine, countsOf, failuresOf, NODE, reportPath, writeCounts } from './lib/vitest-report.mjs';

const argv = process.argv.slice(2);
const slow = argv.includes('--slow');
const args = argv.filter((a) => a !== '--slow');
// Files or folders named (that exist): run them, whichever suite holds them; else the suite's project.
const named = args.some((a) => !a.startsWith('-') && existsSync(join(root, a))) || args.some((a) => a.startsWith('--project'));
const suite = slow ? 'slow' : named ? 'files' : 'fast';

try {
  ensureBuilt();
  // The promokit-mcp workspace's slow files run its built bin.
  ensureMcpBuilt();
} catch (error) {
  console.log(`npm test: ${error instanceof Error ? error.message : error}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

mkdirSync(join(root, '.tmp'), { recursive: true });

/**
 * Runs vitest over `project` (or the files named), its JSON report written to `report`; with
 * `lane`, one lane of the slow suite (scripts/lib/suites.mjs). What it prints goes to this
 * process's output as it comes, or, with `buffered`, is returned to be printed after. Resolves
 * `{ status, output }`.
 */
function runVitest({ project, report, lane, buffered = false }) {
  rmSync(report, { force: true });
  const child = spawn(
    process.execPath,
    [
      join(root, 'node_modules', 'vitest', 'vitest.mjs'),
      'run',
      ...(project ? ['--project', project] : []),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...args,
    ],
    // The skip line is printed below, next to the count, not by vitest.config.ts.
    {
      cwd: root,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, PROMOKIT_TEST_SKIP_LINE: '1', ...(lane ? { PROMOKIT_SLOW_LANE: lane } : {}) },
    },
  );
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, output: Buffer.concat(output).toString() })));
}

let counts;
let ok;
if (slow) {
  // The lanes side by side: the first's files as they run, the others' after them.
  const lanes = Object.keys(SLOW_LANES);
  const runs = await Promise.all(lanes.map((lane, i) => runVitest({ project: 'slow', report: reportPath(`slow-${lane}`), lane, buffered: i > 0 })));
  for (const [i, lane] of lanes.entries()) if (i > 0) console.log(`\n== the slow suite's lane ${lane}, which ran beside the ${lanes[0]}\n${runs[i].output}`);
  const each = lanes.map((lane) => countsOf(reportPath(`slow-${lane}`)));
  const total = (key) => each.reduce((sum, c) => sum + c[key], 0);
  counts = { passed: total('passed'), failed: total('failed'), skipped: total('skipped') };
  ok = runs.every((run) => run.status === 0) && counts.failed === 0 && each.every((c) => c.passed > 0);
} else {
  const report = reportPath(suite);
  const vitest = await runVitest({ project: named ? undefined : suite, report });
  counts = countsOf(report);
  ok = vitest.status === 0 && counts.failed === 0 && counts.passed > 0;
}
const skips = skipLine();
if (skips) console.log(`\n${skips}`);

if (slow) {
  // The smoke suite on the other runtimes: each runtime's checks count as tests.
  console.log(`\nthe slow suite on ${NODE}: ${countLine(counts)}`);
  const runtimes = join(root, '.tmp', 'runtimes.json');
  rmSync(runtimes, { force: true });
  const run = spawnSync(process.execPath, [join(root, 'scripts', 'runtimes.mjs'), 'bun', 'deno', 'workerd', '--json', runtimes], {
    cwd: root,
    stdio: 'inherit',
  });
  let checks = { passed: 0, failed: 1 };
  try {
    const results = JSON.parse(readFileSync(runtimes, 'utf8'));
    checks = { passed: 0, failed: 0 };
    for (const r of results) {
      const values = Object.values(r.checks ?? {});
      checks.passed += values.filter((v) => v === true).length;
      checks.failed += values.filter((v) => v !== true).length || (r.ok ? 0 : 1);
    }
  } catch {}
  console.log(`the smoke suite on Bun, Deno and workerd: ${countLine(checks)}`);
  counts.passed += checks.passed;
  counts.failed += checks.failed;
  ok &&= run.status === 0 && checks.failed === 0;
}

if (suite !== 'files') writeCounts(`${suite}-${NODE}`, counts);
// What failed, by name, last: the end of a long run's output is what a reader sees first.
if (!ok) {
  const reports = slow ? Object.keys(SLOW_LANES).map((lane) => reportPath(`slow-${lane}`)) : [reportPath(suite)];
  const failures = reports.flatMap(failuresOf);
  if (failures.length) console.log(`\nfailed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
}
console.log(countLine(counts));
process.exit(ok ? 0 : 1);
