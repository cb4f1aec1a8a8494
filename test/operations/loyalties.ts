/** The test data of every operation of `client.loyalties` (src/resources/loyalties.ts). */
import * as loyalty from '../fixtures/loyalty.js';
import * as realWorld from '../fixtures/real-world.js';
import * as redemptions from '../fixtures/redemptions.js';
import * as fx from '../fixtures/every-field.js';
import { enc, loose, items, cursorList, pageList, range, order } from './shared.js';
import type { SubClientTestData } from './types.js';

/** Keyed by operation: an operation of the sub-client without its record does not compile. */
export const loyaltyTestData: SubClientTestData<'loyalties'> = {
  'loyalties.getMember': {
    fixtures: { 'loyalty member': fx.loyaltyMember },
    resourceTestFixtures: { 'loyalty member': loyalty.loyaltyMember },
    mockCalls: ({ client, ids }) => [['member', () => client.loyalties.getMember(ids.members.ada, { campaign_id: ids.campaigns.coffeeClub })]],
    faults: [
      {
        name: 'loyalties.getMember',
        class: 'GET',
        call: (c, k, o) => c.loyalties.getMember(k, {}, o),
        path: (k) => `/v1/loyalties/members/${enc(k)}`,
        body: fx.loyaltyMember,
      },
      {
        name: 'loyalties.getMember (campaign)',
        class: 'GET',
        call: (c, k, o) => c.loyalties.getMember('LOY-1', { campaign_id: k }, o),
        path: (k) => `/v1/loyalties/${enc(k)}/members/LOY-1`,
        body: fx.loyaltyMember,
      },
    ],
    badInputs: [
      { input: "member id `''`", field: 'memberId', call: (c, o) => loose(c).loyalties.getMember('', {}, o) },
      {
        input: "`campaign_id: ''`",
        field: 'campaign_id',
        call: (c, o) => loose(c).loyalties.getMember('LOY-1', { campaign_id: '' }, o),
      },
    ],
    contract: (client) => [
      ['GET /v1/loyalties/{campaign_id}/members/{memberId}', () => client.loyalties.getMember('LOYAL-1', { campaign_id: 'camp_1' })],
      ['GET /v1/loyalties/members/{memberId}', () => client.loyalties.getMember('LOYAL-1')],
    ],
  },
  'loyalties.listTransactions': {
    fixtures: { 'transaction list': fx.transactionList },
    resourceTestFixtures: {
      'two transactions': cursorList([loyalty.transaction(1), loyalty.transaction(2, 'POINTS_REDEMPTION')], true),
    },
    mockCalls: ({ client, ids }) => [['transactions', () => client.loyalties.listTransactions(ids.campaigns.coffeeClub, { limit: 3 })]],
    faults: [
      {
        name: 'loyalties.listTransactions',
        class: 'GET',
        call: (c, k, o) => c.loyalties.listTransactions(k, { limit: 10 }, o),
        path: (k) => `/v1/loyalties/${enc(k)}/transactions`,
        body: fx.transactionList,
      },
    ],
    badInputs: [
      {
        input: '`limit: 0`',
        field: 'limit',
        call: (c, o) => loose(c).loyalties.listTransactions('camp_1', { limit: 0 }, o),
      },
      {
        input: '`limit: 101`',
        field: 'limit',
        call: (c, o) => loose(c).loyalties.listTransactions('camp_1', { limit: 101 }, o),
      },
      {
        input: '`limit: 2.5`',
        field: 'limit',
        call: (c, o) => loose(c).loyalties.listTransactions('camp_1', { limit: 2.5 }, o),
      },
      {
        input: "`order: 'name'`",
        field: 'order',
        call: (c, o) => loose(c).loyalties.listTransactions('camp_1', { order: 'name' }, o),
      },
    ],
    contract: (client) => [['GET /v1/loyalties/{campaignId}/transactions', () => client.loyalties.listTransactions('camp_1', { limit: 10 })]],
  },
  'loyalties.listPendingPoints': {
    fixtures: { 'pending points list': fx.pendingPointsList },
    resourceTestFixtures: { 'three entries': cursorList(range(3).map(loyalty.pendingPoints)) },
    mockCalls: ({ client, ids }) => [['pending points', () => client.loyalties.listPendingPoints(ids.members.ada, { limit: 2 })]],
    faults: [
      {
        name: 'loyalties.listPendingPoints',
        class: 'GET',
        call: (c, k, o) => c.loyalties.listPendingPoints(k, {}, o),
        path: (k) => `/v1/loyalties/members/${enc(k)}/pending-points`,
        body: fx.pendingPointsList,
      },
    ],
    badInputs: [
      {
        input: '`limit: 0`',
        field: 'limit',
        call: (c, o) => loose(c).loyalties.listPendingPoints('LOY-1', { limit: 0 }, o),
      },
    ],
    contract: (client) => [
      [
        'GET /v1/loyalties/{campaign_id}/members/{memberId}/pending-points',
        () => client.loyalties.listPendingPoints('LOYAL-1', { campaign_id: 'camp_1', limit: 10, order: '-id' }),
      ],
      ['GET /v1/loyalties/members/{memberId}/pending-points', () => client.loyalties.listPendingPoints('LOYAL-1', { limit: 10 })],
    ],
  },
  'loyalties.redeemReward': {
    fixtures: { redemption: fx.redemption },
    resourceTestFixtures: { 'pay with points': redemptions.payWithPoints, failed: redemptions.failedRedemption },
    realWorldFixtures: {
      'reward without object': realWorld.rewardRedemptionWithoutObjects,
      'older redemption': realWorld.olderRedemption,
    },
    mockCalls: ({ client, ids }) => [
      ['coupon reward', () => client.loyalties.redeemReward(ids.members.ada, { reward: { id: ids.rewards.coupon } })],
      [
        'pay with points',
        () => client.loyalties.redeemReward(ids.members.ada, { reward: { id: ids.rewards.payWithPoints, points: 100 }, order: { amount: 4500 } }),
      ],
    ],
    faults: [
      {
        name: 'loyalties.redeemReward',
        class: 'redemption',
        call: (c, k, o) => c.loyalties.redeemReward(k, { reward: { id: 'rew_1' } }, o),
        path: (k) => `/v1/loyalties/members/${enc(k)}/redemption`,
        body: fx.redemption,
      },
      {
        name: 'loyalties.redeemReward (campaign)',
        class: 'redemption',
        call: (c, k, o) => c.loyalties.redeemReward('LOY-1', { campaign_id: k, reward: { id: 'rew_1', points: 100 } }, o),
        path: (k) => `/v1/loyalties/${enc(k)}/members/LOY-1/redemption`,
        body: fx.redemption,
      },
    ],
    badInputs: [
      {
        input: 'an order of 501 items',
        field: 'order.items',
        call: (c, o) => loose(c).loyalties.redeemReward('LOY-1', { reward: { id: 'rew_1' }, order: { items: items(501) } }, o),
      },
      {
        input: '`reward.points: 0`',
        field: 'reward.points',
        call: (c, o) => loose(c).loyalties.redeemReward('LOY-1', { reward: { id: 'rew_1', points: 0 } }, o),
      },
    ],
    contract: (client) => [
      [
        'POST /v1/loyalties/{campaign_id}/members/{memberId}/redemption',
        () => client.loyalties.redeemReward('LOYAL-1', { campaign_id: 'camp_1', reward: { id: 'rew_1' } }),
      ],
      ['POST /v1/loyalties/members/{memberId}/redemption', () => client.loyalties.redeemReward('LOYAL-1', { reward: { id: 'rew_1', points: 100 }, order })],
    ],
  },
  'loyalties.listRewardAssignments': {
    fixtures: { 'reward assignment list': fx.rewardAssignmentList },
    resourceTestFixtures: { 'three rewards': pageList(range(3).map(loyalty.campaignReward)) },
    mockCalls: ({ client, ids }) => [['campaign rewards', () => client.loyalties.listRewardAssignments(ids.campaigns.coffeeClub, { limit: 3 })]],
    faults: [
      {
        name: 'loyalties.listRewardAssignments',
        class: 'GET',
        call: (c, k, o) => c.loyalties.listRewardAssignments(k, { page: 1 }, o),
        path: (k) => `/v1/loyalties/${enc(k)}/rewards`,
        body: fx.rewardAssignmentList,
      },
    ],
    badInputs: [
      {
        input: '`page: 0`',
        field: 'page',
        call: (c, o) => loose(c).loyalties.listRewardAssignments('camp_1', { page: 0 }, o),
      },
      {
        input: '`page: 101`',
        field: 'page',
        call: (c, o) => loose(c).loyalties.listRewardAssignments('camp_1', { page: 101 }, o),
      },
    ],
    contract: (client) => [['GET /v1/loyalties/{campaignId}/rewards', () => client.loyalties.listRewardAssignments('camp_1', { limit: 10, page: 1 })]],
  },
};
