// Types of scripts/lib/prerequisites.mjs, for vitest.config.ts and the tests.

/** Where Debian's Chromium is. */
export declare const CHROMIUM: string;
/** The launch flags of Chromium that work in sandboxless containers. */
export declare const CHROMIUM_FLAGS: string[];
/** A program outside npm that some test files need. */
export interface Tool {
  name: string;
  command(): string;
  debian: string;
  /** What the tests do with it. */
  purpose: string;
  files: string[];
  installed(): boolean;
}
/** The programs `npm test` uses. */
export declare const TOOLS: Tool[];
/** True under CI, where nothing is skipped. */
export declare function inCI(): boolean;
/** The programs that are not installed. */
export declare function missingTools(): Tool[];
/** The test files (globs) to leave out: those of the missing programs, none under CI. */
export declare function skippedTestFiles(): string[];
/** The one line saying what was skipped and how to get it; '' when nothing is. */
export declare function skipLine(): string;
