// Types of scripts/size.mjs, for the test suite.

/** The budget: 7 KB gzipped, in bytes. */
export declare const BUDGET: number;
/** The repository root. */
export declare const root: string;
/** The storefront entry that is measured: one `ClientEvents`, one event. */
export declare const TRACK_ONE_EVENT: string;

/** A bundle built from the built package, as a user's bundler builds it. */
export interface BrowserBundle {
  code: string;
  minified: number;
  gzipped: number;
  /** Bytes each input file contributes to the minified output, largest first. */
  inputs: Array<{ path: string; bytes: number }>;
}

/** Bundles `source` (an ES module importing 'promokit/…') against dist/ with esbuild for the browser. */
export declare function buildBrowserBundle(options?: { source?: string; minify?: boolean }): Promise<BrowserBundle>;
