#!/usr/bin/env node
// Type-checks every ```ts block of the guides (README.md, docs/*.md and the reference site's home
// page, docs/site/*.md) against the package's own sources, each block as its own module, so
// documentation code cannot drift from the API.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const out = join('.tmp', 'guides');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

/** README.md, the guides (docs/*.md) and the reference site's home page (docs/site/*.md). */
const markdownIn = (dir) => readdirSync(dir).filter((f) => f.endsWith('.md')).map((f) => join(dir, f));
const sources = ['README.md', ...markdownIn('docs'), ...markdownIn(join('docs', 'site'))];
let blocks = 0;
for (const file of sources) {
  const text = readFileSync(file, 'utf8');
  const pattern = /```ts\n([\s\S]*?)```/g;
  let match;
  let index = 0;
  while ((match = pattern.exec(text))) {
    const name = `${file.replace(/[^a-z0-9]+/gi, '_')}_${++index}.ts`;
    // Blocks are modules with top-level await; declarations they leave to the reader are declared here.
    writeFileSync(join(out, name), `export {};\ndeclare function getFreshToken(): Promise<string>;\n${match[1]}`);
    blocks++;
  }
}

writeFileSync(
  join(out, 'tsconfig.json'),
  JSON.stringify({
    extends: '../../tsconfig.json',
    compilerOptions: {
      noEmit: true,
      noUnusedLocals: false,
      types: ['node'],
      paths: {
        promokit: ['./../../src/index.ts'],
        'promokit/client-side': ['./../../src/client-side.ts'],
        'promokit/testing': ['./../../src/testing/index.ts'],
        'promokit/redis': ['./../../src/redis.ts'],
        'promokit/limiter-redis': ['./../../src/limiter-redis.ts'],
      },
    },
    include: ['*.ts'],
  }),
);
const tsc = spawnSync(process.execPath, [join('node_modules', 'typescript', 'bin', 'tsc'), '-p', join(out, 'tsconfig.json')], { stdio: 'inherit' });
console.log(`${blocks} code blocks in ${sources.length} guides type-checked: ${tsc.status === 0 ? 'ok' : 'FAILED'}`);
process.exit(tsc.status ?? 1);
