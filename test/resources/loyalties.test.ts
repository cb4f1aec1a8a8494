import { describe, expect, it } from 'vitest';
import { BadRequestError, InternalServerError, type InvalidRequestError, NotFoundError, PaginationLimitError, formatPath } from '../../src/index.js';
import { campaignReward, loyaltyMember, pendingPoints, transaction } from '../fixtures/loyalty.js';
import { failedRedemption, payWithPoints } from '../fixtures/redemptions.js';
import { deepFreeze, json, respond, seen, serverHeaders, testClient, useMockApi } from '../helpers/mock-api.js';
import { respondCursorPages } from './pages.js';
import { refusal, rejection } from './rejections.js';
import { postedJson } from './requests.js';

useMockApi();

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
    respond(
      'get',
      '/v1/loyalties/members/NOPE',
      json(
        {
          code: 404,
          key: 'not_found',
          message: 'Resource not found',
          details: 'Cannot find voucher with id NOPE',
          request_id: 'v-0a1',
          resource_id: 'NOPE',
          resource_type: 'voucher',
        },
        404,
      ),
    );
    const error = await rejection(testClient().loyalties.getMember('NOPE'), NotFoundError);
    expect(error).toMatchObject({ status: 404, key: 'not_found', details: 'Cannot find voucher with id NOPE', request_id: 'v-0a1' });
  });

  it('refuses an empty campaign_id before sending', async () => {
    const error = await refusal(testClient().loyalties.getMember('L1', { campaign_id: '' }));
    expect(error.issues[0]!.path).toEqual(['campaign_id']);
    expect(seen).toHaveLength(0);
  });
});

describe('loyalties.listTransactions', () => {
  it('GETs the transactions with limit, order and filters in the query and parses the page', async () => {
    const data = [transaction(1), transaction(2, 'POINTS_REDEMPTION')];
    respond(
      'get',
      '/v1/loyalties/camp_Xk3w9Lq1/transactions',
      json({ object: 'list', data_ref: 'data', data, has_more: true, more_starting_after: data[1]!.id }),
    );
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
    const error = await refusal(testClient().loyalties.listTransactions('camp_1', params as never));
    expect(error.issues.map((i) => i.path.join('.'))).toEqual([field]);
    expect(error.message).toContain(field);
    expect(seen).toHaveLength(0);
  });
});

const issuePaths = (error: unknown) => (error as InvalidRequestError).issues.map((i) => formatPath(i.path));

describe('loyalties.listPendingPoints', () => {
  it('GETs /v1/loyalties/members/{memberId}/pending-points with the list query and parses the page', async () => {
    const data = [pendingPoints(1), pendingPoints(2)];
    respond(
      'get',
      '/v1/loyalties/members/LOYAL-8QF2-ZT/pending-points',
      json({ object: 'list', data_ref: 'data', data, has_more: true, more_starting_after: data[1]!.id }),
    );
    const page = await testClient({ validation: 'strict' }).loyalties.listPendingPoints('LOYAL-8QF2-ZT', { limit: 2, order: '-id' });
    const req = seen[0]!;
    expect([req.method, req.path, req.search, req.body]).toEqual(['GET', '/v1/loyalties/members/LOYAL-8QF2-ZT/pending-points', 'limit=2&order=-id', '']);
    expect(req.headers).toMatchObject(serverHeaders);
    expect(req.headers['content-type']).toBeUndefined();
    expect(page.data).toEqual(data);
    expect(page.data[0]!.points).toBe(25);
    expect(page.data[0]!.activates_at).toBe('2026-12-01');
    expect(page.data[1]!.details?.event?.event_source?.channel).toBe('USER_PORTAL');
    expect(page.hasNextPage()).toBe(true);
  });

  it('puts campaign_id in the path, never the query, on every page, and leaves the params untouched', async () => {
    const first = [pendingPoints(1)];
    const second = [pendingPoints(2)];
    respondCursorPages('/v1/loyalties/camp_Xk3w9Lq1/members/LOYAL-8QF2-ZT/pending-points', first, second);
    const params = deepFreeze({ campaign_id: 'camp_Xk3w9Lq1', limit: 1 });
    const all = await testClient({ validation: 'strict' }).loyalties.listPendingPoints('LOYAL-8QF2-ZT', params).toArray();
    expect(all.map((p) => p.id)).toEqual([first[0]!.id, second[0]!.id]);
    expect(seen.map((r) => r.path)).toEqual([
      '/v1/loyalties/camp_Xk3w9Lq1/members/LOYAL-8QF2-ZT/pending-points',
      '/v1/loyalties/camp_Xk3w9Lq1/members/LOYAL-8QF2-ZT/pending-points',
    ]);
    expect(seen.map((r) => r.search)).toEqual(['limit=1', `limit=1&starting_after_id=${first[0]!.id}`]);
    expect(params).toEqual({ campaign_id: 'camp_Xk3w9Lq1', limit: 1 });
  });

  it('maps 404 to NotFoundError', async () => {
    respond(
      'get',
      '/v1/loyalties/members/NOPE/pending-points',
      json({ code: 404, key: 'not_found', message: 'Resource not found', details: 'Cannot find voucher with id NOPE', resource_type: 'voucher' }, 404),
    );
    const error = await rejection(testClient().loyalties.listPendingPoints('NOPE'), NotFoundError);
    expect(error).toMatchObject({ status: 404, key: 'not_found' });
  });

  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: 101 }, 'limit'],
    [{ order: 'created_at' }, 'order'],
    [{ campaign_id: '' }, 'campaign_id'],
  ])('refuses %j naming %s, with nothing sent', async (params, field) => {
    const error = await refusal(testClient().loyalties.listPendingPoints('LOYAL-8QF2-ZT', params as never));
    expect(issuePaths(error)).toEqual([field]);
    expect(seen).toHaveLength(0);
  });
});

describe('loyalties.redeemReward', () => {
  const orderInput = {
    source_id: 'web-2026-11-22-0042',
    amount: 4500,
    items: [
      { product_id: 'prod_Beans1kg', quantity: 1, price: 3000 },
      { product_id: 'prod_Mug', quantity: 2, price: 750 },
    ],
  };

  it('POSTs to the campaign-scoped path with campaign_id out of the body and returns the redemption', async () => {
    respond('post', '/v1/loyalties/camp_Xk3w9Lq1/members/LOYAL-8QF2-ZT/redemption', json(payWithPoints));
    const params = deepFreeze({ campaign_id: 'camp_Xk3w9Lq1', reward: { id: 'rew_PayPoints', points: 300 }, order: orderInput, metadata: { store: 'LIS-01' } });
    const redemption = await testClient({ validation: 'strict' }).loyalties.redeemReward('LOYAL-8QF2-ZT', params);
    const req = postedJson('/v1/loyalties/camp_Xk3w9Lq1/members/LOYAL-8QF2-ZT/redemption', {
      reward: { id: 'rew_PayPoints', points: 300 },
      order: orderInput,
      // promokit's marker, by which client.reconcile finds the redemption, beside yours.
      metadata: { store: 'LIS-01', promokit_marker: expect.stringMatching(/^mk_[0-9a-hjkmnp-tv-z]{26}$/) },
    });
    // Items go out exactly as given: numbers, and no `object` key added.
    expect(req.body).toContain('"items":[{"product_id":"prod_Beans1kg","quantity":1,"price":3000},');
    expect(redemption).toEqual(payWithPoints);
    expect(redemption.result).toBe('SUCCESS');
    expect(redemption.loyalty_card?.points).toBe(300);
    expect(redemption.reward?.type).toBe('COIN');
    expect(params.campaign_id).toBe('camp_Xk3w9Lq1');
  });

  it('POSTs to /v1/loyalties/members/{memberId}/redemption without campaign_id, with only the marker when no params are given, an empty JSON body with marker: false', async () => {
    respond('post', '/v1/loyalties/members/LOYAL%2F8QF2%20ZT/redemption', json(payWithPoints));
    await testClient().loyalties.redeemReward('LOYAL/8QF2 ZT');
    await testClient().loyalties.redeemReward('LOYAL/8QF2 ZT', { marker: false });
    expect(seen).toHaveLength(2);
    expect([seen[0]!.method, seen[0]!.path, JSON.parse(seen[0]!.body)]).toEqual([
      'POST',
      '/v1/loyalties/members/LOYAL%2F8QF2%20ZT/redemption',
      { metadata: { promokit_marker: expect.stringMatching(/^mk_[0-9a-hjkmnp-tv-z]{26}$/) } },
    ]);
    expect(seen[1]!.body).toBe('{}');
    expect(seen[0]!.headers['content-type']).toBe('application/json');
  });

  it("resolves with a redemption whose result is 'FAILURE' rather than throwing", async () => {
    respond('post', '/v1/loyalties/members/LOYAL-8QF2-ZT/redemption', json(failedRedemption));
    const redemption = await testClient({ validation: 'strict' }).loyalties.redeemReward('LOYAL-8QF2-ZT', { reward: { id: 'rew_FreeCoffee' } });
    expect(redemption.result).toBe('FAILURE');
    expect(redemption.status).toBe('FAILED');
    if (redemption.result !== 'FAILURE') throw new Error('expected a failed redemption');
    expect(redemption.failure_code).toBe('customer_rules_violated');
  });

  it('sends the redemption exactly once when answered 500 and throws InternalServerError', async () => {
    respond(
      'post',
      '/v1/loyalties/members/LOYAL-8QF2-ZT/redemption',
      json({ code: 500, key: 'internal_error', message: 'Internal error' }, 500),
      json(payWithPoints),
    );
    await rejection(testClient({ maxRetries: 3 }).loyalties.redeemReward('LOYAL-8QF2-ZT', { reward: { id: 'rew_FreeCoffee' } }), InternalServerError);
    expect(seen).toHaveLength(1);
  });

  it('maps 400 missing_order to BadRequestError', async () => {
    respond('post', '/v1/loyalties/members/LOYAL-8QF2-ZT/redemption', json({ code: 400, key: 'missing_order', message: 'Missing order' }, 400));
    const error = await rejection(testClient().loyalties.redeemReward('LOYAL-8QF2-ZT', { reward: { id: 'rew_PayPoints' } }), BadRequestError);
    expect(error).toMatchObject({ status: 400, key: 'missing_order' });
  });

  it.each([
    ['fractional reward points', { reward: { id: 'rew_1', points: 2.5 } }, ['reward.points']],
    ['zero reward points', { reward: { id: 'rew_1', points: 0 } }, ['reward.points']],
    ['a quantity as a string', { order: { items: [{ product_id: 'prod_1', quantity: '1' }] } }, ['order.items[0].quantity']],
    ['a fractional order amount', { order: { amount: 45.5 } }, ['order.amount']],
    ['501 order items', { order: { items: Array.from({ length: 501 }, () => ({ product_id: 'prod_1', quantity: 1 })) } }, ['order.items']],
    ['an empty campaign_id', { campaign_id: '' }, ['campaign_id']],
  ])('refuses %s, naming the field, with nothing sent', async (_, params, fields) => {
    const error = await refusal(testClient().loyalties.redeemReward('LOYAL-8QF2-ZT', params as never));
    expect(issuePaths(error)).toEqual(fields);
    expect(seen).toHaveLength(0);
  });
});

describe('loyalties.listRewardAssignments', () => {
  it('GETs /v1/loyalties/{campaignId}/rewards with limit, page and assignment_id and parses the page', async () => {
    const data = [campaignReward(1), campaignReward(2)];
    respond('get', '/v1/loyalties/Coffee%20Club/rewards', json({ object: 'list', data_ref: 'data', data, total: 5 }));
    const page = await testClient({ validation: 'strict' }).loyalties.listRewardAssignments('Coffee Club', {
      limit: 2,
      page: 1,
      assignment_id: 'rewa_CoffeeClub001',
    });
    const req = seen[0]!;
    expect([req.method, req.path, req.search, req.body]).toEqual([
      'GET',
      '/v1/loyalties/Coffee%20Club/rewards',
      'limit=2&page=1&assignment_id=rewa_CoffeeClub001',
      '',
    ]);
    expect(req.headers).toMatchObject(serverHeaders);
    expect(page.data).toEqual(data);
    expect(page.data[1]!.parameters?.loyalty?.points).toBe(200);
    expect(page.total).toBe(5);
    expect(page.hasNextPage()).toBe(true);
  });

  it('asks for the next page by number, keeping the other params', async () => {
    respond(
      'get',
      '/v1/loyalties/camp_Xk3w9Lq1/rewards',
      json({ object: 'list', data_ref: 'data', data: [campaignReward(1), campaignReward(2)], total: 3 }),
      json({ object: 'list', data_ref: 'data', data: [campaignReward(3)], total: 3 }),
    );
    const pages = [];
    for await (const page of testClient().loyalties.listRewardAssignments('camp_Xk3w9Lq1', { limit: 2 }).pages()) pages.push(page);
    expect(pages).toHaveLength(2);
    expect(seen.map((r) => r.search)).toEqual(['limit=2', 'limit=2&page=2']);
    expect(pages[1]!.hasNextPage()).toBe(false);
  });

  it('throws PaginationLimitError past page 100 instead of stopping silently', async () => {
    respond('get', '/v1/loyalties/camp_Xk3w9Lq1/rewards', json({ object: 'list', data_ref: 'data', data: [campaignReward(1)], total: 250 }));
    const page = await testClient().loyalties.listRewardAssignments('camp_Xk3w9Lq1', { limit: 1, page: 100 });
    expect(page.hasNextPage()).toBe(true);
    await expect(page.getNextPage()).rejects.toBeInstanceOf(PaginationLimitError);
    expect(seen).toHaveLength(1);
  });

  it('maps 404 to NotFoundError', async () => {
    respond('get', '/v1/loyalties/camp_gone/rewards', json({ code: 404, key: 'not_found', message: 'Resource not found', resource_type: 'campaign' }, 404));
    await expect(testClient().loyalties.listRewardAssignments('camp_gone')).rejects.toBeInstanceOf(NotFoundError);
  });

  it.each([
    [{ page: 0 }, 'page'],
    [{ page: 101 }, 'page'],
    [{ limit: 101 }, 'limit'],
    [{ assignment_id: '' }, 'assignment_id'],
  ])('refuses %j naming %s, with nothing sent', async (params, field) => {
    const error = await refusal(testClient().loyalties.listRewardAssignments('camp_Xk3w9Lq1', params as never));
    expect(issuePaths(error)).toEqual([field]);
    expect(seen).toHaveLength(0);
  });
});
