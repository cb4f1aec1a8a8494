/**
 * Walks that must end, and records that must stay small: a list whose service never lets it end
 * (empty pages that say more follow, a cursor that comes back) stops with a typed error after a
 * bounded number of requests, however it is walked; and the record of `warn`-mode deviations
 * stays one entry per kind of deviation, map keys included, with a cap on kinds.
 */
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { Client, PaginationStalledError, type ListTransactionsParams, type LoyaltyTransaction, type PagePromise } from '../../src/index.js';
import { useRecorders } from '../helpers/recorder.js';
import { json, keys } from './servers.js';
import { useFigures } from './table.js';

const serve = useRecorders().startRaw;
const record = useFigures('hostile/walks');

/** The three ways to walk a list, each returning the records it got, or throwing. */
const WALKS = {
  'for await': async (list: PagePromise<LoyaltyTransaction, ListTransactionsParams>) => {
    const out = [];
    for await (const tx of list) out.push(tx);
    return out;
  },
  'toArray()': (list: PagePromise<LoyaltyTransaction, ListTransactionsParams>) => list.toArray(),
  'toArray({ max: 10 })': (list: PagePromise<LoyaltyTransaction, ListTransactionsParams>) => list.toArray({ max: 10 }),
} as const;

/** Walks a list answered by `page(cursor)` each of the three ways: the error and requests of each. */
async function walkEveryWay(page: (cursor: string | null, n: number) => object): Promise<Array<{ walk: string; error: unknown; requests: number }>> {
  const service = await serve((request, res, n) => json(res, 200, page(new URL(request.target, 'http://x').searchParams.get('starting_after_id'), n)));
  const client = new Client({ baseUrl: service.url, ...keys, logLevel: 'off' });
  const results = [];
  for (const [walk, run] of Object.entries(WALKS)) {
    const before = service.sent.length;
    const error = await run(client.loyalties.listTransactions('camp_hostile')).then(
      () => undefined,
      (e: unknown) => e,
    );
    results.push({ walk, error, requests: service.sent.length - before });
  }
  return results;
}

const tx = (id: string) => ({ id, object: 'loyalty_transaction', type: 'POINTS_ACCRUAL' });

describe('a list that never ends', () => {
  it('empty pages with has_more and a new cursor each time: PaginationStalledError after 10 requests, every walk', async () => {
    const results = await walkEveryWay((_cursor, n) => ({ object: 'list', data: [], has_more: true, more_starting_after: `cur_${n}` }));
    for (const { walk, error, requests } of results) {
      expect(error, walk).toBeInstanceOf(PaginationStalledError);
      expect((error as Error).message, walk).toContain('10 empty pages');
      expect(requests, walk).toBe(10);
    }
    record('list-empty-pages', results.map((r) => `${r.walk}: \`${(r.error as Error).name}\` after ${r.requests} requests`).join('; '));
  });

  it('a cursor cycling A, B, A: PaginationStalledError when it comes back, every walk', async () => {
    const next: Record<string, string> = { '': 'cur_A', cur_A: 'cur_B', cur_B: 'cur_A' };
    const results = await walkEveryWay((cursor) => ({
      object: 'list',
      data: [tx(`lt_${cursor ?? 'first'}`)],
      has_more: true,
      more_starting_after: next[cursor ?? ''],
    }));
    for (const { walk, error, requests } of results) {
      expect(error, walk).toBeInstanceOf(PaginationStalledError);
      expect((error as Error).message, walk).toContain('cursor came back');
      expect(requests, walk).toBe(3);
    }
    record('list-cursor-cycle', results.map((r) => `${r.walk}: \`${(r.error as Error).name}\` after ${r.requests} requests`).join('; '));
  });
});

describe('a cursor that comes back after any number of pages', () => {
  it.each([1, 2, 7, 1_001])(
    'a cycle of %i pages (records on each): PaginationStalledError within 3 times its length + 2 requests',
    async (period) => {
      // Page i names page (i + 1) % period as the next; the first page (no cursor) is page 0.
      const service = await serve((request, res) => {
        const cursor = new URL(request.target, 'http://x').searchParams.get('starting_after_id');
        const i = cursor === null ? 0 : Number(cursor.slice(4));
        json(res, 200, { object: 'list', data: [tx(`lt_${i}`)], has_more: true, more_starting_after: `cur_${(i + 1) % period}` });
      });
      const client = new Client({ baseUrl: service.url, ...keys, logLevel: 'off' });
      const error = await WALKS['for await'](client.loyalties.listTransactions('camp_hostile')).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(PaginationStalledError);
      expect(service.sent.length).toBeLessThanOrEqual(3 * period + 2);
      cycles.push(`period ${period}: stopped after ${service.sent.length} requests`);
      if (period === 1_001) record('list-cursor-cycle-long', cycles.join('; '));
    },
    60_000,
  );
});

const cycles: string[] = [];

/** A logger that keeps the warning lines. */
function warnings(): { logger: Pick<Console, 'debug' | 'info' | 'warn' | 'error'>; lines: string[] } {
  const lines: string[] = [];
  const ignore = () => undefined;
  return { logger: { debug: ignore, info: ignore, warn: (line: string) => lines.push(line), error: ignore }, lines };
}

describe('the warn-mode deviation record', () => {
  it('5,000 orders, each with its own redemption id whose date is off: one entry keyed redemptions.*.date, one warning line', async () => {
    const service = await serve((request, res, n) => {
      const { source_id } = JSON.parse(request.body) as { source_id: string };
      json(res, 200, { id: `ord_${n}`, source_id, object: 'order', redemptions: { [`r_${n}`]: { date: 1_767_225_600, related_object_type: 'voucher' } } });
    });
    const { logger, lines } = warnings();
    const client = new Client({ baseUrl: service.url, ...keys, validation: 'warn', logger, logLevel: 'warn' });
    const ORDERS = 5_000;
    for (let i = 0; i < ORDERS; i += 100) {
      const batch = Array.from({ length: 100 }, (_, j) => client.orders.create({ source_id: `o-${i + j}` }));
      const orders = await Promise.all(batch);
      // Returned as received: the odd field is kept, not dropped.
      expect(Object.values(orders[0]!.redemptions!)[0]).toMatchObject({ date: 1_767_225_600 });
    }
    const deviations = client.responseDeviations();
    expect(deviations).toEqual([{ operation: 'orders.create', path: 'redemptions.*.date', count: ORDERS }]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('redemptions.r_1.date');
    expect(service.sent).toHaveLength(ORDERS);
    record(
      'deviations-map-keys',
      `${ORDERS.toLocaleString('en-US')} orders: ${deviations.length} entry (\`${deviations[0]!.path}\`, count ${deviations[0]!.count.toLocaleString('en-US')}); ${lines.length} warning line`,
    );
  }, 60_000);

  it('150 kinds of deviation: 100 recorded, the rest counted under *', async () => {
    const fields = Array.from({ length: 150 }, (_, i) => `field_${i}`);
    const schema = z.looseObject(Object.fromEntries(fields.map((f) => [f, z.optional(z.string())])));
    const body = Object.fromEntries(fields.map((f, i) => [f, i]));
    const service = await serve((_request, res) => json(res, 200, body));
    const { logger, lines } = warnings();
    const client = new Client({ baseUrl: service.url, ...keys, validation: 'warn', logger, logLevel: 'warn' });
    for (let i = 0; i < 3; i++) await client.request({ method: 'GET', path: '/v1/wide-records', schema });
    const deviations = client.responseDeviations();
    expect(deviations).toHaveLength(101);
    expect(deviations.slice(0, 100).every((d) => d.count === 3)).toBe(true);
    expect(deviations[100]).toEqual({ operation: '*', path: '*', count: 150 });
    expect(lines).toHaveLength(1);
    record(
      'deviations-cap',
      `3 answers × 150 deviations: ${deviations.length - 1} entries + one \`*\` entry counting ${deviations[100]!.count} dropped; ${lines.length} warning line`,
    );
  });
});
