import { readFileSync, writeFileSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';
import { browserBuild } from './scripts/browser-build.mjs';
import { regroupChunks } from './scripts/node-chunks.mjs';
import ts from 'typescript';

/** Every public entry; each is built on its own so a browser bundle pulls in only what it imports. */
const entry: Record<string, string> = {
  index: 'src/index.ts',
  'client-side': 'src/client-side.ts',
  testing: 'src/testing/index.ts',
  redis: 'src/redis.ts',
  'limiter-redis': 'src/limiter-redis.ts',
};

/**
 * Entries whose declarations are a re-export of `index.d.ts`: they share classes with
 * `promokit` (`ClientEvents`, the errors), which must be declared once for the two entries' types
 * to be the same types (`client.clientEvents` is a `ClientEvents` of `promokit/client-side`).
 * Their JavaScript stays separate: a browser bundle of `promokit/client-side` loads none of the
 * server code.
 */
const declaredByIndex = ['client-side'];

const common: Options = {
  target: 'es2022',
  platform: 'neutral',
  sourcemap: true,
  treeshake: true,
  splitting: true,
};

/**
 * ky and zod are bundled into the build rather than imported at run time: loading their ~60
 * module files cost a cold start about 85 ms on these machines, one bundled file about 10 ms.
 * The CJS build needs it anyway (ky is ESM-only), and the package installs with no dependencies.
 * Each is bundled as published, no module of it replaced or cut. p-queue (with eventemitter3 and
 * p-timeout) is bundled too, in a chunk loaded only by a client with `maxConcurrency` or
 * `rateLimit`. `promokit/redis` (and its alias
 * `promokit/limiter-redis`) uses the user's ioredis or node-redis client, optional peer
 * dependencies never imported.
 */
const bundled = ['ky', 'zod', 'p-queue', 'eventemitter3', 'p-timeout'];

/**
 * Declarations: one file per entry (`dist/<entry>.d.ts`, and `.d.cts` for `require`), never a
 * hashed chunk, so go-to-definition lands in a file named after what the user imported. Each
 * entry's declarations are bundled on their own (a shared chunk would get a hashed name); an entry
 * added to `entry` above gets its own file with no further change here.
 */
const declarations: Options[] = Object.entries(entry)
  .filter(([name]) => !declaredByIndex.includes(name))
  .map(([name, path]) => ({ ...common, entry: { [name]: path }, format: ['esm', 'cjs'], dts: { only: true, compilerOptions: { ignoreDeprecations: '6.0' } } }));

/** Writes `dist/<entry>.d.ts` and `.d.cts` of the entries in `declaredByIndex`. */
function writeReexportDeclarations(): void {
  for (const name of declaredByIndex) {
    for (const [extension, from] of [
      ['d.ts', './index.js'],
      ['d.cts', './index.cjs'],
    ] as const) {
      writeFileSync(`dist/${name}.${extension}`, reexports(entry[name]!, from));
    }
  }
}

/** `export { … } from '<from>'` with exactly the names (and type-only markers) `source` exports. */
function reexports(source: string, from: string): string {
  const text = readFileSync(source, 'utf8');
  const file = ts.createSourceFile(source, text, ts.ScriptTarget.Latest);
  const names: string[] = [];
  for (const statement of file.statements) {
    if (!ts.isExportDeclaration(statement) || !statement.exportClause || !ts.isNamedExports(statement.exportClause)) {
      throw new Error(`${source}: only named re-exports (export { … } from …) can be declared through ${from}`);
    }
    for (const element of statement.exportClause.elements) names.push(`${statement.isTypeOnly || element.isTypeOnly ? 'type ' : ''}${element.name.text}`);
  }
  // The entry's summary, without the reference's tags (`@module`, `@category`).
  const summary = (/\/\*\*[\s\S]*?\*\//.exec(text)?.[0] ?? '').replace(/\n \* @.*/g, '').replace(/\n \*\n \*\//, '\n */');
  return `${summary}\n// Declared in ${from.replace(/js$/, 'd.ts').replace(/cjs$/, 'd.cts')}, shared with 'promokit'.\nexport { ${names.join(', ')} } from '${from}';\n`;
}

/**
 * The package's command (`bin`: `npx promokit metadata-types`, src/cli.ts) imports the SDK from
 * `./index.js` as a user's program would, the built entry beside it: its own file carries only
 * the command and the writing of the types.
 */
const sdkFromItsEntry = {
  name: 'sdk-from-its-entry',
  setup(build: {
    onResolve(options: { filter: RegExp }, callback: (args: { path: string; importer: string }) => { path: string; external: boolean } | undefined): void;
  }) {
    build.onResolve({ filter: /^\.\/index\.js$/ }, (args) =>
      /[\\/]src[\\/]cli\.ts$/.test(args.importer) ? { path: './index.js', external: true } : undefined,
    );
  },
};

export default defineConfig([
  // `dist/browser/` is written by the last build, which may run first.
  {
    ...common,
    entry,
    format: ['esm'],
    noExternal: bundled,
    clean: ['!browser/**', '!cli.js', '!cli.js.map'],
    // Each entry's eagerly loaded code in as few files as the chunks loaded on first use allow
    // (scripts/node-chunks.mjs): a cold `import` or `require` resolves and compiles each file. The
    // CommonJS build is written from the files so grouped.
    onSuccess: async () => {
      await regroupChunks('dist', Object.keys(entry));
      writeReexportDeclarations();
    },
  },
  {
    ...common,
    entry: { cli: 'src/cli.ts' },
    format: ['esm'],
    platform: 'node',
    splitting: false,
    banner: { js: '#!/usr/bin/env node' },
    esbuildPlugins: [sdkFromItsEntry],
  },
  // The CommonJS build (`require`) is written from the ESM build's files by its `onSuccess`, grouped
  // the same way.
  ...declarations,
  // The browser build of `promokit/client-side` (package.json `exports`, `browser` condition):
  // the same code with the runtime seam's browser side (ky imported at once; see
  // scripts/browser-build.mjs), in one ESM file.
  {
    ...common,
    entry: { 'client-side': entry['client-side']! },
    outDir: 'dist/browser',
    // Its chunks' names carry a hash: no chunk of an earlier build may stay beside them.
    clean: true,
    format: ['esm'],
    platform: 'browser',
    // A chunk of its own for the one module loaded on first use (the check of a client's own
    // metadata and event schemas): a storefront without them never loads it.
    splitting: true,
    noExternal: bundled,
    esbuildPlugins: [browserBuild],
  },
]);
