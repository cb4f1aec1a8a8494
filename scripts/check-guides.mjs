#!/usr/bin/env node
// Type-checks every ```ts block of the guides (README.md, docs/*.md and the reference site's home
// page, docs/site/*.md) against the package's own sources (and promokit-mcp's, mcp/src/), each block as its own module, so
// documentation code cannot drift from the API.
//
// The blocks of all guides are one program, but for a guide with a block that augments
// 'promokit' (`declare module 'promokit'`, declaring a user's metadata and events): such a
// declaration holds for the whole program it is in, so that guide's blocks are a program of their
// own, where every block sees it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const out = join('.tmp', 'guides');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

/** README.md, the guides (docs/*.md) and the reference site's home page (docs/site/*.md). */
const markdownIn = (dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(dir, f));
const sources = ['README.md', ...markdownIn('docs'), ...markdownIn(join('docs', 'site'))];
/** The folders of the programs: `out` for the shared one, one more per guide that augments 'promokit'. */
const programs = new Set([out]);
let blocks = 0;
for (const file of sources) {
  const text = readFileSync(file, 'utf8');
  const found = [...text.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]);
  const dir = found.some((code) => /declare module 'promokit(\/[\w-]+)?'/.test(code)) ? join(out, file.replace(/[^a-z0-9]+/gi, '_')) : out;
  mkdirSync(dir, { recursive: true });
  programs.add(dir);
  found.forEach((code, i) => {
    const name = `${file.replace(/[^a-z0-9]+/gi, '_')}_${i + 1}.ts`;
    // Blocks are modules with top-level await; declarations they leave to the reader are declared here.
    writeFileSync(join(dir, name), `export {};\ndeclare function getFreshToken(): Promise<string>;\n${code}`);
    blocks++;
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
console.log(`${blocks} code blocks in ${sources.length} guides type-checked (${programs.size} programs): ${failed ? 'FAILED' : 'ok'}`);
process.exit(failed ? 1 : 0);
