/** Campaigns through the real Client over both transports. */
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../src/index.js';
import { failure, useMock, transports } from './transports.js';

describe.each(transports)('campaigns over %s', (_name, connect) => {
  const { mock, conn } = useMock(connect);

  it('reads a campaign by its ID and by its name, the same record', async () => {
    const client = conn.client();
    const byId = await client.campaigns.get(mock.ids.campaigns.giftCards);
    const byName = await client.campaigns.get('Gift Cards');
    expect(byName).toEqual(byId);
    expect(byId).toMatchObject({ id: mock.ids.campaigns.giftCards, name: 'Gift Cards', campaign_type: 'GIFT_VOUCHERS', object: 'campaign' });
    expect(byId.voucher).toMatchObject({ type: 'GIFT_VOUCHER', gift: { amount: 2500 }, code_config: { prefix: 'GIFT-', length: 8, pattern: 'GIFT-########' } });
    expect(byId.vouchers_count).toBe(mock.list('vouchers').filter((v) => v.campaign_id === byId.id).length);
    expect(byId).not.toHaveProperty('earning_rules');
  });

  it("reads a promotion campaign with its tiers, in the campaign's order", async () => {
    const campaign = await conn.client().campaigns.get('Checkout Promotions');
    expect(campaign.campaign_type).toBe('PROMOTION');
    expect(campaign.promotion?.tiers?.map((t) => t.id)).toEqual(mock.ids.tiers);
    expect(campaign.promotion?.total).toBe(mock.ids.tiers.length);
  });

  it('answers 404 for a campaign it does not hold', async () => {
    const error = await failure(conn.client().campaigns.get('No Such Campaign'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, key: 'not_found' });
  });

  it('lists campaigns most recent first, page by page, with total', async () => {
    const client = conn.client();
    const all = await client.campaigns.list({ limit: 3 }).toArray();
    const created = all.map((c) => Date.parse(c.created_at!));
    expect(all).toHaveLength(mock.list('campaigns').length);
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const first = await client.campaigns.list({ limit: 3 });
    expect(first.total).toBe(all.length);
    expect(first.body.data_ref).toBe('campaigns');
    expect(first.data.every((c) => c.promotion === undefined && c.validation_rules_assignments === undefined)).toBe(true);
  });

  it('filters by kind, status, referral and name (the filter `campaigns`)', async () => {
    const client = conn.client();
    expect((await client.campaigns.list({ campaign_type: 'LOYALTY_PROGRAM' })).data.map((c) => c.name).sort()).toEqual([
      'Bakery Points',
      'Coffee Club Rewards',
    ]);
    expect((await client.campaigns.list({ is_referral_code: true })).data.map((c) => c.id)).toEqual([mock.ids.campaigns.referral]);
    expect((await client.campaigns.list({ filters: { campaigns: { conditions: { $in: ['Gift Cards'] } } } })).data.map((c) => c.id)).toEqual([
      mock.ids.campaigns.giftCards,
    ]);
    expect((await client.campaigns.list({ campaign_status: 'DRAFT' })).data).toEqual([]);
  });
});
