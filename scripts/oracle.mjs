#!/usr/bin/env node
// `npm run oracle`: the long run of the generated oracle of `client.reconcile`
// (test/resources/reconcile-oracle.test.ts, whose fixed seed the fast suite runs): at least
// 100,000 cases (PROMOKIT_ORACLE_CASES), split over shards run side by side (PROMOKIT_ORACLE_SHARDS,
// default 2), each with its own seed. Prints the cases, the time, the false answers (it fails on
// any) and the share of definite answers per operation, with and without the call's identity:
// the figures docs/after-an-unknown-outcome.md records.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib/build.mjs';

const cases = Number(process.env.PROMOKIT_ORACLE_CASES ?? 100_000);
const shards = Number(process.env.PROMOKIT_ORACLE_SHARDS ?? 2);
const seed = Number(process.env.PROMOKIT_ORACLE_SEED ?? Date.now() % 1_000_000_000);
mkdirSync(join(root, '.tmp'), { recursive: true });
console.log(`oracle: ${cases} cases in ${shards} shards, seeds ${seed} + 1000 × shard`);

const started = Date.now();
const runs = Array.from({ length: shards }, (_, shard) => {
  const out = join(root, '.tmp', `oracle-${shard}.json`);
  // A shard that fails writes nothing: no figures of an earlier run are read.
  rmSync(out, { force: true });
  const env = {
    ...process.env,
    PROMOKIT_ORACLE_CASES: String(Math.ceil(cases / shards)),
    PROMOKIT_ORACLE_SEED: String(seed + 1000 * shard),
    PROMOKIT_ORACLE_OUT: out,
  };
  const child = spawn(process.execPath, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', 'test/resources/reconcile-oracle.test.ts'], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out })));
});
const done = await Promise.all(runs);

const rows = new Map();
for (const { out } of done) {
  let shard;
  try {
    shard = JSON.parse(readFileSync(out, 'utf8'));
  } catch {
    continue;
  }
  for (const [key, row] of Object.entries(shard.rows)) {
    const sum = rows.get(key) ?? { cases: 0, definite: 0, wrong: 0 };
    for (const field of ['cases', 'definite', 'wrong']) sum[field] += row[field];
    rows.set(key, sum);
  }
}
const total = (field) => [...rows.values()].reduce((n, row) => n + row[field], 0);
const seconds = ((Date.now() - started) / 1000).toFixed(0);
console.log(`\noracle: ${total('cases')} cases in ${seconds} s (${shards} shards), ${total('wrong')} false answers; definite answers by operation:`);
const operations = [...new Set([...rows.keys()].map((key) => key.split('|')[0]))];
for (const op of operations) {
  const share = (which) => {
    const row = rows.get(`${op}|${which}`);
    return row ? `${((100 * row.definite) / row.cases).toFixed(1)} % of ${row.cases}` : '—';
  };
  console.log(`  ${op}: with the call's identity ${share('with')}; without ${share('without')}`);
}
const failed = done.some(({ code }) => code !== 0) || total('wrong') > 0 || total('cases') < cases * 0.95;
process.exit(failed ? 1 : 0);
