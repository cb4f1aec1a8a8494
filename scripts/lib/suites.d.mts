// Types of scripts/lib/suites.mjs, for vitest.config.ts and the tests.

/** The slow files (globs relative to the root), by why they are slow. */
export declare const SLOW: Array<{ why: string; files: string[] }>;
/** Every slow file (glob). */
export declare const SLOW_FILES: string[];
/** The test files among them. */
export declare const SLOW_TESTS: string[];
/** What no suite runs. */
export declare const NEVER: string[];
/** The files of the slow suite's `queues` lane. */
export declare const SLOW_QUEUES: string[];
/** The files of the slow suite's `beside` lane. */
export declare const SLOW_BESIDE: string[];
/** The lanes of the slow suite, by name: the test files each includes and leaves out. */
export declare const SLOW_LANES: Record<'fleets' | 'queues' | 'beside', { include: string[]; exclude: string[] }>;
