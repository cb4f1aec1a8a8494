// Types of scripts/size.mjs, for the test suite.

/** The client-side gate, in bytes gzipped. */
export declare const CLIENT_GATE: number;
/** The client-side gate's hold while it is not met, in bytes gzipped. */
export declare const CLIENT_HOLD: number;
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
export declare function buildBrowserBundle(options?: {
  source?: string;
  minify?: boolean;
  platform?: 'browser' | 'node';
  plugins?: import('esbuild').Plugin[];
}): Promise<BrowserBundle>;

/** The server entry's budget for a program making one call, in bytes gzipped. */
export declare const SERVER_BUDGET: number;
/** The whole server entry's budget, every chunk it may load but the opt-in parts', in bytes gzipped. */
export declare const SERVER_WHOLE_BUDGET: number;
/** The chunks of the parts a program opts into, by module name. */
export declare const OPT_IN_CHUNKS: readonly string[];
/** An esbuild plugin leaving out the chunks of the parts a program opts into: the whole server entry as gated. */
export declare const withoutOptInChunks: import('esbuild').Plugin;
/** The server entry, one call: `Client`, one getMember. */
export declare const SERVER_CALL: string;
/** An esbuild plugin leaving out the chunks loaded on first use (the limits' queue, `waitFor`'s polling, the escape hatch, the check of a client's own schemas, a failure's typed error, the access token function's call, the response schemas of the groups of sub-clients `SERVER_CALL` does not call, …). */
export declare const withoutLazyChunks: import('esbuild').Plugin;

/** Every figure the gates and the documentation use, measured from dist/. */
export declare function measure(): Promise<{
  clientSide: BrowserBundle;
  clientSideTotal: BrowserBundle;
  clientSideWithCheck: BrowserBundle;
  server: BrowserBundle;
  serverWhole: BrowserBundle;
  serverTotal: BrowserBundle;
  optIn: Record<string, number>;
  kyAlone: number;
}>;
/** The figures the documentation may quote, by marker name, as it quotes them. */
export declare function quotable(figures: Awaited<ReturnType<typeof measure>>): Record<string, string>;
