import { HttpResponse } from 'msw';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { InternalServerError, NotFoundError, PaginationLimitError, type Customer } from '../../src/index.js';
import { redeemable } from '../fixtures/customers.js';
import { customer as fullCustomer } from '../fixtures/every-field.js';
import { deepFreeze, json, respond, seen, serverHeaders, testClient, useMockApi } from '../helpers/mock-api.js';
import { postedJson } from './requests.js';
import { respondCursorPages } from './pages.js';
import { refusal, rejection } from './rejections.js';

useMockApi();

describe('customers.listRedeemables', () => {
  it('GETs /v1/customers/{customerId}/redeemables with every query field and parses the page with its total', async () => {
    const data = [redeemable(1), redeemable(2, 'REFERRER')];
    respond(
      'get',
      '/v1/customers/cust_Rd33mAbl3s/redeemables',
      json({ object: 'list', data_ref: 'data', data, total: 5, has_more: true, more_starting_after: data[1]!.id }),
    );
    const page = await testClient({ validation: 'strict' }).customers.listRedeemables('cust_Rd33mAbl3s', {
      limit: 2,
      order: 'id',
      starting_after_id: 'rh_0e00000000',
      filters: { created_at: { conditions: { $after: ['2026-01-01T00:00:00Z'] } }, junction: 'and' },
    });
    const req = seen[0]!;
    expect([req.method, req.path, req.body]).toEqual(['GET', '/v1/customers/cust_Rd33mAbl3s/redeemables', '']);
    expect(req.search).toBe(
      'limit=2&order=id&starting_after_id=rh_0e00000000&filters[created_at][conditions][$after][0]=2026-01-01T00%3A00%3A00Z&filters[junction]=and',
    );
    expect(req.headers).toMatchObject(serverHeaders);
    expect(page.data).toEqual(data);
    expect(page.total).toBe(5);
    expect(page.hasNextPage()).toBe(true);
    expect(page.data[1]!.holder_role).toBe('REFERRER');
    expect(page.data[1]!.redeemable?.voucher?.loyalty_card?.balance).toBe(380);
  });

  it('encodes a customer source ID with odd characters once and sends no query string without params', async () => {
    respond('get', '/v1/customers/:customerId/redeemables', json({ object: 'list', data_ref: 'data', data: [], total: 0, has_more: false }));
    const page = await testClient({ validation: 'strict' }).customers.listRedeemables('shop/42 #ä%');
    expect(seen[0]!.path).toBe('/v1/customers/shop%2F42%20%23%C3%A4%25/redeemables');
    expect(seen[0]!.search).toBe('');
    expect(page.data).toEqual([]);
    expect(page.total).toBe(0);
    expect(page.hasNextPage()).toBe(false);
  });

  it('iterates every redeemable across pages with the starting_after_id cursor', async () => {
    const first = [redeemable(1), redeemable(2)];
    const second = [redeemable(3)];
    respondCursorPages('/v1/customers/cust_1/redeemables', first, second, { total: 3 });
    const ids: string[] = [];
    for await (const r of testClient().customers.listRedeemables('cust_1', { limit: 2, order: '-id' })) ids.push(r.id);
    expect(ids).toEqual([...first, ...second].map((r) => r.id));
    expect(seen.map((r) => r.search)).toEqual(['limit=2&order=-id', `limit=2&order=-id&starting_after_id=${first[1]!.id}`]);
  });

  it('leaves frozen params untouched while moving the cursor', async () => {
    const first = [redeemable(1)];
    respondCursorPages('/v1/customers/cust_1/redeemables', first, [redeemable(2)], { total: 2 });
    const params = Object.freeze({ limit: 1, filters: Object.freeze({ holder_role: Object.freeze({ conditions: Object.freeze({ $is: 'OWNER' }) }) }) });
    const all = await testClient().customers.listRedeemables('cust_1', params).toArray();
    expect(all).toHaveLength(2);
    expect(params).toEqual({ limit: 1, filters: { holder_role: { conditions: { $is: 'OWNER' } } } });
    expect(seen[1]!.search).toBe(`limit=1&filters[holder_role][conditions][$is]=OWNER&starting_after_id=${first[0]!.id}`);
  });

  it('maps 404 to NotFoundError', async () => {
    respond('get', '/v1/customers/cust_gone/redeemables', json({ code: 404, key: 'not_found', message: 'Resource not found', resource_type: 'customer' }, 404));
    const error = await rejection(testClient().customers.listRedeemables('cust_gone'), NotFoundError);
    expect(error).toMatchObject({ status: 404, key: 'not_found' });
    expect(seen).toHaveLength(1);
  });

  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: 100.5 }, 'limit'],
    [{ order: 'created_at' }, 'order'],
    [{ starting_after_id: '' }, 'starting_after_id'],
    [{ filters: ['holder_role'] }, 'filters'],
  ])('refuses %j naming %s, with nothing sent', async (params, field) => {
    const error = await refusal(testClient().customers.listRedeemables('cust_1', params as never));
    expect(error.issues.map((i) => i.path.join('.'))).toEqual([field]);
    expect(seen).toHaveLength(0);
  });
});

/** A customer of the list, created `n` minutes after a moment. */
const listed = (n: number) => ({
  ...fullCustomer,
  id: `cust_${String(n).padStart(4, '0')}`,
  created_at: new Date(Date.UTC(2026, 2, 1, 12, 60 - n)).toISOString(),
});
const customersPage = (records: unknown[], total = 100) => ({ object: 'list', data_ref: 'customers', customers: records, total });
/** The service's 404 of the customer `id`. */
const notFoundOf = (id: string) => json({ code: 404, key: 'not_found', message: 'Resource not found', resource_type: 'customer', resource_id: id }, 404);
const notFound = notFoundOf('cust_gone');
const unavailable = json({ code: 503, message: 'Service unavailable' }, 503);

describe('customers.list', () => {
  it('GETs /v1/customers with every filter (a time window in brackets) and parses the customers under data_ref', async () => {
    respond('get', '/v1/customers', json(customersPage([fullCustomer], 1)));
    const page = await testClient({ validation: 'strict' }).customers.list({
      limit: 5,
      email: 'ada@example.test',
      city: 'London',
      name: 'Ada Lovelace',
      segment_id: 'seg_1',
      created_at: { after: '2026-01-01T00:00:00Z', before: new Date(Date.UTC(2026, 5, 1)) },
      updated_at: { after: '2026-02-01T00:00:00Z' },
      order: '-updated_at',
    });
    const req = seen[0]!;
    expect([req.method, req.path, req.body]).toEqual(['GET', '/v1/customers', '']);
    expect(req.search).toBe(
      'limit=5&email=ada%40example.test&city=London&name=Ada%20Lovelace&segment_id=seg_1&created_at[after]=2026-01-01T00%3A00%3A00Z&created_at[before]=2026-06-01T00%3A00%3A00.000Z&updated_at[after]=2026-02-01T00%3A00%3A00Z&order=-updated_at',
    );
    expect(req.headers).toMatchObject(serverHeaders);
    expect(page.data).toEqual([fullCustomer]);
    expect(page.total).toBe(1);
    expect(page.data[0]!.summary?.orders?.total_count).toBe(5);
    expect(page.data[0]!.loyalty?.campaigns?.['Coffee Club']?.points).toBe(1250);
    expectTypeOf(page.data[0]!).toEqualTypeOf<Customer>();
  });

  /**
   * Answers the customers' list from `records` as the service does: newest first (`order:
   * 'created_at'`, oldest), within the `created_at` window, after `starting_after` in that order,
   * else page `page`; `limit` of them, with `total` and no `has_more`.
   */
  function serveCustomers(records: Array<{ id: string; created_at: string }>) {
    respond('get', '/v1/customers', () => {
      const q = seen[seen.length - 1]!.query;
      const ascending = q.order === 'created_at';
      const time = (c: { created_at: string }) => Date.parse(c.created_at);
      const [after, before] = [q['created_at[after]'], q['created_at[before]']].map((t) => (t === undefined ? undefined : Date.parse(t)));
      const sorted = records
        .filter((c) => (after === undefined || time(c) > after) && (before === undefined || time(c) < before))
        .sort((x, y) => (time(x) - time(y) || (x.id < y.id ? -1 : 1)) * (ascending ? 1 : -1));
      const limit = Number(q.limit ?? 10);
      const cursor = q.starting_after === undefined ? undefined : Date.parse(q.starting_after);
      const page =
        cursor === undefined
          ? sorted.slice((Number(q.page ?? 1) - 1) * limit, Number(q.page ?? 1) * limit)
          : sorted.filter((c) => (ascending ? time(c) > cursor : time(c) < cursor)).slice(0, limit);
      return json(customersPage(page, sorted.length));
    });
  }

  it('walks newest first by the time cursor: each next page starts a millisecond back into the last created_at, past page 99, to an empty page', async () => {
    const customers = Array.from({ length: 5 }, (_, i) => listed(i + 1));
    serveCustomers(customers);
    const all = await testClient().customers.list({ limit: 2 }).toArray();
    expect(all.map((c) => c.id)).toEqual(['cust_0001', 'cust_0002', 'cust_0003', 'cust_0004', 'cust_0005']);
    // A millisecond back into the page (newer, as the list goes newest first): none of the same millisecond is skipped.
    const after = (record: { created_at: string }, by = 1) => encodeURIComponent(new Date(Date.parse(record.created_at) + by).toISOString());
    expect(seen.map((r) => r.search)).toEqual([
      'limit=2',
      `limit=2&starting_after=${after(customers[1]!)}`,
      `limit=2&starting_after=${after(customers[2]!)}`,
      `limit=2&starting_after=${after(customers[3]!)}`,
      `limit=2&starting_after=${after(customers[4]!)}`,
      // The last page held nothing but the last instant: the window around it (100 a page), then past it, empty.
      `limit=100&created_at[after]=${after(customers[4]!, -1)}&created_at[before]=${after(customers[4]!)}&page=1`,
      `limit=2&starting_after=${after(customers[4]!, 0)}`,
    ]);
  });

  // More customers of one millisecond than a page holds (a bulk import), among others, for page sizes that split them every way.
  it.each([1, 2, 3, 10, 25, 100])('250 customers created in one millisecond between 20 others, %i a page: each once, in order', async (limit) => {
    const instant = '2026-03-01T12:00:00.000Z';
    const older = Array.from({ length: 10 }, (_, i) => ({
      ...fullCustomer,
      id: `cust_old_${i}`,
      created_at: new Date(Date.parse(instant) - 1 - i).toISOString(),
    }));
    const newer = Array.from({ length: 10 }, (_, i) => ({
      ...fullCustomer,
      id: `cust_new_${9 - i}`,
      created_at: new Date(Date.parse(instant) + 10 - i).toISOString(),
    }));
    const bulk = Array.from({ length: 250 }, (_, i) => ({ ...fullCustomer, id: `cust_bulk_${String(i).padStart(3, '0')}`, created_at: instant }));
    serveCustomers([...older, ...bulk, ...newer]);
    for (const order of [undefined, 'created_at'] as const) {
      seen.length = 0;
      const ids = (
        await testClient()
          .customers.list({ limit, ...(order && { order }) })
          .toArray()
      ).map((c) => c.id);
      const expected = [...newer, ...[...bulk].reverse(), ...older].map((c) => c.id);
      expect(ids).toEqual(order ? [...expected].reverse() : expected);
      expect(new Set(ids).size).toBe(270);
    }
  });

  it('skips a customer a cursor that includes its boundary answers again', async () => {
    const first = [listed(1), listed(2)];
    respond('get', '/v1/customers', json(customersPage(first)), json(customersPage([listed(2), listed(3)])), json(customersPage([])));
    const ids = (await testClient().customers.list({ limit: 2 }).toArray()).map((c) => c.id);
    expect(ids).toEqual(['cust_0001', 'cust_0002', 'cust_0003']);
  });

  it('walks by page number when the params name a page or an order the cursor cannot follow, and stops at page 99', async () => {
    respond('get', '/v1/customers', () => json(customersPage([listed(Number(seen[seen.length - 1]!.query.page ?? 1))], 500)));
    const byPage = testClient().customers.list({ limit: 1, page: 98 });
    const pages = byPage.pages();
    expect((await pages.next()).value?.params.page).toBe(98);
    expect((await pages.next()).value?.params.page).toBe(99);
    const error = await pages.next().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationLimitError);
    expect(error).toMatchObject({ maxPage: 99, operation: 'customers.list' });
    seen.length = 0;
    const bySource = await testClient().customers.list({ limit: 1, order: 'source_id' });
    const next = await bySource.getNextPage();
    expect(next.params).toEqual({ limit: 1, order: 'source_id', page: 2 });
  });

  it.each([
    [{ limit: 101 }, 'limit'],
    [{ page: 100 }, 'page'],
    [{ page: 0 }, 'page'],
    [{ order: 'id' }, 'order'],
    [{ created_at: { after: 'yesterday' } }, 'created_at.after'],
    [{ created_at: '2026-01-01' }, 'created_at'],
    [{ updated_at: { before: '2026-01-01' } }, 'updated_at.before'],
    [{ starting_after: 42 }, 'starting_after'],
    [{ email: 7 }, 'email'],
    [{ segment_id: '' }, 'segment_id'],
  ])('refuses %j naming %s, with nothing sent', async (params, field) => {
    const error = await refusal(testClient().customers.list(params as never));
    expect(error.issues.map((i) => i.path.join('.'))).toEqual([field]);
    expect(seen).toHaveLength(0);
  });
});

describe('customers.create', () => {
  it('POSTs /v1/customers with the params as the JSON body and returns the customer', async () => {
    respond('post', '/v1/customers', json(fullCustomer));
    const body = deepFreeze({
      source_id: 'crm-10442',
      name: 'Ada Lovelace',
      email: 'ada@example.test',
      birthdate: '1815-12-10',
      address: { city: 'London', country: 'GB' },
      metadata: { segment: 'gold' },
    });
    const customer = await testClient({ validation: 'strict' }).customers.create(body);
    postedJson('/v1/customers', body);
    expect(customer).toEqual(fullCustomer);
  });

  it('with source_id (an upsert, safe to repeat) is retried after a 503', async () => {
    respond('post', '/v1/customers', unavailable, json(fullCustomer));
    await expect(testClient({ maxRetryDelay: 10 }).customers.create({ source_id: 'crm-10442', name: 'Ada' })).resolves.toEqual(fullCustomer);
    expect(seen).toHaveLength(2);
  });

  it('without source_id or id (each call a new customer) is sent once: a 503 is an unknown outcome, not retried', async () => {
    respond('post', '/v1/customers', unavailable, json(fullCustomer));
    const error = await rejection(testClient({ maxRetryDelay: 10 }).customers.create({ name: 'Ada', email: 'ada@example.test' }), InternalServerError);
    expect(error.outcome).toBe('unknown');
    expect(seen).toHaveLength(1);
  });

  it.each([
    [{ source_id: '' }, 'source_id'],
    [{ id: 42 }, 'id'],
    [{ birthdate: '1990-13-01' }, 'birthdate'],
    [{ birthday: '1990-02-30' }, 'birthday'],
    [{ birthdate: '1990-01-01T00:00:00Z' }, 'birthdate'],
    [{ address: 'London' }, 'address'],
    [{ address: { city: 7 } }, 'address.city'],
    [{ metadata: ['gold'] }, 'metadata'],
    [{ name: '\ud800' }, 'name'],
  ])('refuses %j naming %s, with nothing sent', async (params, field) => {
    const error = await refusal(testClient().customers.create(params as never));
    expect(error.issues.map((i) => i.path.join('.'))).toEqual([field]);
    expect(seen).toHaveLength(0);
  });

  // A blank identity names no customer, or whichever the service trims it to: were it taken as an
  // upsert key, a create would be retried after a 5xx. Whitespace of every kind, in either field.
  it.each(['source_id', 'id'].flatMap((field) => [' ', '   ', '\t', '\n', '\u00a0', '\u2028', ' \t\n '].map((blank) => [field, blank] as const)))(
    'refuses a %s of only spaces (%j) as blank, naming it; nothing sent, so nothing retried',
    async (field, blank) => {
      respond('post', '/v1/customers', unavailable, json(fullCustomer));
      const error = await refusal(testClient({ maxRetryDelay: 10 }).customers.create({ [field]: blank, name: 'Ada' }));
      expect(error.issues).toEqual([{ path: [field], message: 'must not be blank (it holds only spaces)' }]);
      expect(seen).toHaveLength(0);
    },
  );

  it('takes a source_id with spaces around it as given, an upsert key (the service trims it or not; either way one customer)', async () => {
    respond('post', '/v1/customers', unavailable, json(fullCustomer));
    await testClient({ maxRetryDelay: 10 }).customers.create({ source_id: ' crm-10442 ' });
    expect(seen.map((r) => JSON.parse(r.body))).toEqual([{ source_id: ' crm-10442 ' }, { source_id: ' crm-10442 ' }]);
  });

  it('accepts address: null (the address removed)', async () => {
    respond('post', '/v1/customers', json(fullCustomer));
    await testClient().customers.create({ source_id: 'a', address: null });
    expect(JSON.parse(seen[0]!.body)).toEqual({ source_id: 'a', address: null });
  });
});

describe('customers.get, customers.update, customers.delete', () => {
  it('GETs /v1/customers/{customerId}, a source ID encoded once', async () => {
    respond('get', '/v1/customers/:customerId', json(fullCustomer));
    const customer = await testClient({ validation: 'strict' }).customers.get('ada@example.test/1');
    expect([seen[0]!.method, seen[0]!.path, seen[0]!.search]).toEqual(['GET', '/v1/customers/ada%40example.test%2F1', '']);
    expect(customer.id).toBe(fullCustomer.id);
  });

  it('maps 404 to NotFoundError', async () => {
    respond('get', '/v1/customers/cust_gone', notFound);
    await rejection(testClient().customers.get('cust_gone'), NotFoundError);
  });

  it('PUTs the fields to change, retried after a 503 (an idempotent write)', async () => {
    respond('put', '/v1/customers/cust_1', unavailable, json(fullCustomer));
    const customer = await testClient({ maxRetryDelay: 10 }).customers.update('cust_1', { address: { line_1: '12 Harbor Road' }, metadata: { tier: 'gold' } });
    expect(seen.map((r) => [r.method, r.path])).toEqual([
      ['PUT', '/v1/customers/cust_1'],
      ['PUT', '/v1/customers/cust_1'],
    ]);
    expect(JSON.parse(seen[1]!.body)).toEqual({ address: { line_1: '12 Harbor Road' }, metadata: { tier: 'gold' } });
    expect(customer.id).toBe(fullCustomer.id);
  });

  it.each([
    [{ source_id: 'x' }, 'source_id'],
    [{ id: 'cust_2' }, 'id'],
    [{ phone: 123 }, 'phone'],
  ])('update refuses %j naming %s (the customer is named by customerId), nothing sent', async (params, field) => {
    const error = await refusal(testClient().customers.update('cust_1', params as never));
    expect(error.issues.map((i) => i.path.join('.'))).toEqual([field]);
    expect(seen).toHaveLength(0);
  });

  it('DELETEs /v1/customers/{customerId} without a body and resolves with nothing on the 204', async () => {
    respond('delete', '/v1/customers/cust_1', () => new HttpResponse(null, { status: 204 }));
    const { data, response } = await testClient().customers.delete('cust_1').withResponse();
    expect(data).toBeUndefined();
    expect(response.status).toBe(204);
    expect([seen[0]!.method, seen[0]!.body, seen[0]!.headers['content-type']]).toEqual(['DELETE', '', undefined]);
  });

  it('a retry answered 404 after an attempt that may have deleted (a 503): resolves, the customer is gone', async () => {
    respond('delete', '/v1/customers/cust_1', unavailable, notFoundOf('cust_1'));
    const { data, response } = await testClient({ maxRetryDelay: 10 }).customers.delete('cust_1').withResponse();
    expect(data).toBeUndefined();
    expect(response.status).toBe(404);
    expect(seen).toHaveLength(2);
  });

  it('a 404 to the first attempt is a NotFoundError', async () => {
    respond('delete', '/v1/customers/cust_gone', notFound);
    const error = await rejection(testClient().customers.delete('cust_gone'), NotFoundError);
    expect(error.outcome).toBe('rejected');
    expect(seen).toHaveLength(1);
  });
});
