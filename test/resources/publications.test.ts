import { describe, expect, expectTypeOf, it } from 'vitest';
import { BadRequestError, InternalServerError, NotFoundError, formatPath } from '../../src/index.js';
import type { CreatePublicationParams } from '../../src/index.js';
import { publication } from '../fixtures/publications.js';
import { deepFreeze, json, jsonServerHeaders as serverHeaders, respond, seen, testClient, useMockApi } from '../helpers/mock-api.js';
import { refusal, rejection } from './rejections.js';

useMockApi();

describe('publications.create', () => {
  it('POSTs /v1/publications with join_once in the query and the rest in the body, and returns the publication', async () => {
    respond('post', '/v1/publications', json(publication));
    const params = deepFreeze({
      voucher: 'SUMMER-10',
      customer: { source_id: 'shop-cust-1042', email: 'ana.duarte@example.com' },
      source_id: 'nl-2026-11-cust-1042',
      channel: 'newsletter',
      metadata: { reason: 'newsletter signup' },
      join_once: true,
    });
    const result = await testClient({ validation: 'strict' }).publications.create(params);
    const req = seen[0]!;
    expect([req.method, req.path, req.search]).toEqual(['POST', '/v1/publications', 'join_once=true']);
    expect(req.headers).toMatchObject(serverHeaders);
    expect(JSON.parse(req.body)).toEqual({
      voucher: 'SUMMER-10',
      customer: { source_id: 'shop-cust-1042', email: 'ana.duarte@example.com' },
      source_id: 'nl-2026-11-cust-1042',
      channel: 'newsletter',
      metadata: { reason: 'newsletter signup' },
    });
    expect(result).toEqual(publication);
    expect(result.voucher?.code).toBe('SUMMER-10');
    expect(result.vouchers_id).toEqual(['v_SummerTen01']);
    expect(params.join_once).toBe(true);
  });

  it('publishes from a campaign instead of a voucher, with no query string when join_once is left out', async () => {
    respond('post', '/v1/publications', json(publication));
    await testClient().publications.create({ campaign: { name: 'Summer Sale', count: 2 }, customer: { id: 'cust_Pq81Rt2z' } });
    expect(seen[0]!.search).toBe('');
    expect(JSON.parse(seen[0]!.body)).toEqual({ campaign: { name: 'Summer Sale', count: 2 }, customer: { id: 'cust_Pq81Rt2z' } });
  });

  it('sends join_once=false when given false', async () => {
    respond('post', '/v1/publications', json(publication));
    await testClient().publications.create({ voucher: 'SUMMER-10', customer: { id: 'cust_Pq81Rt2z' }, join_once: false });
    expect(seen[0]!.search).toBe('join_once=false');
    expect(JSON.parse(seen[0]!.body)).not.toHaveProperty('join_once');
  });

  it('types voucher or campaign as required, and customer as required', () => {
    expectTypeOf<{ voucher: string; customer: { id: string } }>().toMatchTypeOf<CreatePublicationParams>();
    expectTypeOf<{ campaign: { name: string }; customer: { id: string } }>().toMatchTypeOf<CreatePublicationParams>();
    expectTypeOf<{ customer: { id: string } }>().not.toMatchTypeOf<CreatePublicationParams>();
    expectTypeOf<{ voucher: string }>().not.toMatchTypeOf<CreatePublicationParams>();
  });

  it('sends the publication exactly once when answered 500 and throws InternalServerError', async () => {
    respond('post', '/v1/publications', json({ code: 500, message: 'boom' }, 500), json(publication));
    await rejection(testClient({ maxRetries: 3 }).publications.create({ voucher: 'SUMMER-10', customer: { id: 'cust_1' } }), InternalServerError);
    expect(seen).toHaveLength(1);
  });

  it('maps 400 voucher_already_published to BadRequestError and 404 to NotFoundError', async () => {
    respond('post', '/v1/publications', json({ code: 400, key: 'voucher_already_published', message: 'Voucher already published' }, 400));
    const error = await rejection(testClient().publications.create({ voucher: 'SUMMER-10', customer: { id: 'cust_1' } }), BadRequestError);
    expect(error).toMatchObject({ status: 400, key: 'voucher_already_published' });
    respond('post', '/v1/publications', json({ code: 404, key: 'not_found', message: 'Resource not found', resource_type: 'campaign' }, 404));
    await expect(testClient().publications.create({ campaign: { name: 'Gone' }, customer: { id: 'cust_1' } })).rejects.toBeInstanceOf(NotFoundError);
  });

  it.each([
    ['a missing customer', { voucher: 'SUMMER-10' }, ['customer']],
    ['neither voucher nor campaign', { customer: { id: 'cust_1' } }, ['voucher']],
    ['a campaign without name', { campaign: { count: 1 }, customer: { id: 'cust_1' } }, ['campaign.name']],
    ['a campaign count of 51', { campaign: { name: 'Summer Sale', count: 51 }, customer: { id: 'cust_1' } }, ['campaign.count']],
    ['join_once as a string', { voucher: 'SUMMER-10', customer: { id: 'cust_1' }, join_once: 'yes' }, ['join_once']],
  ])('refuses %s, naming the field, with nothing sent', async (_, params, fields) => {
    const error = await refusal(testClient().publications.create(params as never));
    expect(error.issues.map((i) => formatPath(i.path))).toEqual(fields);
    expect(seen).toHaveLength(0);
  });
});
