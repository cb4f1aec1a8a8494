/**
 * The evidence rules of `client.reconcile` (src/resources/reconcile-evidence.ts), each pinned: a
 * record is the call's only on the call's own identity; one is excluded only by a field it carries
 * with another value (absent, `null`, cut or stored differently excludes nothing); and the findings
 * they answer, against the mock service whose answers `mock.inject({ fault: 'distort' })` bends: a
 * port's two payments of one customer, a second checkout 50 ms after the first, a twin customer,
 * emails lower-cased, orders and metadata the service does not keep, a `Date` 2 hours ahead over
 * pages of 5, a `total` under-reported, a tier's session lock.
 */
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { Client, PromokitError, type ReconcileResult } from '../../src/index.js';
import { operationNames, operationOf } from '../../src/resources/registry.js';
import { evidence, judge, reading } from '../../src/resources/reconcile-evidence.js';
import { createMockService, type MockDistortion } from '../../src/testing/index.js';
import { failure } from '../mock-service/transports.js';

const mock = createMockService();
const client = () => new Client({ fetch: mock.fetch, baseUrl: mock.baseUrl, ...mock.credentials, logLevel: 'off', maxRetries: 0 });
beforeEach(() => mock.reset());

/** The call failed after the service applied it (`commit-then-reset`) or before (`reset`): its error. */
async function failed(operation: Parameters<typeof mock.inject>[0]['operation'], applied: boolean, call: () => Promise<unknown>): Promise<unknown> {
  mock.inject({ operation, fault: applied ? 'commit-then-reset' : 'reset' });
  const error = await failure(call());
  expect(error).toBeInstanceOf(PromokitError);
  return error;
}

/** Reconciles `error` with the service's answers bent as `distort` says. */
async function reconcileBent(c: Client, error: unknown, distort?: MockDistortion): Promise<ReconcileResult> {
  const takeBack = distort ? mock.inject({ fault: 'distort', distort, times: Infinity }) : undefined;
  try {
    return await c.reconcile(error);
  } finally {
    takeBack?.();
  }
}

describe('the rules as data: one entry per way a trace is found', () => {
  it('every way an operation of the registry has has its rules, in words and as fields', () => {
    const ways = new Set(operationNames.map((name) => operationOf(name).trace).filter((trace) => trace !== undefined && !trace.startsWith('no-')));
    expect(Object.keys(evidence).sort()).toEqual([...ways].sort());
    for (const rules of Object.values(evidence)) {
      expect(rules.identity.length).toBeGreaterThan(10);
      expect(rules.unknown.length).toBeGreaterThan(10);
    }
  });

  it('the guide "After an unknown outcome" states each way\'s rules as the code has them', () => {
    const guide = readFileSync(new URL('../../docs/after-an-unknown-outcome.md', import.meta.url), 'utf8');
    for (const rules of Object.values(evidence)) {
      expect(guide).toContain(rules.identity);
      expect(guide).toContain(rules.unknown);
      for (const field of rules.excludes) expect(guide).toContain(`\`${field.record}\``);
    }
  });

  it("a field read against the call's value: the same, another, or absent, null, cut, stored differently (case, spaces, punctuation, number format)", () => {
    const cases: Array<[unknown, string, ReturnType<typeof reading>]> = [
      [{ email: 'Ada@Example.com' }, 'Ada@Example.com', 'same'],
      [{ email: 'bob@example.com' }, 'Ada@Example.com', 'differs'],
      [{}, 'Ada@Example.com', 'absent'],
      [{ email: null }, 'Ada@Example.com', 'absent'],
      [{ email: '' }, 'Ada@Example.com', 'absent'],
      [{ email: 'Ada@Exa' }, 'Ada@Example.com', 'cut'],
      [{ email: 'ada@example.com' }, 'Ada@Example.com', 'stored differently'],
      [{ email: ' Ada@Example.com ' }, 'Ada@Example.com', 'stored differently'],
      [{ email: 'ada@example.co…' }, 'Ada@Example.com', 'cut'],
      [{ email: 42 }, '42', 'same'],
      [{ email: '042' }, '42', 'stored differently'],
      [{ email: '4.20' }, '4.2', 'stored differently'],
      [{ email: '+44 20 7946 0000' }, '+442079460000', 'stored differently'],
    ];
    for (const [record, sent, read] of cases) expect(reading(record, 'email', sent), JSON.stringify([record, sent])).toBe(read);
  });

  it("a record is the call's only on its identity; excluded only by a field it carries with another value; else unknown, naming the field", () => {
    const rules = evidence['redemptions-since'];
    const call = { params: { customer: { id: 'cust_1' }, metadata: { promokit_marker: 'mk_call' } }, path: {}, read: {} };
    const of = (fields: object) => ({ object: 'redemption', customer_id: 'cust_1', ...fields });
    expect(judge(of({ metadata: { promokit_marker: 'mk_call' } }), rules, call)).toEqual({ is: 'call' });
    expect(judge(of({ metadata: { promokit_marker: 'mk_other' } }), rules, call)).toEqual({ is: 'excluded', by: 'metadata.promokit_marker' });
    expect(judge({ ...of({}), customer_id: 'cust_2' }, rules, call)).toEqual({ is: 'excluded', by: 'customer_id' });
    expect(judge(of({ metadata: {} }), rules, call)).toEqual({ is: 'unknown', fields: ['metadata.promokit_marker absent'] });
    expect(judge(of({ metadata: null }), rules, call)).toEqual({ is: 'unknown', fields: ['metadata.promokit_marker absent'] });
    expect(judge(of({ metadata: { promokit_marker: 'MK_CALL' } }), rules, call)).toEqual({
      is: 'unknown',
      fields: ['metadata.promokit_marker stored differently'],
    });
    // Likeness (the same customer) is never the call's.
    const likeOnly = { params: { customer: { id: 'cust_1' } }, path: {}, read: {} };
    expect(judge(of({}), rules, likeOnly)).toEqual({ is: 'unknown', fields: [] });
  });
});

describe("the port's case: two payments of one customer in a row with the same gift card, the second reset before the service acts", () => {
  it.each([
    ["without the call's identity (marker: false): cannot_tell", false, 'cannot_tell'],
    ['with it (the marker, by default): not_found', true, 'not_found'],
  ] as const)('%s', async (_name, identity, answer) => {
    const c = client();
    const pay = () =>
      c.redemptions.redeem({
        redeemables: [{ object: 'voucher', id: mock.ids.vouchers.giftCard, gift: { credits: 500 } }],
        customer: { source_id: 'port-customer' },
        order: { amount: 500 },
        ...(identity ? {} : { marker: false }),
      });
    const first = await pay();
    expect(first.redemptions?.[0]?.result).toBe('SUCCESS');
    const error = await failed('redemptions.redeem', false, pay);
    const result = await c.reconcile(error);
    expect(result.status, JSON.stringify(result)).toBe(answer);
    // Never the first payment's redemption named as the second's.
    expect(result.status).not.toBe('applied');
  });
});

describe("a customer's second checkout 50 ms after the first, not applied: never applied", () => {
  it.each([
    ['without the marker: cannot_tell', false],
    ['with the marker: not_found', true],
  ] as const)('%s', async (_name, identity) => {
    const c = client();
    const checkout = () =>
      c.redemptions.redeem({
        redeemables: [{ object: 'voucher', id: mock.ids.vouchers.valid }],
        customer: { source_id: 'second-checkout' },
        order: { amount: 4000 },
        ...(identity ? {} : { marker: false }),
      });
    await checkout();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const result = await c.reconcile(await failed('redemptions.redeem', false, checkout));
    expect(result.status, JSON.stringify(result)).toBe(identity ? 'not_found' : 'cannot_tell');
  });
});

describe('customers.create with a twin made 50 ms before', () => {
  it.each([
    [false, false, 'cannot_tell'],
    [false, true, 'cannot_tell'],
    [true, false, 'not_found'],
    [true, true, 'applied'],
  ] as const)('with the marker %s, the call applied %s: %s (never applied by likeness)', async (identity, applied, answer) => {
    const c = client();
    const params = { name: 'Twin Customer', email: 'twin@example.com', ...(identity ? {} : { marker: false }) };
    await c.customers.create(params);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const result = await c.reconcile(await failed('customers.create', applied, () => c.customers.create(params)));
    expect(result.status, JSON.stringify(result)).toBe(answer);
  });
});

describe('a service that stores emails lower-cased: an applied customers.create is never not_found', () => {
  it.each([
    ["without the marker: cannot_tell (a customer's free fields exclude nothing)", false],
    ['with the marker: applied', true],
  ] as const)('%s', async (_name, identity) => {
    const c = client();
    const error = await failed('customers.create', true, () =>
      c.customers.create({ email: 'Grace.Hopper@Example.com', ...(identity ? {} : { marker: false }) }),
    );
    const result = await reconcileBent(c, error, { lowercase: ['email'] });
    if (identity) expect(result.status).toBe('applied');
    else expect(result).toEqual({ status: 'cannot_tell', reason: expect.stringContaining("may be the call's") });
  });
});

describe("redemptions whose order lacks source_id, whose order is null, or without metadata: the call's, applied, is never not_found", () => {
  const bends: Array<[string, MockDistortion, string]> = [
    ['order without source_id', { omit: ['order.source_id'] }, 'order.source_id absent'],
    ['order: null', { nullify: ['order'] }, 'order.source_id absent'],
    ['no metadata', { omit: ['metadata'] }, 'metadata.promokit_marker absent'],
  ];
  it.each(bends)('%s', async (_name, distort, field) => {
    const c = client();
    for (const byOrder of [true, false]) {
      mock.reset();
      const error = await failed('redemptions.redeem', true, () =>
        c.redemptions.redeem({
          redeemables: [{ object: 'voucher', id: mock.ids.vouchers.valid }],
          order: byOrder ? { source_id: 'kept-badly', amount: 4000 } : { amount: 4000 },
          ...(byOrder ? { marker: false } : {}),
        }),
      );
      const result = await reconcileBent(c, error, distort);
      expect(result.status, JSON.stringify(result)).not.toBe('not_found');
      const names = byOrder ? field.startsWith('order') : field.startsWith('metadata');
      if (names) expect(result).toEqual({ status: 'cannot_tell', reason: expect.stringContaining(field) });
    }
  });
});

describe("the walk never ends early on the service's clock alone", () => {
  it("a Date 2 hours ahead, pages of 5: the call's own redemption on page 2 is found", async () => {
    const c = client();
    const error = await failed('redemptions.redeem', true, () =>
      c.redemptions.redeem({
        redeemables: [{ object: 'voucher', id: mock.ids.vouchers.valid }],
        customer: { source_id: 'busy-buyer' },
        order: { amount: 4000 },
      }),
    );
    const buyer = mock.list('customers').find((x) => x.source_id === 'busy-buyer')!;
    // Seven of the buyer's redemptions since: the call's is the eighth, on page 2 of 5.
    mock.seed({
      redemptions: Array.from({ length: 7 }, (_, i) => ({
        date: new Date(Date.now() + 1_000 + i).toISOString(),
        customer_id: buyer.id,
        metadata: { promokit_marker: `mk_other_${i}` },
      })),
    });
    const result = await reconcileBent(c, error, { dateOffsetMs: 2 * 3_600_000, pageSize: 5 });
    expect(result.status, JSON.stringify(result)).toBe('applied');
    expect(mock.requests.filter((r) => r.operation === 'redemptions.list' && /page=2/.test(r.search)).length).toBeGreaterThan(0);
  });

  it("a total under-reported (10, the call's record the 11th): never not_found, with or without the call's identity", async () => {
    for (const identity of [true, false]) {
      mock.reset();
      const c = client();
      const error = await failed('redemptions.redeem', true, () =>
        c.redemptions.redeem({
          redeemables: [{ object: 'voucher', id: mock.ids.vouchers.valid }],
          customer: { source_id: 'counted-buyer' },
          order: { amount: 4000 },
          ...(identity ? {} : { marker: false }),
        }),
      );
      const buyer = mock.list('customers').find((x) => x.source_id === 'counted-buyer')!;
      mock.seed({
        redemptions: Array.from({ length: 10 }, (_, i) => ({
          date: new Date(Date.now() + 1_000 + i).toISOString(),
          customer_id: buyer.id,
          metadata: { promokit_marker: `mk_other_${i}` },
        })),
      });
      for (const pageSize of [5, 100]) {
        const result = await reconcileBent(c, error, { totalOffset: -1, pageSize });
        expect(result.status, `${identity} ${pageSize}: ${JSON.stringify(result)}`).toBe(identity ? 'applied' : 'cannot_tell');
      }
    }
  });
});

describe('validations.validate with a session on a promotion tier only', () => {
  it('its lock has no release and may still be held: cannot_tell, advising to send it again under the same key', async () => {
    const c = client();
    for (const applied of [true, false]) {
      mock.reset();
      const params = {
        redeemables: [{ object: 'promotion_tier' as const, id: mock.ids.tiers[0]! }],
        order: { amount: 8000 },
        session: { key: `tier-${applied}` },
      };
      const result = await c.reconcile(await failed('validations.validate', applied, () => c.validations.validate(params)));
      expect(result).toEqual({ status: 'cannot_tell', reason: expect.stringContaining('send the validation again under the same session key') });
    }
  });
});

describe("the marker's cost: a project whose metadata schema allows only defined keys", () => {
  it('its 400 about promokit_marker names the fix (define it, or marker: false); another 400 does not', async () => {
    const answering = (details: string) =>
      new Client({
        baseUrl: 'https://strict-schema.promokit.test',
        ...mock.credentials,
        logLevel: 'off',
        fetch: async () =>
          new Response(JSON.stringify({ code: 400, key: 'invalid_metadata', message: 'Invalid metadata', details }), {
            status: 400,
            headers: { 'content-type': 'application/json' },
          }),
      });
    const redeem = (c: Client) => failure(c.redemptions.redeem({ redeemables: [{ object: 'voucher', id: 'SPRING15' }] }));
    const refused = (await redeem(answering('promokit_marker is not a defined property of the redemption metadata'))) as Error;
    expect(refused.message).toContain("define promokit_marker (a string) in the project's metadata schema of this record, or send the call with marker: false");
    const other = (await redeem(answering('channel is not a defined property of the redemption metadata'))) as Error;
    expect(other.message).not.toContain('promokit_marker');
  });
});
