#!/usr/bin/env node
// `npm test`: builds the package when dist/ is missing or stale (some tests run the built package),
// runs the whole vitest suite and prints a plain `N passed, N failed` line computed from vitest's
// JSON report. Exits non-zero when anything failed or nothing ran.
//
// Outside CI, test files that need a missing redis-server or Chromium are skipped, and the line
// before the count says which and how to install them (scripts/lib/prerequisites.mjs).
//
//   npm test                           the whole suite
//   npm test -- test/core/retry.test.ts  some files (any vitest arguments)
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt, root } from './lib/build.mjs';
import { skipLine } from './lib/prerequisites.mjs';

try {
  ensureBuilt();
} catch (error) {
  console.log(`npm test: ${error instanceof Error ? error.message : error}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

mkdirSync(join(root, '.tmp'), { recursive: true });
const report = join(root, '.tmp', 'vitest-report.json');
rmSync(report, { force: true });
const vitest = spawnSync(
  process.execPath,
  [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  // The skip line is printed below, next to the count, not by vitest.config.ts.
  { cwd: root, stdio: 'inherit', env: { ...process.env, PROMOKIT_TEST_SKIP_LINE: '1' } },
);

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  passed = result.numPassedTests;
  failed = result.numFailedTests;
  skipped = result.numPendingTests + result.numTodoTests;
  // A file that fails to load has no tests but must count as a failure.
  failed += result.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
} catch {
  failed += 1;
}
const skips = skipLine();
if (skips) console.log(`\n${skips}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(vitest.status !== 0 || failed > 0 || passed === 0 ? 1 : 0);
