// vitest's JSON report, read one way by every script that counts tests: `npm test`, the slow
// suite, the Node 24 run, the repeated and loaded runs, and CI's closing count.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root } from './build.mjs';

/**
 * The counts of a report: passed, failed (a file that fails to load has no tests but counts as a
 * failure) and skipped; `{ passed: 0, failed: 1, skipped: 0 }` when the report is missing or
 * unreadable, so that a run that wrote none never counts as green.
 */
export function countsOf(file) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const unloaded = report.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
    return { passed: report.numPassedTests, failed: report.numFailedTests + unloaded, skipped: report.numPendingTests + report.numTodoTests };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}

/** One line per failed test (`file: full name: first line of the message`), and per file that failed to load. */
export function failuresOf(file) {
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return [`${relative(root, file)}: no vitest report`];
  }
  const lines = [];
  for (const f of report.testResults) {
    const name = relative(root, f.name);
    for (const test of f.assertionResults)
      if (test.status === 'failed') lines.push(`${name}: ${test.fullName}: ${(test.failureMessages[0] ?? '').split('\n')[0]}`);
    if (f.status === 'failed' && f.assertionResults.length === 0) lines.push(`${name}: ${(f.message ?? '').split('\n')[0]}`);
  }
  return lines;
}

/** The plain count line: `N passed, N failed` (and `, N skipped` when some were). */
export function countLine({ passed, failed, skipped = 0 }) {
  return `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
}

/** The major version of the Node running this script, as in a run's name: `node20`. */
export const NODE = `node${process.versions.node.split('.')[0]}`;

/**
 * Where scripts/test.mjs has vitest write its JSON report for `suite` (`fast`, a lane of the slow suite `slow-<lane>`, or `files`
 * for the files named) on `node`: one file per suite and Node, so that runs side by side never
 * share one.
 */
export function reportPath(suite, node = NODE) {
  return join(root, '.tmp', `vitest-${suite}-${node}.json`);
}

/** Where each run of a suite leaves its counts, `<suite>-node<major>.json`, for CI's closing count. */
export const COUNTS_DIR = join(root, '.tmp', 'counts');

/** Writes the counts of the run `name` (e.g. `fast-node20`). */
export function writeCounts(name, counts) {
  mkdirSync(COUNTS_DIR, { recursive: true });
  writeFileSync(join(COUNTS_DIR, `${name}.json`), `${JSON.stringify({ name, ...counts })}\n`);
}

/** The counts the run `name` left; one failure when it left none. */
export function readCounts(name) {
  try {
    const { passed, failed, skipped = 0 } = JSON.parse(readFileSync(join(COUNTS_DIR, `${name}.json`), 'utf8'));
    return { passed, failed, skipped };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}

/** Every run's counts left in {@link COUNTS_DIR}, by name. */
export function allCounts() {
  let names = [];
  try {
    names = readdirSync(COUNTS_DIR).filter((f) => f.endsWith('.json'));
  } catch {}
  return names.sort().map((file) => ({ name: file.slice(0, -5), ...readCounts(file.slice(0, -5)) }));
}
