/**
 * Walks that must end, and records that must stay small: a list whose service never lets it end
 * (empty pages that say more follow, a cursor that comes back) stops with a typed error after a
 * bounded number of requests, however it is walked; and the record of `warn`-mode deviations
 * stays one entry per kind of deviation, map keys included, with a cap on kinds.
 */
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import {
  Client,
  PaginationLimitError,
  PaginationStalledError,
  PromokitError,
  ResponseValidationError,
  type ListTransactionsParams,
  type LoyaltyTransaction,
  type PagePromise,
  type ValidationMode,
} from '../../src/index.js';
import type { APIPromise } from '../../src/core/pagination.js';
import { paginate } from '../../src/core/transport.js';
import { WALK_PAGES_LIMIT } from '../../src/core/list-walk.js';
import { idCursor } from '../../src/core/page-strategies.js';
import { operationOf, type OperationName } from '../../src/resources/registry.js';
import { createMockService } from '../../src/testing/index.js';
import { useRecorders } from '../helpers/recorder.js';
import { OPERATIONS, type OperationCase } from '../reliability/harness/operations.js';
import { json, keys, secrets } from './servers.js';
import { useFigures } from './table.js';

const { start, startRaw: serve } = useRecorders();
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

/** Every list of the registry, as the fault matrix calls it (each variant of its path). */
const LISTS = OPERATIONS.filter((op) => operationOf(op.name.split(' ')[0] as OperationName).paging !== undefined);

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const iso = (time: number) => new Date(time).toISOString();

/** The envelope of a list's answer: the body, or the one under `redeemables` (qualifications). */
function envelopeIn(op: OperationCase, body: Record<string, unknown>): Record<string, unknown> {
  return op.name === 'qualifications.check' ? (body.redeemables as Record<string, unknown>) : body;
}

/** The attribute of an envelope that holds its records. */
const recordsKey = (envelope: Record<string, unknown>) => (typeof envelope.data_ref === 'string' ? envelope.data_ref : 'data');

/**
 * A first page of `op` (its fixture's body, valid in `strict` mode): three records, distinct ids,
 * a second apart, newest first, and more said to follow (`has_more`, a `total` of 1,000, a cursor).
 */
function firstPage(op: OperationCase): Record<string, unknown> {
  const body = structuredClone(op.body);
  const envelope = envelopeIn(op, body);
  const key = recordsKey(envelope);
  const template = (envelope[key] as unknown[])[0] as Record<string, unknown>;
  envelope[key] = [0, 1, 2].map((i) => ({ ...template, id: `rec_${i}`, created_at: iso(T0 - i * 1000) }));
  Object.assign(envelope, { has_more: true, total: 1_000, more_starting_after: op.name === 'qualifications.check' ? iso(T0 - 2000) : 'rec_2' });
  return body;
}

/** What a list walk gave: its records, its error, the requests it made. */
async function walkList(op: OperationCase, client: Client, sent: () => number): Promise<{ records: number; error: unknown; requests: number }> {
  const before = sent();
  let records = 0;
  const error = await (async () => {
    for await (const _ of op.call(client, 'key_1', {}) as unknown as PagePromise<unknown>) records += 1;
  })().then(
    () => undefined,
    (e: unknown) => e,
  );
  return { records, error, requests: sent() - before };
}

/** Pages that cannot be read, as a change to a first page's envelope and the attribute of its records. */
const UNREADABLE: Array<[label: string, change: (envelope: Record<string, unknown>, key: string) => void]> = [
  [
    '`{}` where the page was',
    (e) => {
      for (const k of Object.keys(e)) delete e[k];
    },
  ],
  [
    'the envelope without its records',
    (e, k) => {
      delete e[k];
    },
  ],
  [
    'records `null`',
    (e, k) => {
      e[k] = null;
    },
  ],
  [
    'records `null` beside the app token',
    (e, k) => {
      e[k] = null;
      e.note = keys.appToken;
    },
  ],
  [
    'records a string',
    (e, k) => {
      e[k] = 'none';
    },
  ],
  [
    'records a number',
    (e, k) => {
      e[k] = 0;
    },
  ],
  [
    'records an object',
    (e, k) => {
      e[k] = { count: 3 };
    },
  ],
  [
    '`data_ref` naming an attribute the page lacks',
    (e, k) => {
      e.data_ref = 'elsewhere';
      delete e[k];
    },
  ],
];

const MODES: readonly ValidationMode[] = ['strict', 'warn', 'off'];

describe('every list of the registry, against pages it cannot walk', () => {
  it('a later page that cannot be read: ResponseValidationError naming the page, never a silent end; no secret in it', async () => {
    let answer: (n: number) => unknown = () => ({});
    let base = 0;
    const server = await start((_sent, n) => ({ body: answer(n - base) }));
    const failures: string[] = [];
    let walks = 0;
    let named = 0;
    for (const op of LISTS) {
      for (const [label, change] of UNREADABLE) {
        for (const validation of MODES) {
          const first = firstPage(op);
          const later = structuredClone(first);
          const envelope = envelopeIn(op, later);
          change(envelope, recordsKey(envelope));
          base = server.sent.length;
          answer = (n) => (n === 1 ? first : later);
          const client = new Client({ baseUrl: server.url, ...keys, logLevel: 'off', validation });
          const { records, error, requests } = await walkList(op, client, () => server.sent.length);
          walks += 1;
          const shown =
            error instanceof Error
              ? `${error.message} ${error.stack} ${JSON.stringify(error)} ${String((error as { body?: unknown }).body && JSON.stringify((error as { body?: unknown }).body))}`
              : '';
          if (!(error instanceof ResponseValidationError) || records !== 3 || requests !== 2 || secrets.some((s) => shown.includes(s)))
            failures.push(`${op.name}, ${label}, ${validation}: ${String(error)} after ${records} records, ${requests} requests`);
          else if (error.message.includes('page 2 of the walk')) named += 1;
        }
      }
    }
    expect(failures).toEqual([]);
    // Those the response check let through (it reads the records' fields, not their presence) are named by the walk.
    expect(named).toBeGreaterThan(walks / 2);
    record(
      'list-unreadable-page',
      `${LISTS.length} lists × ${UNREADABLE.length} unreadable pages × ${MODES.length} validation modes: ${walks} walks, each a \`ResponseValidationError\` after page 1's 3 records and 2 requests (${named} naming page 2, the rest refused by the response check); no secret in any`,
    );
  });

  it('the same page served again whatever is asked: PaginationStalledError before a record is yielded twice, every list', async () => {
    let page: unknown = {};
    const server = await start(() => ({ body: page }));
    const rows: string[] = [];
    for (const op of LISTS) {
      page = firstPage(op);
      const client = new Client({ baseUrl: server.url, ...keys, logLevel: 'off' });
      const { records, error, requests } = await walkList(op, client, () => server.sent.length);
      expect(error, op.name).toBeInstanceOf(PaginationStalledError);
      expect(records, op.name).toBe(3);
      expect(requests, op.name).toBe(2);
      rows.push(op.name);
    }
    record('list-repeated-page', `${rows.length} lists: each \`PaginationStalledError\` on page 2, page 1's 3 records yielded once`);
  });

  it('a time cursor moved the wrong way, or records past the cursor: PaginationStalledError on the next page, every time-cursor list', async () => {
    const timeLists = LISTS.filter((op) => ['customers.list', 'asyncActions.list', 'qualifications.check'].includes(op.name));
    expect(timeLists).toHaveLength(3);
    let n = 0;
    // Each page newer than the last (a cursor going forward on a newest-first list).
    const server = await start(() => {
      n += 1;
      const body = structuredClone(current);
      const envelope = envelopeIn(timeOp, body);
      const records = envelope[recordsKey(envelope)] as Array<Record<string, unknown>>;
      for (const [i, r] of records.entries()) Object.assign(r, { id: `rec_${n}_${i}`, created_at: iso(T0 + n * 10_000 - i * 1000) });
      if (timeOp.name === 'qualifications.check') envelope.more_starting_after = iso(T0 + n * 10_000 - 2000);
      return { body };
    });
    let timeOp = timeLists[0]!;
    let current = firstPage(timeOp);
    const rows: string[] = [];
    for (const op of timeLists) {
      [timeOp, current, n] = [op, firstPage(op), 0];
      const client = new Client({ baseUrl: server.url, ...keys, logLevel: 'off' });
      const { records, error, requests } = await walkList(op, client, () => server.sent.length);
      expect(error, op.name).toBeInstanceOf(PaginationStalledError);
      expect(records, op.name).toBe(3);
      rows.push(`${op.name}: ${requests} requests`);
    }
    record('list-wrong-way', rows.join('; '));
  });
});

describe('a walk has a bound no answer lifts', () => {
  it(`an id cursor that moves for ever, a new record on each page: PaginationLimitError after ${WALK_PAGES_LIMIT.toLocaleString('en-US')} pages`, async () => {
    let pages = 0;
    const answer = (load: () => unknown): APIPromise<unknown> => {
      const data = load();
      return Object.assign(Promise.resolve(data), { withResponse: async () => ({ data, response: new Response(null) }) }) as APIPromise<unknown>;
    };
    const list = paginate<{ id: string }, { starting_after_id?: string }>('loyalties.listTransactions', {}, idCursor, (p) =>
      answer(() => {
        pages += 1;
        const n = p.starting_after_id ? Number(p.starting_after_id.slice(3)) + 1 : 0;
        return { object: 'list', data_ref: 'data', data: [{ id: `tx_${n}` }], has_more: true, more_starting_after: `tx_${n}` };
      }),
    );
    let records = 0;
    const error = await (async () => {
      for await (const _ of list) records += 1;
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationLimitError);
    expect(error).toBeInstanceOf(PromokitError);
    expect(error).toMatchObject({ maxPage: WALK_PAGES_LIMIT, operation: 'loyalties.listTransactions' });
    expect((error as Error).message).toContain('100,000 pages');
    expect(pages).toBe(WALK_PAGES_LIMIT);
    expect(records).toBe(WALK_PAGES_LIMIT);
  }, 120_000);
});

describe('customers created in one millisecond (a bulk import)', () => {
  /** 250 customers of one instant between 30 others, on the mock service. */
  function bulkImport() {
    const mock = createMockService({ seed: false });
    const instant = '2026-02-01T09:30:00.000Z';
    const customers = [
      ...Array.from({ length: 15 }, (_, i) => ({ id: `cust_after_${String(i).padStart(2, '0')}`, created_at: iso(Date.parse(instant) + 1 + i) })),
      ...Array.from({ length: 250 }, (_, i) => ({ id: `cust_bulk_${String(i).padStart(3, '0')}`, created_at: instant })),
      ...Array.from({ length: 15 }, (_, i) => ({ id: `cust_before_${String(i).padStart(2, '0')}`, created_at: iso(Date.parse(instant) - 1 - i) })),
    ];
    mock.seed({ customers: customers.map((c) => ({ ...c, source_id: c.id, object: 'customer' })) });
    return { mock, customers };
  }

  it.each([
    ['the mock, in process', 'fetch'],
    ['the mock over node:http', 'listen'],
  ] as const)('250 of 280 customers sharing one created_at, walked newest first and oldest first at every page size, on %s: each once', async (_label, how) => {
    const { mock, customers } = bulkImport();
    const server = how === 'listen' ? await mock.listen() : undefined;
    try {
      const client = new Client({
        ...(server ? { baseUrl: server.url } : { baseUrl: mock.baseUrl, fetch: mock.fetch }),
        ...mock.credentials,
        logLevel: 'off',
        validation: 'strict',
      });
      const figures: string[] = [];
      for (const limit of [1, 10, 100]) {
        for (const order of [undefined, 'created_at'] as const) {
          const before = mock.requests.length;
          const ids = (await client.customers.list({ limit, ...(order && { order }) }).toArray()).map((c) => c.id);
          expect(new Set(ids).size, `limit ${limit}, ${order ?? 'newest first'}`).toBe(280);
          expect(ids).toHaveLength(280);
          const times = ids.map((id) => Date.parse(customers.find((c) => c.id === id)!.created_at));
          expect(times).toEqual([...times].sort((a, b) => (order ? a - b : b - a)));
          figures.push(`${mock.requests.length - before}`);
        }
      }
      if (how === 'listen')
        record(
          'customers-one-instant',
          `280 customers, 250 of one millisecond, limits 1, 10 and 100, newest and oldest first: each once, in order, over node:http (requests: ${figures.join(', ')})`,
        );
    } finally {
      await server?.close();
    }
  });
});
