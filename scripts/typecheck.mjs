#!/usr/bin/env node
// `npm run typecheck`: the four TypeScript programs, each with tsc's incremental record in
// .tmp/tsbuildinfo/ so that a second run on an unchanged tree checks only what changed:
//
//   tsconfig.declarations.json         the sources alone, without Node's types (the browser entry must
//                                      not need them): tsconfig.json's program, built (`tsc -b`) to
//                                      declarations in .tmp/declarations/
//   test/tsconfig.json                 the tests and the scripts, with Node's types, reading the
//                                      sources through those declarations (a project reference): run
//                                      once the sources are built
//   test/types/augmented/tsconfig.json a user's module augmentation of promokit's metadata and events,
//                                      beside the other two (one per core at most)
//   mcp/tsconfig.json                  the promokit-mcp workspace: its sources and tests, against
//                                      promokit's dist/
//
// Prints each program's errors and time; exits non-zero when any has an error.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { root } from './lib/build.mjs';

const tsBuildInfo = (name) => ['--incremental', '--tsBuildInfoFile', join(root, '.tmp', 'tsbuildinfo', `${name}.tsbuildinfo`)];
const PROGRAMS = [
  ['sources', 'tsconfig.declarations.json', ['-b', 'tsconfig.declarations.json']],
  ['tests', 'test/tsconfig.json', ['--noEmit', '-p', 'test/tsconfig.json', ...tsBuildInfo('tests')]],
  ['augmented', 'test/types/augmented/tsconfig.json', ['--noEmit', '-p', 'test/types/augmented/tsconfig.json', ...tsBuildInfo('augmented')]],
  ['mcp', 'mcp/tsconfig.json', ['--noEmit', '-p', 'mcp/tsconfig.json', ...tsBuildInfo('mcp')]],
];
/** The programs in the order each runs: the tests after the sources they read the declarations of. */
const CHAINS = [
  ['sources', 'tests'],
  ['augmented', 'mcp'],
];
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

/** Runs one program; resolves its exit code, output and time. */
function check([name, project, args]) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, ...args, '--pretty', 'false'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ name, project, code: code ?? 1, output, seconds: (performance.now() - started) / 1000 }));
  });
}

const results = [];
const chains = CHAINS.map((chain) => chain.map((name) => PROGRAMS.find(([n]) => n === name)));
const lanes = Math.min(availableParallelism(), chains.length);
await Promise.all(
  Array.from({ length: lanes }, async () => {
    for (let chain = chains.shift(); chain; chain = chains.shift()) for (const program of chain) results.push(await check(program));
  }),
);
let failed = 0;
for (const [name, project] of PROGRAMS) {
  const r = results.find((x) => x.name === name);
  if (r.code !== 0) failed++;
  console.log(`typecheck: ${project} (${name}): ${r.code === 0 ? 'no errors' : 'ERRORS'} in ${r.seconds.toFixed(1)} s`);
  if (r.output.trim()) console.log(r.output.trimEnd());
}
process.exit(failed === 0 ? 0 : 1);
