#!/usr/bin/env node
// The test suite on a busy machine: runs `npm test` (scripts/test.mjs) N times in a row while
// stress-ng keeps every core busy, and prints one line per run and a summary. A test that passes
// only on an idle machine fails here. Each run's whole output goes to .tmp/loaded-runs/run-N.log.
//
//   npm run test:loaded                        10 loaded runs of the whole suite
//   npm run test:loaded -- --runs 3            3 runs
//   npm run test:loaded -- --timing            10 runs of the timing-sensitive files only (TIMING_FILES)
//   npm run test:loaded -- -- test/core/retry.test.ts   10 runs of the files (vitest arguments) after `--`
//   npm run test:loaded -- --cpu 4             4 stress-ng workers (default: one per core)
//
// Needs stress-ng (Debian: apt-get install -y stress-ng). Exits non-zero when any run failed.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { root } from './lib/build.mjs';

/**
 * The test files whose tests wait on real time (rate windows, backoff and Retry-After waits,
 * polling intervals, timeouts, aborts) or count on the machine's speed.
 */
export const TIMING_FILES = [
  'test/core/limits.test.ts',
  'test/core/retry.test.ts',
  'test/core/timeouts.test.ts',
  'test/core/hooks.test.ts',
  'test/core/error-context.test.ts',
  'test/resources/async-actions-wait.test.ts',
  'test/mock-service/bulk.test.ts',
  'test/reliability/reliability.test.ts',
  'test/browser/chromium.test.ts',
  'test/hostile/waits.test.ts',
  'test/browser/keepalive.test.ts',
  'test/options/with-options-limits.test.ts',
  'test/tokens/redeem-after-401.test.ts',
];

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const runs = option('--runs', 10);
const cpus = option('--cpu', availableParallelism());
const rest = argv.includes('--') ? argv.slice(argv.indexOf('--') + 1) : [];
const files = argv.includes('--timing') ? TIMING_FILES : rest;
const logs = join(root, '.tmp', 'loaded-runs');

const version = spawnSync('stress-ng', ['--version'], { encoding: 'utf8' });
if (version.error || version.status !== 0) {
  console.error('loaded runs: stress-ng is not installed (Debian: sudo apt-get install -y stress-ng)');
  process.exit(1);
}
rmSync(logs, { recursive: true, force: true });
mkdirSync(logs, { recursive: true });

// stress-ng in a process group of its own, so that it and the workers it forks stop together.
const stress = spawn('stress-ng', ['--cpu', String(cpus), '--timeout', '0', '--quiet'], { detached: true, stdio: 'ignore' });
const stopStress = () => {
  try {
    process.kill(-stress.pid, 'SIGTERM');
  } catch {}
};
process.on('exit', stopStress);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
await new Promise((resolve) => setTimeout(resolve, 2_000)); // let the load reach every core

const load = `stress-ng ${/version ([\d.]+)/.exec(version.stdout)?.[1] ?? ''} --cpu ${cpus} on ${availableParallelism()} cores`;
console.log(`loaded runs: ${runs} × npm test${files.length ? ` -- ${files.join(' ')}` : ' (the whole suite)'}, under ${load}`);
const results = [];
for (let run = 1; run <= runs; run++) {
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'scripts', 'test.mjs'), ...files], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const code = await new Promise((resolve) => child.on('close', (c) => resolve(c ?? 1)));
  writeFileSync(join(logs, `run-${run}.log`), output);
  const result = { run, code, seconds: (performance.now() - started) / 1000, load: loadavg()[0], count: output.trim().split('\n').at(-1) ?? '', failures: [] };
  try {
    const report = JSON.parse(readFileSync(join(root, '.tmp', 'vitest-report.json'), 'utf8'));
    for (const file of report.testResults) {
      for (const test of file.assertionResults)
        if (test.status === 'failed')
          result.failures.push(`${file.name.replace(`${root}/`, '')}: ${test.fullName}: ${(test.failureMessages[0] ?? '').split('\n')[0]}`);
      if (file.status === 'failed' && file.assertionResults.length === 0)
        result.failures.push(`${file.name.replace(`${root}/`, '')}: ${(file.message ?? '').split('\n')[0]}`);
    }
  } catch {
    result.failures.push('no vitest report');
  }
  results.push(result);
  console.log(
    `run ${String(run).padStart(2)}: ${code === 0 ? 'green' : 'RED  '}  ${result.count}  (${result.seconds.toFixed(0)} s, load average ${result.load.toFixed(1)})`,
  );
  for (const failure of result.failures) console.log(`        ${failure}`);
}
stopStress();

const green = results.filter((r) => r.code === 0).length;
const failedTests = results.reduce((n, r) => n + r.failures.length, 0);
const mean = results.reduce((s, r) => s + r.seconds, 0) / results.length;
console.log(
  `\nloaded runs: ${green} of ${runs} green, ${failedTests} failed tests in all; ${mean.toFixed(0)} s a run on average; load ${load}; logs in .tmp/loaded-runs/`,
);
process.exit(green === runs ? 0 : 1);
