// Types of scripts/lib/vitest-report.mjs.

/** The counts of a run. */
export interface Counts {
  passed: number;
  failed: number;
  skipped?: number;
}
/** The counts of a vitest JSON report (a missing or unreadable one counts as one failure). */
export declare function countsOf(file: string): Required<Counts>;
/** One line per failed test and per file that failed to load. */
export declare function failuresOf(file: string): string[];
/** `N passed, N failed` (and `, N skipped` when some were). */
export declare function countLine(counts: Counts): string;
/** Where each run of a suite leaves its counts. */
export declare const COUNTS_DIR: string;
/** Writes the counts of the run `name` (e.g. `fast-node20`). */
export declare function writeCounts(name: string, counts: Counts): void;
/** The counts the run `name` left; one failure when it left none. */
export declare function readCounts(name: string): Required<Counts>;
/** Every run's counts, by name. */
export declare function allCounts(): Array<Required<Counts> & { name: string }>;
/** `node20`: the major version of the Node running the script. */
export declare const NODE: string;
/** Where scripts/test.mjs has vitest write its JSON report for `suite` on `node`. */
export declare function reportPath(suite: 'fast' | `slow-${string}` | 'files', node?: string): string;
