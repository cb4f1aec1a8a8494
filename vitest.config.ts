import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // test/browser/ runs in Node too: it drives Debian's Chromium with playwright-core.
    exclude: ['test/consumers/**', '**/node_modules/**'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    unstubEnvs: true,
  },
});
