#!/usr/bin/env node
// Type-checks every ```ts block of the guides (README.md, docs/*.md and the reference site's home
// page, docs/site/*.md: scripts/lib/guide-blocks.mjs) against the package's own sources (and
// promokit-mcp's, mcp/src/), each block as its own module, so documentation code cannot drift from
// the API. `npm test` runs them too (scripts/run-guides.mjs), but for the blocks whose first line
// says what they need (`// Needs a browser …`): those are type-checked only.
//
// The blocks of all guides are one program, but for a guide with a block that augments
// 'promokit' (`declare module 'promokit'`, declaring a user's metadata and events): such a
// declaration holds for the whole program it is in, so that guide's blocks are a program of their
// own, where every block sees it.
//
// And no code block of the guides, nor an example (examples/), teaches `client.request()` or
// `client.requestList()` for an endpoint a typed method sends: each call's method and path are
// matched against the registry's operations (scripts/lib/wrapped-requests.mjs).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { blocksOf, guideSources } from './lib/guide-blocks.mjs';
import { root } from './lib/build.mjs';
import { taughtCode, wrappedRequests } from './lib/wrapped-requests.mjs';
import { loadRegistry } from './operations.mjs';

const out = join('.tmp', 'guides');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const sources = guideSources(root);
/** The folders of the programs: `out` for the shared one, one more per guide that augments 'promokit'. */
const programs = new Set([out]);
let blocks = 0;
let typeCheckedOnly = 0;
for (const file of sources) {
  const found = blocksOf(root, file);
  const dir = found.some(({ code }) => /declare module 'promokit(\/[\w-]+)?'/.test(code)) ? join(out, file.replace(/[^a-z0-9]+/gi, '_')) : out;
  mkdirSync(dir, { recursive: true });
  programs.add(dir);
  found.forEach(({ code, needs }, i) => {
    const name = `${file.replace(/[^a-z0-9]+/gi, '_')}_${i + 1}.ts`;
    // Blocks are modules with top-level await; declarations they leave to the reader are declared here.
    writeFileSync(join(dir, name), `export {};\ndeclare function getFreshToken(): Promise<string>;\n${code}`);
    blocks++;
    if (needs !== null) typeCheckedOnly++;
  });
}

let failed = false;
for (const dir of programs) {
  const up = dir === out ? '../..' : '../../..';
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      extends: `${up}/tsconfig.json`,
      compilerOptions: {
        noEmit: true,
        noUnusedLocals: false,
        types: ['node'],
        paths: {
          promokit: [`./${up}/src/index.ts`],
          'promokit/client-side': [`./${up}/src/client-side.ts`],
          'promokit/testing': [`./${up}/src/testing/index.ts`],
          'promokit/redis': [`./${up}/src/redis.ts`],
          'promokit/limiter-redis': [`./${up}/src/limiter-redis.ts`],
          'promokit-mcp': [`./${up}/mcp/src/index.ts`],
        },
      },
      include: ['*.ts'],
    }),
  );
  const tsc = spawnSync(process.execPath, [join('node_modules', 'typescript', 'bin', 'tsc'), '-p', join(dir, 'tsconfig.json')], { stdio: 'inherit' });
  failed ||= tsc.status !== 0;
}

// The escape hatch, taught only for endpoints promokit does not wrap.
const { registry, endpointsOf } = await loadRegistry();
const taught = taughtCode(root);
const wrapped = wrappedRequests(taught, registry, endpointsOf);
for (const finding of wrapped) console.log(`${finding}: call the method instead`);
failed ||= wrapped.length > 0;

console.log(
  `${blocks} code blocks in ${sources.length} guides type-checked (${programs.size} programs), ${typeCheckedOnly} of them type-checked only (the others run in npm test); ` +
    `client.request for an endpoint promokit wraps: ${wrapped.length} in ${taught.length} blocks and examples: ${failed ? 'FAILED' : 'ok'}`,
);
process.exit(failed ? 1 : 0);
