// Realistic bodies the benchmark server serves, serialised once.
export function loyaltyCard(code) {
  return {
    id: 'v_7Hq2cLnM0pX4',
    code,
    campaign: 'Coffee Club',
    campaign_id: 'camp_Xk3w9Lq1',
    category: null,
    category_id: null,
    categories: [{ id: 'cat_0b6152ce12414820dc', name: 'Loyalty', hierarchy: 1, object: 'category', created_at: '2026-01-01T00:00:00.000Z', updated_at: null }],
    type: 'LOYALTY_CARD',
    discount: null,
    gift: null,
    loyalty_card: {
      points: 1250,
      balance: 1100,
      next_expiration_date: '2027-03-31',
      next_expiration_points: 150,
      pending_points: 40,
      expired_points: 0,
      subtracted_points: 150,
    },
    start_date: '2026-01-01T00:00:00.000Z',
    expiration_date: null,
    validity_timeframe: null,
    validity_day_of_week: [0, 1, 2, 3, 4, 5, 6],
    validity_hours: { daily: [{ start_time: '08:00', days_of_week: [1, 2, 3, 4, 5], expiration_time: '20:00' }] },
    active: true,
    additional_info: 'Issued at the Main Street store on opening day; eligible for the spring double-points promotion.',
    metadata: {
      store: 'main-street',
      tier_hint: 'gold',
      signup_channel: 'in-store',
      marketing_opt_in: true,
      favourite_drink: 'flat white',
      region: 'north',
      referral_source: 'friend',
    },
    assets: {
      qr: {
        id: 'U2FsdGVkX19QR4t5Zm9vYmFyYmF6cXV4cXV1eHh5ejEyMzQ1Njc4OTA',
        url: 'https://assets.example.com/v1/qr?id=U2FsdGVkX19QR4t5Zm9vYmFyYmF6cXV4cXV1eHh5ejEyMzQ1Njc4OTA&format=png',
      },
      barcode: {
        id: 'U2FsdGVkX1BAR4t5Zm9vYmFyYmF6cXV4cXV1eHh5ejEyMzQ1Njc4OTA',
        url: 'https://assets.example.com/v1/barcode?id=U2FsdGVkX1BAR4t5Zm9vYmFyYmF6cXV4cXV1eHh5ejEyMzQ1Njc4OTA&format=png',
      },
    },
    is_referral_code: false,
    created_at: '2026-01-05T09:12:44.000Z',
    updated_at: '2026-11-20T17:03:10.000Z',
    holder_id: 'cust_Pq81Rt2zXy7Lm4Nb',
    holder: { id: 'cust_Pq81Rt2zXy7Lm4Nb', source_id: 'customer-000042', metadata: { vip: true }, object: 'customer' },
    redemption: { quantity: null, redeemed_quantity: 3, redeemed_points: 150, object: 'list', url: `/v1/vouchers/${code}/redemptions?page=1&limit=10` },
    publish: { object: 'list', count: 1, url: `/v1/vouchers/${code}/publications?page=1&limit=10` },
    validation_rules_assignments: {
      object: 'list',
      data_ref: 'data',
      total: 2,
      data: [
        {
          id: 'asgm_74F7QZoYbUoljwQO',
          rule_id: 'val_4j7DCRm2IS59',
          related_object_id: 'v_7Hq2cLnM0pX4',
          related_object_type: 'voucher',
          created_at: '2026-01-05T09:12:44.000Z',
          object: 'validation_rules_assignment',
        },
        {
          id: 'asgm_84G8RApZcVpmkxRP',
          rule_id: 'val_5k8EDSn3JT60',
          related_object_id: 'v_7Hq2cLnM0pX4',
          related_object_type: 'voucher',
          created_at: '2026-01-05T09:12:44.000Z',
          object: 'validation_rules_assignment',
        },
      ],
    },
    object: 'voucher',
  };
}

export function transaction(n) {
  return {
    id: `vtx_0c9e${String(n).padStart(8, '0')}`,
    source_id: null,
    voucher_id: 'v_7Hq2cLnM0pX4',
    campaign_id: 'camp_Xk3w9Lq1',
    source: n % 3 === 0 ? 'web-ui' : null,
    reason: n % 3 === 0 ? 'Manual adjustment' : null,
    type: n % 4 === 0 ? 'POINTS_REDEMPTION' : 'POINTS_ADDITION',
    details: {
      balance: {
        type: 'loyalty_card',
        total: 1000 + n,
        object: 'balance',
        points: n % 4 === 0 ? -100 : 25,
        balance: 1000 + n,
        operation_type: n % 3 === 0 ? 'MANUAL' : 'AUTOMATIC',
        related_object: { id: 'v_7Hq2cLnM0pX4', type: 'voucher' },
      },
      ...(n % 4 === 0 ? { redemption: { id: `r_0d1${n}` }, reward: { id: 'rew_free_coffee', name: 'Free coffee' } } : {}),
    },
    related_transaction_id: null,
    created_at: new Date(Date.UTC(2026, 10, 1) + n * 60_000).toISOString(),
  };
}

export const PAGES = 50;
export const PAGE_SIZE = 100;

/** Page `index` (0-based) of the transaction list, as the service sends it. */
export function transactionPage(index) {
  const data = Array.from({ length: PAGE_SIZE }, (_, i) => transaction(index * PAGE_SIZE + i + 1));
  const last = index === PAGES - 1;
  return { object: 'list', data_ref: 'data', data, has_more: !last, more_starting_after: last ? null : data[data.length - 1].id };
}
