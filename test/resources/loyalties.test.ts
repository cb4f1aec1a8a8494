import { describe, expect, it } from 'vitest';
import { InvalidRequestError, NotFoundError } from '../../src/index.js';
import { loyaltyMember, transaction } from '../fixtures/loyalty.js';
import { json, respond, secrets, seen, testClient, useMockApi } from '../helpers/mock-api.js';

useMockApi();

const serverHeaders = { 'x-app-id': secrets.appId, 'x-app-token': secrets.appToken, authorization: `Bearer ${secrets.accessToken}`, accept: 'application/json' };

describe('loyalties.getMember', () => {
  it('GETs /v1/loyalties/members/{memberId} without campaign_id', async () => {
    respond('get', '/v1/loyalties/members/LOYAL-8QF2-ZT', json(loyaltyMember));
    const member = await testClient({ validation: 'strict' }).loyalties.getMember('LOYAL-8QF2-ZT');
    const req = seen[0]!;
    expect([req.method, req.path, req.search, req.body]).toEqual(['GET', '/v1/loyalties/members/LOYAL-8QF2-ZT', '', '']);
    expect(req.headers).toMatchObject(serverHeaders);
    expect(req.headers['content-type']).toBeUndefined();
    expect(member).toEqual(loyaltyMember);
    expect(member.loyalty_card?.points).toBe(1250);
  });

  it('GETs /v1/loyalties/{campaignId}/members/{memberId} with campaign_id in the path, not the query', async () => {
    respond('get', '/v1/loyalties/camp_Xk3w9Lq1/members/LOYAL-8QF2-ZT', json(loyaltyMember));
    await testClient({ validation: 'strict' }).loyalties.getMember('LOYAL-8QF2-ZT', { campaign_id: 'camp_Xk3w9Lq1' });
    expect(seen[0]!.path).toBe('/v1/loyalties/camp_Xk3w9Lq1/members/LOYAL-8QF2-ZT');
    expect(seen[0]!.search).toBe('');
  });

  it('maps 404 to NotFoundError', async () => {
    respond('get', '/v1/loyalties/members/NOPE', json({ code: 404, key: 'not_found', message: 'Resource not found', details: 'Cannot find voucher with id NOPE', request_id: 'v-0a1', resource_id: 'NOPE', resource_type: 'voucher' }, 404));
    const error = await testClient().loyalties.getMember('NOPE').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, key: 'not_found', details: 'Cannot find voucher with id NOPE', request_id: 'v-0a1' });
  });

  it('refuses an empty campaign_id before sending', async () => {
    const error = await testClient().loyalties.getMember('L1', { campaign_id: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as InvalidRequestError).issues[0]!.path).toEqual(['campaign_id']);
    expect(seen).toHaveLength(0);
  });
});

describe('loyalties.listTransactions', () => {
  it('GETs the transactions with limit, order and filters in the query and parses the page', async () => {
    const data = [transaction(1), transaction(2, 'POINTS_REDEMPTION')];
    respond('get', '/v1/loyalties/camp_Xk3w9Lq1/transactions', json({ object: 'list', data_ref: 'data', data, has_more: true, more_starting_after: data[1]!.id }));
    const page = await testClient({ validation: 'strict' }).loyalties.listTransactions('camp_Xk3w9Lq1', {
      limit: 2,
      order: '-id',
      filters: { id: { conditions: { $is: 'vtx_1' } } },
    });
    const req = seen[0]!;
    expect(req.method).toBe('GET');
    expect(req.path).toBe('/v1/loyalties/camp_Xk3w9Lq1/transactions');
    expect(req.search).toBe('limit=2&order=-id&filters[id][conditions][$is]=vtx_1');
    expect(req.headers).toMatchObject(serverHeaders);
    expect(page.data).toEqual(data);
    expect(page.data[1]!.details?.balance?.points).toBe(-100);
    expect(page.hasNextPage()).toBe(true);
    expect(page.body.more_starting_after).toBe(data[1]!.id);
  });

  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: 101 }, 'limit'],
    [{ limit: 2.5 }, 'limit'],
    [{ order: 'name' }, 'order'],
    [{ starting_after_id: '' }, 'starting_after_id'],
  ])('refuses %j naming %s, with nothing sent', async (params, field) => {
    const error = await testClient().loyalties.listTransactions('camp_1', params as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as InvalidRequestError).issues.map((i) => i.path.join('.'))).toEqual([field]);
    expect((error as Error).message).toContain(field);
    expect(seen).toHaveLength(0);
  });
});
