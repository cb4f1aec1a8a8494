/**
 * A walk over a list holds the page being read and nothing behind it: once iteration has moved
 * on, the first page (and every page before the current one) can be garbage-collected. Checked
 * with a WeakRef to a record of the first page and a forced full collection while the walk is on
 * its fourth page; no timing is involved.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { Client } from '../../src/index.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const PAGES = 6;
const LIMIT = 10;

function page(index: number) {
  const data = Array.from({ length: LIMIT }, (_, i) => ({
    id: `vtx_${index}_${i}`,
    type: 'POINTS_ADDITION',
    created_at: '2026-11-01T10:00:00Z',
    details: { balance: { points: i } },
  }));
  const last = index === PAGES - 1;
  return { object: 'list', data_ref: 'data', data, has_more: !last, more_starting_after: last ? null : data[LIMIT - 1]!.id };
}

/** A client whose fetch serves `PAGES` pages of transactions, built fresh per request. */
function client(): Client {
  return new Client({
    baseUrl: 'https://api.example.test',
    appId: 'app',
    appToken: 'token',
    accessToken: 'access',
    logLevel: 'off',
    fetch: async (input) => {
      const after = new URL(input instanceof Request ? input.url : String(input)).searchParams.get('starting_after_id');
      const index = after === null ? 0 : Number(after.split('_')[1]) + 1;
      return new Response(JSON.stringify(page(index)), { headers: { 'content-type': 'application/json' } });
    },
  });
}

/** Ends the current job (so the WeakRef no longer keeps its target), then collects everything. */
async function collect(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  gc();
}

describe('a walk releases the pages behind it', () => {
  it('for await over the records: the first page is collectable while the fourth is read', async () => {
    let first: WeakRef<object> | undefined;
    let released: boolean | undefined;
    let n = 0;
    for await (const record of client().loyalties.listTransactions('camp_1', { limit: LIMIT })) {
      n += 1;
      if (n === 1) first = new WeakRef(record);
      if (n === 3 * LIMIT + 1) {
        await collect();
        released = first!.deref() === undefined;
      }
    }
    expect(n).toBe(PAGES * LIMIT);
    expect(released).toBe(true);
  });

  it('pages(): the first page is collectable while the fourth is read', async () => {
    let first: WeakRef<object> | undefined;
    let released: boolean | undefined;
    let pages = 0;
    for await (const p of client().loyalties.listTransactions('camp_1', { limit: LIMIT }).pages()) {
      pages += 1;
      if (pages === 1) first = new WeakRef(p);
      if (pages === 4) {
        await collect();
        released = first!.deref() === undefined;
      }
    }
    expect(pages).toBe(PAGES);
    expect(released).toBe(true);
  });

  it('a PagePromise kept by the caller still gives the same first page after a walk', async () => {
    const list = client().loyalties.listTransactions('camp_1', { limit: LIMIT });
    const first = await list;
    let n = 0;
    for await (const _ of list) n += 1;
    expect(n).toBe(PAGES * LIMIT);
    expect(await list).toBe(first);
  });
});
