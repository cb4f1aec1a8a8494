import { defineConfig } from 'vitest/config';

/** The workspace's tests: the fast ones by default; `--slow` names the slow ones (the bin over stdio, the packed package, Redis). */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
