/**
 * Templates and tier setup, promotion tiers and stacks, async actions and locations, through the
 * real Client over both transports.
 */
import { describe, expect, it } from 'vitest';
import { InvalidRequestError, NotFoundError } from '../../src/index.js';
import { failure, serverHeaders, transports, useMock } from './transports.js';

describe.each(transports)('templates, promotions, async actions and locations over %s', (_name, connect) => {
  const { mock, conn } = useMock(connect);

  it('lists templates from the attribute data_ref names (campaign_templates), with working cursors', async () => {
    const client = conn.client();
    const page = await client.templates.list({ include_total: true });
    expect(page.body.data_ref).toBe('campaign_templates');
    expect(page.body).not.toHaveProperty('data');
    expect(page.data).toHaveLength(10);
    expect(page.total).toBe(12);
    expect(page.data[0]).toMatchObject({ object: 'campaign_template', name: '10% off everything', campaign_type: 'DISCOUNT_COUPONS' });
    expect(page.data[0]).not.toHaveProperty('tier');
    const all = await client.templates.list({ limit: 5 }).toArray();
    expect(all.map((t) => t.id)).toEqual(mock.list('templates').map((t) => t.id));
  });

  it('filters templates by campaign_type', async () => {
    const page = await conn.client().templates.list({ filters: { campaign_type: { conditions: { $in: ['GIFT_VOUCHERS'] } } } });
    expect(page.data.map((t) => t.name)).toEqual(['25 € gift card', '50 € gift card', 'Corporate gift card']);
  });

  it("setting up a tier from a template creates the tier in the campaign, with the template's rules", async () => {
    const setup = await conn
      .client()
      .templates.setupPromotionTier(mock.ids.template, { campaign_id: mock.ids.campaigns.checkout, name: 'Spring 10%', banner: 'Spring: 10% off' });
    expect(setup.object).toBe('promotion_tier_setup');
    expect(setup.created_resources).toEqual([{ id: expect.stringMatching(/^val_/), object: 'validation_rules' }]);
    const tier = setup.promotion_tier!;
    expect(tier).toMatchObject({
      object: 'promotion_tier',
      name: 'Spring 10%',
      banner: 'Spring: 10% off',
      campaign_id: mock.ids.campaigns.checkout,
      hierarchy: 4,
      action: { discount: { type: 'PERCENT', percent_off: 10 } },
    });
    expect(tier.validation_rules_assignments).toEqual([
      expect.objectContaining({ rule_id: setup.created_resources![0]!.id, related_object_type: 'promotion_tier' }),
    ]);
    expect(mock.get('tiers', tier.id!)?.campaign_id).toBe(mock.ids.campaigns.checkout);
  });

  it('tier setup from an unknown template is a 404 naming the template', async () => {
    const error = await failure(conn.client().templates.setupPromotionTier('camp_tpl_missing', { campaign_id: mock.ids.campaigns.checkout, name: 'X' }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ body: { resource_type: 'campaign_template', resource_id: 'camp_tpl_missing' } });
  });

  it('creates a promotion tier in the campaign after the existing ones', async () => {
    const tier = await conn.client().promotions.createTier(mock.ids.campaigns.checkout, {
      name: 'Happy hour 20%',
      action: { discount: { type: 'PERCENT', percent_off: 20 } },
      validity_hours: { daily: [{ start_time: '16:00', expiration_time: '18:00', days_of_week: [1, 2, 3, 4, 5] }] },
      validation_rules: ['val_happy_hour'],
    });
    expect(tier).toMatchObject({
      name: 'Happy hour 20%',
      hierarchy: 4,
      active: true,
      campaign: { id: mock.ids.campaigns.checkout, campaign_type: 'PROMOTION' },
      validation_rule_assignments: { total: 1 },
    });
    expect(mock.list('tiers').filter((t) => t.campaign_id === mock.ids.campaigns.checkout)).toHaveLength(4);
  });

  it("updates a promotion stack's tiers and name", async () => {
    const tiers = mock.ids.tiers;
    const stack = await conn.client().promotions.updateStack(mock.ids.campaigns.checkout, mock.ids.stack, {
      name: 'All checkout tiers',
      tiers: { ids: [...tiers].reverse(), hierarchy_mode: 'MANUAL' },
    });
    expect(stack).toMatchObject({
      object: 'promotion_stack',
      name: 'All checkout tiers',
      tiers: { ids: [...tiers].reverse(), hierarchy_mode: 'MANUAL' },
      updated_at: expect.any(String),
    });
  });

  it('a stack refuses more than 30 tiers: the SDK before sending, the mock with a 400', async () => {
    const ids = Array.from({ length: 31 }, (_, i) => `promo_${i}`);
    const error = await failure(conn.client().promotions.updateStack(mock.ids.campaigns.checkout, mock.ids.stack, { tiers: { ids } }));
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(mock.requests).toHaveLength(0);

    const response = await conn.raw(`/v1/promotions/${mock.ids.campaigns.checkout}/stacks/${mock.ids.stack}`, {
      method: 'PUT',
      headers: serverHeaders(mock),
      body: JSON.stringify({ tiers: { ids } }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 400, key: 'invalid_payload', details: 'A promotion stack holds up to 30 tiers; got 31' });
  });

  it('a stack with a tier of another campaign is a 404 naming the tier', async () => {
    const error = await failure(conn.client().promotions.updateStack(mock.ids.campaigns.checkout, mock.ids.stack, { tiers: { ids: ['promo_elsewhere'] } }));
    expect(error).toMatchObject({ status: 404, body: { resource_type: 'promotion_tier', resource_id: 'promo_elsewhere' } });
  });

  it('lists async actions newest first, each next page asked for by end_date, without repeats', async () => {
    const client = conn.client();
    const all = await client.asyncActions.list({ limit: 10 }).toArray();
    expect(all).toHaveLength(25);
    expect(new Set(all.map((a) => a.id)).size).toBe(25);
    const times = all.map((a) => Date.parse(a.created_at!));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(all[0]).not.toHaveProperty('result');
    const pages = mock.requests.filter((r) => r.operation === 'asyncActions.list');
    // Each next page asks from a millisecond after the last action: the next page serves that action again (not yielded twice).
    const after = (a: { created_at?: string | null }) => new Date(Date.parse(a.created_at!) + 1).toISOString();
    expect(pages.map((r) => new URLSearchParams(r.search).get('end_date'))).toEqual([null, after(all[9]!), after(all[18]!)]);
  });

  it('async actions before an end_date skip the newer ones; a malformed end_date is a 400', async () => {
    const client = conn.client();
    const newest = (await client.asyncActions.list({ limit: 3 })).data;
    const older = await client.asyncActions.list({ limit: 3, end_date: newest[2]!.created_at! });
    expect(older.data.every((a) => Date.parse(a.created_at!) < Date.parse(newest[2]!.created_at!))).toBe(true);
    const response = await conn.raw('/v1/async-actions?end_date=yesterday', { headers: serverHeaders(mock) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ key: 'invalid_query_params' });
  });

  it('reads an async action by ID with its result; an unknown ID is a 404', async () => {
    const client = conn.client();
    const done = mock.list('asyncActions').find((a) => a.status === 'DONE')!;
    expect(await client.asyncActions.get(done.id)).toMatchObject({
      id: done.id,
      object: 'async_action',
      status: 'DONE',
      progress: 100,
      result: { done_count: expect.any(Number) },
    });
    expect(await client.asyncActions.get(mock.ids.asyncAction)).toMatchObject({ status: 'IN_PROGRESS', progress: 40 });
    expect(await failure(client.asyncActions.get('aa_missing'))).toMatchObject({ status: 404, body: { resource_type: 'async_action' } });
  });

  it('reads a location by ID; an unknown ID is a 404', async () => {
    const client = conn.client();
    expect(await client.locations.get(mock.ids.location)).toMatchObject({
      id: mock.ids.location,
      object: 'location',
      name: 'Berlin flagship store',
      shape: { type: 'circle', format: 'distance', distance: { center: 'geo:52.520008,13.404954', radius: '1.5 km' } },
    });
    expect(await failure(client.locations.get('loc_missing'))).toMatchObject({ status: 404, key: 'not_found', body: { resource_type: 'location' } });
  });
});
