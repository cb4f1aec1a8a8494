/**
 * Response bodies written for the schema tests: every field the schemas know is filled, so each
 * one is exercised. Values are invented; amounts are in cents.
 */

const category = {
  id: 'cat_0d3a19b24e7f55c2aa',
  name: 'Spring sale',
  hierarchy: 1,
  object: 'category',
  created_at: '2026-03-02T09:15:00.000Z',
  updated_at: null,
};

const assignmentList = (relatedId: string, relatedType: string) => ({
  object: 'list',
  data_ref: 'data',
  data: [
    {
      id: 'asgm_7Hq2LmX0pRt4uVwA',
      rule_id: 'val_3xKs9QpLm2Za',
      related_object_id: relatedId,
      related_object_type: relatedType,
      created_at: '2026-03-02T09:16:10.000Z',
      updated_at: null,
      validation_status: 'PARTIALLY_VALID',
      validation_omitted_rules: ['rule_2'],
      object: 'validation_rules_assignment',
    },
  ],
  total: 1,
});

const applicableTo = {
  object: 'list',
  data_ref: 'data',
  data: [
    {
      object: 'product',
      id: 'prod_0c9b8e7d6f5a4b3c21',
      source_id: 'shoe-runner-42',
      product_id: null,
      product_source_id: null,
      price: 8999,
      price_formula: null,
      effect: 'APPLY_TO_EVERY',
      quantity_limit: 2,
      aggregated_quantity_limit: 4,
      amount_limit: 2000,
      aggregated_amount_limit: 5000,
      order_item_indices: [0],
      target: 'ITEM',
    },
  ],
  total: 1,
};

export const discountVoucher = {
  id: 'v_Sp7Qn4Xz1KbLm9RwTcYe',
  code: 'SPRING-25%/OFF #1',
  campaign: 'Spring Sale 2026',
  campaign_id: 'camp_Wq8ZxLm3Np5Rt7Vb',
  category: 'Spring sale',
  category_id: category.id,
  categories: [category],
  type: 'DISCOUNT_VOUCHER',
  discount: {
    type: 'PERCENT',
    amount_off: null,
    amount_off_formula: null,
    percent_off: 25,
    percent_off_formula: 'IF(ORDER_AMOUNT > 10000; 25; 10)',
    amount_limit: 3000,
    aggregated_amount_limit: 10000,
    fixed_amount: null,
    fixed_amount_formula: null,
    unit_off: null,
    unit_off_formula: null,
    unit_type: null,
    units: null,
    effect: 'APPLY_TO_ITEMS',
    is_dynamic: true,
    product: null,
    sku: null,
  },
  gift: null,
  loyalty_card: null,
  start_date: '2026-03-20T00:00:00.000Z',
  expiration_date: '2026-06-20T23:59:59.000Z',
  validity_timeframe: { duration: 'PT4H', interval: 'P1D' },
  validity_day_of_week: [1, 2, 3, 4, 5],
  validity_hours: { daily: [{ start_time: '10:00', days_of_week: [1, 2, 3, 4, 5], expiration_time: '14:00' }] },
  active: true,
  additional_info: 'One per customer',
  metadata: { region: 'EU', priority: 3 },
  assets: {
    qr: { id: 'U2FsdGVkX1+qr', url: 'https://assets.example.test/qr/SPRING' },
    barcode: { id: 'U2FsdGVkX1+bc', url: 'https://assets.example.test/barcode/SPRING' },
  },
  is_referral_code: false,
  created_at: '2026-03-02T09:15:30.000Z',
  updated_at: '2026-03-05T11:00:00.000Z',
  holder_id: 'cust_Hk2Lp9Qw4Zx7Mn',
  referrer_id: 'cust_Rf5Tg8Yh1Uj3Ik',
  holder: {
    id: 'cust_Hk2Lp9Qw4Zx7Mn',
    name: 'Ada Lovelace',
    email: 'ada@example.test',
    source_id: 'crm-10442',
    metadata: { segment: 'gold' },
    object: 'customer',
  },
  redemption: {
    quantity: 5,
    redeemed_quantity: 2,
    redeemed_points: 0,
    object: 'list',
    url: '/v1/vouchers/SPRING-25%25%2FOFF%20%231/redemptions?page=1&limit=10',
  },
  publish: { object: 'list', count: 1, url: '/v1/vouchers/SPRING-25%25%2FOFF%20%231/publications?page=1&limit=10' },
  validation_rules_assignments: assignmentList('v_Sp7Qn4Xz1KbLm9RwTcYe', 'voucher'),
  applicable_to: applicableTo,
  inapplicable_to: { object: 'list', data_ref: 'data', data: [], total: 0 },
  object: 'voucher',
};

export const giftVoucher = {
  id: 'v_Gf3Ck8Dn2Lp6Qr',
  code: 'GIFT-7Y2K',
  campaign: null,
  campaign_id: null,
  category: null,
  category_id: null,
  categories: [],
  type: 'GIFT_VOUCHER',
  discount: null,
  gift: { amount: 5000, subtracted_amount: 1250, balance: 3750, effect: 'APPLY_TO_ORDER' },
  loyalty_card: null,
  start_date: null,
  expiration_date: null,
  validity_timeframe: null,
  validity_day_of_week: null,
  validity_hours: null,
  active: true,
  additional_info: null,
  metadata: {},
  is_referral_code: false,
  created_at: '2026-01-10T08:00:00.000Z',
  updated_at: null,
  holder_id: null,
  redemption: { quantity: null, redeemed_quantity: 1, object: 'list', url: '/v1/vouchers/GIFT-7Y2K/redemptions?page=1&limit=10' },
  publish: { object: 'list', count: 0, url: '/v1/vouchers/GIFT-7Y2K/publications?page=1&limit=10' },
  object: 'voucher',
};

export const loyaltyMember = {
  id: 'v_Ly9Mb4Nc7Pd2Qe',
  code: 'LOY-4JX8-2PQM',
  campaign: 'Coffee Club',
  campaign_id: 'camp_Cf1Cl2Ub3Xy4Zw',
  category: null,
  category_id: null,
  categories: [],
  type: 'LOYALTY_CARD',
  discount: null,
  gift: null,
  loyalty_card: {
    points: 1840,
    balance: 1320,
    next_expiration_date: '2026-12-31',
    next_expiration_points: 200,
    pending_points: 150,
    expired_points: 40,
    subtracted_points: 480,
  },
  start_date: null,
  expiration_date: null,
  validity_timeframe: null,
  validity_day_of_week: null,
  validity_hours: null,
  active: true,
  additional_info: null,
  metadata: {},
  assets: { qr: { id: 'U2FsdGVkX1+lq', url: 'https://assets.example.test/qr/LOY' }, barcode: null },
  is_referral_code: false,
  created_at: '2025-11-01T12:00:00.000Z',
  updated_at: '2026-04-02T07:45:00.000Z',
  holder_id: 'cust_Hk2Lp9Qw4Zx7Mn',
  redemption: { quantity: null, redeemed_quantity: 3, redeemed_points: 480, object: 'list', url: '/v1/vouchers/LOY-4JX8-2PQM/redemptions?page=1&limit=10' },
  publish: { object: 'list', count: 1, url: '/v1/vouchers/LOY-4JX8-2PQM/publications?page=1&limit=10' },
  validation_rules_assignments: { object: 'list', data_ref: 'data', data: [], total: 0 },
  object: 'voucher',
};

export const pendingPointsList = {
  object: 'list',
  data_ref: 'data',
  data: [
    {
      id: 'lopp_1a2b3c4d5e6f7a8b9c',
      voucher_id: loyaltyMember.id,
      campaign_id: loyaltyMember.campaign_id,
      customer_id: 'cust_Hk2Lp9Qw4Zx7Mn',
      order_id: 'ord_Pp8Qq7Rr6Ss5',
      points: 150,
      activates_at: '2026-05-01',
      details: {
        holder_loyalty_tier: { id: 'ltr_Silver01', name: 'Silver' },
        loyalty_tier: { id: 'ltr_Silver01', name: 'Silver' },
        event: {
          id: 'evcus_0aa1bb2cc3dd4ee5',
          type: 'customer.order.paid',
          group_id: 'v_grp_9f8e7d6c',
          entity_id: 'cust_Hk2Lp9Qw4Zx7Mn',
          created_at: '2026-04-01T10:00:00.000Z',
          category: 'EFFECT',
          event_source: { channel: 'USER_PORTAL', user: { id: 'user_Op3rat0r' }, api_key: null },
        },
        earning_rule: { id: 'ern_Bq4Vz1Xk', source: { banner: '1 point per euro' } },
        order: { id: 'ord_Pp8Qq7Rr6Ss5', source_id: 'web-88121' },
      },
      created_at: '2026-04-01T10:00:01.000Z',
    },
    {
      id: 'lopp_9c8b7a6f5e4d3c2b1a',
      voucher_id: loyaltyMember.id,
      campaign_id: loyaltyMember.campaign_id,
      customer_id: 'cust_Hk2Lp9Qw4Zx7Mn',
      order_id: 'ord_Aa1Bb2Cc3Dd4',
      points: 40,
      activates_at: '2026-05-03',
      details: {
        event: {
          id: 'evcus_ff9ee8dd7cc6bb5a',
          type: 'customer.order.paid',
          group_id: 'v_grp_1a2b3c4d',
          entity_id: 'cust_Hk2Lp9Qw4Zx7Mn',
          created_at: '2026-04-03T15:30:00.000Z',
          category: 'ACTION',
          event_source: { channel: 'API', api_key: { name: 'checkout-service', app_id: 'a1b2c3d4-e5f6' } },
        },
        earning_rule: { id: 'ern_Bq4Vz1Xk', source: { banner: '1 point per euro' } },
        order: { id: 'ord_Aa1Bb2Cc3Dd4', source_id: null },
      },
      created_at: '2026-04-03T15:30:02.000Z',
    },
  ],
  has_more: true,
  more_starting_after: 'lopp_9c8b7a6f5e4d3c2b1a',
};

export const transactionList = {
  object: 'list',
  data_ref: 'data',
  data: [
    {
      id: 'vtx_0b1c2d3e4f5a6b7c8d',
      source_id: null,
      voucher_id: loyaltyMember.id,
      campaign_id: loyaltyMember.campaign_id,
      source: null,
      reason: null,
      type: 'POINTS_ACCRUAL',
      details: {
        balance: {
          type: 'loyalty_card',
          total: 1840,
          object: 'balance',
          points: 120,
          balance: 1320,
          operation_type: 'AUTOMATIC',
          related_object: { id: loyaltyMember.id, type: 'voucher' },
        },
        order: { id: 'ord_Pp8Qq7Rr6Ss5', source_id: 'web-88121' },
        event: { id: 'evcus_0aa1bb2cc3dd4ee5', type: 'customer.order.paid' },
        earning_rule: { id: 'ern_Bq4Vz1Xk', source: { banner: '1 point per euro' } },
        holder_loyalty_tier: { id: 'ltr_Silver01', name: 'Silver' },
      },
      related_transaction_id: null,
      created_at: '2026-04-01T10:00:02.000Z',
    },
    {
      id: 'vtx_9d8c7b6a5f4e3d2c1b',
      source_id: 'pos-tx-5521',
      voucher_id: loyaltyMember.id,
      campaign_id: loyaltyMember.campaign_id,
      source: 'store-terminal',
      reason: 'Free coffee',
      type: 'POINTS_REDEMPTION',
      details: {
        balance: {
          type: 'loyalty_card',
          total: 1840,
          object: 'balance',
          points: -200,
          balance: 1120,
          operation_type: 'MANUAL',
          related_object: { id: loyaltyMember.id, type: 'voucher' },
        },
        redemption: { id: 'r_0f1e2d3c4b5a6978' },
        reward: { id: 'rew_C0ff33Cup', name: 'Free coffee' },
        rollback: null,
      },
      related_transaction_id: 'vtx_0b1c2d3e4f5a6b7c8d',
      created_at: '2026-04-04T08:12:00.000Z',
    },
  ],
  has_more: false,
  more_starting_after: null,
};

export const rewardAssignmentList = {
  object: 'list',
  data_ref: 'data',
  data: [
    {
      id: 'rewa_Tk4Lm7Np0Qr3',
      reward_id: 'rew_C0ff33Cup',
      related_object_id: loyaltyMember.campaign_id,
      related_object_type: 'campaign',
      parameters: { loyalty: { points: 200, auto_redeem: false } },
      created_at: '2026-01-15T09:00:00.000Z',
      updated_at: null,
      object: 'reward_assignment',
    },
  ],
  total: 1,
};

const orderItem = {
  id: 'ordli-0f1a2b3c4d5e',
  sku_id: 'sku_Rn42Blue',
  product_id: 'prod_0c9b8e7d6f5a4b3c21',
  related_object: 'sku',
  source_id: 'shoe-runner-42-blue',
  quantity: 2,
  discount_quantity: 0,
  initial_quantity: 2,
  amount: 17998,
  discount_amount: 2000,
  applied_discount_amount: 2000,
  applied_discount_quantity: 0,
  applied_quantity: 0,
  applied_quantity_amount: 0,
  initial_amount: 17998,
  price: 8999,
  subtotal_amount: 15998,
  product: { id: 'prod_0c9b8e7d6f5a4b3c21', source_id: 'shoe-runner', override: false, name: 'Runner', metadata: { color: 'blue' }, price: 8999 },
  sku: { id: 'sku_Rn42Blue', source_id: 'shoe-runner-42-blue', override: false, sku: 'Runner 42 blue', price: 8999, metadata: {} },
  metadata: { gift_wrap: true },
  object: 'order_item',
};

export const order = {
  id: 'ord_Pp8Qq7Rr6Ss5',
  source_id: 'web-88121',
  status: 'PAID',
  amount: 17998,
  initial_amount: 17998,
  discount_amount: 500,
  items_discount_amount: 2000,
  total_discount_amount: 2500,
  total_amount: 15498,
  applied_discount_amount: 500,
  items_applied_discount_amount: 2000,
  total_applied_discount_amount: 2500,
  items: [orderItem],
  metadata: { store: 'online' },
  created_at: '2026-04-01T09:58:00.000Z',
  updated_at: null,
  customer_id: 'cust_Hk2Lp9Qw4Zx7Mn',
  referrer_id: null,
  customer: { id: 'cust_Hk2Lp9Qw4Zx7Mn', object: 'customer' },
  referrer: null,
  redemptions: {
    r_0f1e2d3c4b5a6978: {
      date: '2026-04-01T09:59:00.000Z',
      rollback_id: null,
      rollback_date: null,
      related_object_type: 'redemption',
      related_object_id: 'r_0f1e2d3c4b5a6978',
      related_object_parent_id: null,
      stacked: ['r_1a1a1a1a1a1a', 'r_2b2b2b2b2b2b'],
      rollback_stacked: [],
    },
  },
  object: 'order',
};

const product = {
  id: 'prod_0c9b8e7d6f5a4b3c21',
  source_id: 'shoe-runner',
  name: 'Runner',
  price: 8999,
  attributes: ['size', 'color'],
  metadata: { material: 'mesh' },
  image_url: 'https://img.example.test/runner.png',
  created_at: '2025-09-01T00:00:00.000Z',
  updated_at: null,
  skus: {
    object: 'list',
    data_ref: 'data',
    data: [
      {
        id: 'sku_Rn42Blue',
        source_id: 'shoe-runner-42-blue',
        product_id: 'prod_0c9b8e7d6f5a4b3c21',
        sku: 'Runner 42 blue',
        price: 8999,
        currency: 'EUR',
        attributes: { size: '42', color: 'blue' },
        image_url: null,
        metadata: {},
        created_at: '2025-09-01T00:00:00.000Z',
        updated_at: null,
        object: 'sku',
      },
    ],
    total: 1,
  },
  object: 'product',
};

export const redemption = {
  id: 'r_0f1e2d3c4b5a6978',
  object: 'redemption',
  date: '2026-04-04T08:12:00.000Z',
  customer_id: 'cust_Hk2Lp9Qw4Zx7Mn',
  tracking_id: 'track_+Zq1w2e3r4t5y6u7i8o9p0==',
  metadata: { terminal: 'POS-3' },
  redemption: null,
  result: 'SUCCESS',
  status: 'SUCCEEDED',
  order,
  channel: { channel_id: 'user_Op3rat0r', channel_type: 'USER' },
  customer: { id: 'cust_Hk2Lp9Qw4Zx7Mn', name: 'Ada Lovelace', email: 'ada@example.test', source_id: 'crm-10442', metadata: {}, object: 'customer' },
  related_object_type: 'voucher',
  related_object_id: loyaltyMember.id,
  reward: {
    id: 'rew_Runn3rShoe',
    name: 'Runner shoes',
    object: 'reward',
    created_at: '2025-12-01T00:00:00.000Z',
    updated_at: null,
    type: 'MATERIAL',
    metadata: {},
    customer: { id: 'cust_Hk2Lp9Qw4Zx7Mn', object: 'customer' },
    assignment_id: 'rewa_Tk4Lm7Np0Qr3',
    voucher: giftVoucher,
    product,
    sku: product.skus.data[0],
    loyalty_tier_id: 'ltr_Silver01',
    parameters: {
      campaign: { id: 'camp_Cf1Cl2Ub3Xy4Zw', balance: 500, type: 'LOYALTY_PROGRAM' },
      product: { id: 'prod_0c9b8e7d6f5a4b3c21', sku_id: 'sku_Rn42Blue' },
      coin: { exchange_ratio: 0.1, points_ratio: 10 },
    },
  },
  amount: 200,
  session: { key: 'ssn_Ab12Cd34Ef56' },
  failure_code: null,
  failure_message: null,
  promotion_tier: null,
  gift: null,
  loyalty_card: { points: 200 },
  voucher: { ...loyaltyMember, holder: discountVoucher.holder },
};

const rollback = (id: string, redemptionId: string) => ({
  id,
  object: 'redemption_rollback',
  date: '2026-04-05T10:00:00.000Z',
  customer_id: 'cust_Hk2Lp9Qw4Zx7Mn',
  tracking_id: 'track_+Zq1w2e3r4t5y6u7i8o9p0==',
  metadata: { requested_by: 'support' },
  redemption: redemptionId,
  result: 'SUCCESS',
  status: 'SUCCEEDED',
  order: { ...order, status: 'CANCELED' },
  channel: { channel_id: 'user_Op3rat0r', channel_type: 'USER' },
  customer: { id: 'cust_Hk2Lp9Qw4Zx7Mn', object: 'customer' },
  related_object_type: 'redemption',
  related_object_id: redemptionId,
  amount: -1250,
  reason: 'Order cancelled',
  failure_code: null,
  failure_message: null,
  voucher: giftVoucher,
  promotion_tier: null,
  reward: null,
  gift: { amount: -1250 },
  loyalty_card: null,
});

export const rollbackResult = {
  rollbacks: [rollback('rr_1a1a1a1a1a1a', 'r_1a1a1a1a1a1a'), rollback('rr_2b2b2b2b2b2b', 'r_2b2b2b2b2b2b')],
  parent_rollback: rollback('rr_0f0f0f0f0f0f', 'r_0f1e2d3c4b5a6978'),
};

const tierBase = {
  id: 'promo_Ht5Jk8Lm1Np4',
  created_at: '2026-02-10T12:00:00.000Z',
  updated_at: null,
  name: 'Spend 100, save 15',
  banner: 'Save 15 € on orders over 100 €',
  action: { discount: { type: 'AMOUNT', amount_off: 1500, amount_off_formula: null, aggregated_amount_limit: null, units: null, effect: 'APPLY_TO_ORDER', is_dynamic: false } },
  metadata: { channel: 'web' },
  hierarchy: 2,
  promotion_id: 'camp_Pr0m0Camp2026',
  campaign: {
    id: 'camp_Pr0m0Camp2026',
    start_date: '2026-02-01T00:00:00.000Z',
    expiration_date: null,
    validity_timeframe: { duration: 'P1D', interval: 'P7D' },
    validity_day_of_week: [6, 0],
    validity_hours: { daily: [{ start_time: '08:00', days_of_week: [6, 0], expiration_time: '20:00' }] },
    active: true,
    category_id: null,
    categories: [category],
    name: 'Weekend promotions',
    created_at: '2026-01-30T08:00:00.000Z',
    campaign_type: 'PROMOTION',
    object: 'campaign',
  },
  campaign_id: 'camp_Pr0m0Camp2026',
  active: true,
  start_date: null,
  expiration_date: null,
  validity_timeframe: null,
  validity_day_of_week: null,
  validity_hours: null,
  summary: { redemptions: { total_redeemed: 48 }, orders: { total_amount: 712000, total_discount_amount: 72000 } },
  category_id: category.id,
  categories: [category],
  object: 'promotion_tier',
};

export const promotionTier = {
  ...tierBase,
  validation_rule_assignments: assignmentList('promo_Ht5Jk8Lm1Np4', 'promotion_tier'),
};

export const tierSetup = {
  created_resources: [
    { id: 'val_3xKs9QpLm2Za', object: 'validation_rules' },
    { id: 'seg_Wkd3nd', object: 'segments' },
  ],
  promotion_tier: {
    ...tierBase,
    validation_rules_assignments: assignmentList('promo_Ht5Jk8Lm1Np4', 'promotion_tier').data,
  },
  object: 'promotion_tier_setup',
};

export const promotionStack = {
  id: 'stack_Qw3Er6Ty9Ui2',
  name: 'Weekend stack',
  created_at: '2026-02-11T12:00:00.000Z',
  updated_at: '2026-02-12T08:30:00.000Z',
  campaign_id: 'camp_Pr0m0Camp2026',
  category_id: null,
  categories: [],
  tiers: { ids: ['promo_Ht5Jk8Lm1Np4', 'promo_Zx9Cv6Bn3Mm0'], hierarchy_mode: 'MANUAL' },
  object: 'promotion_stack',
};

const template = (id: string, type: string) => ({
  id,
  name: `Template ${id.slice(-4)}`,
  description: 'Ten percent off with a minimum basket',
  campaign_type: type,
  created_at: '2026-01-05T10:00:00.000Z',
  updated_at: null,
  object: 'campaign_template',
});

export const templateListNamed = {
  object: 'list',
  data_ref: 'campaign_templates',
  campaign_templates: [template('camp_tpl_0a1b2c3d4e5f', 'DISCOUNT_COUPONS'), template('camp_tpl_6a7b8c9d0e1f', 'GIFT_VOUCHERS')],
  total: 2,
  has_more: false,
  more_starting_after: null,
};

export const templateListData = {
  object: 'list',
  data_ref: 'data',
  data: [template('camp_tpl_0a1b2c3d4e5f', 'DISCOUNT_COUPONS')],
  has_more: true,
  more_starting_after: 'camp_tpl_0a1b2c3d4e5f',
};

export const asyncAction = {
  id: 'aa_0e1d2c3b4a5f6e7d',
  type: 'CAMPAIGN.VOUCHERS_IMPORT',
  status: 'DONE',
  operation_status: 'SUCCESS',
  created_at: '2026-04-10T02:00:00.000Z',
  updated_at: '2026-04-10T02:00:04.500Z',
  request_id: 'v-0e1d2c3b4a5f6e7d8c',
  processing_time: 4500,
  progress: 100,
  result: {
    message: '2 voucher(s) imported successfully, 1 failed.',
    failed: [{ code: 'DUP-001', reason: 'Duplicate code' }],
    done_count: 2,
    failed_count: 1,
  },
  object: 'async_action',
};

const { result: _result, ...listedAction } = asyncAction;

export const asyncActionList = {
  object: 'list',
  data_ref: 'async_actions',
  async_actions: [
    listedAction,
    { ...listedAction, id: 'aa_1f2e3d4c5b6a7f8e', type: 'CUSTOMERS.IMPORT_CSV', status: 'IN_PROGRESS', operation_status: 'UNKNOWN', progress: 40 },
  ],
  has_more: false,
};

const publicationBase = {
  id: 'pub_Yt6Re3Wq0Po9',
  object: 'publication',
  created_at: '2026-03-21T09:00:00.000Z',
  customer_id: 'cust_Hk2Lp9Qw4Zx7Mn',
  tracking_id: 'crm-10442',
  metadata: { source: 'newsletter' },
  channel: 'API',
  source_id: 'nl-2026-03-pub-1',
  result: 'SUCCESS',
  customer: {
    id: 'cust_Hk2Lp9Qw4Zx7Mn',
    source_id: 'crm-10442',
    name: 'Ada Lovelace',
    email: 'ada@example.test',
    metadata: {},
    summary: { redemptions: { total_redeemed: 3 }, orders: { total_amount: 45000 } },
    loyalty: { points: 1840, referred_customers: 0, campaigns: {} },
    referrals: { total: 0, campaigns: [] },
    created_at: '2025-10-01T00:00:00.000Z',
    updated_at: null,
    object: 'customer',
  },
  vouchers_id: [discountVoucher.id],
};

export const publicationSingle = { ...publicationBase, voucher: discountVoucher };

export const publicationMultiple = {
  ...publicationBase,
  id: 'pub_Mm1Nn2Bb3Vv4',
  channel: 'partner-portal',
  source_id: null,
  vouchers_id: ['v_Aa1Aa1Aa1', 'v_Bb2Bb2Bb2'],
  vouchers: ['SPRING-AAAA', 'SPRING-BBBB'],
};

export const circleLocation = {
  id: 'loc_Cx4Vb7Nm0As3',
  object: 'location',
  name: 'Old Town',
  shape: { type: 'circle', format: 'distance', distance: { center: 'geo:50.06143,19.93658', radius: '2.5 km' } },
  created_at: '2026-01-20T10:00:00.000Z',
  updated_at: null,
};

export const polygonLocation = {
  id: 'loc_Pg1Hh2Jj3Kk4',
  object: 'location',
  name: 'Harbour district',
  shape: {
    type: 'polygon',
    format: 'geojson',
    geojson: {
      type: 'Polygon',
      coordinates: [[[10.0031, 53.5401], [10.0112, 53.5433], [10.0205, 53.5398], [10.0031, 53.5401]]],
    },
  },
  created_at: '2026-01-21T10:00:00.000Z',
  updated_at: '2026-02-01T10:00:00.000Z',
};

export const multiPolygonLocation = {
  ...polygonLocation,
  id: 'loc_Mp5Ll6Kk7Jj8',
  shape: {
    type: 'polygon',
    format: 'geojson',
    geojson: {
      type: 'MultiPolygon',
      coordinates: [
        [[[10.0, 53.5], [10.1, 53.5], [10.1, 53.6], [10.0, 53.5]]],
        [[[11.0, 54.5], [11.1, 54.5], [11.1, 54.6], [11.0, 54.5]]],
      ],
    },
  },
};

export const customerRedeemableList = {
  object: 'list',
  data_ref: 'data',
  data: [
    {
      id: 'rh_0a9b8c7d6e5f4a3b2c',
      created_at: '2026-03-21T09:00:01.000Z',
      redeemable_id: discountVoucher.id,
      redeemable_object: 'voucher',
      customer_id: 'cust_Hk2Lp9Qw4Zx7Mn',
      holder_role: 'OWNER',
      campaign_id: discountVoucher.campaign_id,
      campaign_type: 'DISCOUNT_COUPONS',
      voucher_type: 'DISCOUNT_VOUCHER',
      redeemable: { type: 'voucher', voucher: discountVoucher, status: 'ACTIVE' },
    },
  ],
  total: 1,
  has_more: false,
  more_starting_after: null,
};

export const eventAcknowledgment = {
  object: 'event',
  type: 'newsletter_subscribed',
  customer: { id: 'cust_Hk2Lp9Qw4Zx7Mn', source_id: 'crm-10442', object: 'customer' },
  referral: null,
  loyalty: null,
  metadata: { list: 'weekly' },
};

export const validResult = {
  valid: true,
  code: discountVoucher.code,
  applicable_to: applicableTo,
  inapplicable_to: { object: 'list', data_ref: 'data', data: [], total: 0 },
  metadata: { region: 'EU' },
  tracking_id: 'track_+Zq1w2e3r4t5y6u7i8o9p0==',
  customer_id: 'cust_Hk2Lp9Qw4Zx7Mn',
  campaign: 'Spring Sale 2026',
  campaign_id: 'camp_Wq8ZxLm3Np5Rt7Vb',
  discount: {
    type: 'UNIT',
    units: [
      { unit_off: 1, unit_off_formula: null, effect: 'ADD_MISSING_ITEMS', unit_type: 'prod_Socks01', product: { id: 'prod_Socks01', source_id: 'socks', name: 'Socks' }, sku: null },
      { unit_off: 2, effect: 'ADD_NEW_ITEMS', unit_type: 'sku_Lace02', product: null, sku: { id: 'sku_Lace02', source_id: 'laces-red', name: 'Red laces' } },
    ],
    effect: 'ADD_MANY_ITEMS',
    is_dynamic: false,
  },
  gift: null,
  loyalty: { points_cost: 0 },
  reward: { id: 'rew_C0ff33Cup', assignment_id: 'rewa_Tk4Lm7Np0Qr3', points: 200 },
  order: { ...order, id: null, source_id: null, redemptions: null },
  session: { key: 'ssn_Ab12Cd34Ef56', type: 'LOCK', ttl: 7, ttl_unit: 'DAYS' },
  start_date: discountVoucher.start_date,
  expiration_date: discountVoucher.expiration_date,
};

export const invalidResult = {
  valid: false,
  code: 'SPRING-EXPIRED',
  reason: 'voucher expired',
  error: {
    code: 400,
    key: 'voucher_expired',
    message: 'Voucher expired',
    details: 'SPRING-EXPIRED',
    request_id: 'v-1a2b3c4d5e6f',
  },
  tracking_id: 'track_+Zq1w2e3r4t5y6u7i8o9p0==',
  customer_id: null,
  metadata: {},
};

export const activeToken = {
  access_token: 'tok_Qm4xLp8Zr2Nw6Ks0',
  client_id: 'app_7c1e0b3f',
  expires_at: 1_790_000_000,
  expires_in: 3600,
  scope: 'api loyalties',
  token_type: 'Bearer',
  active: true,
};

export const inactiveToken = { active: false };
