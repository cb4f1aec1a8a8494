/**
 * `promokit` and `promokit/client-side` run in browsers and edge runtimes: the built files of
 * those entries, and every chunk they load, import no Node built-in (`node:*`, `fs`, `http`, …)
 * and nothing but the package's declared dependencies, in the ESM and the CJS build alike. The
 * package says `sideEffects: false`, so bundlers may drop whatever a user does not import.
 *
 * The import graph comes from esbuild's metafile over dist/ (every static import, re-export,
 * `import('literal')` and `require('literal')`), not from a regex.
 */
import { builtinModules } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { sideEffects?: unknown; dependencies: Record<string, string> };
const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
const isBuiltin = (specifier: string) => specifier.startsWith('node:') || builtins.has(specifier) || builtins.has(specifier.split('/')[0]!);
const packageOf = (specifier: string) => (specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);

interface Graph {
  /** dist/ files the entry loads, itself included. */
  files: string[];
  /** Every bare specifier those files import, with how. */
  external: Array<{ from: string; path: string; kind: string }>;
}

/** Follows an entry's relative imports through dist/ and collects what leaves it. */
async function graph(file: string, format: 'esm' | 'cjs'): Promise<Graph> {
  const entry = join(root, 'dist', file);
  if (!existsSync(entry)) throw new Error(`dist/${file} is missing: run \`npm run build\` (npm test does it) first`);
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    format,
    platform: 'neutral',
    packages: 'external',
    logLevel: 'silent',
    absWorkingDir: root,
  });
  const files = Object.keys(result.metafile.inputs);
  const external = Object.entries(result.metafile.inputs).flatMap(([from, input]) =>
    input.imports.filter((i) => i.external).map((i) => ({ from, path: i.path, kind: i.kind })),
  );
  return { files, external };
}

describe('package.json', () => {
  it('declares sideEffects: false', () => {
    expect(pkg.sideEffects).toBe(false);
  });
});

for (const entry of ['index', 'client-side'] as const) {
  const name = entry === 'index' ? 'promokit' : `promokit/${entry}`;
  describe(`${name}: no Node built-in in the built files and their chunks`, () => {
    for (const [file, format] of [
      [`${entry}.js`, 'esm'],
      [`${entry}.cjs`, 'cjs'],
    ] as const) {
      it(`dist/${file} (${format})`, async () => {
        const { files, external } = await graph(file, format);
        expect(
          files.every((f) => f.startsWith('dist/')),
          files.join(', '),
        ).toBe(true);
        expect(external.filter((i) => isBuiltin(i.path))).toEqual([]);
        // Only declared dependencies leave dist/, and the CJS build never requires ESM-only ky.
        expect(external.filter((i) => !(packageOf(i.path) in pkg.dependencies))).toEqual([]);
        if (format === 'cjs') expect(external.filter((i) => packageOf(i.path) === 'ky')).toEqual([]);
        // Nor through a computed specifier the metafile cannot see, or a CommonJS escape hatch. One
        // computed import is the package's own dependency: Node's transport imports undici by a
        // name in a variable, in Node alone (src/core/node-transport.ts), so that no bundle carries it.
        for (const f of files) {
          const code = readFileSync(join(root, f), 'utf8');
          expect(code, f).not.toMatch(/["'`]node:[a-z_]+/);
          expect(code, f).not.toMatch(/\b(createRequire|process\.binding|__dirname|__filename)\b/);
          const undiciImport = /\bimport\(\s*(\/\*[^*]*\*\/\s*)*undiciName\s*\)/g;
          expect(code.replace(undiciImport, ''), f).not.toMatch(/\bimport\((?!\s*["'])/);
          if (undiciImport.test(code)) expect(code, f).toMatch(/\bundiciName = "undici"/);
        }
      });
    }
  });
}

describe('promokit/testing: no Node built-in imported statically', () => {
  // Its one Node built-in, node:http for mock.listen(), is loaded on demand through a computed
  // specifier, so bundles and edge runtimes that only use mock.fetch never load it.
  for (const [file, format] of [
    ['testing.js', 'esm'],
    ['testing.cjs', 'cjs'],
  ] as const) {
    it(`dist/${file} (${format})`, async () => {
      const { external } = await graph(file, format);
      expect(external.filter((i) => isBuiltin(i.path))).toEqual([]);
      expect(external.filter((i) => !(packageOf(i.path) in pkg.dependencies))).toEqual([]);
    });
  }
});
