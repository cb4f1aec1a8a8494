import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../src/index.js';
import { redeemable } from '../fixtures/customers.js';
import { json, respond, seen, serverHeaders, testClient, useMockApi } from '../helpers/mock-api.js';
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
