/**
 * Loyalty: redeem a reward with a member's points, roll the redemption back, see a redemption
 * fail for want of points, and pay part of an order with points.
 *
 * Against a real service set PROMOKIT_EXAMPLE_MEMBER_ID (a loyalty card code),
 * PROMOKIT_EXAMPLE_CAMPAIGN_ID (its campaign), PROMOKIT_EXAMPLE_REWARD_ID (a reward of that
 * campaign), and optionally PROMOKIT_EXAMPLE_EXPENSIVE_REWARD_ID (one the card cannot afford) and
 * PROMOKIT_EXAMPLE_PAY_WITH_POINTS_REWARD_ID (a pay-with-points reward).
 */
import { connect, count, describeError, detail, money, plural, run, step, title } from './lib/connect.js';

const setup = connect();
const { client } = setup;
const memberId = setup.id('MEMBER_ID', (ids) => ids.members.ada);
const campaignId = setup.id('CAMPAIGN_ID', (ids) => ids.campaigns.coffeeClub);
const rewardId = setup.id('REWARD_ID', (ids) => ids.rewards.espresso);
const expensiveRewardId = setup.optionalId('EXPENSIVE_REWARD_ID', (ids) => ids.rewards.mug);
const payWithPointsId = setup.optionalId('PAY_WITH_POINTS_REWARD_ID', (ids) => ids.rewards.payWithPoints);

run(async () => {
  title('Loyalty: redeem a reward, roll it back', setup);

  const member = await client.loyalties.getMember(memberId, { campaign_id: campaignId });
  step(`Member ${member.code} holds ${count(member.loyalty_card?.points)} points (${count(member.loyalty_card?.pending_points)} pending).`);

  const assignments = await client.loyalties.listRewardAssignments(campaignId).toArray();
  step(`The campaign offers ${plural(assignments.length, 'reward')}:`);
  for (const a of assignments)
    detail(`reward ${a.reward_id}: ${a.parameters?.loyalty?.points === undefined ? 'pay with points' : `${count(a.parameters.loyalty.points)} points`}`);

  const redemption = await client.loyalties.redeemReward(memberId, { campaign_id: campaignId, reward: { id: rewardId } });
  step(`Redeemed "${redemption.reward?.name}": ${redemption.result}, ${count(redemption.loyalty_card?.points)} points spent (redemption ${redemption.id}).`);
  const [latest] = (await client.loyalties.listTransactions(campaignId, { order: '-id', limit: 1 })).data;
  detail(`Latest transaction: ${latest?.type} ${count(latest?.details?.balance?.points)} points, balance ${count(latest?.details?.balance?.balance)}.`);
  detail(`The card now holds ${count((await client.loyalties.getMember(memberId)).loyalty_card?.points)} points.`);

  try {
    const { parent_rollback: rollback } = await client.redemptions.rollbackStackable(redemption.id, { reason: 'Ordered by mistake' });
    step(
      `Rolled the redemption back: ${rollback?.status}, ${count(Math.abs(rollback?.loyalty_card?.points ?? 0))} points given back (rollback ${rollback?.id}).`,
    );
    detail(`The card holds ${count((await client.loyalties.getMember(memberId)).loyalty_card?.points)} points again.`);
  } catch (error) {
    step(`The service refused the rollback: ${describeError(error)}`);
  }

  if (expensiveRewardId) {
    const failed = await client.loyalties.redeemReward(memberId, { reward: { id: expensiveRewardId } });
    step(`Redeeming "${failed.reward?.name}" gives a ${failed.result} redemption (not an exception):`);
    if (failed.result === 'FAILURE') detail(`${failed.failure_code}: ${failed.failure_message}`);
  }

  if (payWithPointsId) {
    const order = {
      items: [
        { source_id: 'beans-1kg', quantity: 1, price: 2400 },
        { source_id: 'travel-mug', quantity: 1, price: 2100 },
      ],
    };
    const paid = await client.loyalties.redeemReward(memberId, { reward: { id: payWithPointsId }, order });
    step(`Paid a ${money(paid.order?.amount)} order with points, without naming how many:`);
    detail(`${count(paid.loyalty_card?.points)} points applied; ${money(paid.order?.total_amount)} left to pay.`);
  }
});
