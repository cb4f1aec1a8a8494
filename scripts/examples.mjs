#!/usr/bin/env node
// Type-checks the examples against the built package and runs them, the way a user's project
// would use promokit: `import … from 'promokit'` resolves through package.json's exports (the
// package's self-reference) to dist/. Builds dist/ first when it is missing or older than src/.
//
//   node scripts/examples.mjs                 every example in examples/
//   node scripts/examples.mjs quickstart      only the ones named
//
// Prints `N examples passed, N failed` and exits non-zero when any failed. Outside CI, an example
// that needs a program this machine lacks (redis-server, scripts/lib/prerequisites.mjs) is skipped
// with a line that says so; under CI it runs, and fails without it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, root } from './lib/build.mjs';
import { skippedExamples } from './lib/prerequisites.mjs';

const outDir = join(root, '.tmp', 'examples');

/** The newest modification time of the files under `path`. */
function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/**
 * Type-checks every example and emits it to .tmp/examples; exits on a type error. With
 * `ifStale`, skips the work when the output is newer than the examples and dist/.
 */
export function compileExamples({ ifStale = false, say = () => {} } = {}) {
  const marker = join(outDir, 'quickstart.js');
  if (ifStale && existsSync(marker) && statSync(marker).mtimeMs >= Math.max(newest(join(root, 'examples')), newest(join(root, 'dist')))) return;
  say('Type-checking the examples against the built package (tsc)…');
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'examples', 'tsconfig.json')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (tsc.status !== 0) {
    console.error('The examples do not type-check.');
    process.exit(tsc.status ?? 1);
  }
}

/** Runs one compiled example; returns true when it exited with 0. */
export function runExample(name) {
  const run = spawnSync(process.execPath, [join(outDir, `${name}.js`)], { cwd: root, stdio: 'inherit' });
  return run.status === 0;
}

/** The examples: every .ts file directly in examples/ (examples/lib/ holds their shared helpers). */
export function exampleNames() {
  return readdirSync(join(root, 'examples'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => f.replace(/\.ts$/, ''))
    .sort();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const names = process.argv.length > 2 ? process.argv.slice(2) : exampleNames();
  try {
    ensureBuilt();
  } catch (error) {
    console.error(`examples: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
  compileExamples();
  let passed = 0;
  const failed = [];
  // Outside CI, an example that needs a program this machine lacks (redis-server) is left out, said in a line.
  const skipped = new Map(skippedExamples().map(({ example, tool }) => [example, tool]));
  for (const name of names) {
    if (skipped.has(name)) {
      console.log(
        `examples: skipped ${name} (${skipped.get(name).name} not found; to run it install it: sudo apt-get install -y ${skipped.get(name).debian}). CI=true fails instead of skipping.`,
      );
      continue;
    }
    if (runExample(name)) passed += 1;
    else failed.push(name);
  }
  console.log(`${passed} examples passed, ${failed.length} failed${failed.length ? `: ${failed.join(', ')}` : ''}`);
  process.exit(failed.length > 0 || passed === 0 ? 1 : 0);
}
