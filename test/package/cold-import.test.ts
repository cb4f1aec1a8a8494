/**
 * What a cold import of the built package loads, checked exactly rather than timed: importing an
 * entry (ESM or CommonJS) makes Node load none of its fetch implementation (its bundled undici,
 * reached by reading the global `Response`, `Request`, `Headers` or `fetch`, about 25 ms of a cold
 * start), which the first call loads; and what `promokit` loads at once is in as few files as the
 * chunks loaded on first use allow (scripts/node-chunks.mjs). Each import runs in a Node process
 * of its own, from dist/.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const dist = join(import.meta.dirname, '..', '..', 'dist');

beforeAll(() => {
  if (!existsSync(join(dist, 'index.js'))) throw new Error('dist/ is missing: run `npm run build` (npm test does it) first');
});

/** Imports `file` of dist/ in a fresh Node process: the modules of Node's own that the import loaded. */
function builtinsLoadedBy(file: string): string[] {
  const path = join(dist, file);
  const load = file.endsWith('.cjs') ? `createRequire(import.meta.url)(${JSON.stringify(path)})` : `await import(${JSON.stringify(pathToFileURL(path).href)})`;
  const script = `
    const { createRequire } = await import('node:module');
    const before = new Set(process.moduleLoadList);
    ${load};
    process.stdout.write(JSON.stringify(process.moduleLoadList.filter((name) => !before.has(name))));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as string[];
}

/**
 * The files of dist/ that loading `file` reads at once: itself and, through each file's static
 * imports (`import … from './…'`, or `require('./…')` at the top of a CommonJS file), the chunks it
 * needs, never a chunk loaded on first use.
 */
function eagerFiles(file: string): string[] {
  const statics = file.endsWith('.cjs') ? /^(?:var \w+ = )?require\('\.\/([\w.-]+)'\);$/gm : /^(?:import|export)\b[^;]*?'\.\/([\w.-]+)';$/gm;
  const seen = new Set<string>();
  const next = [file];
  while (next.length > 0) {
    const name = next.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    for (const [, imported] of readFileSync(join(dist, name), 'utf8').matchAll(statics)) next.push(imported!);
  }
  return [...seen].sort();
}

describe('the files an entry loads at once', () => {
  it.each(['js', 'cjs'])(
    'promokit (.%s): the entry, a chunk of its own code the chunks loaded on first use share, a chunk of the code it shares with the other entries',
    (extension) => {
      const index = eagerFiles(`index.${extension}`);
      const clientSide = eagerFiles(`client-side.${extension}`);
      const redis = eagerFiles(`redis.${extension}`);
      expect(index).toHaveLength(3);
      // promokit/client-side loads the shared chunk and nothing else; promokit/redis that one too.
      const shared = clientSide.filter((name) => name !== `client-side.${extension}`);
      expect(shared).toHaveLength(1);
      expect(index).toContain(shared[0]);
      expect(redis).toContain(shared[0]);
      expect(redis.filter((name) => index.includes(name))).toEqual(shared);
      // promokit/testing shares no code with the other entries.
      expect(eagerFiles(`testing.${extension}`)).toEqual([`testing.${extension}`]);
    },
  );
});

describe('a cold import of the built package', () => {
  it.each([
    'index.js',
    'index.cjs',
    'client-side.js',
    'client-side.cjs',
    'redis.js',
    'redis.cjs',
    'limiter-redis.js',
    'limiter-redis.cjs',
    'testing.js',
    'testing.cjs',
  ])('%s loads none of Node fetch', (file) => {
    // Node's own record of the modules it loaded (the test below shows it names Node fetch's).
    const builtins = builtinsLoadedBy(file);
    expect(builtins.filter((name) => /undici|_http_|\bhttp\b|zlib/.test(name))).toEqual([]);
  });

  it('after the import, the first touch of `Response` is what loads Node fetch (the check above sees it)', () => {
    const script = `
      await import(${JSON.stringify(pathToFileURL(join(dist, 'index.js')).href)});
      const before = process.moduleLoadList.length;
      void globalThis.Response;
      process.stdout.write(JSON.stringify(process.moduleLoadList.slice(before).some((name) => name.includes('undici'))));`;
    expect(JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }))).toBe(true);
  });
});
