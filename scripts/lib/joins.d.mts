// Types of scripts/lib/joins.mjs, for the tests.

/**
 * The text with its block `name` listing `wanted` (entries, each a line or a doc comment and its
 * line): the entries it has keep their order, those no longer wanted go, new ones are added at the
 * end. `undefined` when the text has no such block.
 */
export declare function rejoin(text: string, name: string, wanted: readonly string[]): string | undefined;
/** Compares each list with the files it derives from; with `write`, rewrites the blocks that disagree. A line per block that disagreed. */
export declare function checkJoins(write: boolean): string[];
