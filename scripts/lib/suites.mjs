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

/**
 * The fast files whose subject is the same on every Node: the sources, the documentation and the
 * built files read as text, types checked by tsc, the layer rules, the lint. The fast suite on
 * Node 22 and 24 (scripts/runtimes.mjs) leaves them out; on Node 20 they run with the rest.
 */
export const SAME_ON_EVERY_NODE = [
  'test/architecture.test.ts',
  'test/registry.test.ts',
  'test/types/**',
  'test/metadata-types/declarations.test.ts',
  'test/metadata-types/checks.test.ts',
  'test/metadata-types/bundle.test.ts',
  'test/package/ci-steps.test.ts',
  'test/package/ky.test.ts',
  'test/package/lint-and-format.test.ts',
  'test/package/no-node-builtins.test.ts',
];
