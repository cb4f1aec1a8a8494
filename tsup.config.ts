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

export default defineConfig([
  // ESM: dependencies stay external so applications share one ky and one zod.
  { ...common, format: ['esm'], clean: true },
  // CJS: ky is ESM-only, so it is bundled in; `require('promokit')` then works on every Node 20.
  { ...common, format: ['cjs'], noExternal: ['ky'] },
]);
