/**
 * Voucher creation and validation, through the real Client over both transports.
 */
import { describe, expect, it } from 'vitest';
import { ConflictError } from '../../src/index.js';
import type { createMockService } from '../../src/testing/index.js';
import { failure, transports, useMock } from './transports.js';

describe.each(transports)('vouchers over %s', (_name, connect) => {
  const { mock, conn } = useMock(connect);

  it('creates a voucher under the code in the path, with counters and links filled in', async () => {
    const voucher = await conn.client().vouchers.create('EASTER-10', {
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'AMOUNT', amount_off: 1000 },
      campaign_id: mock.ids.campaigns.seasonal,
      validation_rules: ['val_min_order'],
      redemption: { quantity: 100 },
    });
    expect(voucher).toMatchObject({
      code: 'EASTER-10',
      object: 'voucher',
      type: 'DISCOUNT_VOUCHER',
      campaign: 'Seasonal Sale',
      active: true,
      redemption: { quantity: 100, redeemed_quantity: 0, url: '/v1/vouchers/EASTER-10/redemptions?page=1&limit=10' },
      publish: { count: 0 },
      validation_rules_assignments: { total: 1, data: [{ rule_id: 'val_min_order', related_object_type: 'voucher' }] },
    });
    expect(voucher.id).toMatch(/^v_/);
    expect(mock.get('vouchers', 'EASTER-10')?.id).toBe(voucher.id);
  });

  it('answers a second create with the same code with 409 duplicate_found', async () => {
    const client = conn.client();
    await client.vouchers.create('ONCE-ONLY', { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 } });
    const error = await failure(client.vouchers.create('ONCE-ONLY', { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 50 } }));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ status: 409, key: 'duplicate_found', details: 'A voucher with code ONCE-ONLY already exists' });
    expect(mock.get('vouchers', 'ONCE-ONLY')?.discount).toMatchObject({ percent_off: 5 });
  });

  it('creates a loyalty card with its starting points', async () => {
    const card = await conn
      .client()
      .vouchers.create('LC-NEW-0001', { type: 'LOYALTY_CARD', loyalty_card: { points: 75 }, campaign_id: mock.ids.campaigns.coffeeClub });
    expect(card.loyalty_card).toMatchObject({ points: 75, balance: 75 });
    expect((await conn.client().loyalties.getMember('LC-NEW-0001')).loyalty_card?.points).toBe(75);
  });

  it('encodes odd codes once: a code with a slash, a space and a percent sign round-trips', async () => {
    const code = 'A/B 50%#1';
    await conn.client().vouchers.create(code, { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 100 } });
    const result = await conn.client().vouchers.validate(code);
    expect(result).toMatchObject({ valid: true, code });
  });

  it('validates an active voucher with the discount applied to the order', async () => {
    const result = await conn.client().vouchers.validate(mock.ids.vouchers.valid, {
      customer: { source_id: 'shop-user-1001' },
      order: { items: [{ product_id: 'prod_unknown', quantity: 2, price: 2000 }] },
    });
    expect(result).toMatchObject({
      valid: true,
      code: 'SPRING15',
      discount: { type: 'PERCENT', percent_off: 15 },
      order: { amount: 4000, discount_amount: 600, total_amount: 3400 },
    });
  });

  const invalid: Array<[string, (ids: ReturnType<typeof createMockService>['ids']) => string, string, string]> = [
    ['active is false', (ids) => ids.vouchers.disabled, 'voucher is disabled', 'voucher_disabled'],
    ['before start_date', (ids) => ids.vouchers.notYetActive, 'voucher not active', 'voucher_not_active'],
    ['after expiration_date', (ids) => ids.vouchers.expired, 'voucher expired', 'voucher_expired'],
    ['outside validity_day_of_week', (ids) => ids.vouchers.weekendOnly, 'voucher not active now', 'voucher_not_active'],
    ['outside validity_hours', (ids) => ids.vouchers.lunchHours, 'voucher not active now', 'voucher_not_active'],
    ['its redemption quantity is used up', (ids) => ids.vouchers.usedUp, 'quantity exceeded', 'quantity_exceeded'],
  ];
  it.each(invalid)('reports valid: false with reason and error when %s', async (_when, code, reason, key) => {
    const result = await conn.client().vouchers.validate(code(mock.ids));
    expect(result).toMatchObject({
      valid: false,
      code: code(mock.ids),
      reason,
      error: { code: 400, key, message: expect.any(String), details: expect.any(String), request_id: expect.stringMatching(/^v-/) },
    });
  });

  it('reports valid: false once a created voucher with quantity 1 has been used', async () => {
    mock.seed({
      vouchers: [
        { code: 'SINGLE', type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 100 }, redemption: { quantity: 1, redeemed_quantity: 1 } },
      ],
    });
    expect(await conn.client().vouchers.validate('SINGLE')).toMatchObject({ valid: false, error: { key: 'quantity_exceeded' } });
  });

  it('answers an unknown code with 404 not_found naming the voucher', async () => {
    const error = await failure(conn.client().vouchers.validate('NO-SUCH-CODE'));
    expect(error).toMatchObject({ status: 404, key: 'not_found', body: { resource_type: 'voucher', resource_id: 'NO-SUCH-CODE' } });
  });
});
