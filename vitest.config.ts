import { defineConfig } from 'vitest/config';
import { skipLine, skippedTestFiles } from './scripts/lib/prerequisites.mjs';

// Outside CI, the files that need a missing redis-server or Chromium are left out, said in one line
// (by `npm test` after its count, by a direct `vitest` run here); under CI nothing is left out.
const skipped = skippedTestFiles();
if (skipped.length > 0 && !process.env.PROMOKIT_TEST_SKIP_LINE) console.log(skipLine());

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // test/browser/ runs in Node too: it drives Debian's Chromium with playwright-core.
    exclude: ['test/consumers/**', '**/node_modules/**', ...skipped],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    unstubEnvs: true,
  },
});
