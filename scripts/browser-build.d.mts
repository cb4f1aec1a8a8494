// Types of scripts/browser-build.mjs, for tsup.config.ts.
import type { Plugin } from 'esbuild';

/** The esbuild plugin of the browser build of `promokit/client-side`. */
export declare const browserBuild: Plugin;

/** The esbuild plugin of every build: ky without the parts promokit never reaches. */
export declare const leanKy: Plugin;

/** The esbuild plugin of the server builds: p-queue without p-timeout, which promokit never reaches. */
export declare const leanQueue: Plugin;
