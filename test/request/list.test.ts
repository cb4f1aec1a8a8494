/**
 * `client.requestList()` walks a list promokit does not wrap with the same `PagePromise` as the
 * built-in lists: each test runs a built-in list and the same endpoint through `requestList`
 * against one service and expects the same pages, records, requests and errors. Over a stand-in
 * fetch and a node:http service.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  Client,
  InvalidRequestError,
  NoNextPageError,
  Page,
  PagePromise,
  PaginationLimitError,
  PaginationStalledError,
  ToArrayLimitError,
  type CustomListRequest,
} from '../../src/index.js';
import { keys } from '../helpers/keys.js';
import { recorders, type Answer, type Recorder } from '../helpers/recorder.js';

let recorder: Recorder | undefined;
afterEach(async () => {
  await recorder?.close();
  recorder = undefined;
});

/** A cursor list of `total` records, `size` a page, by `starting_after_id`. */
const cursorList =
  (total: number, size: number): Answer =>
  (sent) => {
    const after = new URLSearchParams(sent.search).get('starting_after_id');
    const from = after ? Number(after.slice(3)) + 1 : 0;
    const data = Array.from({ length: Math.max(0, Math.min(size, total - from)) }, (_, i) => ({ id: `tx_${from + i}`, type: 'POINTS_ADDED' }));
    const has_more = from + size < total;
    return { body: { object: 'list', data_ref: 'data', data, has_more, more_starting_after: has_more ? data[data.length - 1]!.id : null } };
  };

/** A page-numbered list that always has `total` records of `limit` a page. */
const pagedList =
  (total: number): Answer =>
  (sent) => {
    const query = new URLSearchParams(sent.search);
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 10);
    const data = Array.from({ length: Math.max(0, Math.min(limit, total - (page - 1) * limit)) }, (_, i) => ({ id: `ra_${(page - 1) * limit + i}` }));
    return { body: { object: 'list', data_ref: 'data', data, total } };
  };

const transactions: CustomListRequest = {
  path: '/v1/loyalties/{campaignId}/transactions',
  pathParams: { campaignId: 'camp_1' },
  query: { limit: 3 },
  paging: 'cursor',
};

describe.each(recorders)('requestList and the built-in lists over %s', (_name, start) => {
  async function clientFor(answer: Answer): Promise<Client> {
    recorder = await start(answer);
    return new Client({ baseUrl: recorder.url, ...keys, fetch: recorder.fetch, validation: 'off', maxRetryDelay: 0, logLevel: 'off' });
  }

  /** The targets sent by `walk`, then forgotten. */
  async function targetsOf(walk: () => Promise<unknown>): Promise<{ result: unknown; targets: string[] }> {
    recorder!.sent.length = 0;
    const result = await walk();
    return { result, targets: recorder!.sent.map((s) => `${s.method} ${s.target}`) };
  }

  it('is a PagePromise: awaited, the first page with hasNextPage and getNextPage, like listTransactions', async () => {
    const client = await clientFor(cursorList(7, 3));
    const custom = client.requestList<{ id: string }>(transactions);
    expect(custom).toBeInstanceOf(PagePromise);
    const first = await custom;
    expect(first).toBeInstanceOf(Page);
    const builtIn = await client.loyalties.listTransactions('camp_1', { limit: 3 });
    expect(first.data).toEqual(builtIn.data);
    expect(first.hasNextPage()).toBe(true);
    const second = await first.getNextPage();
    expect(second.data.map((r) => r.id)).toEqual(['tx_3', 'tx_4', 'tx_5']);
    expect(second.params).toEqual({ limit: 3, starting_after_id: 'tx_2' });
    const last = await second.getNextPage();
    expect(last.hasNextPage()).toBe(false);
    await expect(last.getNextPage()).rejects.toBeInstanceOf(NoNextPageError);
  });

  it('for await gives every record and sends the same requests as the built-in list', async () => {
    const client = await clientFor(cursorList(7, 3));
    const collect = async (list: AsyncIterable<unknown>) => {
      const ids: unknown[] = [];
      for await (const record of list) ids.push((record as { id: string }).id);
      return ids;
    };
    const custom = await targetsOf(() => collect(client.requestList(transactions)));
    const builtIn = await targetsOf(() => collect(client.loyalties.listTransactions('camp_1', { limit: 3 })));
    expect(custom.result).toEqual(['tx_0', 'tx_1', 'tx_2', 'tx_3', 'tx_4', 'tx_5', 'tx_6']);
    expect(custom).toEqual(builtIn);
    expect(custom.targets).toEqual([
      'GET /v1/loyalties/camp_1/transactions?limit=3',
      'GET /v1/loyalties/camp_1/transactions?limit=3&starting_after_id=tx_2',
      'GET /v1/loyalties/camp_1/transactions?limit=3&starting_after_id=tx_5',
    ]);
  });

  it('.pages(), .toArray({ max }) and .withResponse() as on the built-in list', async () => {
    const client = await clientFor(cursorList(7, 3));
    const sizes = async <T, P>(list: PagePromise<T, P>) => {
      const counts: number[] = [];
      for await (const page of list.pages()) counts.push(page.data.length);
      return counts;
    };
    expect(await sizes(client.requestList(transactions))).toEqual([3, 3, 1]);
    expect(await sizes(client.loyalties.listTransactions('camp_1', { limit: 3 }))).toEqual([3, 3, 1]);

    const capped = await targetsOf(() => client.requestList(transactions).toArray({ max: 4 }));
    expect(capped).toEqual(await targetsOf(() => client.loyalties.listTransactions('camp_1', { limit: 3 }).toArray({ max: 4 })));
    expect((capped.result as Array<{ id: string }>).map((r) => r.id)).toEqual(['tx_0', 'tx_1', 'tx_2', 'tx_3']);

    const { data, response } = await client.requestList(transactions).withResponse();
    expect(data.data).toHaveLength(3);
    expect(response.status).toBe(200);
  });

  it('toArray() without max refuses a list of more than 10,000 records, as the built-in list does', async () => {
    const client = await clientFor(cursorList(10_001, 100));
    const many = { ...transactions, query: { limit: 100 } };
    await expect(client.requestList(many).toArray()).rejects.toBeInstanceOf(ToArrayLimitError);
    await expect(client.loyalties.listTransactions('camp_1', { limit: 100 }).toArray()).rejects.toBeInstanceOf(ToArrayLimitError);
  });

  it('a cursor that comes back stops the walk with PaginationStalledError, as on the built-in list', async () => {
    const client = await clientFor(() => ({ body: { data: [{ id: 'tx_same' }], has_more: true, more_starting_after: 'tx_same' } }));
    await expect(client.requestList(transactions).toArray()).rejects.toBeInstanceOf(PaginationStalledError);
    await expect(client.loyalties.listTransactions('camp_1', { limit: 3 }).toArray()).rejects.toBeInstanceOf(PaginationStalledError);
  });

  it("paging 'page' walks page numbers and stops at page 100 with PaginationLimitError, like rewards.listAssignments", async () => {
    const client = await clientFor(pagedList(5_000));
    const custom = await targetsOf(() =>
      client
        .requestList({ path: '/v1/rewards/{rewardId}/assignments', pathParams: { rewardId: 'rew_1' }, query: { limit: 10 }, paging: 'page' })
        .toArray()
        .catch((e: unknown) => e),
    );
    const builtIn = await targetsOf(() =>
      client.rewards
        .listAssignments('rew_1', { limit: 10 })
        .toArray()
        .catch((e: unknown) => e),
    );
    expect(custom.result).toBeInstanceOf(PaginationLimitError);
    expect(builtIn.result).toBeInstanceOf(PaginationLimitError);
    expect(custom.targets).toEqual(builtIn.targets);
    expect(custom.targets).toHaveLength(100);
    expect(custom.targets[1]).toBe('GET /v1/rewards/rew_1/assignments?limit=10&page=2');
  });

  it('records under another attribute are read from data_ref, or from `records`', async () => {
    const client = await clientFor((sent) => ({
      body:
        sent.path === '/v1/with-ref' ? { data_ref: 'campaigns', campaigns: [{ id: 'c1' }], has_more: false } : { campaigns: [{ id: 'c2' }], has_more: false },
    }));
    expect(await client.requestList({ path: '/v1/with-ref', paging: 'cursor' }).toArray()).toEqual([{ id: 'c1' }]);
    expect(await client.requestList({ path: '/v1/without-ref', paging: 'cursor', records: 'campaigns' }).toArray()).toEqual([{ id: 'c2' }]);
  });

  it('an unknown paging is refused, nothing sent', async () => {
    const client = await clientFor(cursorList(1, 1));
    await expect(client.requestList({ path: '/v1/campaigns', paging: 'offset' } as unknown as CustomListRequest).toArray()).rejects.toBeInstanceOf(
      InvalidRequestError,
    );
    expect(recorder!.sent).toHaveLength(0);
  });
});
