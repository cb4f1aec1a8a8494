import { defineConfig, type Options } from 'tsup';
import { browserBuild } from './scripts/browser-build.mjs';

/** Every public entry; each is built on its own so a browser bundle pulls in only what it imports. */
const entry = {
  index: 'src/index.ts',
  'client-side': 'src/client-side.ts',
  testing: 'src/testing/index.ts',
  'limiter-redis': 'src/limiter-redis.ts',
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
 * p-queue (with its eventemitter3 and p-timeout) is bundled too, in a chunk loaded only by a
 * client with `maxConcurrency` or `rateLimit` and by `promokit/limiter-redis`. That entry's own
 * libraries (rate-limiter-flexible, ioredis) are optional peer dependencies, never bundled.
 */
const bundled = ['ky', 'zod', 'p-queue', 'eventemitter3', 'p-timeout'];

export default defineConfig([
  // `dist/browser/` is written by the third build, which may run first.
  { ...common, format: ['esm'], noExternal: bundled, clean: ['!browser/**'] },
  { ...common, format: ['cjs'], noExternal: bundled },
  // The browser build of `promokit/client-side` (package.json `exports`, `browser` condition):
  // the same code, with ky imported at once and without ky's unused progress streaming (see
  // scripts/browser-build.mjs), in one ESM file.
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
