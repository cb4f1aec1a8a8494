/**
 * The mock's default data: a coffee-shop chain with a loyalty program, seasonal and welcome
 * coupons, gift cards, checkout promotions, campaign templates, bulk jobs and store locations.
 * Dates are relative to the mock's clock, so "expired" stays expired and "valid" stays valid
 * whenever the tests run. The IDs are generated deterministically: the same on every run.
 *
 * @module
 */
import { addHolder, movePoints } from './domain.js';
import { applySeed } from './seed.js';
import { daysFrom, iso, type MockState, type Rec } from './store.js';

/** IDs and codes of the default records, for tests and examples to start from. */
export interface MockSeedIds {
  /** Customers by first name: `ada`, `grace`, `alan`, `katherine`, `lin`. */
  customers: { ada: string; grace: string; alan: string; katherine: string; lin: string };
  /** Campaigns by purpose. */
  campaigns: {
    coffeeClub: string;
    bakery: string;
    seasonal: string;
    welcome: string;
    rewardCoupons: string;
    giftCards: string;
    checkout: string;
    referral: string;
  };
  /** Loyalty card codes (member IDs): Ada holds 1,250 points, Grace 180, Alan 40, Lin 120 (Coffee Club); Katherine 300 (Bakery). */
  members: { ada: string; grace: string; alan: string; lin: string; katherine: string };
  /** Rewards of the Coffee Club: `espresso` (200 points), `coupon` (500), `mug` (1,500), `giftCredit` (900), `payWithPoints` (COIN: 10 points pay 1.00). */
  rewards: { espresso: string; coupon: string; mug: string; giftCredit: string; payWithPoints: string };
  /** Voucher codes, one per state a validation can report. */
  vouchers: {
    /** 15% off, active now. */
    valid: string;
    /** Expired 30 days ago. */
    expired: string;
    /** Starts in 30 days. */
    notYetActive: string;
    /** `active: false`. */
    disabled: string;
    /** Valid on Saturdays and Sundays only (UTC). */
    weekendOnly: string;
    /** Valid 11:00–14:00 UTC only. */
    lunchHours: string;
    /** Redeemed its one allowed time. */
    usedUp: string;
    /** A welcome coupon not yet published to anyone. */
    unpublished: string;
    /** Ada's gift card (32.00 left of 50.00). */
    giftCard: string;
  };
  /** Promotion tiers of the checkout campaign, in hierarchy order. */
  tiers: string[];
  /** The checkout campaign's promotion stack. */
  stack: string;
  /** The first campaign template (10% off everything). */
  template: string;
  /** A stacked redemption (a coupon and a promotion tier) that can be rolled back. */
  stackedRedemption: string;
  /** The newest async action (in progress). */
  asyncAction: string;
  /** The Berlin flagship store. */
  location: string;
  /** Products of the catalog (`prod_…`; each also found by its source ID, e.g. `flat-white`). */
  products: { espresso: string; flatWhite: string; croissant: string; beans: string; mug: string };
}

/**
 * The tokens every mock knows, with or without the default data: the credentials' access token
 * (valid for 30 days from the mock's now) and `mock-expired-token`, expired an hour ago.
 */
export function seedTokens(state: MockState): void {
  const seconds = Math.floor(state.now().getTime() / 1000);
  const c = state.credentials;
  applySeed(state, {
    tokens: [
      { access_token: c.accessToken, client_id: c.appId, scope: 'api client_api', expires_at: seconds + 30 * 86_400 },
      { access_token: 'mock-expired-token', client_id: c.appId, scope: 'api', expires_at: seconds - 3600 },
    ],
  });
}

/** Loads the default data set into an empty store; returns the IDs tests and examples use. */
export function seedDefaultData(state: MockState): MockSeedIds {
  const now = state.now();
  const ago = (days: number) => iso(daysFrom(now, -days));
  const ahead = (days: number) => iso(daysFrom(now, days));
  const c = state.credentials;

  const [ada, grace, alan, katherine, lin] = applySeed(state, {
    customers: [
      { source_id: 'shop-user-1001', name: 'Ada Lovelace', email: 'ada@example.com', metadata: { favourite_drink: 'flat white' }, created_at: ago(400) },
      { source_id: 'shop-user-1002', name: 'Grace Hopper', email: 'grace@example.com', metadata: {}, created_at: ago(320) },
      { source_id: 'shop-user-1003', name: 'Alan Turing', email: 'alan@example.com', metadata: {}, created_at: ago(200) },
      { source_id: 'shop-user-1004', name: 'Katherine Johnson', email: 'katherine@example.com', metadata: {}, created_at: ago(150) },
      { source_id: 'shop-user-1005', name: 'Lin Wei', email: 'lin@example.com', metadata: { newsletter: true }, created_at: ago(90) },
    ],
  }).customers as [Rec, Rec, Rec, Rec, Rec];

  const [coffeeClub, bakery, seasonal, welcome, rewardCoupons, giftCards, checkout, referral] = applySeed(state, {
    campaigns: [
      {
        name: 'Coffee Club Rewards',
        campaign_type: 'LOYALTY_PROGRAM',
        created_at: ago(420),
        voucher: { type: 'LOYALTY_CARD', prefix: 'LC-', length: 8 },
        earning_rules: [
          { id: 'ern_review', event: 'review_written', points: 50, banner: 'Write a review, earn 50 points', pending_days: 14 },
          { id: 'ern_app', event: 'app_installed', points: 100, banner: 'Install the app, earn 100 points', pending_days: 7 },
        ],
      },
      { name: 'Bakery Points', campaign_type: 'LOYALTY_PROGRAM', created_at: ago(300), voucher: { type: 'LOYALTY_CARD', prefix: 'BK-', length: 8 } },
      {
        name: 'Seasonal Sale',
        campaign_type: 'DISCOUNT_COUPONS',
        created_at: ago(130),
        voucher: { type: 'DISCOUNT_VOUCHER', prefix: 'SEASON-', length: 6, discount: { type: 'PERCENT', percent_off: 15, effect: 'APPLY_TO_ORDER' } },
      },
      {
        name: 'Welcome Offer',
        campaign_type: 'DISCOUNT_COUPONS',
        created_at: ago(380),
        voucher: { type: 'DISCOUNT_VOUCHER', prefix: 'WELCOME-', length: 6, discount: { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' } },
      },
      {
        name: 'Reward Coupons',
        campaign_type: 'DISCOUNT_COUPONS',
        created_at: ago(410),
        voucher: { type: 'DISCOUNT_VOUCHER', prefix: 'REWARD-', length: 6, discount: { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' } },
      },
      {
        name: 'Gift Cards',
        campaign_type: 'GIFT_VOUCHERS',
        created_at: ago(500),
        voucher: { type: 'GIFT_VOUCHER', prefix: 'GIFT-', length: 8, gift: { amount: 2500 } },
      },
      { name: 'Checkout Promotions', campaign_type: 'PROMOTION', created_at: ago(60), start_date: ago(60), expiration_date: ahead(300) },
      {
        name: 'Refer a Friend',
        campaign_type: 'REFERRAL_PROGRAM',
        created_at: ago(250),
        voucher: { type: 'DISCOUNT_VOUCHER', prefix: 'REF-', length: 6, discount: { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ORDER' } },
      },
    ],
  }).campaigns as Rec[] as [Rec, Rec, Rec, Rec, Rec, Rec, Rec, Rec];

  const [espresso, flatWhite, croissant, beans, mug] = applySeed(state, {
    products: [
      { source_id: 'espresso', name: 'Espresso', price: 250, created_at: ago(500) },
      { source_id: 'flat-white', name: 'Flat white', price: 380, created_at: ago(500) },
      { source_id: 'croissant', name: 'Butter croissant', price: 320, created_at: ago(500) },
      { source_id: 'beans-1kg', name: 'House blend beans, 1 kg', price: 2400, created_at: ago(500) },
      { source_id: 'travel-mug', name: 'Travel mug', price: 1500, created_at: ago(500) },
    ],
  }).products as [Rec, Rec, Rec, Rec, Rec];

  const [rEspresso, rCoupon, rMug, rGift, rCoin] = applySeed(state, {
    rewards: [
      { name: 'Free espresso', type: 'MATERIAL', parameters: { product: { id: espresso.id, sku_id: null } }, created_at: ago(410) },
      { name: '5 € off your next order', type: 'CAMPAIGN', parameters: { campaign: { id: rewardCoupons.id, type: 'DISCOUNT_COUPONS' } }, created_at: ago(410) },
      { name: 'Travel mug', type: 'MATERIAL', parameters: { product: { id: mug.id, sku_id: null } }, created_at: ago(400) },
      { name: '10 € gift card', type: 'CAMPAIGN', parameters: { campaign: { id: giftCards.id, balance: 1000, type: 'GIFT_VOUCHERS' } }, created_at: ago(390) },
      { name: 'Pay with points', type: 'COIN', parameters: { coin: { exchange_ratio: 100, points_ratio: 10 } }, created_at: ago(380) },
    ],
  }).rewards as [Rec, Rec, Rec, Rec, Rec];

  const assign = (reward: Rec, campaign: Rec, points: number | null, days: number): Rec => ({
    reward_id: reward.id,
    related_object_id: campaign.id,
    related_object_type: 'campaign',
    ...(points === null ? {} : { parameters: { loyalty: { points, auto_redeem: false } } }),
    created_at: ago(days),
  });
  applySeed(state, {
    rewardAssignments: [
      assign(rEspresso, coffeeClub, 200, 409),
      assign(rCoupon, coffeeClub, 500, 409),
      assign(rMug, coffeeClub, 1500, 399),
      assign(rGift, coffeeClub, 900, 389),
      assign(rCoin, coffeeClub, null, 379),
      assign(rEspresso, bakery, 150, 299),
    ],
  });

  // Loyalty cards start empty; their history below earns the balances.
  const cards = applySeed(state, {
    vouchers: [
      { code: 'LC-ADA-2048', type: 'LOYALTY_CARD', campaign_id: coffeeClub.id, holder_id: ada.id, created_at: ago(400) },
      { code: 'LC-GRACE-0512', type: 'LOYALTY_CARD', campaign_id: coffeeClub.id, holder_id: grace.id, created_at: ago(320) },
      { code: 'LC-ALAN-0001', type: 'LOYALTY_CARD', campaign_id: coffeeClub.id, holder_id: alan.id, created_at: ago(200) },
      { code: 'LC-LIN-7710', type: 'LOYALTY_CARD', campaign_id: coffeeClub.id, holder_id: lin.id, created_at: ago(90) },
      { code: 'BK-KATH-3003', type: 'LOYALTY_CARD', campaign_id: bakery.id, holder_id: katherine.id, created_at: ago(150) },
    ],
  }).vouchers as [Rec, Rec, Rec, Rec, Rec];
  const [adaCard, graceCard, alanCard, linCard, kathCard] = cards;
  for (const card of cards) card.loyalty_card.next_expiration_date = iso(daysFrom(now, 365)).slice(0, 10);

  // [card, points, days ago]; a positive entry earned on an order, 500 is the welcome bonus, negative spent on a reward.
  const history: Array<[Rec, number, number]> = [
    [adaCard, 120, 390],
    [adaCard, 80, 360],
    [adaCard, 500, 355],
    [graceCard, 120, 310],
    [adaCard, 150, 300],
    [graceCard, 75, 280],
    [kathCard, 300, 140],
    [adaCard, 95, 240],
    [graceCard, 85, 200],
    [adaCard, -200, 190],
    [alanCard, 25, 180],
    [graceCard, 100, 150],
    [adaCard, 110, 120],
    [graceCard, -200, 110],
    [linCard, 200, 85],
    [adaCard, 65, 80],
    [linCard, 150, 70],
    [alanCard, 15, 60],
    [adaCard, 140, 50],
    [linCard, 75, 45],
    [linCard, 60, 30],
    [adaCard, 90, 25],
    [linCard, 90, 20],
    [linCard, -500, 15],
    [adaCard, 100, 10],
    [linCard, 45, 5],
  ];
  for (const [card, points, days] of history) {
    const when = ago(days);
    const customer = state.store.customers.get(card.holder_id)!;
    let tx: Rec;
    if (points === 500) {
      tx = movePoints(state, card, 'POINTS_ADDITION', points, {}, 'Welcome bonus');
    } else if (points > 0) {
      const [order] = applySeed(state, {
        orders: [
          {
            source_id: `order-${(state.store.orders.size + 1001).toString()}`,
            status: 'PAID',
            items: [{ product_id: beans.id, quantity: 1, price: points * 10 }],
            customer_id: customer.id,
            customer: { id: customer.id, object: 'customer' },
            created_at: when,
          },
        ],
      }).orders as [Rec];
      tx = movePoints(state, card, 'POINTS_ACCRUAL', points, { order: { id: order.id, source_id: order.source_id } });
    } else {
      const reward = points === -500 ? rCoupon : rEspresso;
      const [redemption] = applySeed(state, {
        redemptions: [
          {
            date: when,
            customer_id: customer.id,
            customer: {
              id: customer.id,
              name: customer.name,
              email: customer.email,
              source_id: customer.source_id,
              metadata: customer.metadata,
              object: 'customer',
            },
            related_object_type: 'voucher',
            related_object_id: card.id,
            amount: -points,
            loyalty_card: { points: -points },
            reward: { id: reward.id, name: reward.name, object: 'reward', type: reward.type },
          },
        ],
      }).redemptions as [Rec];
      tx = movePoints(state, card, 'POINTS_REDEMPTION', points, { redemption: { id: redemption.id }, reward: { id: reward.id, name: reward.name } });
      card.redemption.redeemed_quantity += 1;
      card.redemption.redeemed_points += -points;
    }
    tx.created_at = when;
    card.updated_at = when;
  }

  const pending = (card: Rec, points: number, daysAgo: number, activatesIn: number): Rec => ({
    voucher_id: card.id,
    campaign_id: card.campaign_id,
    customer_id: card.holder_id,
    order_id: null,
    points,
    activates_at: iso(daysFrom(now, activatesIn)).slice(0, 10),
    details: {
      event: {
        type: 'customer.order.paid',
        category: 'EFFECT',
        created_at: ago(daysAgo),
        event_source: { channel: 'API', api_key: { name: 'Shop backend', app_id: c.appId } },
      },
      earning_rule: { id: 'ern_orders', source: { banner: '1 point per 10 cents spent' } },
    },
    created_at: ago(daysAgo),
  });
  applySeed(state, { pendingPoints: [pending(adaCard, 85, 3, 11), pending(adaCard, 40, 1, 13), pending(graceCard, 60, 2, 12)] });
  adaCard.loyalty_card.pending_points = 125;
  graceCard.loyalty_card.pending_points = 60;

  const discount = (type: 'PERCENT' | 'AMOUNT', value: number) =>
    type === 'PERCENT'
      ? { type, percent_off: value, effect: 'APPLY_TO_ORDER', is_dynamic: false }
      : { type, amount_off: value, effect: 'APPLY_TO_ORDER', is_dynamic: false };
  // Records made the same day a second apart: a time cursor (qualifications) walks them one by one.
  let second = 0;
  const moment = (days: number) => iso(new Date(daysFrom(now, -days).getTime() + ++second * 1000));
  const season = { type: 'DISCOUNT_VOUCHER', campaign_id: seasonal.id };
  const welcomeCoupon = (code: string) => ({
    code,
    type: 'DISCOUNT_VOUCHER',
    campaign_id: welcome.id,
    discount: discount('AMOUNT', 500),
    created_at: moment(100),
  });
  applySeed(state, {
    vouchers: [
      {
        ...season,
        created_at: moment(120),
        code: 'SPRING15',
        discount: discount('PERCENT', 15),
        start_date: ago(10),
        expiration_date: ahead(60),
        metadata: { channel: 'newsletter' },
      },
      { ...season, created_at: moment(120), code: 'WINTER10', discount: discount('AMOUNT', 1000), start_date: ago(120), expiration_date: ago(30) },
      { ...season, created_at: moment(120), code: 'SUMMER20', discount: discount('PERCENT', 20), start_date: ahead(30), expiration_date: ahead(120) },
      {
        ...season,
        created_at: moment(120),
        code: 'PAUSED5',
        discount: discount('AMOUNT', 500),
        active: false,
        additional_info: 'Paused while the shop is being renovated',
      },
      { ...season, created_at: moment(120), code: 'WEEKEND25', discount: discount('PERCENT', 25), validity_day_of_week: [0, 6] },
      {
        ...season,
        created_at: moment(120),
        code: 'LUNCH10',
        discount: discount('PERCENT', 10),
        validity_hours: { daily: [{ start_time: '11:00', expiration_time: '14:00', days_of_week: [0, 1, 2, 3, 4, 5, 6] }] },
      },
      { ...season, created_at: moment(120), code: 'ONEUSE50', discount: discount('PERCENT', 50), redemption: { quantity: 1, redeemed_quantity: 1 } },
      welcomeCoupon('WELCOME-7KQ2PX'),
      welcomeCoupon('WELCOME-M4XPJD'),
      welcomeCoupon('WELCOME-Z9RB3T'),
      { ...welcomeCoupon('WELCOME-ADA001'), publish: { count: 1 } },
      {
        code: 'GIFT-ADA-5000',
        type: 'GIFT_VOUCHER',
        campaign_id: giftCards.id,
        gift: { amount: 5000, balance: 3200, subtracted_amount: 1800 },
        holder_id: ada.id,
        created_at: ago(200),
      },
      {
        code: 'REF-GRACE-01',
        type: 'DISCOUNT_VOUCHER',
        campaign_id: referral.id,
        discount: discount('AMOUNT', 1000),
        holder_id: grace.id,
        created_at: ago(240),
      },
    ],
  });
  const welcomeAda = state.store.vouchers.get('WELCOME-ADA001')!;
  addHolder(state, welcomeAda, ada);
  applySeed(state, {
    publications: [
      {
        created_at: ago(99),
        customer_id: ada.id,
        tracking_id: ada.source_id,
        customer: { id: ada.id, name: ada.name, email: ada.email, source_id: ada.source_id, metadata: ada.metadata, object: 'customer' },
        campaign_id: welcome.id,
        vouchers_id: [welcomeAda.id],
        voucher: welcomeAda,
      },
    ],
  });

  const tier = (name: string, hierarchy: number, action: Rec, banner: string): Rec => ({
    campaign_id: checkout.id,
    name,
    hierarchy,
    banner,
    action,
    created_at: moment(59),
  });
  const tiers = applySeed(state, {
    tiers: [
      tier('5% off orders over 50 €', 1, { discount: discount('PERCENT', 5) }, 'Spend 50 €, save 5%'),
      tier('10% off orders over 100 €', 2, { discount: discount('PERCENT', 10) }, 'Spend 100 €, save 10%'),
      tier(
        'Free croissant with any coffee',
        3,
        { discount: { type: 'UNIT', unit_off: 1, unit_type: croissant.id, effect: 'ADD_MISSING_ITEMS', is_dynamic: false } },
        'A croissant on us',
      ),
    ],
  }).tiers as [Rec, Rec, Rec];
  const [stack] = applySeed(state, {
    stacks: [{ name: 'Checkout stack', campaign_id: checkout.id, tiers: { ids: [tiers[0].id, tiers[2].id], hierarchy_mode: 'MANUAL' }, created_at: ago(58) }],
  }).stacks as [Rec];

  // A stacked redemption of Lin's: SPRING15 and the 5% tier on one order.
  const spring = state.store.vouchers.get('SPRING15')!;
  const linSummary = { id: lin.id, name: lin.name, email: lin.email, source_id: lin.source_id, metadata: lin.metadata, object: 'customer' };
  const [order] = applySeed(state, {
    orders: [
      {
        source_id: 'order-2001',
        status: 'PAID',
        items: [
          { product_id: beans.id, quantity: 3 },
          { product_id: flatWhite.id, quantity: 2 },
        ],
        customer_id: lin.id,
        customer: { id: lin.id, object: 'customer' },
        created_at: ago(2),
      },
    ],
  }).orders as [Rec];
  const [parent] = applySeed(state, {
    redemptions: [
      { date: ago(2), customer_id: lin.id, customer: linSummary, related_object_type: 'redemption', related_object_id: order.id, order, amount: 0 },
    ],
  }).redemptions as [Rec];
  parent.related_object_id = parent.id;
  applySeed(state, {
    redemptions: [
      {
        date: ago(2),
        redemption: parent.id,
        customer_id: lin.id,
        customer: linSummary,
        related_object_type: 'voucher',
        related_object_id: spring.id,
        order,
        amount: 1194,
        voucher: { ...structuredClone(spring), holder: null },
      },
      {
        date: ago(2),
        redemption: parent.id,
        customer_id: lin.id,
        customer: linSummary,
        related_object_type: 'promotion_tier',
        related_object_id: tiers[0].id,
        order,
        amount: 398,
        promotion_tier: structuredClone(tiers[0]),
      },
    ],
  });
  spring.redemption.redeemed_quantity = 1;
  tiers[0].summary.redemptions.total_redeemed = 1;

  const template = (name: string, campaign_type: string, days: number, tierConfig: Rec, description?: string): Rec => ({
    name,
    campaign_type,
    ...(description ? { description } : {}),
    created_at: ago(days),
    updated_at: ago(days - 1),
    tier: tierConfig,
  });
  const templates = applySeed(state, {
    templates: [
      template(
        '10% off everything',
        'DISCOUNT_COUPONS',
        200,
        { banner: '10% off everything', action: { discount: discount('PERCENT', 10) }, validation_rules: ['Order over 20 €'] },
        'A storewide percentage discount',
      ),
      template('5 € off orders over 30 €', 'DISCOUNT_COUPONS', 190, {
        banner: '5 € off orders over 30 €',
        action: { discount: discount('AMOUNT', 500) },
        validation_rules: ['Order over 30 €'],
      }),
      template('Free shipping', 'DISCOUNT_COUPONS', 180, { banner: 'Free shipping', action: { discount: discount('AMOUNT', 490) } }),
      template('Buy 2 coffees, get a croissant', 'DISCOUNT_COUPONS', 170, {
        banner: 'Buy 2 coffees, get a croissant',
        action: { discount: { type: 'UNIT', unit_off: 1, unit_type: croissant.id, effect: 'ADD_MISSING_ITEMS' } },
        validation_rules: ['Two coffees in the basket'],
      }),
      template('Birthday treat', 'DISCOUNT_COUPONS', 160, { banner: 'Happy birthday!', action: { discount: discount('AMOUNT', 300) } }),
      template('Happy hour 20%', 'DISCOUNT_COUPONS', 150, { banner: 'Happy hour', action: { discount: discount('PERCENT', 20) } }),
      template('Weekend brunch 15%', 'DISCOUNT_COUPONS', 140, { banner: 'Weekend brunch', action: { discount: discount('PERCENT', 15) } }),
      template('Student discount 10%', 'DISCOUNT_COUPONS', 130, { banner: 'Students save 10%', action: { discount: discount('PERCENT', 10) } }),
      template('25 € gift card', 'GIFT_VOUCHERS', 120, {}),
      template('50 € gift card', 'GIFT_VOUCHERS', 110, {}),
      template('Corporate gift card', 'GIFT_VOUCHERS', 100, {}, 'Gift cards for business customers'),
      template('Win-back 30%', 'DISCOUNT_COUPONS', 90, { banner: 'We miss you: 30% off', action: { discount: discount('PERCENT', 30) } }),
    ],
  }).templates as Rec[];

  const actionTypes = [
    'CAMPAIGN.VOUCHERS_IMPORT',
    'CUSTOMERS.IMPORT_CSV',
    'VOUCHERS.METADATA_UPDATE',
    'CAMPAIGN.VOUCHERS_GENERATE',
    'PRODUCTS.BULK_UPDATE',
    'ORDERS.IMPORT',
    'CUSTOMERS.BULK_UPDATE',
    'VOUCHERS.IMPORT_CSV',
    'CAMPAIGN.VOUCHERS_UPDATE',
    'SKUS.IMPORT_CSV',
  ];
  const actions: Rec[] = [];
  for (let i = 24; i >= 0; i--) {
    const type = actionTypes[i % actionTypes.length]!;
    const status = i === 0 ? 'IN_PROGRESS' : i === 1 ? 'ENQUEUED' : i === 7 ? 'FAILED' : 'DONE';
    const created = iso(new Date(now.getTime() - (i * 6 + 1) * 3_600_000));
    const done = status === 'DONE' ? 20 + i : 0;
    const failed = status === 'FAILED' ? 3 : status === 'DONE' && i % 4 === 0 ? 1 : 0;
    actions.push({
      type,
      status,
      operation_status: status === 'DONE' ? 'SUCCESS' : status === 'FAILED' ? 'FAILED' : 'UNKNOWN',
      created_at: created,
      updated_at: created,
      processing_time: status === 'DONE' || status === 'FAILED' ? 1200 + i * 37 : 0,
      progress: status === 'IN_PROGRESS' ? 40 : status === 'ENQUEUED' ? 0 : 100,
      result:
        status === 'DONE' || status === 'FAILED'
          ? {
              message: `${done} records processed, ${failed} failed`,
              done_count: done,
              failed_count: failed,
              failed: failed ? [{ code: `ROW-${i + 1}`, reason: 'duplicate code' }] : [],
            }
          : {},
    });
  }
  const seededActions = applySeed(state, { asyncActions: actions }).asyncActions as Rec[];

  const [berlin] = applySeed(state, {
    locations: [
      {
        name: 'Berlin flagship store',
        shape: { type: 'circle', format: 'distance', distance: { center: 'geo:52.520008,13.404954', radius: '1.5 km' } },
        created_at: ago(365),
      },
      {
        name: 'Hamburg harbour kiosk',
        shape: { type: 'circle', format: 'distance', distance: { center: 'geo:53.543600,9.966400', radius: '300 m' } },
        created_at: ago(200),
      },
      {
        name: 'Munich old town',
        shape: {
          type: 'polygon',
          format: 'geojson',
          geojson: {
            type: 'Polygon',
            coordinates: [
              [
                [11.5706, 48.1392],
                [11.5823, 48.1392],
                [11.5823, 48.1331],
                [11.5706, 48.1331],
                [11.5706, 48.1392],
              ],
            ],
          },
        },
        created_at: ago(120),
      },
    ],
  }).locations as [Rec];

  // The project's metadata schemas: the kinds of record the shop gives metadata, and a custom
  // schema (`Payment`) an order's metadata nests. Fixed IDs: seeding them takes none from the sequence.
  applySeed(state, { metadataSchemas: metadataSchemas.map((schema) => ({ ...schema, created_at: ago(600) })) });

  return {
    products: { espresso: espresso.id, flatWhite: flatWhite.id, croissant: croissant.id, beans: beans.id, mug: mug.id },
    customers: { ada: ada.id, grace: grace.id, alan: alan.id, katherine: katherine.id, lin: lin.id },
    campaigns: {
      coffeeClub: coffeeClub.id,
      bakery: bakery.id,
      seasonal: seasonal.id,
      welcome: welcome.id,
      rewardCoupons: rewardCoupons.id,
      giftCards: giftCards.id,
      checkout: checkout.id,
      referral: referral.id,
    },
    members: { ada: adaCard.code, grace: graceCard.code, alan: alanCard.code, lin: linCard.code, katherine: kathCard.code },
    rewards: { espresso: rEspresso.id, coupon: rCoupon.id, mug: rMug.id, giftCredit: rGift.id, payWithPoints: rCoin.id },
    vouchers: {
      valid: 'SPRING15',
      expired: 'WINTER10',
      notYetActive: 'SUMMER20',
      disabled: 'PAUSED5',
      weekendOnly: 'WEEKEND25',
      lunchHours: 'LUNCH10',
      usedUp: 'ONEUSE50',
      unpublished: 'WELCOME-7KQ2PX',
      giftCard: 'GIFT-ADA-5000',
    },
    tiers: tiers.map((t) => t.id),
    stack: stack.id,
    template: templates[0]!.id,
    stackedRedemption: parent.id,
    asyncAction: seededActions[seededActions.length - 1]!.id,
    location: berlin.id,
  };
}

/** A metadata key's definition as the service writes it: optional, not an array, unless `fields` says otherwise. */
const key = (type: string, fields: Rec = {}): Rec => ({ type, array: false, optional: true, objectType: null, ...fields });

/** The default data's metadata schemas (`GET /v1/metadata-schemas`), agreeing with the seeded records' metadata. */
const metadataSchemas: Rec[] = [
  {
    id: 'ms_cust0mer5chema01',
    related_object: 'customer',
    properties: {
      favourite_drink: key('string', { maxLength: 40 }),
      newsletter: key('boolean'),
      tier: key('string', { eq: ['bronze', 'silver', 'gold'] }),
      birth_date: key('date'),
      nickname: key('string', { deleted: true }),
    },
    allow_defined_only: false,
  },
  {
    id: 'ms_0rder5chema00001',
    related_object: 'order',
    properties: {
      channel: key('string', { eq: ['web', 'pos', 'app'], optional: false }),
      store_id: key('string', { minLength: 3, maxLength: 12 }),
      payment: key('object', { objectType: 'Payment' }),
      tags: key('string', { array: true }),
      pickup_at: key('datetime'),
    },
    allow_defined_only: false,
  },
  {
    id: 'ms_0rder1tem5chema1',
    related_object: 'order_item',
    properties: { gift_wrap: key('boolean'), note: key('string', { maxLength: 140 }) },
    allow_defined_only: false,
  },
  {
    id: 'ms_pr0duct5chema01',
    related_object: 'product',
    properties: { roast: key('string', { eq: ['light', 'medium', 'dark'] }), origin: key('string'), photo: key('image_url') },
    allow_defined_only: false,
  },
  {
    id: 'ms_v0ucher5chema01',
    related_object: 'voucher',
    properties: { channel: key('string') },
    allow_defined_only: false,
  },
  {
    id: 'ms_redempt10n5chem',
    related_object: 'redemption',
    properties: { till: key('number', { gte: 1, lte: 20 }), staff_id: key('string', { ne: ['unknown'] }) },
    allow_defined_only: false,
  },
  {
    id: 'ms_campa1gn5chema1',
    related_object: 'campaign',
    properties: { region: key('string', { eq: ['EU', 'US'] }) },
    allow_defined_only: false,
  },
  {
    id: 'ms_paym3nt5chema01',
    related_object: 'Payment',
    properties: {
      method: key('string', { eq: ['card', 'cash', 'voucher'], optional: false }),
      amount: key('number', { gte: 0 }),
      card_last4: key('string', { exactLength: 4 }),
    },
    allow_defined_only: true,
  },
];
