/**
 * `client.rewards`: rewards and their assignments to loyalty campaigns.
 *
 * @module
 */
import { object } from '../core/inputs.js';
import { loadLoyaltyResponses } from './responses.js';
import { operation, operations, type Relies, type RequestOptions } from '../core/call.js';
import { walks, type PagePromise } from '../core/pagination.js';
import { APIResource } from '../core/resource.js';
import type { RewardAssignment, RewardAssignmentList } from '../schemas/reward.js';
import { pageListRules, type PageListParams } from './inputs/lists.js';
import type { SubClientGuide } from './guide.js';

/**
 * Rewards: what loyalty points buy, and the campaigns they are offered in.
 * @category Rewards
 */
export class Rewards extends APIResource {
  /**
   * Lists the assignments of a reward: the loyalty campaigns it is offered in and its cost in
   * points there (`parameters.loyalty.points`). A page-numbered list with `total`.
   *
   * `GET /v1/rewards/{rewardId}/assignments`. Read-only: retried on network errors, timeouts,
   * 408, 429 and 5xx.
   *
   * @param rewardId The reward ID, `rew_…`.
   * @throws {InvalidRequestError} `limit` or `page` outside 1–100; nothing is sent.
   * @throws {NotFoundError} No such reward (404).
   * @throws {PaginationLimitError} While iterating, when records remain past page 100, the last
   *   page the service serves (raise `limit` to reach more records).
   *
   * @example
   * ```ts
   * // GET /v1/rewards/{rewardId}/assignments
   * for await (const assignment of client.rewards.listAssignments('rew_free_coffee')) {
   *   console.log(assignment.related_object_id, assignment.parameters?.loyalty?.points, 'points');
   * }
   * ```
   */
  listAssignments(rewardId: string, params: ListAssignmentsParams = {}, options?: RequestOptions): PagePromise<RewardAssignment, ListAssignmentsParams> {
    return this.core.list(rewardOperations['rewards.listAssignments'], { rewardId }, params, options);
  }
}

/** The operations of {@link Rewards}, as the registry lists them (resources/registry.ts). */
export const rewardOperations = operations(loadLoyaltyResponses, {
  'rewards.listAssignments': operation<RewardAssignmentList, ListAssignmentsParams>({
    method: 'GET',
    path: '/v1/rewards/{rewardId}/assignments',
    rules: object<ListAssignmentsParams>(pageListRules),
    paging: walks.pageNumber,
  }),
});

/**
 * Where `client.rewards` stands in the documentation: the reference's category of its class, and
 * what each method is for, in the order the home page lists them (`npm run operations` writes both).
 */
export const rewardGuide: SubClientGuide<keyof typeof rewardOperations> = {
  category: 'Rewards',
  tasks: {
    'rewards.listAssignments': 'list the assignments of a reward',
  },
};

/**
 * The response fields each operation of `client.rewards` relies on (the tolerance policy, see
 * {@link Relies}): read by the documentation and the tests, never at run time.
 */
export const rewardRelies: Relies<keyof typeof rewardOperations> = {
  'rewards.listAssignments': ['data.*.id'],
};

/**
 * Params of {@link Rewards.listAssignments}: page size and page number.
 * @category Rewards
 */
export interface ListAssignmentsParams extends PageListParams {}
