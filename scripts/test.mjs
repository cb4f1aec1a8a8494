#!/usr/bin/env node
// Builds the package, runs the whole vitest suite and prints a plain `N passed, N failed` line
// computed from vitest's JSON report. Exits non-zero when anything failed or nothing ran.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', shell: false });
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

const build = run(npx, ['tsup', '--silent']);
if (build.status !== 0) {
  console.log('0 passed, 1 failed');
  process.exit(build.status ?? 1);
}

mkdirSync('.tmp', { recursive: true });
const report = join('.tmp', 'vitest-report.json');
rmSync(report, { force: true });
const vitest = run(npx, ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)]);

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
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(vitest.status !== 0 || failed > 0 || passed === 0 ? 1 : 0);
