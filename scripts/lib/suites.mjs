// The two suites of vitest files. `npm test` runs the fast one: every file but the slow ones,
// which is everything a change to the SDK, its mock service or its docs needs, in a few minutes
// on two cores. `npm run test:slow` runs the slow one: the files that drive a program outside npm
// (a real redis-server with fleets of processes and outages, BullMQ on it, headless Chromium) and
// the packed tarball installed the ways users install it. CI runs both.
import { TOOLS } from './prerequisites.mjs';

/** The slow files (globs relative to the root), by why they are slow. */
export const SLOW = [
  ...TOOLS.map((tool) => ({ why: `${tool.name}: ${tool.purpose}`, files: tool.files })),
  {
    why: 'the packed tarball: `npm pack` installed into scratch projects, imported and type-checked by every consumer setup',
    files: ['test/package/pack.test.ts', 'test/package/consumers.test.ts'],
  },
  {
    why: 'promokit-mcp as hosts run it: the built bin over stdio and HTTP, server processes that crash or share one Redis ledger, the packed package run from npx',
    files: ['mcp/test/slow/**'],
  },
];

/** Every slow file (glob). */
export const SLOW_FILES = SLOW.flatMap((group) => group.files);

/** The test files among them: a folder's `*.test.ts` (its helpers are not tests). */
export const SLOW_TESTS = SLOW_FILES.map((glob) => (glob.endsWith('/**') ? `${glob}/*.test.ts` : glob));

/** What no suite runs: the consumers' programs (type-checked and run by `npm run consumers`), dependencies. */
export const NEVER = ['test/consumers/**', '**/node_modules/**'];
