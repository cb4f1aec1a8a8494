#!/usr/bin/env node
// Calls every SDK method once against a mock of the service's published OpenAPI contract (Prism,
// request validation on) with `validation: 'strict'`, and prints for each service operation
// whether the request was accepted and the response parsed strictly.
//
//   CONTRACT_URL=http://127.0.0.1:4010 node scripts/contract-check.mjs   (after `npm run build`)
//
// The calls are the `contract` of each operation's record in test/operations/, keyed by operation
// name, and checked against the registry (src/resources/registry.ts) before any is sent: every
// operation has a call for each of its service operations (a path with an optional segment is
// two), and no call names anything else.
//
// Known defects of the published spec are handled deliberately, each noted in the output (the
// letters are those of CHECKOUT.md §5):
// - request order items must carry an `object` key the spec requires but does not define (D2):
//   the SDK sends items as given, so the calls pass `object: 'order_item'` themselves;
// - `origin` is declared as a bare hostname: the check configures `localhost`;
// - the validate body is a oneOf with overlapping branches: a discount-voucher body is sent;
// - a stacked request's voucher redeemable matches three branches of its oneOf, so the spec
//   refuses every voucher (D1): the stacked calls name promotion tiers, which match one;
// - the stacked redemption's answer has no example (D18): Prism makes one from the schema;
// - the answers whose examples break their own schemas (D3 to D13, D25) parse under promokit's
//   tolerant schemas, which is what the check shows;
// - the voucher update body (`PUT /v1/vouchers/{code}`) is a oneOf of three branches that are all
//   `VoucherUpdateBase` (D14): every body matches two or more, so a validator of the spec refuses
//   any body. The call is listed with its defect: the check expects exactly that refusal (a 400 or
//   422 naming the oneOf), and counts it apart;
// - the metadata schema list requires `data` but sends `schemas` (D15): the SDK reads `schemas`,
//   as `data_ref` says; the products list offers the vouchers' `order` values (D17): the SDK sends
//   only the creation and update times.
//
// An operation may have more calls than service operations, each named by its label and a variant
// in parentheses (the customers' two ways of paging).
import { Client, PromokitError, ApiError, ResponseValidationError } from '../dist/index.js';
import { loadRegistry, loadTypeScript } from './operations.mjs';

const baseUrl = process.env.CONTRACT_URL ?? 'http://127.0.0.1:4010';
let last;
const client = new Client({
  baseUrl,
  appId: 'app-id',
  appToken: 'app-token',
  accessToken: 'access-token',
  clientApplicationId: 'client-app-id',
  clientToken: 'client-token',
  origin: 'localhost',
  validation: 'strict',
  maxRetries: 0,
  timeout: 10_000,
  logLevel: 'off',
  fetch: async (input, init) => {
    const response = await fetch(input, init);
    last = { status: response.status, violations: response.headers.get('sl-violations') };
    return response;
  },
});

// Each operation's calls: `[METHOD path, call, note?]`, one per service operation it stands for,
// from the `contract` of its record (test/operations/, with the inputs of test/operations/shared.ts).
const { operationTestData } = await loadTypeScript("export { operationTestData } from './test/operations/index.ts';");
const calls = Object.fromEntries(Object.entries(operationTestData).map(([name, data]) => [name, data.contract(client)]));

// The calls against the registry: every operation, each of its service operations, nothing else.
const { registry, endpointsOf } = await loadRegistry();
const problems = [];
for (const [name, op] of Object.entries(registry)) {
  const wanted = endpointsOf(op)
    .map((path) => `${op.method} ${path}`)
    .sort();
  const have = [...new Set((calls[name] ?? []).map(([label]) => label.replace(/ \(.*\)$/, '')))].sort();
  if (JSON.stringify(wanted) !== JSON.stringify(have))
    problems.push(`${name}: the registry has ${wanted.join(', ') || 'nothing'}; the calls name ${have.join(', ') || 'nothing'}`);
}
for (const name of Object.keys(calls)) if (!(name in registry)) problems.push(`${name}: no such operation in the registry`);
if (problems.length > 0) {
  console.error(`contract-check: the calls do not match the registry:\n  ${problems.join('\n  ')}`);
  process.exit(2);
}

/** The spec defects that refuse a call outright, and the refusal that shows each (CHECKOUT.md §5). */
const refusing = {
  D14: { says: 'the body is a oneOf whose branches are all VoucherUpdateBase: every body matches two or more', refusal: /oneOf|must match exactly one/i },
};

let ok = 0;
let refused = 0;
let total = 0;
const rows = [];
for (const [name, variants] of Object.entries(calls)) {
  for (const [operation, call, defects, refusedFor] of variants) {
    total += 1;
    last = undefined;
    const label = `${operation}  (${name})${defects ? `\n        spec defects handled: ${defects}` : ''}`;
    try {
      await call();
      if (refusedFor)
        throw new Error(`accepted, though the spec's defect ${refusedFor} (${refusing[refusedFor].says}) should refuse it: the note is out of date`);
      ok += 1;
      rows.push(
        `ok    ${last?.status ?? '-'}  ${label}${last?.violations ? `\n        (response example breaks the spec's own schema: ${last.violations.slice(0, 200)})` : ''}`,
      );
    } catch (error) {
      if (
        refusedFor &&
        error instanceof ApiError &&
        (error.status === 400 || error.status === 422) &&
        refusing[refusedFor].refusal.test(last?.violations ?? '')
      ) {
        refused += 1;
        rows.push(`defect ${last.status}  ${label}\n        refused for the spec's defect ${refusedFor}: ${refusing[refusedFor].says}`);
        continue;
      }
      let why = String(error?.message ?? error);
      if (error instanceof ApiError) why = `HTTP ${error.status} ${last?.violations ?? JSON.stringify(error.body).slice(0, 300)}`;
      else if (error instanceof ResponseValidationError)
        why = `response: ${error.issues
          .slice(0, 5)
          .map((i) => `${i.path.join('.')}: ${i.message}`)
          .join('; ')}`;
      else if (!(error instanceof PromokitError)) why = `not a promokit error: ${why}`;
      rows.push(`FAIL  ${last?.status ?? '-'}  ${label}\n        ${why}`);
    }
  }
}
console.log(rows.join('\n'));
console.log(
  `\n${ok} of ${total} calls accepted by the contract and parsed strictly${refused ? `; ${refused} refused for a defect of the spec, as noted` : ''} (${Object.keys(calls).length} operations of the registry)`,
);
process.exit(ok + refused === total ? 0 : 1);
