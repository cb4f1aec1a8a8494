/**
 * `client.reconcile` on the service's clock, never this machine's: the mock's clock set hours,
 * days and years away from the process's, behind and ahead, running (a function) or standing
 * still (a fixed moment, as the testing guide's first example sets it), over `mock.fetch` and
 * `mock.listen()`. For `publications.create`, `loyalties.redeemReward` and `orders.create` with a
 * `source_id`, a fault that applies the call and drops the answer (`commit-then-reset`) and one
 * that applies nothing (`reset`): a call applied is never `not_found` (that answer teaches to send
 * it again: a double spend), a call not applied is never `applied`, and what cannot be told says
 * so (`cannot_tell`): a clock this machine's does not agree with excludes no record by its date.
 * And a service whose answers carry no `Date` header cannot place the call in time: a record that
 * may be the call's is `cannot_tell`, never `not_found`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Client, PromokitError, retryDecision, type ReconcileResult } from '../../src/index.js';
import { createMockService, type MockService } from '../../src/testing/index.js';
import { noUnhandledRejections } from '../helpers/unhandled.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const YEAR = 365 * DAY;

/** How far the mock's clock is from the process's, and whether it runs or stands still. */
const OFFSETS: Array<[string, number]> = [
  ['3 years behind', -3 * YEAR],
  ['2 days behind', -2 * DAY],
  ['5 hours behind', -5 * HOUR],
  ['the same', 0],
  ['5 hours ahead', 5 * HOUR],
  ['2 days ahead', 2 * DAY],
  ['3 years ahead', 3 * YEAR],
];
const CLOCKS: Array<[string, () => Date | string | (() => Date)]> = [
  ...OFFSETS.map(([name, offset]): [string, () => () => Date] => [`running, ${name}`, () => () => new Date(Date.now() + offset)]),
  ...OFFSETS.map(([name, offset]): [string, () => Date] => [`standing still, ${name}`, () => new Date(Date.now() + offset)]),
  ["standing still at the testing guide's moment, 2026-03-18T09:30:00Z", () => '2026-03-18T09:30:00Z'],
];

type Operation = 'publications.create' | 'loyalties.redeemReward' | 'orders.create';
const OPERATIONS: Operation[] = ['publications.create', 'loyalties.redeemReward', 'orders.create'];

/** The call of `operation`, a different one each time (a new customer, a new order). */
function callOf(operation: Operation, mock: MockService, n: number): (client: Client, options: { timeout?: number }) => Promise<unknown> {
  switch (operation) {
    case 'publications.create':
      return (client, options) => client.publications.create({ campaign: { name: 'Welcome Offer' }, customer: { source_id: `clock-${n}` } }, options);
    case 'loyalties.redeemReward':
      return (client, options) => client.loyalties.redeemReward(mock.ids.members.ada, { reward: { id: mock.ids.rewards.espresso } }, options);
    case 'orders.create':
      return (client, options) =>
        client.orders.create({ source_id: `clock-order-${n}`, amount: 4200, items: [{ source_id: 'beans', quantity: 1, price: 4200 }] }, options);
  }
}

const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => void (await Promise.all(servers.splice(0).map((s) => s.close()))));
noUnhandledRejections();

/** A client of `mock` over the transport named. */
async function clientOf(mock: MockService, transport: string): Promise<Client> {
  const options = { ...mock.credentials, logLevel: 'off' as const, maxRetries: 0 };
  if (transport === 'mock.fetch') return new Client({ fetch: mock.fetch, baseUrl: mock.baseUrl, ...options });
  const server = await mock.listen();
  servers.push(server);
  return new Client({ baseUrl: server.url, ...options });
}

let n = 0;
describe.each(['mock.fetch', 'mock.listen()'])('over %s', (transport) => {
  describe.each(CLOCKS)('the mock clock %s', (_clock, now) => {
    it.each(OPERATIONS)('%s: applied is never not_found; not applied is never applied', async (operation) => {
      const answers: Record<string, ReconcileResult['status']> = {};
      for (const [fault, applied] of [
        ['commit-then-reset', true],
        ['reset', false],
      ] as const) {
        const mock = createMockService({ now: now() });
        const client = await clientOf(mock, transport);
        const call = callOf(operation, mock, n++);
        mock.inject({ operation, fault });
        const error = await call(client, {}).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(PromokitError);
        expect(retryDecision(error)).toEqual({ action: 'reconcile' });
        const result = await client.reconcile(error);
        answers[fault] = result.status;
        if (applied) expect(result.status, `${fault}: ${JSON.stringify(result)}`).not.toBe('not_found');
        else expect(result.status, `${fault}: ${JSON.stringify(result)}`).not.toBe('applied');
      }
      // An order sent again may have been made by the check itself: only one made before the check by
      // more than the clocks' skew is known (none here): cannot_tell. A publication carries no
      // identity of the call: applied reads cannot_tell; to a customer named by source_id (which the
      // service may store otherwise), nothing found is cannot_tell too. A reward's redemption carries the
      // call's marker: applied; not applied, the member's earlier redemptions of the reward (which
      // carry none) are excluded by their date only on a clock this machine's agrees with.
      const trusted = _clock.endsWith('the same');
      const expected: Record<Operation, Record<string, string>> = {
        'orders.create': { 'commit-then-reset': 'cannot_tell', reset: 'cannot_tell' },
        'publications.create': { 'commit-then-reset': 'cannot_tell', reset: 'cannot_tell' },
        'loyalties.redeemReward': { 'commit-then-reset': 'applied', reset: trusted ? 'not_found' : 'cannot_tell' },
      };
      expect(answers).toEqual(expected[operation]);
    });
  });
});

describe('a service whose answers carry no Date header', () => {
  it('a record like the call has no place in time: cannot_tell, never not_found; no record like it at all: not_found', async () => {
    const mock = createMockService({ now: () => new Date(Date.now() - 5 * HOUR) });
    // A proxy in front of the mock that drops its Date header.
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const response = await mock.fetch(input as Request, init);
      const headers = new Headers(response.headers);
      headers.delete('date');
      return new Response(response.body, { status: response.status, headers });
    };
    const client = new Client({ fetch, baseUrl: mock.baseUrl, ...mock.credentials, logLevel: 'off', maxRetries: 0 });
    // The seeded member redeemed this reward before: that record could be the call's, for all reconcile can tell.
    const expected: Record<string, Record<string, ReconcileResult['status']>> = {
      'publications.create': { 'commit-then-reset': 'cannot_tell', reset: 'cannot_tell' },
      'loyalties.redeemReward': { 'commit-then-reset': 'applied', reset: 'cannot_tell' },
    };
    for (const [operation, byFault] of Object.entries(expected) as Array<['publications.create' | 'loyalties.redeemReward', Record<string, string>]>) {
      for (const fault of ['commit-then-reset', 'reset'] as const) {
        mock.reset();
        mock.inject({ operation, fault });
        const error = await callOf(
          operation,
          mock,
          n++,
        )(client, {}).then(
          () => undefined,
          (e: unknown) => e,
        );
        const result = await client.reconcile(error);
        expect(result.status, `${operation} after ${fault}: ${JSON.stringify(result)}`).toBe(byFault[fault]);
        if (result.status === 'cannot_tell') expect(result.reason).toMatch(/may be the call's.*(Date header|since the call started)|named by source_id/);
      }
    }
  });
});
