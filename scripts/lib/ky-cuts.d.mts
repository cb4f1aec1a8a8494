/** Types of scripts/lib/ky-cuts.mjs, for the tests that import it. */
/** The ky version the cuts were written against. */
export declare const KY_VERSION: string;
/** Each cut: what it serves, its first anchor and its last. */
export declare const KY_CUTS: ReadonlyArray<readonly [what: string, first: string, last: string]>;
/** ky's Ky.js without the cuts; throws, naming the cut, on any mismatch. */
export declare function cutKy(source: string, version: string): string;
