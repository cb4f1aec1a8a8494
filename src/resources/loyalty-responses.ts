/**
 * The response schemas of the operations of the loyalty program: `client.loyalties` and
 * `client.rewards`. A chunk of its own (responses.ts), loaded by the first call of either: a
 * program that calls neither loads none of it. The registry (registry.ts) checks each schema
 * against its operation.
 *
 * @module
 */
import type { ResponseTable } from '../core/call.js';
import { loyaltyTransactionListSchema } from '../schemas/loyalty-transaction.js';
import { pendingPointsListSchema } from '../schemas/pending-points.js';
import { redemptionSchema } from '../schemas/redemption.js';
import { rewardAssignmentListSchema } from '../schemas/reward.js';
import { loyaltyMemberSchema } from '../schemas/voucher.js';

/** The response schema of each operation of `client.loyalties` and `client.rewards`, by name. */
export const loyaltyResponses = {
  'loyalties.getMember': loyaltyMemberSchema,
  'loyalties.listTransactions': loyaltyTransactionListSchema,
  'loyalties.listPendingPoints': pendingPointsListSchema,
  'loyalties.redeemReward': redemptionSchema,
  'loyalties.listRewardAssignments': rewardAssignmentListSchema,
  'rewards.listAssignments': rewardAssignmentListSchema,
} satisfies ResponseTable;
