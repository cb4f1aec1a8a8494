import { describe, expect, it } from 'vitest';
import { InternalServerError, type InvalidRequestError, NotFoundError, RateLimitError } from '../../src/index.js';
import type { CreatePromotionTierParams, UpdatePromotionStackParams } from '../../src/index.js';
import { createdTier, updatedStack, weekendTierRequest } from '../fixtures/promotions.js';
import { json, jsonServerHeaders, respond, seen, testClient, useMockApi } from '../helpers/mock-api.js';
import { refusal, rejection } from './rejections.js';
import { postedJson } from './requests.js';

useMockApi();

const paths = (error: InvalidRequestError) => error.issues.map((i) => i.path.join('.'));
const tierIds = (n: number) => Array.from({ length: n }, (_, i) => `promo_t${String(i).padStart(3, '0')}`);

describe('promotions.createTier', () => {
  const body: CreatePromotionTierParams = {
    name: 'Weekend 15% off',
    ...weekendTierRequest,
    action: { discount: { type: 'PERCENT', percent_off: 15, amount_limit: 2000, effect: 'APPLY_TO_ORDER' } },
    metadata: { channel: 'in-store', owner: 'growth-team' },
    category_id: 'cat_0f1d2e3c4b5a',
    validation_rules: ['val_hotDrinks01'],
  };

  it('POSTs the tier as JSON to /v1/promotions/{campaignId}/tiers and parses the tier', async () => {
    respond('post', '/v1/promotions/camp_Pr0m0W33k3nd/tiers', json(createdTier));
    const tier = await testClient({ validation: 'strict' }).promotions.createTier('camp_Pr0m0W33k3nd', body);
    postedJson('/v1/promotions/camp_Pr0m0W33k3nd/tiers', body);
    expect(tier).toEqual(createdTier);
    expect(tier.action?.discount?.percent_off).toBe(15);
    expect(tier.validation_rule_assignments?.data?.[0]?.rule_id).toBe('val_hotDrinks01');
    expect(tier.campaign?.campaign_type).toBe('PROMOTION');
  });

  it('sends only the name for a minimal tier and encodes an odd campaign ID once', async () => {
    respond('post', '/v1/promotions/:campaignId/tiers', json(createdTier));
    await testClient().promotions.createTier('camp 50%/off', { name: 'Tier #1' });
    expect(seen[0]!.path).toBe('/v1/promotions/camp%2050%25%2Foff/tiers');
    expect(seen[0]!.body).toBe('{"name":"Tier #1"}');
  });

  it('leaves the caller’s params untouched', async () => {
    respond('post', '/v1/promotions/camp_1/tiers', json(createdTier));
    const params: CreatePromotionTierParams = { name: 'x', action: { discount: { type: 'AMOUNT', amount_off: 500 } }, validity_day_of_week: [1] };
    const before = structuredClone(params);
    await testClient().promotions.createTier('camp_1', params);
    expect(params).toEqual(before);
  });

  it('is sent once when the service answers 500 (not idempotent) and throws InternalServerError', async () => {
    respond('post', '/v1/promotions/camp_1/tiers', json({ code: 500, key: 'internal_error', message: 'boom' }, 500), json(createdTier));
    await rejection(testClient().promotions.createTier('camp_1', { name: 'x' }), InternalServerError);
    expect(seen).toHaveLength(1);
  });

  it('is retried on 429', async () => {
    respond('post', '/v1/promotions/camp_1/tiers', json({ code: 429, message: 'slow down' }, 429, { 'retry-after': '0' }), json(createdTier));
    await expect(testClient().promotions.createTier('camp_1', { name: 'x' })).resolves.toMatchObject({ id: createdTier.id });
    expect(seen).toHaveLength(2);
  });

  it('maps 404 to NotFoundError', async () => {
    respond('post', '/v1/promotions/camp_gone/tiers', json({ code: 404, key: 'not_found', message: 'Resource not found', resource_type: 'campaign' }, 404));
    await expect(testClient().promotions.createTier('camp_gone', { name: 'x' })).rejects.toBeInstanceOf(NotFoundError);
  });

  it.each([
    [{}, ['name']],
    [{ name: '' }, ['name']],
    [{ name: 'x', hierarchy: '1' }, ['hierarchy']],
    [{ name: 'x', start_date: '2026-12-01' }, ['start_date']],
    [{ name: 'x', start_date: '2026-12-01T25:00:00Z', expiration_date: '2027-13-01T00:00:00Z' }, ['start_date', 'expiration_date']],
    [{ name: 'x', validity_day_of_week: [0, 2.5, 6] }, ['validity_day_of_week.1']],
    [{ name: 'x', validity_day_of_week: 'weekends' }, ['validity_day_of_week']],
    [{ name: 'x', action: { discount: { percent_off: 10 } } }, ['action.discount.type']],
    [{ name: 'x', action: { discount: { type: 'AMOUNT', amount_off: 9.99 } } }, ['action.discount.amount_off']],
    [{ name: 'x', validation_rules: ['val_1', ''] }, ['validation_rules.1']],
  ])('refuses %j naming %j, with nothing sent', async (params, fields) => {
    const error = await refusal(testClient().promotions.createTier('camp_1', params as never));
    expect(paths(error)).toEqual(fields);
    expect(seen).toHaveLength(0);
  });
});

describe('promotions.updateStack', () => {
  const body: UpdatePromotionStackParams = {
    name: 'Weekend stack',
    tiers: { ids: ['promo_Ve4kR2b7TQ9wLx1', 'promo_TpL0SetUp44aa'], hierarchy_mode: 'MANUAL' },
    category_id: 'cat_0f1d2e3c4b5a',
  };

  it('PUTs the body as JSON to /v1/promotions/{campaignId}/stacks/{stackId} and parses the stack', async () => {
    respond('put', '/v1/promotions/camp_Pr0m0W33k3nd/stacks/stack_K2pQ8rWz41', json(updatedStack));
    const stack = await testClient({ validation: 'strict' }).promotions.updateStack('camp_Pr0m0W33k3nd', 'stack_K2pQ8rWz41', body);
    const req = seen[0]!;
    expect([req.method, req.path, req.search]).toEqual(['PUT', '/v1/promotions/camp_Pr0m0W33k3nd/stacks/stack_K2pQ8rWz41', '']);
    expect(req.headers).toMatchObject(jsonServerHeaders);
    expect(req.body).toBe(JSON.stringify(body));
    expect(stack).toEqual(updatedStack);
    expect(stack.tiers?.ids).toHaveLength(2);
  });

  it('accepts exactly 30 tiers, a campaign name with odd characters and an unknown hierarchy_mode', async () => {
    respond('put', '/v1/promotions/:campaignId/stacks/:stackId', json(updatedStack));
    const ids = tierIds(30);
    await testClient().promotions.updateStack('Été / Winter #2', 'stack_?x', { tiers: { ids, hierarchy_mode: 'AUTOMATIC' } });
    expect(seen[0]!.path).toBe('/v1/promotions/%C3%89t%C3%A9%20%2F%20Winter%20%232/stacks/stack_%3Fx');
    expect(seen[0]!.search).toBe('');
    expect(JSON.parse(seen[0]!.body)).toEqual({ tiers: { ids, hierarchy_mode: 'AUTOMATIC' } });
  });

  it('is retried when the service answers 503, then succeeds (idempotent)', async () => {
    respond('put', '/v1/promotions/camp_1/stacks/stack_1', json({ code: 503, message: 'Service unavailable' }, 503), json(updatedStack));
    await expect(testClient().promotions.updateStack('camp_1', 'stack_1', body)).resolves.toEqual(updatedStack);
    expect(seen).toHaveLength(2);
    expect(seen[1]!.body).toBe(seen[0]!.body);
  });

  it('gives up with RateLimitError after maxRetries when 429 persists', async () => {
    respond('put', '/v1/promotions/camp_1/stacks/stack_1', json({ code: 429, message: 'slow down' }, 429, { 'retry-after': '0' }));
    await expect(testClient({ maxRetries: 1 }).promotions.updateStack('camp_1', 'stack_1', body)).rejects.toBeInstanceOf(RateLimitError);
    expect(seen).toHaveLength(2);
  });

  it('maps 404 to NotFoundError', async () => {
    respond(
      'put',
      '/v1/promotions/camp_1/stacks/stack_gone',
      json({ code: 404, key: 'not_found', message: 'Resource not found', resource_type: 'promotion_stack' }, 404),
    );
    const error = await rejection(testClient({ maxRetries: 0 }).promotions.updateStack('camp_1', 'stack_gone', { name: 'x' }), NotFoundError);
    expect(error).toMatchObject({ status: 404, key: 'not_found' });
  });

  it.each([
    [{ tiers: { ids: tierIds(31) } }, ['tiers.ids']],
    [{ tiers: { ids: ['promo_1', ''] } }, ['tiers.ids.1']],
    [{ tiers: { ids: 'promo_1' } }, ['tiers.ids']],
    [{ tiers: { hierarchy_mode: 1 } }, ['tiers.hierarchy_mode']],
    [{ name: '' }, ['name']],
  ])('refuses %j naming %j, with nothing sent', async (params, fields) => {
    const error = await refusal(testClient().promotions.updateStack('camp_1', 'stack_1', params as never));
    expect(paths(error)).toEqual(fields);
    expect(seen).toHaveLength(0);
  });

  it('names the 31-tier limit in the message', async () => {
    const error = await refusal(testClient().promotions.updateStack('camp_1', 'stack_1', { tiers: { ids: tierIds(31) } }));
    expect(error.message).toContain('tiers.ids: must have at most 30 elements (got 31)');
  });
});
