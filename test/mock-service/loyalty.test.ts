/**
 * Loyalty members: rewards for points, pay-with-points (service interface §4.9), failed
 * redemptions, pending points and transactions with cursors, reward assignments, and the
 * rollback of a redemption; through the real Client over both transports.
 */
import { describe, expect, it } from 'vitest';
import { BadRequestError, NotFoundError } from '../../src/index.js';
import { failure, transports, useMock } from './transports.js';

describe.each(transports)('loyalty over %s', (_name, connect) => {
  const { mock, conn } = useMock(connect);

  it('redeeming a reward deducts its cost and records a POINTS_REDEMPTION transaction', async () => {
    const client = conn.client();
    const { members, rewards, campaigns } = mock.ids;
    const redemption = await client.loyalties.redeemReward(members.ada, { campaign_id: campaigns.coffeeClub, reward: { id: rewards.espresso } });
    expect(redemption).toMatchObject({
      object: 'redemption',
      result: 'SUCCESS',
      status: 'SUCCEEDED',
      amount: 200,
      loyalty_card: { points: 200 },
      related_object_type: 'voucher',
      customer_id: mock.ids.customers.ada,
      reward: { id: rewards.espresso, name: 'Free espresso', type: 'MATERIAL', product: { name: 'Espresso' } },
      voucher: { code: members.ada, holder: { id: mock.ids.customers.ada } },
    });
    expect((await client.loyalties.getMember(members.ada)).loyalty_card).toMatchObject({ points: 1050, balance: 1050 });

    const [latest] = (await client.loyalties.listTransactions(campaigns.coffeeClub, { order: '-id', limit: 1 })).data;
    expect(latest).toMatchObject({
      type: 'POINTS_REDEMPTION',
      voucher_id: redemption.related_object_id,
      details: { balance: { points: -200, balance: 1050 }, redemption: { id: redemption.id }, reward: { id: rewards.espresso, name: 'Free espresso' } },
    });
  });

  it('redeems the same way on the path without a campaign', async () => {
    const redemption = await conn.client().loyalties.redeemReward(mock.ids.members.ada, { reward: { id: mock.ids.rewards.coupon } });
    expect(redemption.result).toBe('SUCCESS');
    expect(redemption.reward?.voucher?.code).toMatch(/^REWARD-/);
    expect(mock.requests.at(-1)?.path).toBe(`/v1/loyalties/members/${mock.ids.members.ada}/redemption`);
  });

  it('a card with too few points gives a FAILURE redemption and keeps its points', async () => {
    const client = conn.client();
    const redemption = await client.loyalties.redeemReward(mock.ids.members.grace, { reward: { id: mock.ids.rewards.espresso } });
    expect(redemption).toMatchObject({
      result: 'FAILURE',
      status: 'FAILED',
      failure_code: 'loyalty_card_points_exceeded',
      failure_message: expect.stringMatching(/180 points/),
    });
    expect((await client.loyalties.getMember(mock.ids.members.grace)).loyalty_card?.points).toBe(180);
  });

  it('pay-with-points without points applies what the order remainder needs', async () => {
    // 10 points pay 1.00: a 45.00 order needs 450 points.
    const redemption = await conn.client().loyalties.redeemReward(mock.ids.members.ada, {
      reward: { id: mock.ids.rewards.payWithPoints },
      order: {
        items: [
          { product_id: 'beans', quantity: 1, price: 2400 },
          { product_id: 'mug', quantity: 1, price: 2100 },
        ],
      },
    });
    expect(redemption).toMatchObject({
      result: 'SUCCESS',
      loyalty_card: { points: 450 },
      order: { amount: 4500, total_amount: 0, total_applied_discount_amount: 4500 },
    });
    expect(mock.get('vouchers', mock.ids.members.ada)?.loyalty_card?.points).toBe(800);
  });

  it('pay-with-points with points given applies exactly those', async () => {
    const redemption = await conn
      .client()
      .loyalties.redeemReward(mock.ids.members.ada, { reward: { id: mock.ids.rewards.payWithPoints, points: 100 }, order: { amount: 4500 } });
    expect(redemption).toMatchObject({ loyalty_card: { points: 100 }, order: { amount: 4500, total_amount: 3500 } });
  });

  it('pay-with-points on a card holding fewer points than requested applies only the available ones', async () => {
    const redemption = await conn
      .client()
      .loyalties.redeemReward(mock.ids.members.alan, { reward: { id: mock.ids.rewards.payWithPoints, points: 300 }, order: { amount: 4500 } });
    expect(redemption).toMatchObject({ result: 'SUCCESS', loyalty_card: { points: 40 }, order: { total_amount: 4100 } });
    expect(mock.get('vouchers', mock.ids.members.alan)?.loyalty_card?.points).toBe(0);
  });

  it('pay-with-points without an order is a 400 missing_order', async () => {
    const error = await failure(conn.client().loyalties.redeemReward(mock.ids.members.ada, { reward: { id: mock.ids.rewards.payWithPoints } }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ key: 'missing_order' });
  });

  it('a redemption without a reward is a 400 missing_reward; an unknown member a 404', async () => {
    expect(await failure(conn.client().loyalties.redeemReward(mock.ids.members.ada, {}))).toMatchObject({ status: 400, key: 'missing_reward' });
    expect(await failure(conn.client().loyalties.redeemReward('LC-NOBODY', { reward: { id: mock.ids.rewards.espresso } }))).toBeInstanceOf(NotFoundError);
  });

  it('a member read in the wrong campaign is a 404', async () => {
    const error = await failure(conn.client().loyalties.getMember(mock.ids.members.ada, { campaign_id: mock.ids.campaigns.bakery }));
    expect(error).toMatchObject({ status: 404, body: { resource_type: 'voucher' } });
  });

  it('lists pending points page by page with the cursor, in both path variants', async () => {
    const client = conn.client();
    const first = await client.loyalties.listPendingPoints(mock.ids.members.ada, { limit: 1 });
    expect(first.data).toHaveLength(1);
    expect(first.body).toMatchObject({ has_more: true, more_starting_after: first.data[0]!.id });
    const second = await first.getNextPage();
    expect(second.data.map((p) => p.points)).toEqual([40]);
    expect(second.hasNextPage()).toBe(false);
    const all = await client.loyalties.listPendingPoints(mock.ids.members.ada, { campaign_id: mock.ids.campaigns.coffeeClub, limit: 1 }).toArray();
    expect(all.map((p) => p.points)).toEqual([85, 40]);
  });

  it('walks every transaction of a campaign with the cursor, without repeats, in both orders', async () => {
    const client = conn.client();
    const ascending = await client.loyalties.listTransactions(mock.ids.campaigns.coffeeClub, { limit: 10 }).toArray();
    expect(ascending).toHaveLength(25);
    expect(new Set(ascending.map((t) => t.id)).size).toBe(25);
    expect(mock.requests.filter((r) => r.operation === 'loyalties.listTransactions')).toHaveLength(3);
    const descending = await client.loyalties.listTransactions(mock.ids.campaigns.coffeeClub, { limit: 7, order: '-id' }).toArray();
    expect(descending.map((t) => t.id)).toEqual(ascending.map((t) => t.id).reverse());
    // The points of every transaction add up to the cards' balances.
    const sum = ascending.reduce((n, t) => n + (t.details?.balance?.points ?? 0), 0);
    expect(sum).toBe(1250 + 180 + 40 + 120);
  });

  it('filters transactions by id', async () => {
    const client = conn.client();
    const [, second] = (await client.loyalties.listTransactions(mock.ids.campaigns.coffeeClub, { limit: 2 })).data;
    const page = await client.loyalties.listTransactions(mock.ids.campaigns.coffeeClub, { filters: { id: { conditions: { $in: [second!.id] } } } });
    expect(page.data.map((t) => t.id)).toEqual([second!.id]);
  });

  it("lists a campaign's reward assignments page by page with total, and by assignment_id", async () => {
    const client = conn.client();
    const page = await client.loyalties.listRewardAssignments(mock.ids.campaigns.coffeeClub, { limit: 2 });
    expect(page.total).toBe(5);
    expect(await client.loyalties.listRewardAssignments(mock.ids.campaigns.coffeeClub, { limit: 2 }).toArray()).toHaveLength(5);
    const one = await client.loyalties.listRewardAssignments('Coffee Club Rewards', { assignment_id: page.data[1]!.id });
    expect(one.data).toEqual([page.data[1]]);
    expect(one.data[0]).toMatchObject({ object: 'reward_assignment', related_object_type: 'campaign', parameters: { loyalty: { points: 500 } } });
  });

  it('lists the assignments of one reward across campaigns', async () => {
    const page = await conn.client().rewards.listAssignments(mock.ids.rewards.espresso);
    expect(page.total).toBe(2);
    expect(page.data.map((a) => a.related_object_id).sort()).toEqual([mock.ids.campaigns.coffeeClub, mock.ids.campaigns.bakery].sort());
    expect(await failure(conn.client().rewards.listAssignments('rew_missing'))).toMatchObject({ status: 404, body: { resource_type: 'reward' } });
  });

  it('rolling back a redemption restores the points and marks it ROLLED_BACK', async () => {
    const client = conn.client();
    const { members, rewards, campaigns } = mock.ids;
    const redemption = await client.loyalties.redeemReward(members.ada, { reward: { id: rewards.coupon } });
    expect(mock.get('vouchers', members.ada)?.loyalty_card?.points).toBe(750);

    const result = await client.redemptions.rollbackStackable(redemption.id, { reason: 'Customer changed their mind' });
    expect(result.rollbacks).toHaveLength(1);
    expect(result.parent_rollback).toMatchObject({
      object: 'redemption_rollback',
      redemption: redemption.id,
      result: 'SUCCESS',
      status: 'SUCCEEDED',
      amount: -500,
      reason: 'Customer changed their mind',
    });
    expect(mock.get('redemptions', redemption.id)?.status).toBe('ROLLED_BACK');
    const card = await client.loyalties.getMember(members.ada);
    expect(card.loyalty_card?.points).toBe(1250);
    expect(card.redemption).toMatchObject({ redeemed_points: 200 });

    const [refund] = (await client.loyalties.listTransactions(campaigns.coffeeClub, { order: '-id', limit: 1 })).data;
    expect(refund).toMatchObject({
      type: 'POINTS_REFUND',
      details: { balance: { points: 500, balance: 1250 }, redemption: { id: redemption.id }, rollback: { id: result.parent_rollback!.id } },
    });
  });

  it('a second rollback of the same redemption is a 400 already_rolled_back', async () => {
    const client = conn.client();
    const redemption = await client.loyalties.redeemReward(mock.ids.members.ada, { reward: { id: mock.ids.rewards.espresso } });
    await client.redemptions.rollbackStackable(redemption.id);
    const error = await failure(client.redemptions.rollbackStackable(redemption.id));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ key: 'already_rolled_back' });
    expect(mock.get('vouchers', mock.ids.members.ada)?.loyalty_card?.points).toBe(1250);
  });

  it('rolls back every redemption of a stack and the parent, giving the counters back', async () => {
    const parentId = mock.ids.stackedRedemption;
    const children = mock.list('redemptions').filter((r) => r.redemption === parentId);
    expect(children).toHaveLength(2);
    expect(mock.get('vouchers', 'SPRING15')?.redemption?.redeemed_quantity).toBe(1);

    const result = await conn.client().redemptions.rollbackStackable(parentId, { tracking_id: 'track-lin' });
    expect(result.rollbacks?.map((r) => r.redemption).sort()).toEqual(children.map((c) => c.id).sort());
    expect(result.parent_rollback).toMatchObject({ redemption: parentId, tracking_id: 'track-lin' });
    expect([parentId, ...children.map((c) => c.id)].map((id) => mock.get('redemptions', id)?.status)).toEqual(['ROLLED_BACK', 'ROLLED_BACK', 'ROLLED_BACK']);
    expect(mock.get('vouchers', 'SPRING15')?.redemption?.redeemed_quantity).toBe(0);
    expect(mock.get('tiers', mock.ids.tiers[0]!)?.summary?.redemptions?.total_redeemed).toBe(0);
  });

  it('refuses to roll back one redemption of a stack on its own (400 invalid_redemption_parent)', async () => {
    const child = mock.list('redemptions').find((r) => r.redemption === mock.ids.stackedRedemption)!;
    expect(await failure(conn.client().redemptions.rollbackStackable(child.id))).toMatchObject({ status: 400, key: 'invalid_redemption_parent' });
    expect(await failure(conn.client().redemptions.rollbackStackable('r_missing'))).toBeInstanceOf(NotFoundError);
  });
});
