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
// Left to itself, rollup makes one chunk per set of entries (each chunk loaded on first use counted
// as one) that load a module: `import('promokit')` still read 10 files, the code it shares with
// `promokit/client-side` (or with the chunks that entry loads on first use) in four of them, with
// `promokit/redis` in two, with the other entries in two more. So the code `promokit` loads at once,
// but its entry's own file, is put in two chunks by hand (`manualChunks`): the modules another
// entry, or a chunk another entry may load, loads too (one chunk, which `promokit/client-side`
// loads whole: about 95 KB where it loaded 68 KB in three files, measured the same), and the
// modules only `promokit` and its chunks loaded on first use load (the entry's file cannot hold
// them: those chunks would import them from it, and an entry exports its public names only). 3
// files for `promokit`, 2 for `promokit/client-side`, 3 for `promokit/redis`, 1 for
// `promokit/testing`.
//
// esbuild's helpers for the CommonJS it bundles (`__commonJS`, `__toESM`: declarations and nothing
// else) are a chunk of their own that every esbuild chunk imports for its side effects, which it
// has none of: those imports are dropped; the chunk that calls the helpers (p-queue's, in the
// limits' queue) imports them by name as before.
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
  const helpers = helperFiles(root);
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
          return { code: withoutHelperImports(readFileSync(id, 'utf8'), helpers), map };
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
      // The CommonJS build is written from the files so grouped: its modules are those files.
      ...(format === 'es' ? { manualChunks: eagerChunks(root, entries) } : {}),
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

/**
 * The files of `root` that are esbuild's helpers and nothing else: a chunk whose every export is
 * one of esbuild's `__` functions (`export { __commonJS, __toESM };`).
 */
function helperFiles(root) {
  const helpers = new Set();
  for (const file of readdirSync(root)) {
    if (!/^chunk-.*\.js$/.test(file)) continue;
    const code = readFileSync(join(root, file), 'utf8');
    const exported = /^export \{([^}]*)\};$/m.exec(code)?.[1];
    if (!exported || /^(import|export \*)/m.test(code)) continue;
    if (exported.split(',').every((name) => /^\s*__\w+(\s+as\s+\w+)?\s*$/.test(name))) helpers.add(file);
  }
  return helpers;
}

/**
 * `code` without its imports of `helpers` for their side effects only (`import './chunk-….js';`):
 * the helpers' chunk declares functions and runs nothing, so the import does nothing but make
 * every importer's entry load one more file. An import of a helper by name stays. The line is
 * left empty, so that the module's source map still matches its lines.
 */
function withoutHelperImports(code, helpers) {
  return code.replace(/^import '\.\/([\w.-]+)';\n/gm, (line, file) => (helpers.has(file) ? '\n' : line));
}

/**
 * The `manualChunks` of the ESM build: the modules `promokit` (`index`) loads at once, in two
 * chunks: those no other entry may load (`chunk-…` of the entry alone), and those another entry,
 * or a chunk it may load on first use, loads too. Every other module is grouped by rollup.
 */
function eagerChunks(root, entries) {
  const main = join(root, 'index.js');
  /** @type {Map<string, string> | undefined} */
  let groups;
  return (id, { getModuleInfo }) => {
    groups ??= group(getModuleInfo);
    return groups.get(id);
  };

  function group(getModuleInfo) {
    const reached = (from, dynamic) => {
      const seen = new Set();
      const next = [from];
      while (next.length > 0) {
        const id = next.pop();
        if (seen.has(id)) continue;
        seen.add(id);
        const info = getModuleInfo(id);
        if (!info || info.isExternal) continue;
        next.push(...info.importedIds, ...(dynamic ? info.dynamicallyImportedIds : []));
      }
      return seen;
    };
    const byOthers = new Set(entries.filter((name) => name !== 'index').flatMap((name) => [...reached(join(root, `${name}.js`), true)]));
    const out = new Map();
    for (const id of reached(main, false)) {
      if (id === main || getModuleInfo(id)?.isExternal) continue;
      out.set(id, byOthers.has(id) ? 'shared' : 'index');
    }
    return out;
  }
}
