// The module substitutions of the browser build of `promokit/client-side` (package.json
// `exports`, `browser` condition), as an esbuild plugin: tsup.config.ts builds
// dist/browser/client-side.js with it, and `node scripts/size.mjs --modules` attributes bytes
// with it, so the attribution matches what a storefront ships.
//
// - ky is imported at once (src/core/ky-load.browser.ts): the lazy import that keeps Node's cold
//   start cheap makes a bundler wrap every module of ky for deferred evaluation (~160 bytes
//   gzipped);
// - ky's upload and download progress streaming, which runs only for the progress options
//   promokit never passes, is left out (src/core/ky-progress.browser.ts, ~400 bytes gzipped).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The esbuild plugin of the browser build. */
export const browserBuild = {
  name: 'promokit-browser',
  setup(build) {
    build.onResolve({ filter: /\/ky-load\.js$/ }, (args) => ({ path: join(args.resolveDir, 'ky-load.browser.ts') }));
    build.onResolve({ filter: /^\.\.\/utils\/body\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]ky[\\/]/.test(args.importer) ? { path: join(root, 'src', 'core', 'ky-progress.browser.ts') } : undefined,
    );
  },
};
