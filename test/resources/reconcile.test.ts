/**
 * `client.reconcile(error)` against the mock service, over `mock.fetch` and `mock.listen()`: each
 * operation with a check meets a fault that applies it and then drops the answer
 * (`commit-then-reset`, `malformed-json`, an answer later than the timeout) or one that applies
 * nothing (`reset`, a 503, no answer). The mock's own records say what really happened; reconcile
 * must say the same, send nothing that applies the call again, and the caller who follows it ends
 * with the change made exactly once. Then every operation without a check, and every error that
 * is not an `unknown` outcome, gets `cannot_tell` with its reason, and nothing is sent.
 */
import { createServer } from 'node:http';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  ConfigurationError,
  ConnectionError,
  PromokitError,
  retryDecision,
  type LoyaltyMember,
  type LoyaltyTransaction,
  type ReconcileResult,
} from '../../src/index.js';
import type { MockFault, MockService } from '../../src/testing/index.js';
import { listenOnLoopback, refusedUrl } from '../helpers/http-server.js';
import { failure, transports, useMock } from '../mock-service/transports.js';
import { APPLIED, expectNotFound, failUnder, FAULTS, NOT_APPLIED, noUnhandledRejection, sent } from './reconcile-faults.js';

/** Reconciles, checking that the check sent no request of `operation` (the call itself). */
async function reconcileWithoutResending(client: Client, mock: MockService, error: unknown, operation: string): Promise<ReconcileResult> {
  const before = sent(mock, operation);
  const result = await client.reconcile(error);
  expect(sent(mock, operation)).toBe(before);
  return result;
}

noUnhandledRejection();

describe.each(transports)('client.reconcile over %s', (_name, connect) => {
  // The real clock: reconcile compares the records' dates with the call's start.
  const { mock, conn } = useMock(connect, { now: undefined });
  // A patient timeout, which a healthy answer never reaches on a busy machine (see failUnder).
  const client = () => conn.client({ timeout: 10_000, maxRetries: 2, maxRetryDelay: 20 });

  describe("loyalties.redeemReward: the card's POINTS_REDEMPTION transaction of the reward", () => {
    const variants = [
      ['without campaign_id', false],
      ['with campaign_id', true],
    ] as const;
    describe.each(variants)('%s', (_variant, scoped) => {
      it.each(FAULTS)('after $name: applied only when the mock applied it; then redeemed once in all', async (fault) => {
        const { members, rewards, campaigns } = mock.ids;
        const c = client();
        const params = { reward: { id: rewards.espresso }, ...(scoped ? { campaign_id: campaigns.coffeeClub } : {}) };
        const card = mock.get('vouchers', members.ada)!;
        const earlier = new Set(mock.list('transactions').map((t) => t.id));
        const stored = () => mock.list('transactions').filter((t) => !earlier.has(t.id) && t.voucher_id === card.id && t.type === 'POINTS_REDEMPTION');
        const error = await failUnder(mock, 'loyalties.redeemReward', fault, (o) => c.loyalties.redeemReward(members.ada, params, o));
        const checkStarted = Date.now();
        const result = await reconcileWithoutResending(c, mock, error, 'loyalties.redeemReward');
        if (fault.applied) {
          expect(result.status).toBe('applied');
          const tx = (result as { record: LoyaltyTransaction }).record;
          expect(tx.id).toBe(stored()[0]!.id);
          expect(tx.details?.reward?.id).toBe(rewards.espresso);
          expect(mock.get('redemptions', tx.details!.redemption!.id!)?.result).toBe('SUCCESS');
        } else {
          expectNotFound(result, checkStarted);
          expect(stored()).toHaveLength(0);
          await c.loyalties.redeemReward(members.ada, params);
        }
        expect(stored()).toHaveLength(1);
        expect(mock.get('vouchers', members.ada)?.loyalty_card?.points).toBe(1250 - 200);
      });
    });

    it('a member the service does not know: not_found (nothing could be spent)', async () => {
      const c = client();
      const error = await failUnder(mock, 'loyalties.redeemReward', NOT_APPLIED[0]!, (o) =>
        c.loyalties.redeemReward('NO-SUCH-CARD', { reward: { id: mock.ids.rewards.espresso } }, o),
      );
      expect((await c.reconcile(error)).status).toBe('not_found');
    });

    it('a read of the check that fails: cannot_tell naming the failure, never a throw; the same error reconciled later: applied', async () => {
      const { members, rewards } = mock.ids;
      const c = client();
      const error = await failUnder(mock, 'loyalties.redeemReward', APPLIED[0]!, (o) =>
        c.loyalties.redeemReward(members.ada, { reward: { id: rewards.espresso } }, o),
      );
      mock.inject({ operation: 'loyalties.listTransactions', fault: 'status', status: 502, times: Infinity });
      const result = await c.reconcile(error);
      expect(result.status).toBe('cannot_tell');
      expect((result as { reason: string }).reason).toMatch(/^the check failed: loyalties\.listTransactions: 502/);
      expect(mock.requests.filter((r) => r.operation === 'loyalties.listTransactions')).toHaveLength(3); // the read was retried like any read
      mock.reset(); // faults forgotten, records back to the seed: the redemption is gone, and the check says so
      expect((await c.reconcile(error)).status).toBe('not_found');
    });

    it('a walk past 1,000 transactions since the call started: cannot_tell, after 10 pages', async () => {
      const { members, rewards, campaigns } = mock.ids;
      const c = client();
      const error = await failUnder(mock, 'loyalties.redeemReward', NOT_APPLIED[0]!, (o) =>
        c.loyalties.redeemReward(members.ada, { reward: { id: rewards.espresso } }, o),
      );
      const card = mock.get('vouchers', members.ada)!;
      mock.seed({
        transactions: Array.from({ length: 1_050 }, () => ({
          voucher_id: card.id,
          campaign_id: campaigns.coffeeClub,
          type: 'POINTS_ADDITION',
          created_at: new Date().toISOString(),
        })),
      });
      const pagesBefore = sent(mock, 'loyalties.listTransactions');
      const result = await c.reconcile(error);
      expect(result).toEqual({ status: 'cannot_tell', reason: 'more than 1000 records (or 10 pages) to look through: the check stopped there' });
      expect(sent(mock, 'loyalties.listTransactions') - pagesBefore).toBe(10);
    });

    it("the caller's signal aborts the check: rejects with its AbortError, the only rejection", async () => {
      const c = client();
      const error = await failUnder(mock, 'loyalties.redeemReward', APPLIED[0]!, (o) =>
        c.loyalties.redeemReward(mock.ids.members.ada, { reward: { id: mock.ids.rewards.espresso } }, o),
      );
      await expect(c.reconcile(error, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError', outcome: 'not_sent' });
    });
  });

  describe('orders.create: the order sent again under its own source_id', () => {
    it.each([...APPLIED, NOT_APPLIED[0]!, NOT_APPLIED[1]!])(
      'after $name: cannot_tell (the check may have made the order it sent again, an upsert); one order in all, one request more',
      async (fault) => {
        const c = client();
        const order = { source_id: `checkout-${fault.name}`, amount: 4200, items: [{ source_id: 'beans-1kg', quantity: 1, price: 4200 }] };
        const error = await failUnder(mock, 'orders.create', fault, (o) => c.orders.create(order, o));
        const orders = () => mock.list('orders').filter((o) => o.source_id === order.source_id);
        expect(orders()).toHaveLength(fault.applied ? 1 : 0);
        const before = sent(mock, 'orders.create');
        const result = await c.reconcile(error);
        expect(sent(mock, 'orders.create') - before).toBe(1);
        expect(result).toEqual({ status: 'cannot_tell', reason: expect.stringContaining("within the clocks' skew") });
        await c.orders.create(order); // what a caller does after cannot_tell: names the same order
        expect(orders()).toHaveLength(1);
      },
    );

    it("an order made before the check by more than the clocks' skew: applied, the order", async () => {
      const c = client();
      mock.seed({ orders: [{ source_id: 'checkout-old', amount: 4200, created_at: new Date(Date.now() - 3_600_000).toISOString() }] });
      const error = await failUnder(mock, 'orders.create', NOT_APPLIED[0]!, (o) => c.orders.create({ source_id: 'checkout-old', amount: 4200 }, o));
      expect(await c.reconcile(error)).toEqual({ status: 'applied', record: expect.objectContaining({ source_id: 'checkout-old' }) });
    });

    it('without source_id: cannot_tell, and nothing sent (a second order would be made)', async () => {
      const c = client();
      const error = await failUnder(mock, 'orders.create', APPLIED[0]!, (o) => c.orders.create({ amount: 4200 }, o));
      const requests = mock.requests.length;
      expect(await c.reconcile(error)).toEqual({ status: 'cannot_tell', reason: expect.stringContaining('without a source_id') });
      expect(mock.requests).toHaveLength(requests);
    });
  });

  describe("publications.create: the customer's redeemables", () => {
    const sources = [
      ['from a campaign', () => ({ campaign: { name: 'Welcome Offer' } })],
      ['of a voucher code', () => ({ voucher: 'SPRING-SALE-01' })],
    ] as const;
    describe.each(sources)('%s', (_source, what) => {
      it.each([...APPLIED, NOT_APPLIED[0]!, NOT_APPLIED[1]!])('after $name: applied only when the mock applied it; published once in all', async (fault) => {
        const c = client();
        const customer = { source_id: `pub-${fault.name}` };
        const params = { ...what(), customer } as Parameters<Client['publications']['create']>[0];
        if ('voucher' in params) mock.seed({ vouchers: [{ code: params.voucher, type: 'DISCOUNT_VOUCHER', campaign_id: mock.ids.campaigns.seasonal }] });
        const error = await failUnder(mock, 'publications.create', fault, (o) => c.publications.create(params, o));
        const result = await reconcileWithoutResending(c, mock, error, 'publications.create');
        const published = () => mock.list('publications').filter((p) => p.tracking_id === customer.source_id);
        if (fault.applied) {
          // What a customer holds keeps nothing of the publication: only like the call's, never applied.
          expect(result).toEqual({ status: 'cannot_tell', reason: expect.stringMatching(/may be the call's.*only like the call's/) });
          expect(published()[0]!.vouchers_id).toHaveLength(1);
        } else {
          // The customer, named by source_id (which the service may store otherwise), unknown to the service: its 404 proves nothing.
          expect(result).toEqual({ status: 'cannot_tell', reason: expect.stringContaining('named by source_id') });
          await c.publications.create(params);
        }
        expect(published()).toHaveLength(1);
      });
    });

    it("a customer who already held vouchers: another campaign's since the call is not excluded by its name (a campaign may be renamed); only by date", async () => {
      const c = client();
      const customer = { id: mock.ids.customers.lin };
      await c.publications.create({ campaign: { name: 'Welcome Offer' }, customer });
      const error = await failUnder(mock, 'publications.create', NOT_APPLIED[0]!, (o) =>
        c.publications.create({ campaign: { name: 'Seasonal Sale' }, customer }, o),
      );
      expect(await c.reconcile(error)).toEqual({ status: 'cannot_tell', reason: expect.stringContaining("may be the call's") });
    });
  });

  describe('vouchers.create: the code read back', () => {
    const kinds = [
      ['a loyalty card (read as a member, with its created_at)', 'LOYALTY_CARD'],
      ['a discount voucher (validated, which changes nothing)', 'DISCOUNT_VOUCHER'],
    ] as const;
    describe.each(kinds)('%s', (_kind, type) => {
      it.each([APPLIED[0]!, NOT_APPLIED[0]!])('after $name: applied only when the mock applied it', async (fault) => {
        const c = client();
        const code = `NEW-${type}-${fault.name}`;
        const body =
          type === 'LOYALTY_CARD'
            ? { type, campaign_id: mock.ids.campaigns.coffeeClub, loyalty_card: { points: 0 } }
            : { type, discount: { type: 'AMOUNT' as const, amount_off: 500 } };
        const error = await failUnder(mock, 'vouchers.create', fault, (o) => c.vouchers.create(code, body as Parameters<Client['vouchers']['create']>[1], o));
        const result = await reconcileWithoutResending(c, mock, error, 'vouchers.create');
        expect(result.status).toBe(fault.applied ? 'applied' : 'not_found');
        if (type === 'LOYALTY_CARD' && fault.applied) expect((result as { record: LoyaltyMember }).record.code).toBe(code);
      });
    });

    it("a loyalty card whose code existed before the call, without the call's marker: cannot_tell (nothing shows the call made it)", async () => {
      const c = client();
      mock.seed({ vouchers: [{ code: 'OLD-CARD', type: 'LOYALTY_CARD', campaign_id: mock.ids.campaigns.coffeeClub, created_at: '2020-01-01T00:00:00.000Z' }] });
      const error = await failUnder(mock, 'vouchers.create', NOT_APPLIED[1]!, (o) =>
        c.vouchers.create('OLD-CARD', { type: 'LOYALTY_CARD', loyalty_card: { points: 0 } }, o),
      );
      expect(await c.reconcile(error)).toEqual({
        status: 'cannot_tell',
        reason: expect.stringContaining('nothing shows the call made it: its metadata.promokit_marker absent'),
      });
    });
  });

  describe('customers.create without source_id or id: a customer made since the call, with the fields it sent', () => {
    it.each([...APPLIED, NOT_APPLIED[0]!, NOT_APPLIED[1]!])('after $name: applied only when the mock applied it; one customer in all', async (fault) => {
      const c = client();
      const params = { name: `Walk-in ${fault.name}`, email: `walk-in-${fault.name.length}@example.com`, phone: '+44 20 7946 0000' };
      const made = () => mock.list('customers').filter((x) => x.name === params.name);
      const error = await failUnder(mock, 'customers.create', fault, (o) => c.customers.create(params, o));
      const checkStarted = Date.now();
      const result = await reconcileWithoutResending(c, mock, error, 'customers.create');
      if (fault.applied) {
        expect(result.status).toBe('applied');
        expect((result as { record: { id: string } }).record.id).toBe(made()[0]!.id);
      } else {
        expectNotFound(result, checkStarted);
        await c.customers.create(params);
      }
      expect(made()).toHaveLength(1);
    });

    it("an older customer with the same fields does not count, nor one made since with another marker; one made since without a marker may be the call's", async () => {
      const c = client();
      mock.seed({ customers: [{ name: 'Regular', email: 'regular@example.com', created_at: '2020-01-01T00:00:00.000Z' }] });
      const error = await failUnder(mock, 'customers.create', NOT_APPLIED[0]!, (o) => c.customers.create({ name: 'Regular', email: 'regular@example.com' }, o));
      await c.customers.create({ name: 'Regular', email: 'regular@example.com', phone: '1' }); // sent since, with its own marker
      expect((await c.reconcile(error)).status).toBe('not_found');
      // Its free fields exclude nothing: a service may store them otherwise.
      mock.seed({ customers: [{ name: 'Other', email: 'other@example.com' }] });
      expect(await c.reconcile(error)).toEqual({ status: 'cannot_tell', reason: expect.stringContaining('metadata.promokit_marker absent') });
    });

    it('with source_id it is an upsert, safe to send again: cannot_tell, nothing read; without a marker: cannot_tell', async () => {
      const c = client();
      mock.inject({ operation: 'customers.create', fault: 'commit-then-reset', times: Infinity });
      const upsert = await failure(c.customers.create({ source_id: 'walk-in-1' }));
      const requests = mock.requests.length;
      expect(await c.reconcile(upsert)).toEqual({ status: 'cannot_tell', reason: expect.stringContaining('safe to send again as it is: the service upserts') });
      expect(mock.requests.length).toBe(requests);
      // Without a marker, a customer made since the call (its own) is only like the call's.
      const bare = await failure(c.customers.create({ address: { city: 'Leeds' }, marker: false }));
      expect(await c.reconcile(bare)).toEqual({ status: 'cannot_tell', reason: expect.stringContaining('carries no identity of the call') });
    });
  });

  describe('cannot_tell, and nothing sent', () => {
    /** Reconciles `error`; asserts cannot_tell with a reason matching `reason`, and no request. */
    async function cannotTell(c: Client, error: unknown, reason: RegExp): Promise<void> {
      const requests = mock.requests.length;
      const result = await c.reconcile(error);
      expect(result.status).toBe('cannot_tell');
      expect((result as { reason: string }).reason).toMatch(reason);
      expect(mock.requests).toHaveLength(requests);
    }

    it('the operations the interface gives no way to check', async () => {
      const c = client();
      const { campaigns, members, rewards } = mock.ids;
      const redemption = await c.loyalties.redeemReward(members.ada, { reward: { id: rewards.espresso } });
      const cases: Array<[MockFault, Parameters<MockService['inject']>[0]['operation'], () => Promise<unknown>, RegExp]> = [
        ['commit-then-reset', 'redemptions.rollbackStackable', () => c.redemptions.rollbackStackable(redemption.id), /already_rolled_back/],
        [
          'commit-then-reset',
          'promotions.createTier',
          () => c.promotions.createTier(campaigns.seasonal, { name: 'Extra' }),
          /no operation lists or reads promotion tiers/,
        ],
        [
          'commit-then-reset',
          'templates.setupPromotionTier',
          () => c.templates.setupPromotionTier(mock.ids.template, { campaign_id: campaigns.seasonal, name: 'From template' }),
          /no operation lists or reads promotion tiers/,
        ],
        ['commit-then-reset', 'vouchers.validate', () => c.vouchers.validate('SPRING-SALE-01', { session: { type: 'LOCK' } }), /session lock/],
        ['commit-then-reset', 'clientEvents.track', () => c.clientEvents.track({ event: 'review_written', customer: { source_id: 'c-1' } }), /kept no record/],
      ];
      mock.seed({ vouchers: [{ code: 'SPRING-SALE-01', type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 100 } }] });
      for (const [fault, operation, call, reason] of cases) {
        mock.inject({ operation, fault });
        const error = await failure(call());
        expect(error).toMatchObject({ outcome: 'unknown' });
        await cannotTell(c, error, reason);
      }
    });

    it('calls safe to repeat (a read, a PUT), and calls of client.request()', async () => {
      const c = client();
      mock.inject({ operation: 'loyalties.getMember', fault: 'status', status: 503, times: Infinity });
      await cannotTell(c, await failure(c.loyalties.getMember(mock.ids.members.ada)), /safe to send again/);
      mock.reset();
      mock.inject({ operation: 'promotions.updateStack', fault: 'status', status: 503, times: Infinity });
      await cannotTell(c, await failure(c.promotions.updateStack(mock.ids.campaigns.checkout, mock.ids.stack, { name: 'S' })), /safe to send again/);
      mock.reset();
      mock.inject({ fault: 'commit-then-reset' });
      await cannotTell(c, await failure(c.request({ method: 'POST', path: '/v1/orders', body: { amount: 1 } })), /knows no way/);
    });

    it("errors whose outcome is not 'unknown', errors of no call, and what is not a promokit error", async () => {
      const c = client();
      mock.seed({ vouchers: [{ code: 'TAKEN', type: 'DISCOUNT_VOUCHER' }] });
      await cannotTell(
        c,
        await failure(c.vouchers.create('TAKEN', { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 1 } })),
        /outcome is 'rejected': the service answered and did not apply/,
      );
      const refused = new Client({ baseUrl: await refusedUrl(), ...mock.credentials, maxRetries: 0 });
      await cannotTell(
        c,
        await failure(refused.loyalties.redeemReward('X', { reward: { id: 'rew_1' } })),
        /outcome is 'not_sent': the call never reached the service/,
      );
      await cannotTell(c, await failure(c.loyalties.redeemReward('', {})), /outcome is 'not_sent'/);
      await cannotTell(c, new ConnectionError('made by hand'), /kept no record/);
      for (const thing of [new Error('x'), 'unknown', null, undefined, { outcome: 'unknown' }]) await cannotTell(c, thing, /not an error of a promokit call/);
    });
  });

  describe('hostile', () => {
    it('an error of another client (another tenant, or a clone): cannot_tell, nothing read; the client that made it: applied', async () => {
      const c = client();
      const error = await failUnder(mock, 'loyalties.redeemReward', APPLIED[0]!, (o) =>
        c.loyalties.redeemReward(mock.ids.members.ada, { reward: { id: mock.ids.rewards.espresso } }, o),
      );
      const requests = mock.requests.length;
      for (const other of [client(), c.withOptions({ timeout: 1_000 }), c.withOptions({ appToken: 'another-tenant', accessToken: 'its-token' })]) {
        expect(await other.reconcile(error)).toEqual({ status: 'cannot_tell', reason: expect.stringContaining('another client made this call') });
      }
      expect(mock.requests).toHaveLength(requests);
      expect((await c.reconcile(error)).status).toBe('applied');
    });

    it('bad options: a ConfigurationError naming the option, before anything is read', async () => {
      const c = client();
      const error = await failUnder(mock, 'loyalties.redeemReward', APPLIED[0]!, (o) =>
        c.loyalties.redeemReward(mock.ids.members.ada, { reward: { id: mock.ids.rewards.espresso } }, o),
      );
      const requests = mock.requests.length;
      for (const [options, option] of [
        [{ timeout: Number.NaN }, 'timeout'],
        [{ maxRetries: Infinity }, 'maxRetries'],
        [{ signal: 'soon' }, 'signal'],
        ['fast', 'options'],
      ] as const) {
        const rejected = await failure(c.reconcile(error, options as never));
        expect(rejected).toBeInstanceOf(ConfigurationError);
        expect(rejected).toMatchObject({ option });
      }
      expect(mock.requests).toHaveLength(requests);
    });

    it('an object that only looks like an error (a getter that throws): cannot_tell, no throw', async () => {
      const fake = Object.create(PromokitError.prototype, {
        outcome: {
          get: () => {
            throw new Error('boom');
          },
        },
      });
      expect(retryDecision(fake)).toEqual({ action: 'fail' });
      // Its `outcome` is never read: the call's record decides, and it has none.
      expect(await client().reconcile(fake)).toMatchObject({ status: 'cannot_tell', reason: expect.stringContaining('kept no record') });
    });
  });
});

describe('client.reconcile: a check read answered with the secrets echoed back, over a real node:http server', () => {
  const secrets = { appId: 'app-id-r', appToken: 'app-token-SECRET-r1', accessToken: 'access-token-SECRET-r2' };
  let server: Awaited<ReturnType<typeof listenOnLoopback>>;
  beforeAll(async () => {
    server = await listenOnLoopback(
      createServer((req, res) => {
        req.resume();
        // The redemption: a 503 (may have been applied). The check's read: a 401 quoting every header it got.
        const status = req.method === 'POST' ? 503 : 401;
        req.on('end', () =>
          res
            .writeHead(status, { 'content-type': 'application/json' })
            .end(JSON.stringify({ code: status, key: 'echo', message: `got ${JSON.stringify(req.headers)}`, details: String(req.headers['x-app-token']) })),
        );
      }),
    );
  });
  afterAll(() => server.close());

  it('cannot_tell, and no secret in the reason, the cause or the result rendered any way', async () => {
    const client = new Client({ baseUrl: server.url, ...secrets, maxRetries: 0, logLevel: 'off' });
    const error = await failure(client.loyalties.redeemReward('LOYAL-1', { reward: { id: 'rew_1' } }));
    expect(retryDecision(error)).toEqual({ action: 'reconcile' });
    const result = await client.reconcile(error);
    expect(result).toMatchObject({ status: 'cannot_tell', reason: expect.stringMatching(/^the check failed: loyalties\.getMember: 401 echo/) });
    const renderings = [
      JSON.stringify(result),
      inspect(result, { depth: Infinity, showHidden: true }),
      String((result as { cause?: unknown }).cause),
      JSON.stringify((result as { cause?: unknown }).cause),
    ];
    for (const secret of [secrets.appToken, secrets.accessToken, 'SECRET']) for (const text of renderings) expect(text).not.toContain(secret);
  });
});
