/**
 * The reward a loyalty redemption spends points on, and its rules.
 *
 * @module
 */
import { integer, object, text, type Rule } from '../../core/inputs.js';

/**
 * The reward to redeem with a loyalty card's points.
 * @category Shared inputs
 */
export interface RewardInput {
  /** `rew_…` of the reward. */
  id?: string | undefined;
  /**
   * Pay-with-points rewards: points to spend, a positive integer. Left out, the points needed to
   * pay the rest of the order are used; more than the card holds, only the card's points are used.
   */
  points?: number | undefined;
}

/** Rules of a reward to redeem: a non-empty `id`, and `points` a positive integer. */
export const rewardRules: Rule<RewardInput> = object<RewardInput>({ id: text(1), points: integer(1) });
