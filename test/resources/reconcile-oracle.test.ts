/**
 * The generated oracle of `client.reconcile`, a fixed seed of it (reconcile-oracle.ts): worlds of
 * every operation with a trace, with and without the call's identity, each reconciled under several
 * behaviours of the service; every answer is the truth or `cannot_tell`. It prints the share of
 * definite answers per operation, with and without the call's identity. `npm run oracle` runs
 * the long one (scripts/oracle.mjs sets `PROMOKIT_ORACLE_CASES`, `PROMOKIT_ORACLE_SEED` and
 * `PROMOKIT_ORACLE_OUT`).
 */
import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { behaviour, ORACLE_OPERATIONS, oracle, Tally, world } from './reconcile-oracle.js';

/** Cases (one reconcile each) the run makes, about; the long run sets its own. */
const CASES = Number(process.env.PROMOKIT_ORACLE_CASES ?? 240);
/** Behaviours of the service each world is reconciled under. */
const PER_WORLD = 8;
const SEED = Number(process.env.PROMOKIT_ORACLE_SEED ?? 20261202);
/** Each operation, with and without the call's identity where the caller chooses it. */
const COMBOS = ORACLE_OPERATIONS.flatMap((op) =>
  ['redemptions.redeem', 'loyalties.redeemReward', 'customers.create', 'vouchers.create'].includes(op)
    ? [[op, true] as const, [op, false] as const]
    : [[op, true] as const],
);

it(`every answer is the truth or cannot_tell: about ${CASES} cases, seed ${SEED}`, async () => {
  const tally = new Tally();
  const run = oracle(tally);
  const started = performance.now();
  const numRuns = Math.max(1, Math.round(CASES / PER_WORLD / COMBOS.length));
  // An order is reconciled once a world (its check sends it again): as many worlds as the others' cases.
  for (const [i, [op, identity]] of COMBOS.entries())
    await fc.assert(
      fc.asyncProperty(
        world([op]).map((w) => ({ ...w, identity })),
        fc.array(behaviour, { minLength: PER_WORLD, maxLength: PER_WORLD }),
        async (w, behaviours) => run(w, behaviours),
      ),
      { seed: SEED + i, numRuns: op === 'orders.create' ? numRuns * PER_WORLD : numRuns, endOnFailure: true },
    );
  const ms = performance.now() - started;
  console.log(
    [`reconcile oracle, seed ${SEED}: ${tally.cases} cases in ${(ms / 1000).toFixed(1)} s, ${tally.wrong} false answers`, ...tally.lines()].join('\n'),
  );
  if (process.env.PROMOKIT_ORACLE_OUT) writeFileSync(process.env.PROMOKIT_ORACLE_OUT, JSON.stringify({ ms, rows: Object.fromEntries(tally.rows) }));
  expect(tally.wrong).toBe(0);
}, 3_600_000);
