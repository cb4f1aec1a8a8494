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
});
