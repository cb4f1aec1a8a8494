#!/usr/bin/env node
// Runs the code of the guides against the mock service: every ```ts block of README.md, docs/*.md
// and docs/site/*.md (scripts/lib/guide-blocks.mjs) but those whose first line says what they
// need (`// Needs a browser …`: type-checked only, by `npm run check:guides`). `npm test` runs it
// (test/guides/run.test.ts), one result per block.
//
// A block runs as a user's module: compiled from TypeScript as it stands (esbuild), written to a
// .tmp/guide-code/blocks/, and imported by Node, so `import … from 'promokit'` is the built package
// (dist/, through package.json's exports). For each block, a fresh mock service
// (`promokit/testing`) listens on 127.0.0.1, and the block's client reaches it as a user's would
// reach the service:
//   - `new Client()` reads its settings from the environment: PROMOKIT_BASE_URL is the mock's
//     address, and the keys are the guides' placeholders (`your-app-id`, `your-app-token`,
//     `your-oauth-access-token`, `your-client-application-id`, `your-client-token`, origin
//     `https://shop.example.com`), which the mock takes;
//   - a client of `https://api.example.com` (or any other address) reaches the mock too: undici's
//     global dispatcher, the one Node's transport and fetch use, sends every request there;
//   - `getFreshToken()`, which the guides leave to the reader, is a token the mock issued.
// A `<!-- guide-mock: { … } -->` comment above a block gives its mock's options (createMockService).
// A `<!-- guide-setup: … -->` comment above a block runs first, with `mock` in scope: the records
// the block assumes exist. A `<!-- guide-then: … -->` comment below it runs after it, with `mock`,
// `block` (its exports) and `assert`: the call of a function the block defines, and what it should
// give. A block that makes its own mock (`createMockService()`) uses its own.
// A line under `// @ts-expect-error` is code the compiler refuses, shown as such: it is not run.
// A block that imports 'vitest' is a test file: its tests run after it is imported, with
// vitest's `expect` (scripts/lib/guide-vitest.mjs).
//
// Runs on one machine take turns (a lock, .tmp/guide-code/lock/, held by a live process): the
// suites of two Nodes side by side each run the guides, and a guide's blocks may listen on a fixed
// port or write a ledger beside them. A run waits at most 5 minutes for its turn.
//
// A block fails when importing it throws or rejects, when one of its tests fails, when a promise
// it left behind rejects unhandled, or when it does not settle within 10 s.
//
//   node scripts/run-guides.mjs                    every block; prints a line per failure and the counts
//   node scripts/run-guides.mjs README.md:40 …     only the blocks named (file:line, the block's first line)
//   node scripts/run-guides.mjs --json FILE        also writes every block's result to FILE
//   node scripts/run-guides.mjs --verbose          prints what each block printed
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { format } from 'node:util';
import { transformSync } from 'esbuild';
import { Agent, setGlobalDispatcher } from 'undici';
import { ensureBuilt, ensureMcpBuilt, root } from './lib/build.mjs';
import { guideBlocks } from './lib/guide-blocks.mjs';

/** The guides' placeholder keys, which the mock of each block takes. */
const KEYS = {
  appId: 'your-app-id',
  appToken: 'your-app-token',
  accessToken: 'your-oauth-access-token',
  clientApplicationId: 'your-client-application-id',
  clientToken: 'your-client-token',
  origin: 'https://shop.example.com',
};
const ENV = {
  PROMOKIT_APP_ID: KEYS.appId,
  PROMOKIT_APP_TOKEN: KEYS.appToken,
  PROMOKIT_ACCESS_TOKEN: KEYS.accessToken,
  PROMOKIT_CLIENT_APPLICATION_ID: KEYS.clientApplicationId,
  PROMOKIT_CLIENT_TOKEN: KEYS.clientToken,
  PROMOKIT_ORIGIN: KEYS.origin,
};
const BLOCK_TIMEOUT_MS = 10_000;

const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const jsonFile = jsonAt >= 0 ? resolve(args[jsonAt + 1]) : undefined;
const verbose = args.includes('--verbose');
const named = args.filter((a, i) => !a.startsWith('--') && (jsonAt < 0 || i !== jsonAt + 1));

await takeTurn(join(root, '.tmp', 'guide-code', 'lock'), 300_000);
ensureBuilt();
// A block's stack frames name the guide's lines (each block carries its source map).
process.setSourceMapsEnabled(true);
// A guide shows promokit-mcp's server too.
ensureMcpBuilt();
const { createMockService } = await import('promokit/testing');
const shim = pathToFileURL(join(root, 'scripts', 'lib', 'guide-vitest.mjs')).href;
const { takeCollected } = await import(shim);

const out = join(root, '.tmp', 'guide-code', 'blocks');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
// What a block writes to a relative path (a ledger file, …) lands beside the blocks.
process.chdir(out);

// Every request to an address off this machine (`https://api.example.com`, …) goes to the current
// block's mock; one to 127.0.0.1 (a mock the block listens with itself) goes where it is sent.
let target = 'http://127.0.0.1:9';
const offMachine = (origin) => !/^https?:\/\/(127\.0\.0\.1|localhost)(:|$)/.test(String(origin));
setGlobalDispatcher(
  new Agent().compose((dispatch) => (options, handler) => dispatch(offMachine(options.origin) ? { ...options, origin: target } : options, handler)),
);

// What a block leaves behind unhandled is that block's failure.
let unhandled = [];
process.on('unhandledRejection', (reason) => unhandled.push(reason));

/**
 * Waits until no other live run holds `lock` (a directory naming its owner's pid), then holds it
 * until this process exits. A lock whose owner is gone is taken over; after `maxMs`, exits 1.
 */
async function takeTurn(lock, maxMs) {
  const until = Date.now() + maxMs;
  for (;;) {
    try {
      mkdirSync(lock, { recursive: false });
      writeFileSync(join(lock, 'pid'), String(process.pid));
      process.on('exit', () => rmSync(lock, { recursive: true, force: true }));
      return;
    } catch (error) {
      if (error.code === 'ENOENT') mkdirSync(dirname(lock), { recursive: true });
      else if (error.code !== 'EEXIST') throw error;
      else if (!ownerAlive(lock)) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > until) {
        console.error(`another run of the guides (${lock}) did not end within ${maxMs / 1000} s`);
        process.exit(1);
      } else await new Promise((done) => setTimeout(done, 200));
    }
  }
}

/** Whether the process named in `lock` still runs (a lock made in the last 5 s without its pid yet counts as held). */
function ownerAlive(lock) {
  let pid;
  try {
    pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
  } catch {
    try {
      return Date.now() - statSync(lock).mtimeMs < 5_000;
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** The block's code as a module Node runs: TypeScript stripped, 'vitest' the shim, refused lines left out. */
function moduleOf(block) {
  const lines = block.code.split('\n');
  const kept = lines.map((line, i) => (i > 0 && /^\s*\/\/ @ts-expect-error/.test(lines[i - 1]) ? '' : line));
  const { code } = transformSync(kept.join('\n'), {
    loader: 'ts',
    format: 'esm',
    target: 'node20',
    sourcefile: `${block.file}:${block.line}`,
    sourcemap: 'inline',
  });
  return code.replace(/from\s*(['"])vitest\1/g, `from '${shim}'`);
}

/** Runs `fn` within the block's time; rejects when it does not settle in time. */
function bounded(fn, what) {
  let timer;
  return Promise.race([
    Promise.resolve().then(fn),
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not settle within ${BLOCK_TIMEOUT_MS / 1000} s`)), BLOCK_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

const AsyncFunction = (async () => {}).constructor;
const consoleMethods = ['log', 'info', 'warn', 'error', 'debug'];

/** Runs one block against a mock of its own: `{ file, line, status: 'ran' | 'failed', error?, printed }`. */
async function run(block, index) {
  // A guide-mock comment's options: an object literal of the guide's, read as the guide's own code is run.
  const options = block.mock ? new Function(`return (${block.mock});`)() : {};
  const mock = createMockService({ credentials: KEYS, ...options });
  const server = await mock.listen();
  target = server.url;
  const savedEnv = { ...process.env };
  Object.assign(process.env, ENV, { PROMOKIT_BASE_URL: server.url });
  const globalsBefore = new Set(Object.getOwnPropertyNames(globalThis));
  globalThis.getFreshToken = async () => mock.issueToken({ expiresIn: 900 });
  const printed = [];
  const saved = Object.fromEntries(consoleMethods.map((m) => [m, console[m]]));
  for (const m of consoleMethods) console[m] = (...values) => printed.push(format(...values));
  unhandled = [];
  const failures = [];
  try {
    if (block.setup) await bounded(() => new AsyncFunction('mock', block.setup)(mock), 'the guide-setup');
    const file = join(out, `${block.file.replace(/[^a-z0-9]+/gi, '_')}_${block.line}_${index}.mjs`);
    writeFileSync(file, moduleOf(block));
    const exported = await bounded(() => import(pathToFileURL(file).href), 'the block');
    const { tests, beforeAll, beforeEach, afterEach, afterAll } = takeCollected();
    for (const hook of beforeAll) await bounded(hook, 'beforeAll');
    for (const t of tests) {
      try {
        for (const hook of beforeEach) await bounded(hook, 'beforeEach');
        await bounded(t.fn, `the test '${t.name}'`);
        for (const hook of afterEach) await bounded(hook, 'afterEach');
      } catch (error) {
        failures.push(`test '${t.name}': ${describe(error)}`);
      }
    }
    for (const hook of afterAll) await bounded(hook, 'afterAll');
    if (block.then) await bounded(() => new AsyncFunction('mock', 'block', 'assert', block.then)(mock, exported, assert), 'the guide-then');
    // A promise the block left behind has a turn to reject.
    await new Promise((resolve) => setTimeout(resolve, 0));
  } catch (error) {
    failures.push(describe(error));
  } finally {
    takeCollected();
    Object.assign(console, saved);
    for (const name of Object.getOwnPropertyNames(globalThis)) if (!globalsBefore.has(name)) delete globalThis[name];
    for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
    Object.assign(process.env, savedEnv);
    await server.close();
  }
  for (const reason of unhandled) failures.push(`unhandled rejection: ${describe(reason)}`);
  // What the service refused, for a reader of the run (a block may mean to show a refusal).
  const refused = mock.requests.filter((r) => r.status >= 400).map((r) => `${r.status} ${r.operation ?? r.route ?? `${r.method} ${r.path}`}`);
  return { file: block.file, line: block.line, status: failures.length ? 'failed' : 'ran', error: failures.join('\n') || undefined, printed, refused };
}

/**
 * An error as one readable paragraph: its class, message and the guide's line it came from (the
 * stack's frame in the block, mapped back through the block's source map: `README.md:40:3:7`, the
 * block's line, then the line and column in it).
 */
function describe(error) {
  if (!(error instanceof Error)) return `threw a non-error: ${String(error)}`;
  const frame = /([\w./-]+\.md):(\d+):(\d+):(\d+)/.exec(error.stack ?? '');
  const at = frame ? `\n    at ${frame[1].replace(/^.*?((docs\/)?[\w.-]+\.md)$/, '$1')}:${Number(frame[2]) + Number(frame[3]) - 1}` : '';
  return `${error.name}: ${error.message}${at}`;
}

const blocks = guideBlocks(root).filter((b) => named.length === 0 || named.includes(`${b.file}:${b.line}`));
const results = [];
const started = performance.now();
for (const [i, block] of blocks.entries()) {
  if (block.needs !== null) {
    results.push({ file: block.file, line: block.line, status: 'type-checked only', needs: block.needs });
    continue;
  }
  const began = performance.now();
  const result = { ...(await run(block, i)), ms: Math.round(performance.now() - began) };
  results.push(result);
  if (result.status === 'failed') console.log(`FAILED ${result.file}:${result.line}\n  ${result.error.replaceAll('\n', '\n  ')}`);
  if (verbose) {
    console.log(`${result.file}:${result.line}: ran${result.refused.length ? `; the mock refused ${result.refused.join(', ')}` : ''}`);
    for (const line of result.printed) console.log(`  | ${line}`);
  }
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const count = (status) => results.filter((r) => r.status === status).length;
if (jsonFile) writeFileSync(jsonFile, JSON.stringify(results, null, 2));
console.log(
  `${count('ran') + count('failed')} guide blocks run against the mock in ${seconds} s, ${count('failed')} failed; ${count('type-checked only')} type-checked only (${relative(root, out)}/)`,
);
process.exit(count('failed') > 0 ? 1 : 0);
