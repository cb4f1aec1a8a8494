#!/usr/bin/env node
// `npm run reliability:write`: writes docs/RELIABILITY.md from a run of every suite that has a part
// in it, then runs them again as every test run does, comparing the file with what they observe.
// Every ordinary run (`npm test`, CI) compares and fails on a difference; this is how a change that
// moves a figure updates it. The suites (see test/reliability/harness/report.ts):
//
//   test/reliability/                   the fault matrix, outcomes, concurrency, aborts, bad input, secrets, properties
//   test/core/retry-decision.test.ts    "What to do next": retryDecision over the fault matrix
//   test/hostile/, test/browser/redirect.test.ts   the hostile table (one row per case, its figure)
//
// Outside CI, the browser's row is left as it is when Chromium is missing (its file is skipped).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './lib/build.mjs';

/** The files that write a part of docs/RELIABILITY.md. */
export const REPORT_WRITERS = ['test/reliability', 'test/core/retry-decision.test.ts', 'test/hostile', 'test/browser/redirect.test.ts'];

const vitest = (env) =>
  spawnSync(process.execPath, [join(root, 'scripts', 'test.mjs'), ...REPORT_WRITERS], { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status;

console.log(`reliability:write: running ${REPORT_WRITERS.join(', ')}, each writing its part of docs/RELIABILITY.md`);
const wrote = vitest({ PROMOKIT_WRITE_REPORT: '1' });
console.log('\nreliability:write: the same files again, comparing docs/RELIABILITY.md with what they observe');
const checked = vitest({ PROMOKIT_WRITE_REPORT: '' });
console.log(`\nreliability:write: ${wrote === 0 && checked === 0 ? 'docs/RELIABILITY.md written and checked' : 'FAILED (see above)'}`);
process.exit(wrote === 0 && checked === 0 ? 0 : 1);
