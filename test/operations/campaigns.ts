/** The test data of every operation of `client.campaigns` (src/resources/campaigns.ts). */
import * as fx from '../fixtures/every-field.js';
import { enc, loose } from './shared.js';
import type { SubClientTestData } from './types.js';

/** The spec's own example of `GET /v1/campaigns/{campaignId}`: no `categories`, though its schema requires them (D28). */
const specCampaign = {
  id: 'camp_JlsseNSDO7l4neFtev6p6945',
  name: '$20 OFF Entire Order',
  campaign_type: 'DISCOUNT_COUPONS',
  type: 'AUTO_UPDATE',
  voucher: {
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'AMOUNT', amount_off: 2000, effect: 'APPLY_TO_ORDER' },
    redemption: { quantity: null },
    code_config: { length: 8, charset: '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', pattern: '########', prefix: '$20OFFORDER-' },
    is_referral_code: false,
  },
  auto_join: false,
  join_once: false,
  use_voucher_metadata_schema: true,
  vouchers_count: 1,
  active: true,
  metadata: {},
  created_at: '2022-07-11T09:43:36.057Z',
  creation_status: 'DONE',
  vouchers_generation_status: 'DONE',
  protected: false,
  validation_rules_assignments: { object: 'list', data_ref: 'data', data: [], total: 0 },
  category_id: null,
  object: 'campaign',
};

/** A campaign of the spec's list example: no `promotion`, no `validation_rules_assignments`, no `categories`. */
const { validation_rules_assignments: _rules, ...listedSpecCampaign } = specCampaign;

/** Keyed by operation: an operation of the sub-client without its record does not compile. */
export const campaignTestData: SubClientTestData<'campaigns'> = {
  'campaigns.list': {
    fixtures: { 'campaign list': fx.campaignList },
    realWorldFixtures: { "the spec's example, without categories": { object: 'list', data_ref: 'campaigns', campaigns: [listedSpecCampaign], total: 1 } },
    mockCalls: ({ client }) => [
      ['campaigns', () => client.campaigns.list({ limit: 3 })],
      ['gift card campaigns with categories', () => client.campaigns.list({ campaign_type: 'GIFT_VOUCHERS', expand: 'category' })],
    ],
    faults: [
      {
        name: 'campaigns.list',
        class: 'GET',
        call: (c, _k, o) => c.campaigns.list({ limit: 10 }, o),
        path: () => '/v1/campaigns',
        body: fx.campaignList,
      },
    ],
    badInputs: [
      { input: '`limit: 101`', field: 'limit', call: (c, o) => loose(c).campaigns.list({ limit: 101 }, o) },
      {
        input: "`campaign_type: 'GIFT_VOUCHER'` (a voucher's type)",
        field: 'campaign_type',
        call: (c, o) => loose(c).campaigns.list({ campaign_type: 'GIFT_VOUCHER' }, o),
      },
      { input: "`is_referral_code: 'yes'`", field: 'is_referral_code', call: (c, o) => loose(c).campaigns.list({ is_referral_code: 'yes' }, o) },
      { input: "`expand: ['category']` (one value, not a list)", field: 'expand', call: (c, o) => loose(c).campaigns.list({ expand: ['category'] }, o) },
    ],
    contract: (client) => [
      [
        'GET /v1/campaigns',
        () =>
          client.campaigns.list({
            limit: 10,
            page: 100,
            campaign_type: 'GIFT_VOUCHERS',
            expand: 'category',
            campaign_status: 'DONE',
            is_referral_code: false,
            order: '-created_at',
          }),
        'D28 (no categories), D34 (filters, not sorts), D36 (read through data_ref)',
      ],
    ],
  },
  'campaigns.get': {
    fixtures: { campaign: fx.campaign },
    realWorldFixtures: { "the spec's example, without categories": specCampaign },
    mockCalls: ({ client, ids }) => [
      ['gift cards by ID', () => client.campaigns.get(ids.campaigns.giftCards)],
      ['promotion by name', () => client.campaigns.get('Checkout Promotions')],
    ],
    faults: [{ name: 'campaigns.get', class: 'GET', call: (c, k, o) => c.campaigns.get(k, o), path: (k) => `/v1/campaigns/${enc(k)}`, body: fx.campaign }],
    badInputs: [{ input: "id `'.'` (a dot segment)", field: 'campaignId', call: (c, o) => loose(c).campaigns.get('.', o) }],
    contract: (client) => [['GET /v1/campaigns/{campaignId}', () => client.campaigns.get('$20 OFF Entire Order'), 'D28 (no categories)']],
  },
};
