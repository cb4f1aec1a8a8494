/**
 * `mock.handlers(http)`: the mock behind msw, for projects whose tests already run msw. The
 * client uses the global fetch; msw routes the mock's base URL to the mock.
 */
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client } from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';

const mock = createMockService();
const server = setupServer(...mock.handlers(http));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => mock.reset());
afterAll(() => server.close());

describe('mock.handlers(http) with msw', () => {
  const client = () => new Client({ baseUrl: mock.baseUrl, ...mock.credentials, logLevel: 'off', validation: 'strict', maxRetries: 0 });

  it("serves the client through msw with the mock's records and rules", async () => {
    const redemption = await client().loyalties.redeemReward(mock.ids.members.ada, { reward: { id: mock.ids.rewards.espresso } });
    expect(redemption.result).toBe('SUCCESS');
    expect((await client().loyalties.getMember(mock.ids.members.ada)).loyalty_card?.points).toBe(1050);
    expect(mock.requests.map((r) => r.operation)).toEqual(['loyalties.redeemReward', 'loyalties.getMember']);
  });

  it('answers auth failures as the service does', async () => {
    await expect(
      new Client({ baseUrl: mock.baseUrl, ...mock.credentials, appToken: 'x', logLevel: 'off', maxRetries: 0 }).locations.get(mock.ids.location),
    ).rejects.toMatchObject({ status: 401, key: 'unauthorized' });
  });

  it("can sit beside a project's own handlers, which msw tries first", async () => {
    server.use(http.get(`${mock.baseUrl}/v1/locations/loc_override`, () => Response.json({ id: 'loc_override', object: 'location', name: 'Overridden' })));
    expect((await client().locations.get('loc_override')).name).toBe('Overridden');
    expect((await client().locations.get(mock.ids.location)).name).toBe('Berlin flagship store');
    server.resetHandlers();
  });
});
