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

/**
 * The slow suite runs in three lanes side by side, each one file at a time (`npm run test:slow`):
 * `fleets`, the files that time fleets of processes against rate windows and outages (Redis,
 * promokit-mcp servers sharing a ledger); `queues`, the job queues on BullMQ, whose workers share
 * one process and mostly wait on the faults they meet; and `beside`, the files that drive a browser
 * or npm and time no window of their own. A fleet's file never runs beside another fleet's.
 */
export const SLOW_QUEUES = ['test/queues/**/*.test.ts'];

/** The files of the `beside` lane (see {@link SLOW_QUEUES}). */
export const SLOW_BESIDE = [
  ...TOOLS.filter((tool) => tool.name !== 'redis-server').flatMap((tool) => tool.files),
  'test/package/pack.test.ts',
  'test/package/consumers.test.ts',
  'mcp/test/slow/bin.test.ts',
  'mcp/test/slow/pack.test.ts',
];

/** The lanes of the slow suite, by name: the test files each includes and leaves out. */
export const SLOW_LANES = {
  fleets: { include: SLOW_TESTS, exclude: [...SLOW_QUEUES, ...SLOW_BESIDE] },
  queues: { include: SLOW_QUEUES, exclude: [] },
  beside: { include: SLOW_BESIDE, exclude: [] },
};

/** What no suite runs: the consumers' programs (type-checked and run by `npm run consumers`), dependencies. */
export const NEVER = ['test/consumers/**', '**/node_modules/**'];
