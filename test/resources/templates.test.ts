import { describe, expect, it } from 'vitest';
import { AuthenticationError, InternalServerError, type InvalidRequestError, NotFoundError } from '../../src/index.js';
import type { SetupPromotionTierParams } from '../../src/index.js';
import { campaignTemplate, tierSetup, weekendTierRequest } from '../fixtures/promotions.js';
import { deepFreeze, json, respond, seen, serverHeaders, testClient, useMockApi } from '../helpers/mock-api.js';
import { respondCursorPages } from './pages.js';
import { refusal, rejection } from './rejections.js';
import { postedJson } from './requests.js';

useMockApi();

const paths = (error: InvalidRequestError) => error.issues.map((i) => i.path.join('.'));

describe('templates.list', () => {
  it('GETs /v1/templates/campaigns with every query field and reads records under data_ref "campaign_templates"', async () => {
    const records = [campaignTemplate(1), campaignTemplate(2, 'GIFT_VOUCHERS')];
    respond(
      'get',
      '/v1/templates/campaigns',
      json({ object: 'list', data_ref: 'campaign_templates', campaign_templates: records, total: 7, has_more: true, more_starting_after: records[1]!.id }),
    );
    const page = await testClient({ validation: 'strict' }).templates.list({
      limit: 2,
      starting_after_id: 'camp_tpl_5Rk0000Qz',
      order: '-id',
      include_total: true,
      filters: { campaign_type: { conditions: { $in: ['DISCOUNT_COUPONS', 'GIFT_VOUCHERS'] } }, junction: 'or' },
    });
    const req = seen[0]!;
    expect([req.method, req.path, req.body]).toEqual(['GET', '/v1/templates/campaigns', '']);
    expect(req.search).toBe(
      'limit=2&starting_after_id=camp_tpl_5Rk0000Qz&order=-id&include_total=true' +
        '&filters[campaign_type][conditions][$in][0]=DISCOUNT_COUPONS&filters[campaign_type][conditions][$in][1]=GIFT_VOUCHERS&filters[junction]=or',
    );
    expect(req.headers).toMatchObject(serverHeaders);
    expect(req.headers['content-type']).toBeUndefined();
    expect(page.data).toEqual(records);
    expect(page.data[1]!.campaign_type).toBe('GIFT_VOUCHERS');
    expect(page.total).toBe(7);
    expect(page.hasNextPage()).toBe(true);
  });

  it('reads records under data_ref "data" and sends no query string without params', async () => {
    const records = [campaignTemplate(3)];
    respond('get', '/v1/templates/campaigns', json({ object: 'list', data_ref: 'data', data: records, has_more: false }));
    const page = await testClient({ validation: 'strict' }).templates.list();
    expect(seen[0]!.search).toBe('');
    expect(page.data).toEqual(records);
    expect(page.total).toBeUndefined();
    expect(page.hasNextPage()).toBe(false);
  });

  it.each([
    ['campaign_templates', { campaign_templates: [campaignTemplate(4)] }],
    ['data', { data: [campaignTemplate(4)] }],
  ])('finds records under %s when data_ref is missing', async (_key, records) => {
    respond('get', '/v1/templates/campaigns', json({ object: 'list', ...records, has_more: false }));
    const page = await testClient({ validation: 'strict' }).templates.list();
    expect(page.data).toEqual([campaignTemplate(4)]);
  });

  it('iterates every template across pages, passing more_starting_after as starting_after_id', async () => {
    const first = [campaignTemplate(1), campaignTemplate(2)];
    const second = [campaignTemplate(3)];
    respondCursorPages('/v1/templates/campaigns', first, second, { dataRef: 'campaign_templates' });
    const all = await testClient().templates.list({ limit: 2 }).toArray();
    expect(all.map((t) => t.id)).toEqual([...first, ...second].map((t) => t.id));
    expect(seen.map((r) => r.search)).toEqual(['limit=2', `limit=2&starting_after_id=${first[1]!.id}`]);
  });

  it('maps 401 to AuthenticationError', async () => {
    respond('get', '/v1/templates/campaigns', json({ code: 401, key: 'unauthorized', message: 'Unauthorized' }, 401));
    await expect(testClient().templates.list()).rejects.toBeInstanceOf(AuthenticationError);
  });

  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: 101 }, 'limit'],
    [{ order: 'created_at' }, 'order'],
    [{ include_total: 'yes' }, 'include_total'],
    [{ filters: 'campaign_type=DISCOUNT_COUPONS' }, 'filters'],
  ])('refuses %j naming %s, with nothing sent', async (params, field) => {
    const error = await refusal(testClient().templates.list(params as never));
    expect(paths(error)).toEqual([field]);
    expect(error.message).toContain(field);
    expect(seen).toHaveLength(0);
  });
});

describe('templates.setupPromotionTier', () => {
  const body: SetupPromotionTierParams = {
    campaign_id: 'camp_Pr0m0W33k3nd',
    name: 'Holiday weekend 15% off',
    ...weekendTierRequest,
    metadata: { channel: 'in-store' },
    category: 'Seasonal',
    category_id: 'cat_0f1d2e3c4b5a',
  };

  it('POSTs the body as JSON to /v1/templates/campaigns/{id}/tier-setup and parses the setup', async () => {
    respond('post', '/v1/templates/campaigns/camp_tpl_5Rk0001Qz/tier-setup', json(tierSetup));
    const setup = await testClient({ validation: 'strict' }).templates.setupPromotionTier('camp_tpl_5Rk0001Qz', body);
    postedJson('/v1/templates/campaigns/camp_tpl_5Rk0001Qz/tier-setup', body);
    expect(setup).toEqual(tierSetup);
    expect(setup.created_resources?.map((r) => r.object)).toEqual(['validation_rules', 'segments']);
    expect(setup.promotion_tier?.validation_rules_assignments?.[0]?.rule_id).toBe('val_fromTpl7781');
  });

  it('encodes an odd template ID once and sends a Date start_date as ISO text, leaving the params untouched', async () => {
    respond('post', '/v1/templates/campaigns/:campaignTemplateId/tier-setup', json(tierSetup));
    const minimal = deepFreeze({ campaign_id: 'camp_1', name: 'Summer', start_date: new Date(Date.UTC(2026, 5, 1)) });
    await testClient().templates.setupPromotionTier('camp_tpl/été #?%', minimal);
    const req = seen[0]!;
    expect(req.path).toBe('/v1/templates/campaigns/camp_tpl%2F%C3%A9t%C3%A9%20%23%3F%25/tier-setup');
    expect(req.search).toBe('');
    expect(req.body).toBe('{"campaign_id":"camp_1","name":"Summer","start_date":"2026-06-01T00:00:00.000Z"}');
    expect(minimal.start_date).toBeInstanceOf(Date);
  });

  it('maps 404 to NotFoundError', async () => {
    respond(
      'post',
      '/v1/templates/campaigns/camp_tpl_gone/tier-setup',
      json(
        {
          code: 404,
          key: 'not_found',
          message: 'Resource not found',
          details: 'Cannot find campaign_template with id camp_tpl_gone',
          resource_type: 'campaign_template',
        },
        404,
      ),
    );
    const error = await rejection(testClient().templates.setupPromotionTier('camp_tpl_gone', { campaign_id: 'camp_1', name: 'x' }), NotFoundError);
    expect(error).toMatchObject({ status: 404, key: 'not_found' });
  });

  it('is sent once when the service answers 500 (not idempotent)', async () => {
    respond('post', '/v1/templates/campaigns/camp_tpl_1/tier-setup', json({ code: 500, message: 'boom' }, 500), json(tierSetup));
    await expect(testClient().templates.setupPromotionTier('camp_tpl_1', { campaign_id: 'camp_1', name: 'x' })).rejects.toBeInstanceOf(InternalServerError);
    expect(seen).toHaveLength(1);
  });

  it.each([
    [{ name: 'x' }, ['campaign_id']],
    [{ campaign_id: 'camp_1' }, ['name']],
    [{ campaign_id: '', name: '' }, ['campaign_id', 'name']],
    [{ campaign_id: 'camp_1', name: 'x', start_date: '2026-12-01' }, ['start_date']],
    [{ campaign_id: 'camp_1', name: 'x', expiration_date: 'next week' }, ['expiration_date']],
    [{ campaign_id: 'camp_1', name: 'x', validity_day_of_week: [1, 7] }, ['validity_day_of_week.1']],
    [{ campaign_id: 'camp_1', name: 'x', validity_hours: { daily: [{ days_of_week: [-1] }] } }, ['validity_hours.daily.0.days_of_week.0']],
    [{ campaign_id: 'camp_1', name: 'x', hierarchy: 1.5 }, ['hierarchy']],
    [{ campaign_id: 'camp_1', name: 'x', active: 'yes' }, ['active']],
  ])('refuses %j naming %j, with nothing sent', async (params, fields) => {
    const error = await refusal(testClient().templates.setupPromotionTier('camp_tpl_1', params as never));
    expect(paths(error)).toEqual(fields);
    expect(seen).toHaveLength(0);
  });

  it('refuses a missing body and an empty template ID', async () => {
    expect(paths(await refusal(testClient().templates.setupPromotionTier('camp_tpl_1', undefined as never)))).toEqual(['']);
    expect(paths(await refusal(testClient().templates.setupPromotionTier('', { campaign_id: 'camp_1', name: 'x' })))).toEqual(['campaignTemplateId']);
    expect(seen).toHaveLength(0);
  });
});
