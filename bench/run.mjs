#!/usr/bin/env node
// promokit benchmark: runs bench/measure.mjs under the Node that runs this script (20) and under
// Node 22 and 24 (the `node@22` and `node@24` packages from npm, installed into .node22/ and
// .node24/ as scripts/runtimes.mjs does), prints each run's figures against the budgets of
// docs/PERFORMANCE.md with their verdicts, and writes everything to bench/results/latest.json.
//
// The per-request budgets are promokit's own overhead over a plain ky 2 + zod client on the same
// stack (bench/ky-zod.mjs, the ky promokit bundles): latency and CPU per request <= 1.05x, throughput and list walk >= 0.95x.
// And promokit against the vendor's SDK (bench/vendor.mjs): ahead on every per-request row on
// Node 22 and 24 (latency and CPU < 1x, throughput and walk > 1x), and CPU per request <= 1x on
// Node 20. The ratios to a bare `fetch` + `JSON.parse` are printed for information.
//
//   npm run bench                       build, then the three Nodes (about 10 minutes)
//   BENCH_QUICK=1 npm run bench         a short run
//   node bench/run.mjs --node=current   only the Node running this script (or --node=22, --node=24)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { buildBrowserBundle, CLIENT_GATE, SERVER_BUDGET, SERVER_CALL, SERVER_WHOLE_BUDGET, withoutLazyChunks, withoutOptInChunks } from '../scripts/size.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const which = (process.argv.find((a) => a.startsWith('--node=')) ?? '--node=all').slice('--node='.length);

/**
 * The budgets. `of` picks a figure from one run; `op` and `limit` decide the verdict against ky + zod;
 * `vendor`: the verdict against the vendor's SDK, `ahead` (strictly better) on Node 22 and 24, and
 * on Node 20 the CPU per request at most 1x; the other rows are for information there.
 */
const PER_NODE = [
  { name: 'latency, median', unit: 'ms', of: (r, c) => r.latency[c].median_ms, op: '<=', limit: 1.05, vendor: 'ahead' },
  { name: 'latency, p95', unit: 'ms', of: (r, c) => r.latency[c].p95_ms, op: 'info' },
  { name: 'throughput, 16 in flight', unit: 'req/s', of: (r, c) => r.throughput[c].requests_per_s, op: '>=', limit: 0.95, vendor: 'ahead' },
  { name: 'client CPU per request', unit: 'µs', of: (r, c) => r.throughput[c].cpu_us_per_request, op: '<=', limit: 1.05, vendor: 'ahead', vendorNode20: 1 },
  { name: 'CPU per call, in-memory fetch', unit: 'µs', of: (r, c) => r.own_cpu[c]?.cpu_us_per_call, op: 'info' },
  { name: 'list walk, 50 × 100 transactions', unit: 'records/s', of: (r, c) => r.list_walk[c].records_per_s, op: '>=', limit: 0.95, vendor: 'ahead' },
];

/** The binary of Node `major` (the `node@<major>` package from npm, in .node<major>/), installed when missing. */
function nodeOf(major) {
  const dir = join(root, `.node${major}`);
  const bin = join(dir, 'node_modules', '.bin', 'node');
  const manifest = join(dir, 'node_modules', 'node', 'package.json');
  const have = existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : '';
  if (!have.startsWith(`${major}.`)) {
    console.log(`installing node@${major} from npm into .node${major}/ …`);
    mkdirSync(dir, { recursive: true });
    const install = spawnSync(npm, ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `node@${major}`], {
      stdio: 'inherit',
    });
    if (install.status !== 0) throw new Error(`npm install node@${major} failed`);
  }
  return bin;
}

function measure(node) {
  const file = join(root, '.tmp', `bench-${Date.now()}.json`);
  mkdirSync(dirname(file), { recursive: true });
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  console.log(`measuring under node ${version} …`);
  const run = spawnSync(node, ['--expose-gc', join(here, 'measure.mjs'), file], { stdio: 'inherit', env: process.env });
  if (run.status !== 0) throw new Error(`bench/measure.mjs failed under node ${version}`);
  const result = JSON.parse(readFileSync(file, 'utf8'));
  rmSync(file);
  return result;
}

const fmt = (value, unit) => `${value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(3)} ${unit}`;
const pad = (s, n) => String(s).padEnd(n);

/** Verdicts of one run; prints its table. */
function report(run) {
  const verdicts = [];
  const W = run.list_walk;
  console.log(`\nnode ${run.machine.node}, ${run.machine.cpus} × ${run.machine.cpu_model}`);
  const node20 = run.machine.node.startsWith('v20.');
  console.log(
    `${pad('measure', 34)}${pad('promokit', 18)}${pad('vendor SDK', 18)}${pad('ky + zod', 18)}${pad('bare fetch', 18)}${pad('vs vendor', 11)}${pad('target', 10)}${pad('verdict', 9)}${pad('vs ky+zod', 11)}${pad('budget', 10)}${pad('verdict', 9)}vs fetch (info)`,
  );
  for (const b of PER_NODE) {
    const [p, v, k, f] = ['promokit', 'vendor', 'kyZod', 'fetch'].map((c) => b.of(run, c));
    const ratio = p / k;
    const met = b.op === 'info' ? null : b.op === '<=' ? ratio <= b.limit : ratio >= b.limit;
    verdicts.push({ name: b.name, promokit: p, ky_zod: k, fetch: f, ratio, op: b.op, limit: b.limit ?? null, met, vs_fetch: p / f });
    // Against the vendor: ahead on Node 22 and 24; on Node 20 only the rows that say so.
    const vsVendor = v === undefined ? undefined : p / v;
    const vendorLimit = node20 ? b.vendorNode20 : b.vendor && 1;
    const vendorMet =
      vsVendor === undefined || vendorLimit === undefined ? null : b.op === '<=' ? (node20 ? vsVendor <= vendorLimit : vsVendor < 1) : vsVendor > 1;
    const vendorTarget = vendorLimit === undefined ? '' : node20 ? `<= ${vendorLimit}×` : b.op === '<=' ? '< 1×' : '> 1×';
    if (vendorMet !== null)
      verdicts.push({ name: `${b.name}, against the vendor's SDK`, promokit: p, vendor: v, ratio: vsVendor, op: b.op, limit: vendorLimit, met: vendorMet });
    console.log(
      `${pad(b.name, 34)}${pad(fmt(p, b.unit), 18)}${pad(v === undefined ? '—' : fmt(v, b.unit), 18)}${pad(fmt(k, b.unit), 18)}${pad(fmt(f, b.unit), 18)}${pad(vsVendor === undefined ? '' : `${vsVendor.toFixed(2)}×`, 11)}${pad(vendorTarget, 10)}${pad(vendorMet === null ? '' : vendorMet ? 'met' : 'NOT MET', 9)}${pad(`${ratio.toFixed(2)}×`, 11)}${pad(b.op === 'info' ? '' : `${b.op} ${b.limit}×`, 10)}${pad(met === null ? '' : met ? 'met' : 'NOT MET', 9)}${(p / f).toFixed(2)}×`,
    );
  }
  const heap = W.promokit.heap_growth_pages;
  const heapMet = heap <= 2;
  verdicts.push({
    name: 'list walk retained heap (pages, median of 3)',
    promokit: heap,
    ky_zod: W.kyZod.heap_growth_pages,
    fetch: W.fetch.heap_growth_pages,
    op: '<=',
    limit: 2,
    met: heapMet,
  });
  console.log(
    `${pad('walk retained heap, median of 3', 34)}${pad(`${heap.toFixed(2)} pages`, 18)}${pad('—', 18)}${pad(`${W.kyZod.heap_growth_pages.toFixed(2)} pages`, 18)}${pad(`${W.fetch.heap_growth_pages.toFixed(2)} pages`, 18)}${pad('', 11)}${pad('<= 2', 10)}${pad(heapMet ? 'met' : 'NOT MET', 9)}` +
      `(promokit runs ${W.promokit.heap_growth_pages_runs.map((r) => r.toFixed(2)).join(', ')}; a page = ${Math.round(W.promokit.page_bytes / 1024)} KiB)`,
  );
  const alive = W.promokit.pages_alive;
  verdicts.push({
    name: 'list walk pages alive while one is read',
    promokit: alive,
    ky_zod: W.kyZod.pages_alive,
    fetch: W.fetch.pages_alive,
    op: '<=',
    limit: 2,
    met: alive <= 2,
  });
  console.log(
    `${pad('walk pages alive, highest', 34)}${pad(alive, 18)}${pad('—', 18)}${pad(W.kyZod.pages_alive, 18)}${pad(W.fetch.pages_alive, 18)}${pad('', 11)}${pad('<= 2', 10)}${alive <= 2 ? 'met' : 'NOT MET'}`,
  );
  const cold = run.cold_import.added_ms;
  verdicts.push({ name: 'cold import over bare node (ms)', promokit: cold, op: '<=', limit: 25, met: cold <= 25 });
  console.log(
    `${pad('cold import over bare node', 34)}${pad(`${cold >= 0 ? '+' : ''}${cold.toFixed(1)} ms`, 18)}${pad('', 36)}${pad(`(node ${run.cold_import.bare_node_ms.toFixed(1)} ms)`, 18)}${pad('', 11)}${pad('<= 25 ms', 10)}${cold <= 25 ? 'met' : 'NOT MET'}`,
  );
  console.log('validation of one 100-transaction page (ms per page, and the part that is validation):');
  for (const [mode, v] of Object.entries(run.validation))
    console.log(`  ${pad(mode, 8)}${v.ms_per_page.toFixed(3)} ms (validation ${v.validation_ms.toFixed(3)} ms)`);
  return verdicts;
}

const nodes = which === 'current' ? [process.execPath] : which === '22' || which === '24' ? [nodeOf(which)] : [process.execPath, nodeOf(22), nodeOf(24)];
/** The machine's load average (1, 5 and 15 minutes): figures taken on a busy machine are noisy. */
const load = () => loadavg().map((l) => Number(l.toFixed(2)));
const loadBefore = load();
const runs = nodes.map(measure);
const loadAfter = load();

const server = await buildBrowserBundle({ source: SERVER_CALL, platform: 'node', plugins: [withoutLazyChunks] });
const serverWhole = await buildBrowserBundle({ source: SERVER_CALL, platform: 'node', plugins: [withoutOptInChunks] });
const browser = await buildBrowserBundle({ plugins: [withoutLazyChunks] });
const bundles = [
  { name: 'server entry, bundled for Node (min+gz)', bytes: server.gzipped, op: '<=', limit: SERVER_BUDGET },
  { name: '  the whole, but the opt-in parts', bytes: serverWhole.gzipped, op: '<=', limit: SERVER_WHOLE_BUDGET },
  { name: 'promokit/client-side, one event (min+gz)', bytes: browser.gzipped, op: '<=', limit: CLIENT_GATE },
].map((b) => ({ ...b, met: b.bytes <= b.limit }));

const verdicts = runs.map((run) => ({ node: run.machine.node, verdicts: report(run) }));
console.log('\nbundles (the same under every Node):');
for (const b of bundles)
  console.log(`  ${pad(b.name, 44)}${pad(`${b.bytes.toLocaleString('en-US')} B`, 12)}<= ${b.limit.toLocaleString('en-US')} B  ${b.met ? 'met' : 'NOT MET'}`);

const summary = verdicts.map(
  ({ node, verdicts: v }) =>
    `${node}: ${v.filter((x) => x.met === true).length} of ${v.filter((x) => x.met !== null).length} budgets met${
      v.some((x) => x.met === false)
        ? ` (not met: ${v
            .filter((x) => x.met === false)
            .map((x) => x.name)
            .join('; ')})`
        : ''
    }`,
);
console.log(`\n${summary.join('\n')}`);
console.log(`load average (1, 5, 15 min): ${loadBefore.join(' / ')} before the runs, ${loadAfter.join(' / ')} after`);

mkdirSync(join(here, 'results'), { recursive: true });
writeFileSync(
  join(here, 'results', 'latest.json'),
  `${JSON.stringify({ load_average: { before: loadBefore, after: loadAfter }, runs, verdicts, bundles }, null, 2)}\n`,
);
console.log('\nwritten to bench/results/latest.json');
