// Types of scripts/node-chunks.mjs, for tsup.config.ts.

/** Regroups the ESM files of `dir` reached from `entries` and writes the CommonJS build from them; returns the files written. */
export declare function regroupChunks(dir: string, entries: readonly string[]): Promise<string[]>;
