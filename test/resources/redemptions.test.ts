import { describe, expect, it } from 'vitest';
import { BadRequestError, InternalServerError, formatPath } from '../../src/index.js';
import { rollbackResult } from '../fixtures/redemptions.js';
import { deepFreeze, json, jsonServerHeaders as serverHeaders, respond, seen, testClient, useMockApi } from '../helpers/mock-api.js';
import { refusal, rejection } from './rejections.js';

useMockApi();

describe('redemptions.rollbackStackable', () => {
  it('POSTs /v1/redemptions/{id}/rollbacks with reason and tracking_id in the query, the rest in the body', async () => {
    respond('post', '/v1/redemptions/r_parent0001/rollbacks', json(rollbackResult));
    const params = deepFreeze({
      reason: 'Order returned & refunded',
      tracking_id: 'shop-cust-1042',
      customer: { source_id: 'shop-cust-1042', metadata: { returns: 1 } },
      order: { source_id: 'web-2026-11-22-0042', status: 'CANCELED' as const },
      metadata: { ticket: 'SUP-77' },
    });
    const result = await testClient({ validation: 'strict' }).redemptions.rollbackStackable('r_parent0001', params);
    const req = seen[0]!;
    expect([req.method, req.path]).toEqual(['POST', '/v1/redemptions/r_parent0001/rollbacks']);
    expect(req.search).toBe('reason=Order%20returned%20%26%20refunded&tracking_id=shop-cust-1042');
    expect(req.headers).toMatchObject(serverHeaders);
    expect(JSON.parse(req.body)).toEqual({
      customer: { source_id: 'shop-cust-1042', metadata: { returns: 1 } },
      order: { source_id: 'web-2026-11-22-0042', status: 'CANCELED' },
      metadata: { ticket: 'SUP-77' },
    });
    expect(result).toEqual(rollbackResult);
    expect(result.rollbacks).toHaveLength(2);
    expect(result.rollbacks?.[0]?.amount).toBe(-500);
    expect(result.parent_rollback?.redemption).toBe('r_parent0001');
    expect(params.reason).toBe('Order returned & refunded');
  });

  it('sends no query and an empty JSON body when called without params', async () => {
    respond('post', '/v1/redemptions/r_parent0001/rollbacks', json(rollbackResult));
    await testClient().redemptions.rollbackStackable('r_parent0001');
    expect([seen[0]!.search, seen[0]!.body]).toEqual(['', '{}']);
    expect(seen[0]!.headers['content-type']).toBe('application/json');
  });

  it('sends the rollback exactly once when answered 500 and throws InternalServerError', async () => {
    respond('post', '/v1/redemptions/r_parent0001/rollbacks', json({ code: 500, message: 'boom' }, 500), json(rollbackResult));
    await rejection(testClient({ maxRetries: 3 }).redemptions.rollbackStackable('r_parent0001', { reason: 'x' }), InternalServerError);
    expect(seen).toHaveLength(1);
  });

  it('maps 400 already_rolled_back to BadRequestError', async () => {
    respond(
      'post',
      '/v1/redemptions/r_parent0001/rollbacks',
      json({ code: 400, key: 'already_rolled_back', message: 'Redemption was already rolled back', resource_type: 'redemption_rollback' }, 400),
    );
    const error = await rejection(testClient().redemptions.rollbackStackable('r_parent0001'), BadRequestError);
    expect(error).toMatchObject({ status: 400, key: 'already_rolled_back' });
  });

  it.each([
    ['an empty reason', { reason: '' }, ['reason']],
    ['an empty tracking_id', { tracking_id: '' }, ['tracking_id']],
    ['a fractional order amount', { order: { amount: 10.5 } }, ['order.amount']],
    ['an unknown order status', { order: { status: 'REFUNDED' } }, ['order.status']],
  ])('refuses %s, naming the field, with nothing sent', async (_, params, fields) => {
    const error = await refusal(testClient().redemptions.rollbackStackable('r_parent0001', params as never));
    expect(error.issues.map((i) => formatPath(i.path))).toEqual(fields);
    expect(seen).toHaveLength(0);
  });
});
