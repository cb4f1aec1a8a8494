// The ESM build's chunks regrouped so that an entry's eagerly loaded code is in as few files as
// the chunks loaded on first use allow. esbuild's code splitting makes one chunk per set of entry
// points, counting each `import()` as an entry point of its own: the code `promokit` loads at once
// came in about fifteen files (each one resolved, read and compiled at import). Rollup, run over
// esbuild's output, groups modules by the entries that load them statically, and counts a module
// an `import()`ed chunk needs as already loaded when its importer has loaded it: the entry's code
// goes in one file, shared with the other entries in a few more, and every chunk loaded on first use
// stays a file of its own. Nothing is bundled, cut or renamed inside a module (no tree-shaking,
// no minifying): the files are regrouped, and each one's source map still leads to src/.
//
// Run by tsup.config.ts after the ESM build (before the files are used by anything). rollup is
// tsup's own dependency (tsup's `treeshake` runs it), its version pinned by package.json `overrides`.
import { mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { rollup } from 'rollup';

/**
 * Regroups the ESM files of `dir` reached from `entries` (names of `dir/<name>.js`): writes the
 * new files, removes the ones they replace. Returns the files written.
 */
export async function regroupChunks(dir, entries) {
  const root = resolve(dir);
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
      format: 'es',
      sourcemap: true,
      entryFileNames: '[name].js',
      // A chunk loaded on first use keeps its module's name (`admission-…`, which the loader's
      // errors and the package tests know it by); a shared one is a `chunk-…`.
      chunkFileNames: (chunk) => `${chunk.isDynamicEntry ? chunk.name.replace(/-[A-Z0-9]{8}$/, '') : 'chunk'}-[hash:8].js`,
      hashCharacters: 'base36',
    });
    await bundle.close();
    for (const file of read) {
      rmSync(file);
      rmSync(`${file}.map`, { force: true });
    }
    for (const file of readdirSync(scratch)) renameSync(join(scratch, file), join(root, file));
    return output.map(({ fileName }) => fileName);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
