#!/usr/bin/env node
// The runtime matrix. Each runtime is installed from npm by this script (into .node22/, .node24/
// and .tmp/runtimes/, reused when the pinned version is already there) and timed.
//
//   node22   the fast suite (`npm test`) on Node 22 (the `node` package from npm); prints
//            `node22: N passed, N failed`
//   node24   the same on Node 24
//   bun      the smoke suite (test/runtimes/): promokit/testing's server (`mock.listen()`) and
//   deno     the SDK in the same runtime: a GET, a list walk, a redemption, an error caught with
//            instanceof, a client event
//   workerd  the same smoke in a Worker (bundled with esbuild, no nodejs_compat), against
//            promokit/testing's server run by this script in Node on 127.0.0.1; plus the smoke
//            against `mock.fetch` inside the Worker
//
//   node scripts/runtimes.mjs [node22] [node24] [bun] [deno] [workerd] [--json FILE]   (default: all)
// The smoke runtimes use the packed tarball installed into a scratch project. Exits non-zero
// when any runtime fails.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, installTarball, pack, root, seconds } from './lib/package-tarball.mjs';
import { countLine, readCounts } from './lib/vitest-report.mjs';

/** Pinned to the versions measured here; `node` follows the newest 22.x and 24.x. */
const runtimes = {
  node22: { pkg: 'node', version: '22', dir: join(root, '.node22'), bin: 'node_modules/.bin/node' },
  node24: { pkg: 'node', version: '24', dir: join(root, '.node24'), bin: 'node_modules/.bin/node' },
  bun: { pkg: 'bun', version: '1.4.5', dir: join(root, '.tmp', 'runtimes', 'bun'), bin: 'node_modules/.bin/bun' },
  deno: { pkg: 'deno', version: '2.9.6', dir: join(root, '.tmp', 'runtimes', 'deno'), bin: 'node_modules/.bin/deno' },
  workerd: { pkg: 'workerd', version: '1.20261117.1', dir: join(root, '.tmp', 'runtimes', 'workerd'), bin: 'node_modules/.bin/workerd' },
};
const args = process.argv.slice(2);
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;
const wanted = args.filter((a) => a in runtimes);
const targets = wanted.length > 0 ? wanted : Object.keys(runtimes);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = performance.now();
const results = [];
/** The scratch project the smoke runtimes share, made on first use. */
let scratch;

ensureBuilt();

for (const name of targets) {
  const result = { runtime: name, version: '', installMs: 0, runMs: 0, ok: false, summary: '', checks: undefined, evidence: '' };
  results.push(result);
  try {
    const bin = install(name, result);
    console.log(`\n== ${name}: ${result.version} (install ${seconds(result.installMs)})`);
    const t0 = performance.now();
    if (name === 'node22' || name === 'node24') await nodeSuite(name, bin, result);
    else await smokeIn(name, bin, result);
    result.runMs = performance.now() - t0;
  } catch (error) {
    result.ok = false;
    result.summary ||= 'failed';
    result.evidence += `${error?.stack ?? error}`;
  }
  console.log(`${name}: ${result.ok ? 'ok' : 'FAILED'}: ${result.summary} (run ${seconds(result.runMs)})`);
  if (!result.ok && result.evidence)
    console.log(
      result.evidence
        .trim()
        .split('\n')
        .map((l) => `    ${l}`)
        .join('\n'),
    );
}

await cleanupSmoke();
console.log(`\n${'runtime'.padEnd(10)}${'version'.padEnd(22)}${'install'.padEnd(10)}${'run'.padEnd(10)}result`);
for (const r of results)
  console.log(
    `${r.runtime.padEnd(10)}${r.version.padEnd(22)}${seconds(r.installMs).padEnd(10)}${seconds(r.runMs).padEnd(10)}${r.ok ? 'ok' : 'FAILED'}: ${r.summary}`,
  );
const failed = results.filter((r) => !r.ok).length;
console.log(`\nruntimes: ${results.length - failed} passed, ${failed} failed (${seconds(performance.now() - started)})`);
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(results, null, 2));
process.exit(failed === 0 ? 0 : 1);

/** Installs the runtime from npm unless the pinned version is there; returns its binary. */
function install(name, result) {
  const { pkg, version, dir, bin } = runtimes[name];
  const t0 = performance.now();
  const manifest = join(dir, 'node_modules', pkg, 'package.json');
  const have = existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : undefined;
  if (!(have === version || (version === '24' && have?.startsWith('24.')))) {
    mkdirSync(dir, { recursive: true });
    const out = spawnSync(npm, ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `${pkg}@${version}`], {
      encoding: 'utf8',
    });
    if (out.status !== 0) throw new Error(`npm install ${pkg}@${version} failed:\n${out.stdout}\n${out.stderr}`);
  }
  result.installMs = performance.now() - t0;
  const path = join(dir, bin);
  const v = spawnSync(path, ['--version'], { encoding: 'utf8' });
  if (v.status !== 0) throw new Error(`${path} --version failed (exit ${v.status}, ${v.error ?? ''}):\n${v.stdout}${v.stderr}`);
  const first = v.stdout
    .trim()
    .split('\n')[0]
    .split(' ')
    .filter((w) => w !== pkg)[0];
  result.version = `${pkg} ${first}`;
  return path;
}

/**
 * The fast suite (`npm test`, scripts/test.mjs) on the Node of `name` (`node22`, `node24`), with
 * its plain `N passed, N failed` line. The slow suite drives programs outside Node (redis-server,
 * Chromium, npm) that behave the same whichever Node starts them; it runs on Node 20, the oldest
 * Node promokit supports. One worker per core, half of `npm test`'s: CI runs the two Nodes' suites
 * side by side, which together keep as many workers as `npm test` alone.
 */
async function nodeSuite(name, bin, result) {
  const out = await run(bin, [join(root, 'scripts', 'test.mjs')], {
    cwd: root,
    inherit: true,
    timeoutMs: 30 * 60_000,
    env: { PROMOKIT_TEST_WORKERS: process.env.PROMOKIT_TEST_WORKERS ?? String(availableParallelism()) },
  });
  const counts = readCounts(`fast-${name}`);
  result.summary = countLine(counts);
  result.ok = out.code === 0 && counts.failed === 0 && counts.passed > 0;
  console.log(`${name}: ${result.summary}`);
}

/** The tarball installed once into a scratch project with the smoke files, for every smoke runtime. */
function smokeProject() {
  if (scratch) return scratch;
  const t0 = performance.now();
  const dir = mkdtempSync(join(tmpdir(), 'promokit-runtimes-'));
  const { tarball } = pack(dir);
  installTarball(dir, tarball, { type: 'module' });
  for (const file of ['smoke.mjs', 'main.mjs', 'worker.mjs']) copyFileSync(join(root, 'test', 'runtimes', file), join(dir, file));
  scratch = { dir, ms: performance.now() - t0 };
  console.log(`(packed and installed promokit into ${dir} in ${seconds(scratch.ms)}; counted in the first smoke runtime's run time)`);
  return scratch;
}

async function cleanupSmoke() {
  if (scratch && !args.includes('--keep')) rmSync(scratch.dir, { recursive: true, force: true });
}

async function smokeIn(name, bin, result) {
  const { dir } = smokeProject();
  let out;
  if (name === 'bun') {
    out = await run(bin, ['run', '--no-install', 'main.mjs'], { cwd: dir, env: { BUN_RUNTIME_TRANSPILER_CACHE_PATH: '0', DO_NOT_TRACK: '1' } });
  } else if (name === 'deno') {
    // Least privilege: the network on 127.0.0.1 only; no env, no file writes. node_modules is used as installed.
    out = await run(bin, ['run', '--no-prompt', '--no-lock', '--node-modules-dir=manual', '--allow-net=127.0.0.1', 'main.mjs'], {
      cwd: dir,
      env: { DENO_DIR: join(dir, '.deno'), DENO_NO_UPDATE_CHECK: '1' },
    });
  } else {
    out = await workerd(bin, dir);
  }
  const line = out.stdout.trim().split('\n').pop() ?? '';
  let parsed;
  try {
    parsed = JSON.parse(line);
  } catch {}
  result.checks = parsed?.checks;
  const entries = Object.entries(parsed?.checks ?? {});
  const bad = entries.filter(([, v]) => v !== true);
  result.ok = out.code === 0 && entries.length >= 5 && bad.length === 0;
  result.summary = parsed
    ? `${entries.length - bad.length}/${entries.length} checks${bad.length ? `; failed: ${bad.map(([k, v]) => `${k} (${v})`).join(', ')}` : ''}`
    : `exit ${out.code}, no result`;
  if (parsed?.runtime) result.reported = parsed.runtime;
  if (!result.ok) result.evidence = `${out.stdout}\n${out.stderr}`;
  else console.log(`${name}${parsed.runtime ? ` (${parsed.runtime})` : ''}: ${entries.map(([k]) => k).join(', ')}`);
}

/** Bundles the Worker, serves promokit/testing's server from Node, runs workerd and asks it for the smoke. */
async function workerd(bin, dir) {
  const { build } = await import('esbuild');
  // The way wrangler bundles a Worker: the workerd/worker/browser export conditions, ESM.
  await build({
    entryPoints: [join(dir, 'worker.mjs')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    outfile: join(dir, 'worker.bundle.js'),
    absWorkingDir: dir,
    logLevel: 'error',
  });
  const { createMockService } = await import(pathToFileURL(join(dir, 'node_modules', 'promokit', 'dist', 'testing.js')).href);
  const mock = createMockService();
  const server = await mock.listen();
  const port = await freePort();
  const env = JSON.stringify({ baseUrl: server.url, ids: mock.ids, credentials: mock.credentials });
  writeFileSync(
    join(dir, 'workerd.capnp'),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .smoke),
    # The mock server is on 127.0.0.1: a Worker's default outbound network allows only public addresses.
    (name = "loopback", network = (allow = ["local", "private", "public"])),
  ],
  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "main") ],
);
const smoke :Workerd.Worker = (
  modules = [ (name = "worker", esModule = embed "worker.bundle.js") ],
  compatibilityDate = "2025-09-01",
  globalOutbound = "loopback",
  bindings = [ (name = "MOCK", json = ${JSON.stringify(env)}) ],
);
`,
  );
  const child = spawn(bin, ['serve', 'workerd.capnp', '--verbose'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let logs = '';
  child.stdout.on('data', (d) => (logs += d));
  child.stderr.on('data', (d) => (logs += d));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(`workerd exited (${code ?? signal})`)));
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/smoke`, { signal: AbortSignal.timeout(60_000) });
        return { code: response.ok ? 0 : 1, stdout: await response.text(), stderr: logs };
      } catch (error) {
        const gone = await Promise.race([exited, new Promise((r) => setTimeout(() => r(undefined), 200))]);
        if (gone || Date.now() > deadline)
          return { code: 1, stdout: '', stderr: `${gone ?? 'workerd did not answer in 30 s'}: ${error?.cause?.code ?? error}\n${logs}` };
      }
    }
  } finally {
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 2_000))]);
    await server.close();
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function run(cmd, argv, { cwd, env = {}, inherit = false, timeoutMs = 120_000 }) {
  return new Promise((resolve) => {
    const child = spawn(cmd, argv, { cwd, env: { ...process.env, ...env }, stdio: inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d) => (stdout += d));
    child.stderr?.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      stderr += `\ntimed out after ${seconds(timeoutMs)}`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (error) => (stderr += `\n${error}`));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 1 : 0), stdout, stderr });
    });
  });
}
