#!/usr/bin/env node
// `npm run build:mcp`: builds the promokit-mcp workspace into mcp/dist/ (its library, its bin
// `promokit-mcp` and its declarations), always; `npm test` builds it on its own when it is stale.
import { ensureMcpBuilt } from './lib/build.mjs';

try {
  ensureMcpBuilt({ force: true });
} catch (error) {
  console.error(`npm run build:mcp: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
