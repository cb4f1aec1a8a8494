#!/usr/bin/env node
// The programs outside npm that `npm test` and the site check use (redis-server and Debian's
// Chromium; see scripts/lib/prerequisites.mjs): prints each one's version, or MISSING with the
// package that brings it.
//
//   npm run prerequisites                 check; exit 1 when one is missing
//   npm run prerequisites -- --install    install the missing ones with apt-get first (Debian, as root; .ci/run does)
import { spawnSync } from 'node:child_process';
import { missingTools, TOOLS } from './lib/prerequisites.mjs';

let missing = missingTools();
if (missing.length > 0 && process.argv.includes('--install')) {
  const apt = (args) => spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  console.log(`installing with apt-get: ${missing.map((tool) => tool.debian).join(' ')}`);
  if (apt(['update', '-qq']).status !== 0 || apt(['install', '-y', '-qq', ...missing.map((tool) => tool.debian)]).status !== 0) console.log('apt-get failed');
  missing = missingTools();
}
for (const tool of TOOLS) {
  if (!tool.installed()) {
    console.log(`${tool.name}: MISSING (apt-get install -y ${tool.debian}); needed by ${tool.files.join(', ')}`);
    continue;
  }
  const version = spawnSync(tool.command(), ['--version'], { encoding: 'utf8' });
  console.log(`${tool.name}: ${(version.stdout || version.stderr || '').trim().split('\n')[0]}`);
}
process.exit(missing.length === 0 ? 0 : 1);
