// Types of scripts/browser-build.mjs, for tsup.config.ts.
import type { Plugin } from 'esbuild';

/** The esbuild plugin of the browser build of `promokit/client-side`. */
export declare const browserBuild: Plugin;
