/** The test data of every operation of `client.templates` (src/resources/templates.ts). */
import * as promotions from '../fixtures/promotions.js';
import * as fx from '../fixtures/every-field.js';
import { enc, loose, cursorList } from './shared.js';
import type { SubClientTestData } from './types.js';

/** Keyed by operation: an operation of the sub-client without its record does not compile. */
export const templateTestData: SubClientTestData<'templates'> = {
  'templates.list': {
    fixtures: { 'records under campaign_templates': fx.templateListNamed, 'records under data': fx.templateListData },
    resourceTestFixtures: { 'two templates': cursorList([promotions.campaignTemplate(1), promotions.campaignTemplate(2, 'GIFT_VOUCHERS')]) },
    mockCalls: ({ client }) => [['templates', () => client.templates.list({ limit: 2, include_total: true })]],
    faults: [
      {
        name: 'templates.list',
        class: 'GET',
        call: (c, _k, o) => c.templates.list({ limit: 5 }, o),
        path: () => '/v1/templates/campaigns',
        body: fx.templateListData,
      },
    ],
    badInputs: [{ input: "`order: 'name'`", field: 'order', call: (c, o) => loose(c).templates.list({ order: 'name' }, o) }],
    contract: (client) => [['GET /v1/templates/campaigns', () => client.templates.list({ limit: 10, include_total: true })]],
  },
  'templates.setupPromotionTier': {
    fixtures: { 'tier setup': fx.tierSetup },
    resourceTestFixtures: { 'tier setup': promotions.tierSetup },
    mockCalls: ({ client, ids }) => [
      ['tier setup', () => client.templates.setupPromotionTier(ids.template, { campaign_id: ids.campaigns.checkout, name: 'From template' })],
    ],
    faults: [
      {
        name: 'templates.setupPromotionTier',
        class: 'tier setup',
        call: (c, k, o) => c.templates.setupPromotionTier(k, { campaign_id: 'camp_1', name: 'From template' }, o),
        path: (k) => `/v1/templates/campaigns/${enc(k)}/tier-setup`,
        body: fx.tierSetup,
      },
    ],
    badInputs: [
      {
        input: '`campaign_id` missing',
        field: 'campaign_id',
        call: (c, o) => loose(c).templates.setupPromotionTier('camp_tpl_1', { name: 'T' }, o),
      },
      {
        input: '`name` missing',
        field: 'name',
        call: (c, o) => loose(c).templates.setupPromotionTier('camp_tpl_1', { campaign_id: 'camp_1' }, o),
      },
      {
        input: 'template id `undefined`',
        field: 'campaignTemplateId',
        call: (c, o) => loose(c).templates.setupPromotionTier(undefined, { campaign_id: 'camp_1', name: 'T' }, o),
      },
    ],
    contract: (client) => [
      [
        'POST /v1/templates/campaigns/{campaignTemplateId}/tier-setup',
        () => client.templates.setupPromotionTier('camp_tpl_1', { campaign_id: 'camp_1', name: 'Tier from template' }),
      ],
    ],
  },
};
