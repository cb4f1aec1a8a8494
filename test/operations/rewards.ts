/** The test data of every operation of `client.rewards` (src/resources/rewards.ts). */
import * as rewards from '../fixtures/rewards.js';
import * as fx from '../fixtures/every-field.js';
import { enc, loose, pageList, range } from './shared.js';
import type { SubClientTestData } from './types.js';

/** Keyed by operation: an operation of the sub-client without its record does not compile. */
export const rewardTestData: SubClientTestData<'rewards'> = {
  'rewards.listAssignments': {
    fixtures: { 'reward assignment list': fx.rewardAssignmentList },
    resourceTestFixtures: { 'three assignments': pageList(range(3).map((n) => rewards.rewardAssignment(n))) },
    mockCalls: ({ client, ids }) => [['assignments', () => client.rewards.listAssignments(ids.rewards.espresso)]],
    faults: [
      {
        name: 'rewards.listAssignments',
        class: 'GET',
        call: (c, k, o) => c.rewards.listAssignments(k, {}, o),
        path: (k) => `/v1/rewards/${enc(k)}/assignments`,
        body: fx.rewardAssignmentList,
      },
    ],
    badInputs: [
      { input: '`limit: 101`', field: 'limit', call: (c, o) => loose(c).rewards.listAssignments('rew_1', { limit: 101 }, o) },
      { input: '`page: 0`', field: 'page', call: (c, o) => loose(c).rewards.listAssignments('rew_1', { page: 0 }, o) },
    ],
    contract: (client) => [['GET /v1/rewards/{rewardId}/assignments', () => client.rewards.listAssignments('rew_1', { limit: 10, page: 1 })]],
  },
};
