// The module substitution of the browser build of `promokit/client-side` (package.json `exports`,
// `browser` condition), as an esbuild plugin: tsup.config.ts builds dist/browser/client-side.js
// with it, and `node scripts/size.mjs --modules` attributes bytes with it, so the attribution
// matches what a storefront ships.
//
// The runtime seam's Node side, src/core/runtime.ts, is replaced by its browser side,
// src/core/runtime.browser.ts (same names, same types, checked by tsc): what matters only on a
// server stays out of every storefront bundle (ky imported at once, one listener per shared
// signal left to Node, the header checks left to the browser's fetch). ky itself is bundled as
// published, in every build: no module of it is replaced or cut.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The runtime seam: the one module of src/ the browser build replaces, and its browser side. */
const seam = { node: join(root, 'src', 'core', 'runtime.ts'), browser: join(root, 'src', 'core', 'runtime.browser.ts') };

/**
 * The esbuild plugin of the browser build: the runtime seam's Node side (src/core/runtime.ts) is
 * replaced by its browser side (src/core/runtime.browser.ts), and nothing else. A `*.browser.ts`
 * anywhere else in src/ fails the build: what differs in browsers belongs in the seam.
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
  },
};
