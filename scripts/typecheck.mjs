#!/usr/bin/env node
// `npm run typecheck`: the four TypeScript programs, side by side (one per core at most), each
// with tsc's incremental record in .tmp/tsbuildinfo/ so that a second run on an unchanged tree
// checks only what changed:
//
//   tsconfig.json                      the sources alone, without Node's types (the browser entry must not need them)
//   test/tsconfig.json                 the tests, the scripts and the sources, with Node's types
//   test/types/augmented/tsconfig.json a user's module augmentation of promokit's metadata and events
//   mcp/tsconfig.json                  the promokit-mcp workspace: its sources and tests, against promokit's dist/
//
// Prints each program's errors and time; exits non-zero when any has an error.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { root } from './lib/build.mjs';

const PROGRAMS = [
  ['sources', 'tsconfig.json'],
  ['tests', 'test/tsconfig.json'],
  ['augmented', 'test/types/augmented/tsconfig.json'],
  ['mcp', 'mcp/tsconfig.json'],
];
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

/** Runs one program; resolves its exit code, output and time. */
function check([name, project]) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [tsc, '--noEmit', '--pretty', 'false', '-p', project, '--incremental', '--tsBuildInfoFile', join(root, '.tmp', 'tsbuildinfo', `${name}.tsbuildinfo`)],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ name, project, code: code ?? 1, output, seconds: (performance.now() - started) / 1000 }));
  });
}

const queue = [...PROGRAMS];
const results = [];
await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), PROGRAMS.length) }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) results.push(await check(next));
  }),
);
let failed = 0;
for (const { name, project } of PROGRAMS.map(([name, project]) => ({ name, project }))) {
  const r = results.find((x) => x.name === name);
  if (r.code !== 0) failed++;
  console.log(`typecheck: ${project} (${name}): ${r.code === 0 ? 'no errors' : 'ERRORS'} in ${r.seconds.toFixed(1)} s`);
  if (r.output.trim()) console.log(r.output.trimEnd());
}
process.exit(failed === 0 ? 0 : 1);
