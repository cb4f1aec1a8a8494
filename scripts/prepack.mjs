#!/usr/bin/env node
// `prepack` (run by `npm pack` and `npm publish`): builds dist/ when it is missing or stale, so a
// tarball never ships without it, and stops the pack, saying why, when the build fails or leaves
// out a file package.json names.
import { ensureBuilt } from './lib/build.mjs';

try {
  ensureBuilt();
} catch (error) {
  console.error(
    `\nnpm pack: STOPPED: ${error instanceof Error ? error.message : error}. A tarball without dist/ installs and then fails at import; fix the build and pack again.\n`,
  );
  process.exit(1);
}
