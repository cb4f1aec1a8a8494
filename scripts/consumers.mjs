#!/usr/bin/env node
// Consumer projects: the packed tarball installed once into a scratch project outside the
// repository (so nothing resolves from the repository's own node_modules), then type-checked
// and run the ways users load it. See test/consumers/.
//
//   - plain JS: CommonJS `require` (also with --no-experimental-require-module: Node before
//     20.19, which cannot require() an ES module) and ESM `import`;
//   - TypeScript, `skipLibCheck: false`, strict: moduleResolution node16 (CJS .cts and ESM .mts),
//     nodenext (both, with the DOM lib), bundler (with DOM and without @types/node; without DOM
//     with @types/node) and node10 (typesVersions); each compiled output is run as well;
//   - three of those tsconfigs type-checked with TypeScript 5.9 too (the repository builds with 6.0);
//   - typed.ts, a program declaring its metadata and events by module augmentation of 'promokit',
//     under bundler, node16 (CJS) and nodenext (.cts + .mts), each run as well, and with 5.9.
//
// Every run prints `{ checks: { … } }` (a GET, a list walk, a redemption, an error caught with
// instanceof, a client event, instanceof across entries); every check must be true.
//
//   node scripts/consumers.mjs [--keep] [--json FILE] [--no-build]
// Exits non-zero when any project fails. Builds dist/ first when it is missing or stale, unless
// --no-build (the test suite passes it: other test files read dist/ at the same time).
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, installTarball, pack, root, seconds } from './lib/package-tarball.mjs';

const keep = process.argv.includes('--keep');
const jsonOut = process.argv.includes('--json') ? process.argv[process.argv.indexOf('--json') + 1] : undefined;
const source = join(root, 'test', 'consumers');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
/** An older TypeScript many users still have: the declarations must type-check there too. */
const OLDER_TS = '5.9';

/** One consumer project: an optional tsconfig to type-check and emit with, then programs to run. */
const projects = [
  { name: 'CommonJS require (JS)', runs: [['require.cjs']] },
  { name: 'CommonJS require, no require(esm) (Node < 20.19 behaviour)', runs: [['--no-experimental-require-module', 'require.cjs']] },
  { name: 'ESM import (JS)', runs: [['import.mjs']] },
  { name: 'TS node16, CommonJS .cts, no DOM lib', tsconfig: 'node16-cjs', runs: [['out/node16-cjs/scenario.cjs']] },
  { name: 'TS node16, ESM .mts, no DOM lib', tsconfig: 'node16-esm', runs: [['out/node16-esm/scenario.mjs']] },
  { name: 'TS nodenext, .cts + .mts, DOM lib', tsconfig: 'nodenext-dom', runs: [['out/nodenext-dom/scenario.cjs'], ['out/nodenext-dom/scenario.mjs']] },
  { name: 'TS bundler, DOM lib, no @types/node', tsconfig: 'bundler-dom', type: 'module', runs: [['out/bundler-dom/scenario.js']] },
  { name: 'TS bundler (module preserve), no DOM lib', tsconfig: 'bundler-node', type: 'module', runs: [['out/bundler-node/scenario.js']] },
  { name: 'TS node10 (typesVersions), CommonJS, DOM lib', tsconfig: 'node10', type: 'commonjs', runs: [['out/node10/scenario.js']] },
  // Three configs cover both declaration flavours, the DOM lib and its absence without @types/node.
  {
    name: `TS ${OLDER_TS}: node16 CJS, nodenext, bundler + DOM; type-check only`,
    older: ['node16-cjs', 'nodenext-dom', 'bundler-dom', 'typed-nodenext'],
    runs: [],
  },
  // Typed metadata and events: the augmentation reaches both declaration flavours.
  { name: 'TS typed metadata and events: bundler, DOM lib', tsconfig: 'typed-bundler', type: 'module', runs: [['out/typed-bundler/typed.js']] },
  { name: 'TS typed metadata and events: node16, CommonJS .cts', tsconfig: 'typed-node16-cjs', runs: [['out/typed-node16-cjs/typed.cjs']] },
  {
    name: 'TS typed metadata and events: nodenext, .cts + .mts',
    tsconfig: 'typed-nodenext',
    runs: [['out/typed-nodenext/typed.cjs'], ['out/typed-nodenext/typed.mjs']],
  },
];

const started = performance.now();
if (process.argv.includes('--no-build')) {
  if (!existsSync(join(root, 'dist', 'index.js'))) throw new Error('dist/ is missing: run `npm run build` first');
} else {
  ensureBuilt();
}
const work = mkdtempSync(join(tmpdir(), 'promokit-consumers-'));
const results = [];
let setupError;
try {
  const packStarted = performance.now();
  const { tarball, files } = pack(work);
  const unexpected = files.filter((f) => !/^(dist\/|README\.md$|CHANGELOG\.md$|LICENSE$|THIRD-PARTY-NOTICES\.md$|package\.json$)/.test(f));
  if (unexpected.length > 0) throw new Error(`the tarball holds files outside dist/: ${unexpected.join(', ')}`);
  const installMs = installTarball(work, tarball, { extra: ['@types/node'], specs: { 'typescript-older': `npm:typescript@~${OLDER_TS}.0` } });
  console.log(`packed and installed ${files.length} files into ${work} in ${seconds(performance.now() - packStarted)} (install ${seconds(installMs)})`);

  const programs = ['scenario', 'typed'];
  for (const file of readdirSync(source)) {
    if (programs.some((name) => file === `${name}.ts`)) continue;
    copyFileSync(join(source, file), join(work, file));
  }
  mkdirSync(join(work, 'src'));
  for (const name of programs) for (const ext of ['cts', 'mts', 'ts']) copyFileSync(join(source, `${name}.ts`), join(work, 'src', `${name}.${ext}`));

  // The longest job (the older TypeScript's three type-checks) first, so it overlaps the rest.
  const queue = [...projects].sort((a, b) => Number(Boolean(b.older)) - Number(Boolean(a.older)));
  await pool(queue, availableParallelism(), async (project) => {
    const result = { name: project.name, typecheck: undefined, runs: [], ok: true, ms: 0 };
    const t0 = performance.now();
    if (project.tsconfig) {
      const out = await exec(process.execPath, [tsc, '-p', `tsconfig.${project.tsconfig}.json`, '--listFiles'], work);
      // --listFiles names every file in the program: keep promokit's, to show which declarations resolved.
      const lines = (out.stdout + out.stderr).trim().split('\n');
      const declarations = [...new Set(lines.filter((l) => l.includes('/node_modules/promokit/')).map((l) => l.replace(/.*\/node_modules\/promokit\//, '')))];
      const entryTypes = declarations.filter((f) => /^dist\/(index|client-side|testing)\.d\.c?ts$/.test(f));
      result.typecheck = { ok: out.code === 0, entryTypes, output: lines.filter((l) => !l.startsWith('/')).join('\n') };
      result.ok &&= out.code === 0;
      if (project.type) writeFileSync(join(work, 'out', project.tsconfig, 'package.json'), JSON.stringify({ type: project.type }));
    }
    if (project.older) {
      const olderTsc = join(work, 'node_modules', 'typescript-older', 'bin', 'tsc');
      const version = JSON.parse(readFileSync(join(work, 'node_modules', 'typescript-older', 'package.json'), 'utf8')).version;
      const outputs = [];
      for (const config of project.older) {
        const out = await exec(process.execPath, [olderTsc, '-p', `tsconfig.${config}.json`, '--noEmit', '--ignoreDeprecations', '5.0'], work);
        if (out.code !== 0) outputs.push(`tsconfig.${config}.json:\n${(out.stdout + out.stderr).trim()}`);
      }
      result.typecheck = { ok: outputs.length === 0, entryTypes: [], version, output: outputs.join('\n') };
      result.ok &&= outputs.length === 0;
    }
    for (const args of result.ok ? project.runs : []) {
      const out = await exec(process.execPath, args, work);
      const line = out.stdout.trim().split('\n').pop() ?? '';
      let checks;
      try {
        ({ checks } = JSON.parse(line));
      } catch {}
      const failed = checks
        ? Object.entries(checks)
            .filter(([, v]) => v !== true)
            .map(([k]) => k)
        : ['(no checks printed)'];
      const ok = out.code === 0 && failed.length === 0 && Object.keys(checks ?? {}).length >= 7;
      result.runs.push({
        args: args.join(' '),
        ok,
        checks: checks ? Object.keys(checks).length : 0,
        failed,
        output: ok ? '' : (out.stdout + out.stderr).trim(),
      });
      result.ok &&= ok;
    }
    result.ms = performance.now() - t0;
    results.push(result);
  });
} catch (error) {
  setupError = error;
} finally {
  if (!keep) rmSync(work, { recursive: true, force: true });
}

results.sort((a, b) => projects.findIndex((p) => p.name === a.name) - projects.findIndex((p) => p.name === b.name));
const width = Math.max(...projects.map((p) => p.name.length)) + 2;
console.log(`\n${'project'.padEnd(width)}${'type-check'.padEnd(12)}run`);
for (const r of results) {
  const tc = r.typecheck === undefined ? '-' : r.typecheck.ok ? 'ok' : 'FAIL';
  const runs = r.runs.map((x) => (x.ok ? `ok (${x.checks} checks)` : `FAIL ${x.failed.join(',')}`)).join(', ') || (r.typecheck?.ok === false ? 'not run' : '');
  console.log(`${r.name.padEnd(width)}${tc.padEnd(12)}${runs}  ${seconds(r.ms)}`);
  if (r.typecheck?.version) console.log(`${''.padEnd(width)}typescript ${r.typecheck.version}`);
  if (r.typecheck?.entryTypes?.length) console.log(`${''.padEnd(width)}types: ${r.typecheck.entryTypes.map((f) => f.slice(5)).join(' ')}`);
  if (r.typecheck && !r.typecheck.ok) console.log(indent(r.typecheck.output));
  for (const x of r.runs) if (!x.ok) console.log(indent(`node ${x.args}\n${x.output}`));
}
if (setupError) console.log(`\nsetup failed: ${setupError.stack ?? setupError}`);
const passed = results.filter((r) => r.ok).length;
const failed = projects.length - passed;
console.log(`\nconsumers: ${passed} passed, ${failed} failed (${seconds(performance.now() - started)})${keep ? `; kept ${work}` : ''}`);
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ passed, failed, setupError: setupError ? String(setupError) : undefined, results }, null, 2));
process.exit(failed === 0 && !setupError ? 0 : 1);

function indent(text) {
  return text
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n');
}

function exec(cmd, args, cwd) {
  return new Promise((resolve) => {
    // Drop the parent's NODE_OPTIONS (vitest sets some) so each program runs as a user's would.
    const { NODE_OPTIONS, ...env } = process.env;
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 1 : 0), stdout, stderr: signal ? `${stderr}\nkilled by ${signal}` : stderr });
    });
  });
}

async function pool(items, size, fn) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: Math.min(size, queue.length) }, async () => {
      while (queue.length > 0) await fn(queue.shift());
    }),
  );
}
