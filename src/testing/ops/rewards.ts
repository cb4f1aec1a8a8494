/**
 * `GET /v1/rewards/{rewardId}/assignments`: the campaigns a reward is assigned to, page by page
 * with `total` (service interface §4.18).
 *
 * @module
 */
import { notFound } from '../http.js';
import { numberedPage } from '../lists.js';
import type { MockHandlers } from '../router.js';
import { where } from '../store.js';

/** The mock's route for a reward's assignments. */
export const rewardHandlers = {
  'rewards.listAssignments': {
    method: 'GET',
    path: '/v1/rewards/{rewardId}/assignments',
    auth: 'server',
    handle(state, req) {
      const rewardId = req.params.rewardId!;
      if (!state.store.rewards.has(rewardId)) throw notFound('reward', rewardId);
      const records = where(state.store.rewardAssignments, (a) => a.reward_id === rewardId).sort((a, b) => (a.id < b.id ? -1 : 1));
      return numberedPage(records, req.query);
    },
  },
} satisfies MockHandlers;
