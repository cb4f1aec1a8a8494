import { describe, expect, it } from 'vitest';
import {
  InvalidRequestError,
  NoNextPageError,
  PaginationLimitError,
  PaginationStalledError,
  PromokitError,
  ResponseValidationError,
  ToArrayLimitError,
} from '../../src/index.js';
import { apiPromise, type APIPromise } from '../../src/core/pagination.js';
import { TO_ARRAY_LIMIT } from '../../src/core/pagination.js';
import { paginate } from '../../src/core/transport.js';
import { EMPTY_PAGES_LIMIT, WALK_PAGES_LIMIT } from '../../src/core/list-walk.js';
import { readFileSync } from 'node:fs';
import { idCursor, pageNumber } from '../../src/core/page-strategies.js';
import { json, respond, seen, testClient, useMockApi } from '../helpers/mock-api.js';

useMockApi();

/** A list loader's answer, as the pipeline gives it: the body, with an HTTP response behind it. */
const answer = (load: () => Promise<unknown>): APIPromise<unknown> =>
  apiPromise(load().then((data) => ({ data, response: new Response(null, { status: 200 }) })));

function tx(n: number) {
  return {
    id: `vtx_${String(n).padStart(4, '0')}`,
    source_id: null,
    voucher_id: 'v_1',
    campaign_id: 'camp_1',
    source: null,
    reason: null,
    type: 'POINTS_ADDITION',
    details: {
      balance: {
        type: 'loyalty_card',
        total: 100 + n,
        object: 'balance',
        points: 1,
        balance: 100 + n,
        operation_type: 'MANUAL',
        related_object: { id: 'v_1', type: 'voucher' },
      },
    },
    related_transaction_id: null,
    created_at: '2026-11-01T10:00:00Z',
  };
}

describe('id cursor lists', () => {
  it('follows more_starting_after while has_more, lazily, one page at a time', async () => {
    respond('get', '/v1/loyalties/camp_1/transactions', () => {
      const after = seen[seen.length - 1]!.query.starting_after_id;
      if (!after) return json({ object: 'list', data_ref: 'data', data: [tx(1), tx(2)], has_more: true, more_starting_after: 'vtx_0002' });
      if (after === 'vtx_0002') return json({ object: 'list', data_ref: 'data', data: [tx(3), tx(4)], has_more: true, more_starting_after: 'vtx_0004' });
      return json({ object: 'list', data_ref: 'data', data: [tx(5)], has_more: false, more_starting_after: null });
    });
    const ids: string[] = [];
    const list = testClient().loyalties.listTransactions('camp_1', { limit: 2 });
    expect(seen).toHaveLength(0); // nothing sent until iterated
    for await (const t of list) {
      ids.push(t.id);
      // Iteration holds one page: the next page is fetched only when this one is used up.
      expect(seen.length).toBe(Math.ceil(ids.length / 2));
    }
    expect(ids).toEqual(['vtx_0001', 'vtx_0002', 'vtx_0003', 'vtx_0004', 'vtx_0005']);
    expect(seen.map((s) => s.search)).toEqual(['limit=2', 'limit=2&starting_after_id=vtx_0002', 'limit=2&starting_after_id=vtx_0004']);
  });

  it('await gives the first page; getNextPage and hasNextPage walk on', async () => {
    respond('get', '/v1/loyalties/camp_1/transactions', () =>
      seen[seen.length - 1]!.query.starting_after_id
        ? json({ object: 'list', data_ref: 'data', data: [tx(2)], has_more: false })
        : json({ object: 'list', data_ref: 'data', data: [tx(1)], has_more: true, more_starting_after: 'vtx_0001' }),
    );
    const first = await testClient().loyalties.listTransactions('camp_1');
    expect(first.data.map((t) => t.id)).toEqual(['vtx_0001']);
    expect(first.hasNextPage()).toBe(true);
    const second = await first.getNextPage();
    expect(second.data.map((t) => t.id)).toEqual(['vtx_0002']);
    expect(second.hasNextPage()).toBe(false);
    const past = await second.getNextPage().catch((e: unknown) => e);
    expect(past).toBeInstanceOf(NoNextPageError);
    expect(past).toBeInstanceOf(PromokitError);
    expect(past).toMatchObject({ name: 'NoNextPageError', operation: 'loyalties.listTransactions' });
    expect((past as Error).message).toMatch(/no next page; check hasNextPage\(\) first/);
  });

  it('pages() yields page by page and toArray caps the records', async () => {
    respond('get', '/v1/loyalties/camp_1/transactions', () => {
      const after = seen[seen.length - 1]!.query.starting_after_id;
      const start = after ? Number(after.slice(4)) + 1 : 1;
      return json({ object: 'list', data_ref: 'data', data: [tx(start), tx(start + 1)], has_more: true, more_starting_after: tx(start + 1).id });
    });
    const sizes: number[] = [];
    let n = 0;
    for await (const page of testClient().loyalties.listTransactions('camp_1').pages()) {
      sizes.push(page.data.length);
      if (++n === 3) break;
    }
    expect(sizes).toEqual([2, 2, 2]);
    seen.length = 0;
    const capped = await testClient().loyalties.listTransactions('camp_1').toArray({ max: 5 });
    expect(capped).toHaveLength(5);
    expect(seen).toHaveLength(3);
  });

  it('reads records from the attribute data_ref names', async () => {
    respond('get', '/v1/loyalties/camp_1/transactions', json({ object: 'list', data_ref: 'transactions', transactions: [tx(1)], has_more: false }));
    const page = await testClient().loyalties.listTransactions('camp_1');
    expect(page.data.map((t) => t.id)).toEqual(['vtx_0001']);
  });

  it('refuses a cursor page without has_more in warn mode too (the cursor decides on it), and stops on it with validation off', async () => {
    respond('get', '/v1/loyalties/camp_1/transactions', json({ data: [], total: 0 }), json({ data: [], total: 0 }));
    await expect(testClient({ logLevel: 'off' }).loyalties.listTransactions('camp_1').toArray()).rejects.toBeInstanceOf(ResponseValidationError);
    const all = await testClient({ validation: 'off' }).loyalties.listTransactions('camp_1').toArray();
    expect(all).toEqual([]);
    expect(seen).toHaveLength(2);
  });

  it('stops with PaginationStalledError rather than loop when the cursor does not move', async () => {
    const body = { object: 'list', data_ref: 'data', data: [tx(1)], has_more: true, more_starting_after: 'vtx_0001' };
    respond('get', '/v1/loyalties/camp_1/transactions', json(body), json(body), json(body));
    const error = await testClient()
      .loyalties.listTransactions('camp_1', { starting_after_id: 'vtx_0001' })
      .toArray()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationStalledError);
    expect(seen).toHaveLength(1);
  });
});

describe('page-numbered lists', () => {
  function pages(total: number, limit: number) {
    const requested: number[] = [];
    const load = (p: { page?: number; limit?: number }) =>
      answer(async () => {
        const page = p.page ?? 1;
        requested.push(page);
        const start = (page - 1) * limit;
        const data = Array.from({ length: Math.max(0, Math.min(limit, total - start)) }, (_, i) => ({ id: `rewa_${start + i}` }));
        return { object: 'list', data_ref: 'data', data, total };
      });
    return { requested, list: paginate<{ id: string }, { page?: number; limit?: number }>('rewards.listAssignments', { limit }, pageNumber, load) };
  }

  it('stops on the last page from total', async () => {
    const { requested, list } = pages(25, 10);
    const all = await list.toArray();
    expect(all).toHaveLength(25);
    expect(requested).toEqual([1, 2, 3]);
  });

  it('throws PaginationLimitError past page 100 when records remain, never truncating silently', async () => {
    const { requested, list } = pages(1001, 10);
    let count = 0;
    const error = await (async () => {
      for await (const _ of list) count++;
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationLimitError);
    expect(count).toBe(1000);
    expect(requested.at(-1)).toBe(100);
  });

  it('ends exactly at page 100 when nothing remains', async () => {
    const { list } = pages(1000, 10);
    await expect(list.toArray({ max: 5000 })).resolves.toHaveLength(1000);
  });

  it('without total, walks on past a page shorter than limit, to an empty page', async () => {
    const requested: number[] = [];
    const list = paginate<{ id: string }, { page?: number; limit?: number }>('x', { limit: 2 }, pageNumber, (p) =>
      answer(async () => {
        const page = p.page ?? 1;
        requested.push(page);
        return { data: page < 3 ? [{ id: `a${page}` }, { id: `b${page}` }] : page === 3 ? [{ id: 'c' }] : [] };
      }),
    );
    expect(await list.toArray()).toHaveLength(5);
    expect(requested).toEqual([1, 2, 3, 4]);
  });

  /** A page list of `total` records served `size` a page whatever `limit` asks, walked from page `first`. */
  function servedBy(total: number, size: number, withTotal = true, first?: number) {
    const requested: number[] = [];
    const params = first === undefined ? { limit: 100 } : { limit: 100, page: first };
    const list = paginate<{ id: string }, { page?: number; limit?: number }>('redemptions.list', params, pageNumber, (p) =>
      answer(async () => {
        const page = p.page ?? 1;
        requested.push(page);
        const start = (page - 1) * size;
        const data = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, i) => ({ id: `r_${start + i}` }));
        return withTotal ? { object: 'list', data_ref: 'data', data, total } : { object: 'list', data_ref: 'data', data };
      }),
    );
    return { requested, list };
  }

  // A service that serves fewer records than `limit` asks: the list ends where `total` (or an empty page) says, every record reached once.
  it.each([
    [300, 10, true],
    [300, 30, true],
    [250, 100, true],
    [250, 7, true],
    [300, 10, false],
    [95, 20, false],
  ])('%i records served %i a page of the 100 asked (total sent: %s): every record once', async (total, size, withTotal) => {
    const { requested, list } = servedBy(total, size, withTotal);
    const ids = (await list.toArray()).map((r) => r.id);
    expect(ids).toEqual(Array.from({ length: total }, (_, i) => `r_${i}`));
    // Without total, one more page: the empty one that ends the list.
    expect(requested).toHaveLength(Math.ceil(total / size) + (withTotal ? 0 : 1));
  });

  it('started at a later page, counts the records before it as that many pages of the size the first one served', async () => {
    const { requested, list } = servedBy(300, 10, true, 5);
    const ids = (await list.toArray()).map((r) => r.id);
    expect(ids).toEqual(Array.from({ length: 260 }, (_, i) => `r_${40 + i}`));
    expect(requested).toEqual(Array.from({ length: 26 }, (_, i) => 5 + i));
  });

  it('the same records for every page number: PaginationStalledError on the second page, naming it', async () => {
    const requested: number[] = [];
    const list = paginate<{ id: string }, { page?: number; limit?: number }>('vouchers.list', { limit: 3 }, pageNumber, (p) =>
      answer(async () => {
        requested.push(p.page ?? 1);
        return { object: 'list', data_ref: 'data', data: [{ id: 'v_1' }, { id: 'v_2' }, { id: 'v_3' }], total: 300 };
      }),
    );
    const error = await list.toArray().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationStalledError);
    expect((error as Error).message).toContain('page 2 served the same 3 records as page 1');
    expect(requested).toEqual([1, 2]);
  });
});

describe('end-date cursor lists (async actions)', () => {
  const action = (id: string, created_at: string) => ({ id, type: 'VOUCHERS.IMPORT', status: 'DONE', created_at, object: 'async_action' });

  it('asks for the next page before the last created_at and a millisecond, and skips records already seen', async () => {
    respond('get', '/v1/async-actions', () => {
      const end = seen[seen.length - 1]!.query.end_date;
      if (!end)
        return json({
          object: 'list',
          data_ref: 'async_actions',
          async_actions: [action('aa_5', '2026-11-05T00:00:00Z'), action('aa_4', '2026-11-04T00:00:00Z')],
          has_more: true,
        });
      if (end === '2026-11-04T00:00:00.001Z')
        // Before the cursor: the boundary record again, which must not be yielded twice.
        return json({
          object: 'list',
          data_ref: 'async_actions',
          async_actions: [action('aa_4', '2026-11-04T00:00:00Z'), action('aa_3', '2026-11-03T00:00:00Z')],
          has_more: true,
        });
      return json({ object: 'list', data_ref: 'async_actions', async_actions: [action('aa_2', '2026-11-02T00:00:00Z')], has_more: false });
    });
    const ids = (await testClient().asyncActions.list({ limit: 2 }).toArray()).map((a) => a.id);
    expect(ids).toEqual(['aa_5', 'aa_4', 'aa_3', 'aa_2']);
    expect(seen.map((s) => s.query.end_date)).toEqual([undefined, '2026-11-04T00:00:00.001Z', '2026-11-03T00:00:00.001Z']);
  });

  /** Answers the async actions list from `actions` (newest first) as the service does: before `end_date`, `limit` of them, no has_more. */
  function serveActions(actions: Array<ReturnType<typeof action>>) {
    respond('get', '/v1/async-actions', () => {
      const { end_date, limit } = seen[seen.length - 1]!.query;
      const before = end_date ? Date.parse(end_date) : Number.POSITIVE_INFINITY;
      const older = actions.filter((a) => Date.parse(a.created_at) < before);
      return json({ object: 'list', data_ref: 'async_actions', async_actions: older.slice(0, Number(limit ?? 10)) });
    });
  }

  it('sends a Date end_date as ISO 8601; without has_more, walks on past a short page to an empty one', async () => {
    serveActions([action('aa_1', '2026-10-01T00:00:00Z')]);
    const all = await testClient()
      .asyncActions.list({ limit: 10, end_date: new Date('2026-11-01T00:00:00Z') })
      .toArray();
    expect(all.map((a) => a.id)).toEqual(['aa_1']);
    expect(seen[0]!.query.end_date).toBe('2026-11-01T00:00:00.000Z');
    // The boundary served again (nothing new, every action of that instant held), then before it: empty.
    expect(seen.map((s) => s.query.end_date).slice(1)).toEqual(['2026-10-01T00:00:00.001Z', '2026-10-01T00:00:00.000Z']);
  });

  // Actions sharing one created_at across page boundaries, for page sizes that split them every way: each yielded once, none skipped.
  it.each([1, 2, 3, 4, 5, 7])('12 actions, three of each of four instants, %i a page: each once, in order', async (limit) => {
    const actions = Array.from({ length: 12 }, (_, i) =>
      action(`aa_${String(i).padStart(2, '0')}`, new Date(Date.UTC(2026, 10, 10 - Math.floor(i / 3))).toISOString()),
    );
    serveActions(actions);
    const result = await testClient()
      .asyncActions.list({ limit })
      .toArray()
      .catch((e: unknown) => e);
    if (limit <= 3) {
      // A page cannot hold an instant's three: the list has no way past them but a larger limit.
      expect(result).toBeInstanceOf(PaginationStalledError);
      expect((result as Error).message).toContain('raise limit');
    } else expect((result as Array<{ id: string }>).map((a) => a.id)).toEqual(actions.map((a) => a.id));
  });

  it('a service that keeps answering the same action with has_more: PaginationStalledError once it serves an action the cursor has passed', async () => {
    respond(
      'get',
      '/v1/async-actions',
      json({ object: 'list', data_ref: 'async_actions', async_actions: [action('aa_1', '2026-10-01T00:00:00Z')], has_more: true }),
    );
    const ids: string[] = [];
    const error = await (async () => {
      for await (const a of testClient().asyncActions.list()) ids.push(a.id);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationStalledError);
    expect((error as Error).message).toContain('the time cursor would not move back');
    expect(ids).toEqual(['aa_1']);
    expect(seen).toHaveLength(3);
  });
});

describe('toArray never truncates silently', () => {
  /** A cursor list of `total` records, 100 per page, answered without the network; counts the pages fetched. */
  function cursorList(total: number) {
    const fetched: string[] = [];
    const list = paginate<{ id: string }, { starting_after_id?: string }>('loyalties.listTransactions', {}, idCursor, (p) =>
      answer(async () => {
        const start = p.starting_after_id ? Number(p.starting_after_id.slice(3)) + 1 : 0;
        fetched.push(p.starting_after_id ?? '(first)');
        const data = Array.from({ length: Math.max(0, Math.min(100, total - start)) }, (_, i) => ({ id: `tx_${start + i}` }));
        return { object: 'list', data_ref: 'data', data, has_more: start + data.length < total, more_starting_after: data.at(-1)?.id ?? null };
      }),
    );
    return { list, fetched };
  }

  it('without max, rejects with ToArrayLimitError naming the limit and how to raise it when more than 10,000 records remain', async () => {
    const { list } = cursorList(10_050);
    const error = await list.toArray().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToArrayLimitError);
    expect(error).toBeInstanceOf(PromokitError);
    expect(error).toMatchObject({ name: 'ToArrayLimitError', limit: 10_000, operation: 'loyalties.listTransactions' });
    expect((error as Error).message).toContain('10,000');
    expect((error as Error).message).toContain('toArray({ max: n })');
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ name: 'ToArrayLimitError', limit: 10_000 });
  });

  it('without max, returns a list of exactly 10,000 records whole', async () => {
    const { list } = cursorList(10_000);
    await expect(list.toArray()).resolves.toHaveLength(10_000);
  });

  it('with max, returns at most max records and fetches no page past them', async () => {
    const { list, fetched } = cursorList(10_050);
    const some = await list.toArray({ max: 250 });
    expect(some.map((r) => r.id)).toEqual(Array.from({ length: 250 }, (_, i) => `tx_${i}`));
    expect(fetched).toHaveLength(3);
    const { list: all } = cursorList(10_050);
    await expect(all.toArray({ max: 20_000 })).resolves.toHaveLength(10_050);
    const { list: every } = cursorList(10_050);
    await expect(every.toArray({ max: Infinity })).resolves.toHaveLength(10_050);
    const { list: none, fetched: noneFetched } = cursorList(5);
    await expect(none.toArray({ max: 0 })).resolves.toEqual([]);
    expect(noneFetched).toHaveLength(0);
  });

  it('refuses a max that is not a number of 0 or more, before fetching anything', async () => {
    for (const max of [-1, Number.NaN]) {
      const { list, fetched } = cursorList(5);
      const error = await list.toArray({ max }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect((error as InvalidRequestError).issues[0]!.path).toEqual(['max']);
      expect(fetched).toHaveLength(0);
    }
  });
});

describe('the bounds of a walk, as the docs say them', () => {
  // A figure lives in the code; the guide, the errors' and the methods' comments say it, checked here.
  const guide = readFileSync(new URL('../../docs/lists-and-pagination.md', import.meta.url), 'utf8');
  const source = (file: string) => readFileSync(new URL(`../../src/${file}`, import.meta.url), 'utf8');
  const n = (value: number) => value.toLocaleString('en-US');

  it('the pages of one walk, the empty pages in a row, the records toArray() collects unasked, the customers of one instant', () => {
    expect(guide).toContain(`after ${n(WALK_PAGES_LIMIT)} pages in one walk (\`maxPage: ${WALK_PAGES_LIMIT}\`)`);
    expect(source('core/errors.ts')).toContain(`the pages one walk fetches at most (${n(WALK_PAGES_LIMIT)})`);
    expect(source('core/page.ts')).toContain(`past the ${n(WALK_PAGES_LIMIT)} pages of one walk`);
    expect(readFileSync(new URL('../../docs/errors-and-retries.md', import.meta.url), 'utf8')).toContain(`the ${n(WALK_PAGES_LIMIT)} pages one walk fetches`);
    expect(guide).toContain(`| ${EMPTY_PAGES_LIMIT} empty pages in a row that say more records follow |`);
    expect(guide).toContain(`a safety limit of ${n(TO_ARRAY_LIMIT)}`);
    expect(source('core/errors.ts')).toContain(`its safety limit (${n(TO_ARRAY_LIMIT)} records)`);
    // 99 pages of 100, the instant's window walked at the most the service serves a page.
    expect(guide).toContain(`up to ${n(99 * 100)} of one millisecond (99 pages of 100)`);
    expect(source('resources/customers.ts')).toContain(`up to ${n(99 * 100)} of one instant`);
  });
});

describe('APIPromise', () => {
  it('answers withResponse() with one function shared by every call, not a closure per call (which kept a walk’s pages alive through V8’s young-generation collections)', async () => {
    const response = new Response(null, { status: 200 });
    const first = apiPromise(Promise.resolve({ data: 1, response }));
    const second = apiPromise(Promise.resolve({ data: 2, response }));
    expect(first.withResponse).toBe(second.withResponse);
    expect(await first).toBe(1);
    expect(await second.withResponse()).toEqual({ data: 2, response });
  });

  it('rejects withResponse() with the call’s error, and taking it leaves no unhandled rejection of the body promise', async () => {
    const error = new Error('refused');
    const unhandled: unknown[] = [];
    const listen = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listen);
    try {
      const promise = apiPromise(Promise.reject(error));
      await expect(promise.withResponse()).rejects.toBe(error);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listen);
    }
  });
});
