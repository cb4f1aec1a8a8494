/** The test data of every operation of `client.promotions` (src/resources/promotions.ts). */
import * as promotions from '../fixtures/promotions.js';
import * as realWorld from '../fixtures/real-world.js';
import * as fx from '../fixtures/every-field.js';
import { enc, loose, tierIds } from './shared.js';
import type { SubClientTestData } from './types.js';

/** Keyed by operation: an operation of the sub-client without its record does not compile. */
export const promotionTestData: SubClientTestData<'promotions'> = {
  'promotions.createTier': {
    fixtures: { 'promotion tier': fx.promotionTier },
    resourceTestFixtures: { 'weekend tier': promotions.createdTier },
    realWorldFixtures: { 'null metadata': realWorld.tierWithNullMetadata },
    mockCalls: ({ client, ids }) => [
      ['tier', () => client.promotions.createTier(ids.campaigns.checkout, { name: 'Tolerance 5%', action: { discount: { type: 'PERCENT', percent_off: 5 } } })],
    ],
    faults: [
      {
        name: 'promotions.createTier',
        class: 'tier create',
        call: (c, k, o) => c.promotions.createTier(k, { name: 'Tier 1' }, o),
        path: (k) => `/v1/promotions/${enc(k)}/tiers`,
        body: fx.promotionTier,
      },
    ],
    badInputs: [
      { input: '`name` missing', field: 'name', call: (c, o) => loose(c).promotions.createTier('camp_1', {}, o) },
      {
        input: "`expiration_date: '31/12/2026'` (not ISO 8601)",
        field: 'expiration_date',
        call: (c, o) => loose(c).promotions.createTier('camp_1', { name: 'T', expiration_date: '31/12/2026' }, o),
      },
    ],
    contract: (client) => [
      [
        'POST /v1/promotions/{campaignId}/tiers',
        () => client.promotions.createTier('camp_1', { name: 'Ten percent', action: { discount: { type: 'PERCENT', percent_off: 10 } } }),
      ],
    ],
  },
  'promotions.updateStack': {
    fixtures: { 'promotion stack': fx.promotionStack },
    resourceTestFixtures: { 'updated stack': promotions.updatedStack },
    mockCalls: ({ client, ids }) => [['stack', () => client.promotions.updateStack(ids.campaigns.checkout, ids.stack, { name: 'Renamed stack' })]],
    faults: [
      {
        name: 'promotions.updateStack',
        class: 'PUT',
        call: (c, k, o) => c.promotions.updateStack('camp_1', k, { name: 'Weekend stack' }, o),
        path: (k) => `/v1/promotions/camp_1/stacks/${enc(k)}`,
        body: fx.promotionStack,
      },
    ],
    badInputs: [
      {
        input: '31 stack tiers',
        field: 'tiers.ids',
        call: (c, o) => loose(c).promotions.updateStack('camp_1', 'stack_1', { tiers: { ids: tierIds(31) } }, o),
      },
      {
        input: "stack id `''`",
        field: 'stackId',
        call: (c, o) => loose(c).promotions.updateStack('camp_1', '', { name: 'S' }, o),
      },
    ],
    contract: (client) => [
      [
        'PUT /v1/promotions/{campaignId}/stacks/{stackId}',
        () => client.promotions.updateStack('camp_1', 'stack_1', { name: 'Stack', tiers: { ids: ['promo_1', 'promo_2'], hierarchy_mode: 'MANUAL' } }),
      ],
    ],
  },
};
