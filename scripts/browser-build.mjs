// The module substitutions of the browser build of `promokit/client-side` (package.json
// `exports`, `browser` condition), as an esbuild plugin: tsup.config.ts builds
// dist/browser/client-side.js with it, and `node scripts/size.mjs --modules` attributes bytes
// with it, so the attribution matches what a storefront ships.
//
// - a module of src/ with a browser variant beside it (`name.browser.ts`) is replaced by it: what
//   matters only on a server stays out of every storefront bundle. ky is imported at once
//   (src/core/ky/load.browser.ts): the lazy import that keeps Node's cold start cheap makes a
//   bundler wrap every module of ky for deferred evaluation (~160 bytes gzipped); one listener
//   per shared signal is Node's concern (src/core/abort.browser.ts);
// - ky's upload and download progress streaming, which runs only for the progress options
//   promokit never passes, is left out (scripts/build-stubs/ky-progress.ts, ~400 bytes gzipped);
// - ky's `ForceRetryError`, built only when an `afterResponse` hook returns `ky.retry()` (promokit
//   gives ky no hooks), is an empty subclass of `Error` (scripts/build-stubs/ky-force-retry.ts, ~80 bytes);
// - ky's `NonError`, the wrapper of a thrown non-Error that promokit's retry policy refuses
//   either way, is an empty subclass of `Error` too (scripts/build-stubs/ky-non-error.ts).
//
// The last three, `leanKy`, apply to the server builds too (tsup.config.ts).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cutKy } from './lib/ky-cuts.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** ky's built modules. */
const kyDistribution = join(root, 'node_modules', 'ky', 'distribution');

/** ky's modules every build replaces, by file under ky's `distribution/`: see each stand-in. */
const kyStandIns = {
  'index.js': 'ky-index.ts',
  'utils/merge.js': 'ky-merge.ts',
  'utils/normalize.js': 'ky-normalize.ts',
  'utils/options.js': 'ky-options.ts',
};

/** True for an import made by one of ky's own modules. */
const fromKy = (args) => /[\\/]node_modules[\\/]ky[\\/]/.test(args.importer);

/**
 * The esbuild plugin of every build: ky without its progress streaming, forced-retry error and
 * non-Error wrapper, and its request class without the parts promokit never reaches
 * (scripts/lib/ky-cuts.mjs: the build fails on a ky those cuts were not written for).
 */
export const leanKy = {
  name: 'promokit-lean-ky',
  setup(build) {
    // ky entered through its request class, without the default instance's option merging.
    build.onResolve({ filter: /^ky$/ }, (args) => (args.importer.startsWith(join(root, 'src')) ? { path: join(root, 'scripts', 'build-stubs', kyStandIns['index.js']) } : undefined));
    build.onResolve({ filter: /^promokit:ky-core$/ }, () => ({ path: join(kyDistribution, 'core', 'Ky.js') }));
    build.onResolve({ filter: /\.js$/ }, (args) => {
      if (!fromKy(args)) return undefined;
      const file = relative(kyDistribution, join(args.resolveDir, args.path)).split(sep).join('/');
      return kyStandIns[file] && file !== 'index.js' ? { path: join(root, 'scripts', 'build-stubs', kyStandIns[file]) } : undefined;
    });
    build.onLoad({ filter: /[\\/]node_modules[\\/]ky[\\/]distribution[\\/]core[\\/]Ky\.js$/ }, (args) => {
      const { version } = JSON.parse(readFileSync(join(kyDistribution, '..', 'package.json'), 'utf8'));
      return { contents: cutKy(readFileSync(args.path, 'utf8'), version), loader: 'js', resolveDir: dirname(args.path) };
    });
    build.onResolve({ filter: /^\.\.\/utils\/body\.js$/ }, (args) => (fromKy(args) ? { path: join(root, 'scripts', 'build-stubs', 'ky-progress.ts') } : undefined));
    build.onResolve({ filter: /\/ForceRetryError\.js$/ }, (args) => (fromKy(args) ? { path: join(root, 'scripts', 'build-stubs', 'ky-force-retry.ts') } : undefined));
    build.onResolve({ filter: /\/NonError\.js$/ }, (args) => (fromKy(args) ? { path: join(root, 'scripts', 'build-stubs', 'ky-non-error.ts') } : undefined));
  },
};

/**
 * The esbuild plugin of the server builds' limits queue: p-queue without p-timeout, which it
 * calls only for tasks given a `timeout` promokit never gives (scripts/build-stubs/p-timeout.ts).
 */
export const leanQueue = {
  name: 'promokit-lean-queue',
  setup(build) {
    build.onResolve({ filter: /^p-timeout$/ }, (args) => (/[\\/]node_modules[\\/]p-queue[\\/]/.test(args.importer) ? { path: join(root, 'scripts', 'build-stubs', 'p-timeout.ts') } : undefined));
  },
};

/**
 * The esbuild plugin of the browser build: each module of src/ that has a browser variant beside
 * it (`name.browser.ts` next to `name.ts`) is replaced by it; and {@link leanKy}.
 */
export const browserBuild = {
  name: 'promokit-browser',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\/.*\.js$/ }, (args) => {
      if (!args.importer.startsWith(join(root, 'src'))) return undefined;
      const variant = join(args.resolveDir, args.path.replace(/\.js$/, '.browser.ts'));
      return existsSync(variant) ? { path: variant } : undefined;
    });
    leanKy.setup(build);
  },
};
