// The two programs outside npm that the slow suite uses, and the test files that need them. Outside CI
// a missing one skips its files (vitest.config.ts leaves them out) and the run says so in one
// line; with `CI` set (.ci/run sets it) nothing is skipped, so a missing program fails its files.
// `npm run prerequisites` (scripts/prerequisites.mjs) checks and installs them.
import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/** Where Debian's Chromium is, and where the browser tests and the site check look for it. */
export const CHROMIUM = '/usr/bin/chromium';

/** The launch flags of Chromium that work in sandboxless containers (the browser tests and the site check). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** True when `path` is a file this process may run. */
function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** True when `command` (a name looked up on PATH, or a path) can be run. */
function onPath(command) {
  if (isAbsolute(command) || command.includes('/')) return executable(command);
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && executable(join(dir, command)));
}

/** The redis-server the tests start: `REDIS_SERVER` when set, else the one on PATH. */
const redisServer = () => process.env.REDIS_SERVER ?? 'redis-server';

/**
 * The programs: the command, the Debian package that brings it, what the tests do with it, the
 * test files (globs) and the examples (names, see scripts/examples.mjs) that need it.
 */
export const TOOLS = [
  {
    name: 'redis-server',
    command: redisServer,
    debian: 'redis-server',
    purpose:
      'the fleet limiter and token store on a real server (fleets of processes, outages, both Redis clients), spend jobs on a BullMQ queue, and promokit-mcp servers sharing one Redis ledger',
    files: ['test/redis/**', 'test/queues/**', 'mcp/test/slow/processes.test.ts', 'mcp/test/slow/redis-ledger.test.ts'],
    examples: ['job-queue-bullmq'],
    installed: () => onPath(redisServer()),
  },
  {
    name: CHROMIUM,
    command: () => CHROMIUM,
    debian: 'chromium',
    purpose: 'the browser entry, the server client and the mock in headless Chromium (keepalive as the page is left, redirects, CORS)',
    files: [
      'test/browser/chromium.test.ts',
      'test/browser/redirect.test.ts',
      'test/browser/keepalive.test.ts',
      'test/browser/client-in-browser.test.ts',
      'test/browser/mock-inject.test.ts',
      'test/browser/metadata-schemas.test.ts',
    ],
    installed: () => executable(CHROMIUM),
  },
];

/** True under CI (`CI` set to anything but `false` or `0`), where nothing is skipped. */
export const inCI = () => !['', 'false', '0'].includes((process.env.CI ?? '').toLowerCase());

/** The programs that are not installed. */
export const missingTools = () => TOOLS.filter((tool) => !tool.installed());

/** The test files to leave out: those of the missing programs, and none under CI. */
export const skippedTestFiles = () => (inCI() ? [] : missingTools().flatMap((tool) => tool.files));

/** The examples to leave out: those needing a missing program, and none under CI. */
export const skippedExamples = () => (inCI() ? [] : missingTools().flatMap((tool) => (tool.examples ?? []).map((example) => ({ example, tool }))));

/** The one line that says what was skipped and how to get it; '' when nothing is. */
export function skipLine() {
  const missing = inCI() ? [] : missingTools();
  if (missing.length === 0) return '';
  const what = missing.map((tool) => `${tool.files.map((glob) => glob.replace(/\*\*$/, '')).join(', ')} (${tool.name} not found)`).join(' and ');
  return `npm test: skipped ${what}; to run them install ${missing.length > 1 ? 'them' : 'it'}: sudo apt-get install -y ${missing.map((tool) => tool.debian).join(' ')} (Debian, Ubuntu). CI=true fails instead of skipping.`;
}
