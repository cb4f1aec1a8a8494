/**
 * The generated oracle of `client.reconcile`: fast-check draws a world (a history of records like
 * the call's, the call applied or not) and the ways the service bends its answers to the check
 * (`mock.inject({ fault: 'distort' })`); the mock's own records are the truth. Invariant: every
 * answer is the truth or `cannot_tell`. The fast suite runs a fixed seed of it
 * (reconcile-oracle.test.ts); `npm run oracle` runs at least 100,000 cases.
 *
 * A world is built once (the mock reset, its history seeded, the call failed under a fault), then
 * reconciled under several behaviours of the service: a case is one reconcile.
 */
import fc from 'fast-check';
import { Client, PromokitError, type ReconcileResult } from '../../src/index.js';
import { createMockService, type MockDistortion, type MockService } from '../../src/testing/index.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The operations with a trace, as the oracle calls them. */
export const ORACLE_OPERATIONS = [
  'redemptions.redeem',
  'loyalties.redeemReward',
  'customers.create',
  'publications.create',
  'vouchers.create',
  'orders.create',
  'redemptions.rollback',
  'validations.validate',
  'vouchers.updateBalance',
] as const;
export type OracleOperation = (typeof ORACLE_OPERATIONS)[number];

/** A record of someone else's in the history, dated `offsetMs` from the call's start. */
export interface Event {
  /** `twin`: the same customer (member) and target as the call; `target`: the same target, another customer; `other`: neither. */
  kind: 'twin' | 'target' | 'other';
  offsetMs: number;
  /** It carries a marker of its own (another call through promokit), or none. */
  marked: boolean;
  /** It carries an order `source_id` of its own. */
  ordered: boolean;
}

/** A world: the operation, the call's identity, whether the service applies it, and the history around it. */
export interface World {
  operation: OracleOperation;
  /** The call carries its marker (or, for `redemptions.redeem`, an order `source_id`). */
  identity: boolean;
  /**
   * `redemptions.redeem` with identity: by the order `source_id` rather than the marker.
   * `vouchers.updateBalance`: the caller's own `source_id` rather than promokit's.
   */
  byOrder: boolean;
  applied: boolean;
  history: Event[];
  /** `validations.validate`: the redeemables it locks. */
  locks: 'vouchers' | 'tier' | 'both';
}

/** How the service answers the check. */
export interface Behaviour {
  distort: MockDistortion | undefined;
  mode: 'strict' | 'warn' | 'off';
}

const OFFSETS = [-3 * DAY, -2 * HOUR, -30 * 60_000, -3 * 60_000, -50, 50, 1_000];

const event: fc.Arbitrary<Event> = fc.record({
  kind: fc.constantFrom('twin', 'twin', 'target', 'other'),
  offsetMs: fc.constantFrom(...OFFSETS),
  marked: fc.boolean(),
  ordered: fc.boolean(),
});

/** A world of an operation. */
export const world = (operations: readonly OracleOperation[] = ORACLE_OPERATIONS): fc.Arbitrary<World> =>
  fc.record({
    operation: fc.constantFrom(...operations),
    identity: fc.boolean(),
    byOrder: fc.boolean(),
    applied: fc.boolean(),
    history: fc.array(event, { maxLength: 4 }),
    locks: fc.constantFrom('vouchers', 'tier', 'both'),
  });

/** The record fields a behaviour may leave out, null, lower-case or cut. */
const FIELDS = [
  'order',
  'order.source_id',
  'metadata',
  'metadata.promokit_marker',
  'customer_id',
  'date',
  'created_at',
  'details.reward',
  'details.redemption',
  'voucher_id',
  'email',
  'name',
  'redeemable',
  'redeemable.voucher.campaign',
  'code',
  'updated_at',
  'status',
  'related_redemptions',
  'source_id',
  'details.balance',
];
const DATES = ['date', 'created_at', 'updated_at'];
const TEXT = ['email', 'name', 'order.source_id', 'metadata.promokit_marker', 'redeemable.voucher.campaign', 'source_id'];

/** A behaviour of the service: honest about half the time, else bent in one or more ways. */
export const behaviour: fc.Arbitrary<Behaviour> = fc
  .record({
    distort: fc.oneof(
      { weight: 2, arbitrary: fc.constant(undefined) },
      {
        weight: 3,
        arbitrary: fc.record(
          {
            omit: fc.subarray(FIELDS, { maxLength: 2 }),
            nullify: fc.subarray(FIELDS, { maxLength: 2 }),
            lowercase: fc.subarray(TEXT, { maxLength: 2 }),
            cut: fc.oneof(
              fc.record({ fields: fc.subarray(TEXT, { minLength: 1, maxLength: 2 }), length: fc.integer({ min: 0, max: 8 }) }),
              // Dates cut to the day, the minute or the second without a zone: they place a record nowhere.
              fc.record({ fields: fc.subarray(DATES, { minLength: 1 }), length: fc.constantFrom(10, 16, 19) }),
            ),
            dateOffsetMs: fc.constantFrom(30_000, -30_000, 2 * HOUR, -2 * HOUR, 3 * DAY, -3 * DAY),
            pageSize: fc.constantFrom(1, 2, 5),
            totalOffset: fc.constantFrom(-3, -1, 2),
            hasMore: fc.boolean(),
            repeat: fc.boolean(),
            reverse: fc.boolean(),
          },
          { requiredKeys: [] },
        ),
      },
    ),
    mode: fc.constantFrom('strict', 'warn', 'off'),
  })
  .map(({ distort, mode }) => ({ distort: distort && Object.keys(distort).length > 0 ? distort : undefined, mode }));

/** A world made: the failed call's error, and what the mock holds of the truth. */
interface Made {
  error: unknown;
  /** Whether the service applied the call, from the mock's own log, read right after the call. */
  applied: boolean;
  /** `validations.validate`: whether a lock of the call's key is still held (then `not_found` is false). */
  held?(): boolean;
  /** Reconciling twice would change the truth (the order check sends the order). */
  once?: boolean;
}

/** Seeds the events of `history` that fall on one side of the call. */
type Seeder = (mock: MockService, events: Event[], start: number) => void;

const iso = (at: number) => new Date(at).toISOString();

/** The call failed under `fault`: its error (it must be one). */
async function failed(mock: MockService, operation: OracleOperation, applied: boolean, call: () => Promise<unknown>): Promise<unknown> {
  mock.inject({ operation, fault: applied ? 'commit-then-reset' : 'reset' });
  const error = await call().then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof PromokitError)) throw new Error(`the call of ${operation} did not fail: ${String(error)}`);
  return error;
}

/** The call's request as the mock logged it: applied when the fault let it through and it succeeded. */
function appliedAtService(mock: MockService, operation: OracleOperation): boolean {
  const logged = mock.requests.filter((r) => r.operation === operation).at(-1);
  return logged?.fault === 'commit-then-reset' && logged.status < 300;
}

/** Builds a world on `mock` (already reset) through `client`, seeding its history before and after the call. */
async function make(mock: MockService, client: Client, w: World, n: number): Promise<Made> {
  const before = w.history.filter((e) => e.offsetMs < 0);
  const after = w.history.filter((e) => e.offsetMs >= 0);
  const around = async (seed: Seeder, call: () => Promise<unknown>): Promise<unknown> => {
    const start = Date.now();
    seed(mock, before, start);
    const error = await failed(mock, w.operation, w.applied, call);
    seed(mock, after, start);
    return error;
  };
  const marker = (e: Event, i: number) => (e.marked ? { promokit_marker: `mk_other_${n}_${i}` } : {});
  switch (w.operation) {
    case 'redemptions.redeem': {
      mock.seed({ customers: [{ source_id: 'oracle-buyer' }, { source_id: 'oracle-other' }] });
      const [buyer, other] = ['oracle-buyer', 'oracle-other'].map((s) => mock.list('customers').find((c) => c.source_id === s)!);
      const voucher = mock.ids.vouchers.valid;
      const seed: Seeder = (m, events, start) =>
        m.seed({
          redemptions: events.map((e, i) => {
            const who = e.kind === 'twin' ? buyer! : other!;
            return {
              date: iso(start + e.offsetMs),
              customer_id: who.id,
              customer: { id: who.id, source_id: who.source_id, object: 'customer' },
              voucher: { code: e.kind === 'other' ? 'OTHER-CODE' : voucher },
              related_object_type: 'voucher',
              order: e.ordered ? { source_id: `ord-other-${n}-${i}`, amount: 4000 } : { amount: 4000 },
              metadata: marker(e, i),
            };
          }),
        });
      const byOrder = w.identity && w.byOrder;
      const error = await around(seed, () =>
        client.redemptions.redeem({
          redeemables: [{ object: 'voucher', id: voucher }],
          customer: { source_id: 'oracle-buyer' },
          order: byOrder ? { source_id: `ord-call-${n}`, amount: 4000 } : { amount: 4000 },
          ...(w.identity && !byOrder ? {} : { marker: false }),
        }),
      );
      return { error, applied: appliedAtService(mock, w.operation) };
    }
    case 'loyalties.redeemReward': {
      const card = mock.get('vouchers', mock.ids.members.ada)!;
      const reward = mock.ids.rewards.espresso;
      const seed: Seeder = (m, events, start) => {
        const ids = events.map((_, i) => `r_oracle_${n}_${start}_${i}_${m.requests.length}`);
        m.seed({
          redemptions: events.map((e, i) => ({
            id: ids[i],
            date: iso(start + e.offsetMs),
            related_object_type: 'voucher',
            related_object_id: card.id,
            metadata: marker(e, i),
            order: e.ordered ? { source_id: `ord-other-${n}-${i}` } : null,
          })),
          transactions: events.map((e, i) => ({
            voucher_id: e.kind === 'other' ? 'v_other_card' : card.id,
            campaign_id: card.campaign_id,
            type: 'POINTS_REDEMPTION',
            details: { reward: { id: e.kind === 'target' ? mock.ids.rewards.coupon : reward }, redemption: { id: ids[i] } },
            created_at: iso(start + e.offsetMs),
          })),
        });
      };
      const error = await around(seed, () =>
        client.loyalties.redeemReward(mock.ids.members.ada, { reward: { id: reward }, ...(w.identity ? {} : { marker: false }) }),
      );
      return { error, applied: appliedAtService(mock, w.operation) };
    }
    case 'customers.create': {
      const seed: Seeder = (m, events, start) =>
        m.seed({
          customers: events.map((e, i) => ({
            name: e.kind === 'other' ? `Someone ${i}` : 'Zed Oracle',
            email: e.kind === 'twin' ? 'Zed.Oracle@Example.com' : `other-${i}@example.com`,
            created_at: iso(start + e.offsetMs),
            metadata: marker(e, i),
          })),
        });
      const error = await around(seed, () =>
        client.customers.create({ name: 'Zed Oracle', email: 'Zed.Oracle@Example.com', ...(w.identity ? {} : { marker: false }) }),
      );
      return { error, applied: appliedAtService(mock, w.operation) };
    }
    case 'publications.create': {
      mock.seed({ customers: [{ source_id: 'oracle-holder' }] });
      const holder = mock.list('customers').find((c) => c.source_id === 'oracle-holder')!;
      const seed: Seeder = (m, events, start) => {
        const codes = events.map((_, i) => `ORACLE-${n}-${start}-${i}-${m.requests.length}`);
        m.seed({
          vouchers: events.map((e, i) => ({
            code: codes[i],
            type: 'DISCOUNT_VOUCHER',
            campaign_id: e.kind === 'other' ? mock.ids.campaigns.seasonal : mock.ids.campaigns.welcome,
            discount: { type: 'AMOUNT', amount_off: 100 },
          })),
        });
        m.seed({
          redeemables: events.map((e, i) => ({
            customer_id: e.kind === 'target' ? 'cust_someone_else' : holder.id,
            redeemable_id: m.get('vouchers', codes[i]!)!.id,
            created_at: iso(start + e.offsetMs),
          })),
        });
      };
      const error = await around(seed, () => client.publications.create({ campaign: { name: 'Welcome Offer' }, customer: { source_id: 'oracle-holder' } }));
      return { error, applied: appliedAtService(mock, w.operation) };
    }
    case 'vouchers.create': {
      const code = `ORACLE-NEW-${n}`;
      // A voucher of the same code made before the call (the call then refused 409, applying nothing).
      const twin = w.history.find((e) => e.kind === 'twin' && e.offsetMs < 0);
      if (twin)
        mock.seed({
          vouchers: [
            {
              code,
              type: 'DISCOUNT_VOUCHER',
              discount: { type: 'AMOUNT', amount_off: 100 },
              created_at: iso(Date.now() + twin.offsetMs),
              metadata: marker(twin, 0),
            },
          ],
        });
      const error = await failed(mock, w.operation, w.applied, () =>
        client.vouchers.create(code, { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500 }, ...(w.identity ? {} : { marker: false }) }),
      );
      return { error, applied: appliedAtService(mock, w.operation) };
    }
    case 'orders.create': {
      const others = w.history.map((e, i) => ({ source_id: `ord-other-${n}-${i}`, amount: 1000, created_at: iso(Date.now() + e.offsetMs) }));
      mock.seed({ orders: others });
      const error = await failed(mock, w.operation, w.applied, () => client.orders.create({ source_id: `ord-call-${n}`, amount: 4200 }));
      return { error, applied: appliedAtService(mock, w.operation), once: true };
    }
    case 'redemptions.rollback': {
      const made = await client.redemptions.redeem({
        redeemables: [{ object: 'voucher', id: mock.ids.vouchers.valid }],
        order: { source_id: `rb-${n}`, amount: 3000 },
      });
      const id = made.redemptions![0]!.id;
      const error = await failed(mock, w.operation, w.applied, () => client.redemptions.rollback(id, { reason: 'oracle' }));
      return { error, applied: appliedAtService(mock, w.operation) };
    }
    case 'vouchers.updateBalance': {
      // A gift card's top-up; around it, the card's other changes: `twin` of the same type and
      // amount, `target` of another amount, `other` a redemption; each with a source_id of its own
      // (another change through promokit or a CRM) or none (the dashboard's).
      const code = mock.ids.vouchers.giftCard;
      const card = mock.get('vouchers', code)!;
      const amount = 700;
      const seed: Seeder = (m, events, start) =>
        m.seed({
          transactions: events.map((e, i) => ({
            voucher_id: card.id,
            campaign_id: card.campaign_id,
            source_id: e.marked ? `Change-${n}-${i}` : null,
            source: e.marked ? 'API' : null,
            type: e.kind === 'other' ? 'CREDITS_REDEMPTION' : 'CREDITS_ADDITION',
            details: { balance: { type: 'gift_voucher', amount: e.kind === 'target' ? 250 : amount, object: 'balance' } },
            created_at: iso(start + e.offsetMs),
          })),
        });
      const error = await around(seed, () => client.vouchers.updateBalance(code, { amount, ...(w.byOrder ? { source_id: `Top-Up-${n}` } : {}) }));
      return { error, applied: appliedAtService(mock, w.operation) };
    }
    case 'validations.validate': {
      const key = `oracle-${n}`;
      const redeemables = [
        ...(w.locks === 'tier' ? [] : [{ object: 'voucher' as const, id: mock.ids.vouchers.valid }]),
        ...(w.locks === 'vouchers' ? [] : [{ object: 'promotion_tier' as const, id: mock.ids.tiers[0]! }]),
      ];
      const error = await failed(mock, w.operation, w.applied, () => client.validations.validate({ redeemables, order: { amount: 8000 }, session: { key } }));
      return {
        error,
        applied: appliedAtService(mock, w.operation),
        held: () => mock.list('sessions').some((s) => s.key === key && s.locks.length > 0),
      };
    }
  }
}

/** The tally of answers: by operation and identity, definite and false. */
export class Tally {
  readonly rows = new Map<string, { cases: number; definite: number; wrong: number }>();
  add(w: World, result: ReconcileResult, wrong: boolean): void {
    const key = `${w.operation}|${identityOf(w) ? 'with' : 'without'}`;
    const row = this.rows.get(key) ?? { cases: 0, definite: 0, wrong: 0 };
    row.cases += 1;
    if (result.status !== 'cannot_tell') row.definite += 1;
    if (wrong) row.wrong += 1;
    this.rows.set(key, row);
  }
  get cases(): number {
    return [...this.rows.values()].reduce((sum, row) => sum + row.cases, 0);
  }
  get wrong(): number {
    return [...this.rows.values()].reduce((sum, row) => sum + row.wrong, 0);
  }
  /** One line per operation: the share of definite answers with and without the call's identity. */
  lines(): string[] {
    return ORACLE_OPERATIONS.map((op) => {
      const share = (which: string) => {
        const row = this.rows.get(`${op}|${which}`);
        return row ? `${which} identity ${((100 * row.definite) / row.cases).toFixed(1)} % of ${row.cases}` : `${which} identity: none`;
      };
      return `${op}: ${share('with')}; ${share('without')}`;
    });
  }
}

/** Whether the call carries its own identity: the marker or an order `source_id`; the path or key of the others. */
export function identityOf(w: World): boolean {
  return ['redemptions.redeem', 'loyalties.redeemReward', 'customers.create', 'vouchers.create'].includes(w.operation)
    ? w.identity
    : w.operation !== 'publications.create';
}

/** What is wrong with an answer, if anything: `applied` of a call not applied, `not_found` of one applied (or of a lock still held). */
function falseAnswer(result: ReconcileResult, made: Made): string | undefined {
  const applied = made.applied;
  if (result.status === 'applied' && !applied) return 'applied, but the service did not apply the call';
  if (result.status === 'not_found' && applied && !made.held) return 'not_found, but the service applied the call';
  if (result.status === 'not_found' && made.held?.()) return 'not_found, but a lock of the call is still held';
  return undefined;
}

/** One mock and client per runner: each world resets the mock. */
export function oracle(tally: Tally) {
  const mock = createMockService();
  const clients = new Map<string, Client>();
  const clientOf = (mode: Behaviour['mode']) => {
    let client = clients.get(mode);
    if (!client)
      clients.set(
        mode,
        (client = new Client({ fetch: mock.fetch, baseUrl: mock.baseUrl, ...mock.credentials, logLevel: 'off', maxRetries: 0, validation: mode })),
      );
    return client;
  };
  let n = 0;
  /** Builds `w`, reconciles it under each behaviour; throws on a false answer, naming the world and behaviour. */
  return async (w: World, behaviours: Behaviour[]): Promise<void> => {
    mock.reset();
    n += 1;
    // The same client reconciles the call that made it: the call is the client's own.
    const client = clientOf(behaviours[0]!.mode);
    const made = await make(mock, client, w, n);
    for (const b of made.once ? behaviours.slice(0, 1) : behaviours) {
      const takeBack = b.distort ? mock.inject({ fault: 'distort', distort: b.distort, times: Infinity }) : undefined;
      const result = await client.reconcile(made.error);
      takeBack?.();
      const wrong = falseAnswer(result, made);
      tally.add(w, result, wrong !== undefined);
      if (wrong) throw new Error(`${wrong}: ${JSON.stringify(result)}\nworld ${JSON.stringify(w)}\nbehaviour ${JSON.stringify(b)}`);
    }
  };
}
