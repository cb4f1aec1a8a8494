// The module substitutions of the browser build of `promokit/client-side` (package.json
// `exports`, `browser` condition), as an esbuild plugin: tsup.config.ts builds
// dist/browser/client-side.js with it, and `node scripts/size.mjs --modules` attributes bytes
// with it, so the attribution matches what a storefront ships.
//
// - the runtime seam's Node side, src/core/runtime.ts, is replaced by its browser side,
//   src/core/runtime.browser.ts (same names, same types, checked by tsc): what matters only on a
//   server stays out of every storefront bundle (ky imported at once, one listener per shared
//   signal left to Node, the header checks left to the browser's fetch);
// - ky's upload and download progress streaming, which runs only for the progress options
//   promokit never passes, is left out (scripts/build-stubs/ky-progress.ts, ~400 bytes gzipped);
// - ky's `ForceRetryError`, built only when an `afterResponse` hook returns `ky.retry()` (promokit
//   gives ky no hooks), is an empty subclass of `Error` (scripts/build-stubs/ky-force-retry.ts, ~80 bytes);
// - ky's `NonError`, the wrapper of a thrown non-Error that promokit's retry policy refuses
//   either way, is an empty subclass of `Error` too (scripts/build-stubs/ky-non-error.ts).
//
// The last three, `leanKy`, apply to the server builds too (tsup.config.ts).
import { readdirSync, readFileSync } from 'node:fs';
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
    build.onResolve({ filter: /^ky$/ }, (args) =>
      args.importer.startsWith(join(root, 'src')) ? { path: join(root, 'scripts', 'build-stubs', kyStandIns['index.js']) } : undefined,
    );
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
    build.onResolve({ filter: /^\.\.\/utils\/body\.js$/ }, (args) =>
      fromKy(args) ? { path: join(root, 'scripts', 'build-stubs', 'ky-progress.ts') } : undefined,
    );
    build.onResolve({ filter: /\/ForceRetryError\.js$/ }, (args) =>
      fromKy(args) ? { path: join(root, 'scripts', 'build-stubs', 'ky-force-retry.ts') } : undefined,
    );
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
    build.onResolve({ filter: /^p-timeout$/ }, (args) =>
      /[\\/]node_modules[\\/]p-queue[\\/]/.test(args.importer) ? { path: join(root, 'scripts', 'build-stubs', 'p-timeout.ts') } : undefined,
    );
  },
};

/** The runtime seam: the one module of src/ the browser build replaces, and its browser side. */
const seam = { node: join(root, 'src', 'core', 'runtime.ts'), browser: join(root, 'src', 'core', 'runtime.browser.ts') };

/**
 * The esbuild plugin of the browser build: the runtime seam's Node side (src/core/runtime.ts) is
 * replaced by its browser side (src/core/runtime.browser.ts), and nothing else; and {@link leanKy}.
 * A `*.browser.ts` anywhere else in src/ fails the build: what differs in browsers belongs in the seam.
 */
export const browserBuild = {
  name: 'promokit-browser',
  setup(build) {
    build.onStart(() => {
      const strays = readdirSync(join(root, 'src'), { recursive: true })
        .map(String)
        .filter((file) => file.endsWith('.browser.ts') && join(root, 'src', file) !== seam.browser);
      if (strays.length > 0) return { errors: [{ text: `browser variants outside the runtime seam (src/core/runtime.browser.ts): ${strays.join(', ')}` }] };
      return undefined;
    });
    build.onResolve({ filter: /(^|\/)runtime\.js$/ }, (args) =>
      join(args.resolveDir, args.path.replace(/\.js$/, '.ts')) === seam.node ? { path: seam.browser } : undefined,
    );
    leanKy.setup(build);
  },
};
