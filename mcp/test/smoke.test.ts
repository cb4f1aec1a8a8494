import { afterEach, describe, expect, it } from 'vitest';
import { type Setup, setup, WAYS } from './harness.js';

let s: Setup | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

describe.each(WAYS)('over %s', (way) => {
  it('lists the tools with annotations and output schemas, and a redeem spends once', async () => {
    s = await setup(way);
    const listed = await s.mcp.listTools();
    expect(listed.tools.map((t) => t.name)).toEqual(s.tools);
    const redeem = listed.tools.find((t) => t.name === 'redeem_reward')!;
    expect(redeem.annotations).toMatchObject({ destructiveHint: true, idempotentHint: true });
    expect(redeem.outputSchema).toBeDefined();
    const args = { member_id: s.mock.ids.members.ada, reward_id: s.mock.ids.rewards.espresso, operation_key: 'order-1-espresso' };
    const first = await s.call('redeem_reward', args);
    expect(first.structured).toMatchObject({ write: 'applied', replayed: false });
    const again = await s.call('redeem_reward', args);
    expect(again.structured).toMatchObject({ write: 'applied', replayed: true });
    expect(s.served('loyalties.redeemReward')).toBe(1);
  });
});
