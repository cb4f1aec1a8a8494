// The ESM build's chunks regrouped so that an entry's eagerly loaded code is in as few files as
// the chunks loaded on first use allow. esbuild's code splitting makes one chunk per set of entry
// points, counting each `import()` as an entry point of its own: the code `promokit` loads at once
// came in about fifteen files (each one resolved, read and compiled at import). Rollup, run over
// esbuild's output, groups modules by the entries that load them statically, and counts a module
// an `import()`ed chunk needs as already loaded when its importer has loaded it: the entry's code
// goes in one file, shared with the other entries in a few more, and every chunk loaded on first use
// stays a file of its own. Nothing is bundled, cut or renamed inside a module (no tree-shaking,
// no minifying): the files are regrouped, and each one's source map still leads to src/. The
// CommonJS build is written from the regrouped files, as tsup writes a split CommonJS build (rollup
// from esbuild's ESM output), so `require('promokit')` loads as few files as `import`.
//
// Run by tsup.config.ts after the ESM build (before the files are used by anything). rollup is
// tsup's own dependency (tsup's `treeshake` runs it), its version pinned by package.json `overrides`.
import { mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { rollup } from 'rollup';

/**
 * Regroups the ESM files of `dir` reached from `entries` (names of `dir/<name>.js`): writes the
 * new files, removes the ones they replace; then writes the CommonJS build (`<name>.cjs` and its
 * chunks) from them, grouped the same way. Returns the files written.
 */
export async function regroupChunks(dir, entries) {
  const root = resolve(dir);
  const esm = await rebundle(root, entries, 'es', { remove: true });
  const cjs = await rebundle(root, entries, 'cjs', { remove: false });
  return [...esm, ...cjs];
}

/**
 * Bundles the files of `root` reached from `entries` again, in `format` (`es`: `.js`, replacing
 * them when `remove`; `cjs`: `.cjs`, beside them), each file's source map followed back to src/.
 */
async function rebundle(root, entries, format, { remove }) {
  const extension = format === 'es' ? 'js' : 'cjs';
  const read = new Set();
  const bundle = await rollup({
    input: Object.fromEntries(entries.map((name) => [name, join(root, `${name}.js`)])),
    // esbuild has tree-shaken already; the modules stay as they are.
    treeshake: false,
    // An entry exports what it declares and nothing else: shared code goes to chunks.
    preserveEntrySignatures: 'strict',
    external: (id) => !id.startsWith('.') && !id.startsWith(root),
    onwarn(warning) {
      throw new Error(`regrouping the chunks: ${warning.message}`);
    },
    plugins: [
      {
        name: 'esbuild-output-with-its-maps',
        load(id) {
          if (!id.startsWith(root)) return null;
          read.add(id);
          const map = JSON.parse(readFileSync(`${id}.map`, 'utf8'));
          return { code: readFileSync(id, 'utf8'), map };
        },
      },
    ],
  });
  const scratch = mkdtempSync(join(root, '.regroup-'));
  try {
    const { output } = await bundle.write({
      dir: scratch,
      format,
      // CommonJS: `exports.name = …` for every export (ky's chunk has a default one too), and
      // `import()` kept, as the chunks loaded on first use are loaded in the ESM build.
      ...(format === 'cjs' ? { exports: 'named', dynamicImportInCjs: true } : {}),
      sourcemap: true,
      // Written in a scratch folder inside `root`, moved up: sources relative to `root`.
      sourcemapPathTransform: (source, map) => relative(root, resolve(dirname(map), source)),
      entryFileNames: `[name].${extension}`,
      // A chunk loaded on first use keeps its module's name (`admission-…`, which the loader's
      // errors and the package tests know it by); a shared one is a `chunk-…`.
      chunkFileNames: (chunk) => `${chunk.isDynamicEntry ? chunk.name.replace(/-[A-Za-z0-9]{8}$/, '') : 'chunk'}-[hash:8].${extension}`,
      hashCharacters: 'base36',
    });
    await bundle.close();
    if (remove) {
      for (const file of read) {
        rmSync(file);
        rmSync(`${file}.map`, { force: true });
      }
    }
    for (const file of readdirSync(scratch)) renameSync(join(scratch, file), join(root, file));
    return output.map(({ fileName }) => fileName);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
