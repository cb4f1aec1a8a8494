#!/usr/bin/env node
// The same tests, run again and again: a test that passes only now and then fails here. Runs
// `npm test` (scripts/test.mjs) N times in a row, prints one line per run (its count, time, the
// load average and each failed test) and a tally. With `--load`, stress-ng keeps every core busy
// meanwhile, so that a test that passes only on an idle machine fails too. Each run's whole output
// goes to .tmp/repeat/run-N.log.
//
//   npm run test:repeat -- 10 test/core test/hostile test/reliability test/tokens
//                                              10 runs of these folders (any vitest arguments)
//   npm run test:repeat -- 5                   5 runs of the fast suite
//   npm run test:repeat -- 10 --timing         10 runs of the files that wait on real time (TIMING_FILES)
//   npm run test:loaded                        10 runs of the fast suite under stress-ng (`--load`)
//   npm run test:loaded -- 3 test/core         3 loaded runs of test/core
//   … --cpu 4                                  4 stress-ng workers (default: one per core)
//
// `--load` needs stress-ng (Debian: apt-get install -y stress-ng). Exits non-zero when any run failed.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { root } from './lib/build.mjs';
import { failuresOf, reportPath } from './lib/vitest-report.mjs';

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
  'test/guides/run.test.ts',
  'test/core/limits-retries.test.ts',
  'test/core/node-transport.test.ts',
  'mcp/test/faults.test.ts',
];

const argv = process.argv.slice(2);
const optionValue = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const options = new Set(['--load', '--timing']);
const withValue = new Set(['--runs', '--cpu']);
const rest = [];
let runs = Number(optionValue('--runs') ?? 10);
for (let i = 0; i < argv.length; i++) {
  if (withValue.has(argv[i])) i++;
  else if (options.has(argv[i]) || argv[i] === '--') continue;
  else if (rest.length === 0 && /^\d+$/.test(argv[i])) runs = Number(argv[i]);
  else rest.push(argv[i]);
}
const load = argv.includes('--load');
const cpus = Number(optionValue('--cpu') ?? availableParallelism());
const files = argv.includes('--timing') ? [...TIMING_FILES, ...rest] : rest;
const logs = join(root, '.tmp', 'repeat');
if (!(Number.isInteger(runs) && runs > 0)) {
  console.error(`repeat: the number of runs must be a whole number, 1 or more; got ${optionValue('--runs') ?? runs}`);
  process.exit(2);
}

let under = 'no added load';
if (load) {
  const version = spawnSync('stress-ng', ['--version'], { encoding: 'utf8' });
  if (version.error || version.status !== 0) {
    console.error('repeat --load: stress-ng is not installed (Debian: sudo apt-get install -y stress-ng)');
    process.exit(1);
  }
  // stress-ng in a process group of its own, so that it and the workers it forks stop together.
  const stress = spawn('stress-ng', ['--cpu', String(cpus), '--timeout', '0', '--quiet'], { detached: true, stdio: 'ignore' });
  const stopStress = () => {
    try {
      process.kill(-stress.pid, 'SIGTERM');
    } catch {}
  };
  process.on('exit', stopStress);
  await new Promise((resolve) => setTimeout(resolve, 2_000)); // let the load reach every core
  under = `stress-ng ${/version ([\d.]+)/.exec(version.stdout)?.[1] ?? ''} --cpu ${cpus} on ${availableParallelism()} cores`;
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
rmSync(logs, { recursive: true, force: true });
mkdirSync(logs, { recursive: true });

const what = files.length ? files.join(' ') : 'the fast suite';
console.log(`repeat: ${runs} × npm test${files.length ? ` -- ${what}` : ` (${what})`}, ${under}`);
const results = [];
for (let run = 1; run <= runs; run++) {
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'scripts', 'test.mjs'), ...files], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const code = await new Promise((resolve) => child.on('close', (c) => resolve(c ?? 1)));
  writeFileSync(join(logs, `run-${run}.log`), output);
  const failures = code === 0 ? [] : failuresOf(reportPath(files.length ? 'files' : 'fast'));
  if (code !== 0 && failures.length === 0) failures.push(`exit ${code} with no failed test: see ${join('.tmp', 'repeat', `run-${run}.log`)}`);
  const result = { run, code, seconds: (performance.now() - started) / 1000, load: loadavg()[0], count: output.trim().split('\n').at(-1) ?? '', failures };
  results.push(result);
  console.log(
    `run ${String(run).padStart(2)}: ${code === 0 ? 'green' : 'RED  '}  ${result.count}  (${result.seconds.toFixed(0)} s, load average ${result.load.toFixed(1)})`,
  );
  for (const failure of failures) console.log(`        ${failure}`);
}

const green = results.filter((r) => r.code === 0).length;
const failedTests = results.reduce((n, r) => n + r.failures.length, 0);
const mean = results.reduce((s, r) => s + r.seconds, 0) / results.length;
console.log(
  `\nrepeat: ${green} of ${runs} runs green, ${failedTests} failed tests in all (${what}); ${mean.toFixed(0)} s a run on average; ${under}; logs in .tmp/repeat/`,
);
process.exit(green === runs ? 0 : 1);
