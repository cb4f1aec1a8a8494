#!/usr/bin/env node
// The browser size budget of `promokit/client-side`.
//
// Builds what a storefront ships: an entry that imports `ClientEvents` from 'promokit/client-side'
// and sends one event, bundled from the BUILT package (dist/, resolved through package.json
// `exports` by esbuild's package self-reference, exactly as a user's bundler resolves it) with
// esbuild `--bundle --minify --platform=browser --format=esm`, ky included. Prints the gzipped
// size (gzip -9) and exits non-zero above the budget.
//
//   npm run size                     builds dist/ first, then measures
//   node scripts/size.mjs            measures the dist/ that exists
//   node scripts/size.mjs --modules  also lists the minified bytes of each src/ module (the dist/
//                                    chunk is one file; this bundles src/client-side.ts the same
//                                    way, with the browser build's substitutions, to attribute
//                                    bytes: for finding them, not for the budget)
//
// The test suite imports `buildBrowserBundle` to check what the bundle contains.
import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { browserBuild } from './browser-build.mjs';

/** The budget: 7 KB gzipped, in bytes (1 KB = 1,000 bytes, as size-limit counts). */
export const BUDGET = 7_000;

/**
 * The budget of the server entry bundled for Node, minified: 30 KB gzipped for what a program
 * making one call loads. Parts a call rarely needs are chunks of their own, imported on first
 * use: the queue behind `maxConcurrency` and `rateLimit` (p-queue and its two dependencies, about
 * 4.5 KB) and `asyncActions.waitFor`'s polling; a bundler without code splitting includes them
 * all the same, so the whole, those chunks included, has its own budget of 35 KB.
 */
export const SERVER_BUDGET = 30_000;

/** The budget of the server entry with every chunk it may load, the rarely used ones included. */
export const SERVER_TOTAL_BUDGET = 35_000;

/**
 * Leaves out the chunks a program loads only when it uses a rarely used part: the limits' queue
 * (p-queue, for `maxConcurrency` or `rateLimit`) and `asyncActions.waitFor`'s polling. ky's own
 * chunk, which every call loads, stays in.
 */
export const withoutLazyChunks = {
  name: 'without-lazy-chunks',
  setup(b) {
    b.onResolve({ filter: /^\.\/.*\.js$/ }, (args) => {
      if (args.kind !== 'dynamic-import') return undefined;
      const file = join(args.resolveDir, args.path);
      return existsSync(file) && /\bPQueue\b|\bwaitForAsyncAction\b/.test(readFileSync(file, 'utf8')) ? { path: args.path, external: true } : undefined;
    });
  },
};

/** What a Node service does with the server entry: one client, one call. */
export const SERVER_CALL = `import { Client } from 'promokit';
const client = new Client({ baseUrl: 'https://api.example.com', appId: 'a', appToken: 't', accessToken: 'k' });
client.loyalties.getMember('LOYAL-1').then(console.log, console.error);
`;

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** What a storefront page does with the entry: one client, one event. */
export const TRACK_ONE_EVENT = `import { ClientEvents } from 'promokit/client-side';
const events = new ClientEvents({ baseUrl: 'https://api.example.com', clientApplicationId: 'app', clientToken: 'token' });
events.track({ event: 'newsletter_subscribed', customer: { source_id: 'cust-42' } }).then(console.log, console.error);
`;

/**
 * Bundles `source` (an ES module importing 'promokit/…') against the built package, as a user's
 * bundler would. Returns the code, its gzipped size and the bytes each input contributes.
 */
export async function buildBrowserBundle({ source = TRACK_ONE_EVENT, minify = true, platform = 'browser', plugins = [] } = {}) {
  if (source.includes('promokit/') && !existsSync(join(root, 'dist', 'client-side.js'))) throw new Error('dist/client-side.js is missing: run `npm run build` first');
  const result = await build({
    stdin: { contents: source, resolveDir: root, sourcefile: 'storefront-entry.js', loader: 'js' },
    absWorkingDir: root,
    bundle: true,
    minify,
    platform,
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins,
  });
  const code = result.outputFiles[0].text;
  const [output] = Object.values(result.metafile.outputs);
  const inputs = Object.entries(output.inputs)
    .map(([path, { bytesInOutput }]) => ({ path, bytes: bytesInOutput }))
    .sort((a, b) => b.bytes - a.bytes);
  return { code, minified: Buffer.byteLength(code), gzipped: gzipSync(code, { level: 9 }).length, inputs };
}

/** Gzipped size of one dependency alone, sending the same request, for the breakdown. */
async function dependencyAlone(source) {
  const result = await build({
    stdin: { contents: source, resolveDir: root, sourcefile: 'alone.js', loader: 'js' },
    bundle: true,
    minify: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  return gzipSync(result.outputFiles[0].text, { level: 9 }).length;
}

const kb = (bytes) => `${(bytes / 1000).toFixed(2)} KB`;

async function main() {
  const bundle = await buildBrowserBundle();
  const groups = new Map();
  for (const { path, bytes } of bundle.inputs) {
    const group = path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? (path.startsWith('dist/') ? 'promokit (dist/)' : path);
    groups.set(group, (groups.get(group) ?? 0) + bytes);
  }
  const kyAlone = await dependencyAlone(
    "import ky from 'ky'; ky.post('https://api.example.com/client/v1/events', { json: { event: 'e' } }).json().then(console.log);",
  );
  console.log(`promokit/client-side, one event (esbuild --bundle --minify --platform=browser --format=esm, from dist/):`);
  console.log(`  minified ${kb(bundle.minified)}, gzipped ${kb(bundle.gzipped)} (${bundle.gzipped} bytes); budget ${kb(BUDGET)}`);
  console.log(`  minified bytes by package: ${[...groups].map(([name, bytes]) => `${name} ${bytes}`).join(', ')}`);
  console.log(`  ky alone, sending one JSON POST: ${kyAlone} bytes gzipped`);
  if (process.argv.includes('--modules')) {
    const bySource = await buildBrowserBundle({ source: TRACK_ONE_EVENT.replace("'promokit/client-side'", "'./src/client-side.ts'"), plugins: [browserBuild] });
    console.log(`  attribution, bundling src/ the same way (${bySource.gzipped} bytes gzipped); minified bytes per module:`);
    for (const { path, bytes } of bySource.inputs) if (!path.includes('node_modules/')) console.log(`    ${String(bytes).padStart(6)}  ${path}`);
  }
  const server = await buildBrowserBundle({ source: SERVER_CALL, platform: 'node', plugins: [withoutLazyChunks] });
  const serverTotal = await buildBrowserBundle({ source: SERVER_CALL, platform: 'node' });
  console.log(`promokit server entry, one call (esbuild --bundle --minify --platform=node --format=esm, from dist/):`);
  console.log(`  minified ${kb(server.minified)}, gzipped ${kb(server.gzipped)} (${server.gzipped} bytes); budget ${kb(SERVER_BUDGET)}`);
  console.log(`  with the chunks loaded on first use too (a bundler without code splitting): gzipped ${kb(serverTotal.gzipped)} (${serverTotal.gzipped} bytes); budget ${kb(SERVER_TOTAL_BUDGET)}`);

  // `--client-limit=N` gates regressions at N bytes while the 7 KB budget is reported as not met.
  const limitArg = process.argv.find((a) => a.startsWith('--client-limit='));
  const clientLimit = limitArg ? Number(limitArg.split('=')[1]) : BUDGET;
  let failed = false;
  if (server.gzipped > SERVER_BUDGET) {
    console.error(`size: FAIL: server entry ${server.gzipped} bytes gzipped is over its ${SERVER_BUDGET}-byte budget`);
    failed = true;
  } else console.log(`size: OK: server entry ${SERVER_BUDGET - server.gzipped} bytes under its budget`);
  if (serverTotal.gzipped > SERVER_TOTAL_BUDGET) {
    console.error(`size: FAIL: server entry with the limits' queue ${serverTotal.gzipped} bytes gzipped is over its ${SERVER_TOTAL_BUDGET}-byte budget`);
    failed = true;
  } else console.log(`size: OK: server entry with the limits' queue ${SERVER_TOTAL_BUDGET - serverTotal.gzipped} bytes under its budget`);
  if (bundle.gzipped > BUDGET) {
    const note = `client-side ${bundle.gzipped} bytes gzipped is over the ${BUDGET}-byte budget by ${bundle.gzipped - BUDGET} bytes`;
    if (bundle.gzipped > clientLimit) {
      console.error(`size: FAIL: ${note}${clientLimit !== BUDGET ? ` and over the ${clientLimit}-byte regression limit` : ''}`);
      failed = true;
    } else console.log(`size: BUDGET NOT MET: ${note}; within the ${clientLimit}-byte regression limit`);
  } else console.log(`size: OK: client-side ${BUDGET - bundle.gzipped} bytes under the budget`);
  if (failed) process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
