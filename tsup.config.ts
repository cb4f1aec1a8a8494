import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';

/** Every public entry; each is built on its own so a browser bundle pulls in only what it imports. */
const entry = {
  index: 'src/index.ts',
  'client-side': 'src/client-side.ts',
  testing: 'src/testing/index.ts',
};

const common: Options = {
  entry,
  target: 'es2022',
  platform: 'neutral',
  sourcemap: true,
  treeshake: true,
  splitting: true,
  dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
};

/**
 * ky and zod are bundled into the build rather than imported at run time: loading their ~60
 * module files cost a cold start about 85 ms on these machines, one bundled file about 10 ms.
 * The CJS build needs it anyway (ky is ESM-only), and the package installs with no dependencies.
 */
const bundled = ['ky', 'zod'];

/**
 * The browser build of `promokit/client-side` (package.json `exports`, `browser` condition): one
 * ESM file, the same code as the other builds but for two modules, each to spare every storefront
 * bundle bytes it would carry for nothing:
 * - ky is imported at once (`src/core/ky-load.browser.ts`): the lazy import that keeps Node's
 *   cold start cheap makes a bundler wrap every module of ky for deferred evaluation (~160 bytes
 *   gzipped);
 * - ky's upload and download progress streaming, which runs only for the progress options
 *   promokit never passes, is left out (`src/core/ky-progress.browser.ts`, ~400 bytes gzipped).
 */
const browserBuild: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'promokit-browser',
  setup(build) {
    build.onResolve({ filter: /\/ky-load\.js$/ }, (args) => ({ path: join(args.resolveDir, 'ky-load.browser.ts') }));
    build.onResolve({ filter: /^\.\.\/utils\/body\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]ky[\\/]/.test(args.importer) ? { path: fileURLToPath(new URL('src/core/ky-progress.browser.ts', import.meta.url)) } : undefined,
    );
  },
};

export default defineConfig([
  // `dist/browser/` is written by the third build, which may run first.
  { ...common, format: ['esm'], noExternal: bundled, clean: ['!browser/**'] },
  { ...common, format: ['cjs'], noExternal: bundled },
  {
    ...common,
    entry: { 'client-side': entry['client-side'] },
    outDir: 'dist/browser',
    format: ['esm'],
    platform: 'browser',
    splitting: false,
    dts: false,
    noExternal: bundled,
    esbuildPlugins: [browserBuild],
  },
]);
