import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { skipLine, skippedTestFiles } from './scripts/lib/prerequisites.mjs';
import { NEVER, SLOW_FILES, SLOW_LANES, SLOW_TESTS } from './scripts/lib/suites.mjs';

// Outside CI, the files that need a missing redis-server or Chromium are left out, said in one line
// (by `npm test` after its count, by a direct `vitest` run here); under CI nothing is left out.
const skipped = skippedTestFiles();
if (skipped.length > 0 && !process.env.PROMOKIT_TEST_SKIP_LINE) console.log(skipLine());

// One lane of the slow suite, or the whole of it.
const slowLane = SLOW_LANES[process.env.PROMOKIT_SLOW_LANE as keyof typeof SLOW_LANES] ?? { include: SLOW_TESTS, exclude: [] };

// Two projects (scripts/lib/suites.mjs): `fast`, what `npm test` runs, and `slow`, what
// `npm run test:slow` runs; each holds the promokit-mcp workspace's files (mcp/test/) too. A direct `npx vitest run FILE…` runs the files named, whichever
// project holds them. Every file runs in a process of its own (vitest's `forks` pool, isolated).
export default defineConfig({
  test: {
    // test/browser/ runs in Node too: it drives Debian's Chromium with playwright-core.
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    unstubEnvs: true,
    projects: [
      // Two workers per core: the fast files spend about half their time waiting on sockets and
      // timers, not on a core, and each is written to pass on a loaded machine. A run that shares
      // the cores with another suite (the other Nodes' suites, side by side in CI: see
      // scripts/runtimes.mjs) sets PROMOKIT_TEST_WORKERS to its share.
      {
        extends: true,
        test: {
          name: 'fast',
          include: ['test/**/*.test.ts', 'mcp/test/**/*.test.ts'],
          exclude: [...NEVER, ...SLOW_FILES, ...skipped],
          maxWorkers: Number(process.env.PROMOKIT_TEST_WORKERS) || 2 * availableParallelism(),
        },
      },
      // The slow files run fleets of processes against rate windows, a browser, npm and tsc over
      // every consumer setup: one file at a time, as each was written for (two fleets side by side
      // starve each other's processes), after the fast ones when a run holds both. `npm run
      // test:slow` runs its lanes (PROMOKIT_SLOW_LANE: `fleets`, `queues`, `beside`) side by side.
      {
        extends: true,
        test: { name: 'slow', include: slowLane.include, exclude: [...NEVER, ...slowLane.exclude, ...skipped], maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
