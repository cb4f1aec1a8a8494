/**
 * `client.reconcile` of every operation whose check walks a list (`loyalties.redeemReward`,
 * `publications.create`, `customers.create`, `redemptions.redeem` by order, by marker and by
 * customer) against a service on 127.0.0.1 that serves its lists in every hostile shape, in every
 * validation mode, the call applied or not: pages shorter than asked, answers without records
 * (`{}`, `{ object: 'list' }`, `null` records, a string, a bare array), a later page that fails
 * (404, 500, `{}`), a list that contradicts itself (`has_more` against `total`, a total below what
 * came, an empty page before the total, a cursor that comes back); then clocks that disagree (a
 * `Date` ahead of the records by minutes or hours, of the year 3000, garbled, missing, answers
 * whose `Date`s disagree, records dated after the `Date`); then twins of a customer made before
 * the call. `not_found` only when every record that could hold the call was seen: a call applied
 * is never `not_found`, one not applied never `applied`, and what the check cannot read is
 * `cannot_tell` with a typed cause.
 */
import { describe, expect, it } from 'vitest';
import { PromokitError, type ReconcileResult } from '../../src/index.js';
import { useRecorders } from '../helpers/recorder.js';
import { DAY, HOUR, LIST_OPS, type ListOp, MODES, type Rec, type Reply, reconcileIn, type World } from './reconcile-service.js';
import { useFigures } from './table.js';

const serve = useRecorders().startRaw;
const record = useFigures('hostile/reconcile-pages');

/** What a case must answer: the truth, `cannot_tell` with a typed cause, or anything but a false answer. */
type Expect = 'truth' | 'cannot_tell' | 'never-false' | 'found-or-cannot_tell';

/** A shape of the service's list answers. */
interface Shape {
  name: string;
  /** The lists it applies to. */
  kinds: Array<ListOp['kind']>;
  expect: Expect;
  /** Records of others made since the call: 120 puts the call's on the second page of 100. */
  since: number;
  size?: number;
  shape?: World['shape'];
}

const records = (honest: Rec) => honest[honest.data_ref as string] as unknown[];
const on = (pages: number[], reply: (honest: Rec) => Reply) => (honest: Rec, n: number) => (pages.includes(n) ? reply(honest) : { body: honest });
const every = (reply: (honest: Rec) => Reply) => (honest: Rec) => reply(honest);
const without = (honest: Rec, ...keys: string[]) => Object.fromEntries(Object.entries(honest).filter(([k]) => !keys.includes(k)));

const SHAPES: Shape[] = [
  { name: 'honest, the call on page 2', kinds: ['cursor', 'page'], expect: 'truth', since: 120 },
  { name: 'pages of 10 whatever limit asks, the call on page 3', kinds: ['cursor'], expect: 'truth', since: 25, size: 10 },
  // A numbered list whose pages are shorter than asked may skip records between them: its own record is found, nothing else is said.
  { name: 'numbered pages of 10 whatever limit asks, the call on page 3', kinds: ['page'], expect: 'found-or-cannot_tell', since: 25, size: 10 },
  {
    name: 'pages of 10, no has_more, total nor cursor',
    kinds: ['cursor', 'page'],
    expect: 'never-false',
    since: 25,
    size: 10,
    shape: every((h) => ({ body: without(h, 'has_more', 'total', 'more_starting_after') })),
  },
  { name: 'a body {}', kinds: ['cursor', 'page'], expect: 'cannot_tell', since: 0, shape: every(() => ({ body: {} })) },
  { name: "a body { object: 'list' }", kinds: ['cursor', 'page'], expect: 'cannot_tell', since: 0, shape: every(() => ({ body: { object: 'list' } })) },
  {
    name: 'records null',
    kinds: ['cursor', 'page'],
    expect: 'cannot_tell',
    since: 0,
    shape: every((h) => ({ body: { ...h, [h.data_ref as string]: null } })),
  },
  {
    name: 'records a string',
    kinds: ['cursor', 'page'],
    expect: 'cannot_tell',
    since: 0,
    shape: every((h) => ({ body: { ...h, [h.data_ref as string]: 'x' } })),
  },
  { name: 'a bare array of the records', kinds: ['cursor', 'page'], expect: 'cannot_tell', since: 0, shape: every((h) => ({ body: records(h) })) },
  { name: 'a JSON string', kinds: ['cursor', 'page'], expect: 'cannot_tell', since: 0, shape: every(() => ({ body: 'x' })) },
  {
    name: 'page 2 answers 404',
    kinds: ['cursor', 'page'],
    expect: 'cannot_tell',
    since: 120,
    shape: on([2], () => ({ status: 404, body: { code: 404, key: 'not_found', message: 'Resource not found' } })),
  },
  {
    name: 'page 2 answers 500',
    kinds: ['cursor', 'page'],
    expect: 'cannot_tell',
    since: 120,
    shape: on([2], () => ({ status: 500, body: { code: 500, message: 'x' } })),
  },
  { name: 'page 2 answers {}', kinds: ['cursor', 'page'], expect: 'cannot_tell', since: 120, shape: on([2], () => ({ body: {} })) },
  {
    name: 'page 2 answers an HTML page',
    kinds: ['cursor', 'page'],
    expect: 'cannot_tell',
    since: 120,
    shape: on([2], () => ({ raw: '<html>Bad gateway</html>' })),
  },
  {
    name: 'page 2 holds no records, the list saying more',
    kinds: ['cursor', 'page'],
    expect: 'cannot_tell',
    since: 120,
    shape: on([2], (h) => ({ body: { ...without(h, 'more_starting_after'), [h.data_ref as string]: [], has_more: true } })),
  },
  {
    // has_more may lie: the walk goes on to an empty page.
    name: 'has_more false on page 1, total saying more',
    kinds: ['page'],
    expect: 'truth',
    since: 120,
    shape: on([1], (h) => ({ body: { ...h, has_more: false } })),
  },
  { name: 'a total below the records served', kinds: ['page'], expect: 'cannot_tell', since: 120, shape: every((h) => ({ body: { ...h, total: 50 } })) },
  { name: 'a total of 0 over a full page', kinds: ['page'], expect: 'cannot_tell', since: 120, shape: every((h) => ({ body: { ...h, total: 0 } })) },
  {
    // The walk goes on from the last record it read, whatever cursor the page names.
    name: 'a cursor that comes back to page 1',
    kinds: ['cursor'],
    expect: 'never-false',
    since: 250,
    shape: (h, n) => {
      const data = records(h) as Rec[];
      return { body: { ...h, has_more: true, more_starting_after: n === 1 ? data[data.length - 1]!.id : 'tx_000001' } };
    },
  },
];

/** The check's answer to a case, held to its rule; the status. */
function judge(result: ReconcileResult, world: World, rule: Expect, label: string): ReconcileResult['status'] {
  // Never a false answer, whatever the shape.
  neverFalse(result, world, label);
  // Applied only on the call's own identity: a call found only by likeness is cannot_tell.
  const truth = world.held ? (world.op.identity ? 'applied' : 'cannot_tell') : 'not_found';
  if (rule === 'truth') expect(result.status, `${label}: ${JSON.stringify(result)}`).toBe(truth);
  if (rule === 'found-or-cannot_tell')
    expect(result.status, `${label}: ${JSON.stringify(result)}`).toBe(world.held && world.op.identity ? 'applied' : 'cannot_tell');
  if (rule === 'cannot_tell') {
    expect(result.status, `${label}: ${JSON.stringify(result)}`).toBe('cannot_tell');
    expect((result as { cause?: unknown }).cause, `${label}: a typed cause`).toBeInstanceOf(PromokitError);
  }
  return result.status;
}

/** A call applied is never `not_found`; one not applied never `applied`. */
function neverFalse(result: ReconcileResult, world: { held: boolean }, label: string): void {
  expect(result.status, `${label}: ${JSON.stringify(result)}`).not.toBe(world.held ? 'not_found' : 'applied');
}

const tally = (statuses: string[]) =>
  ['applied', 'not_found', 'cannot_tell']
    .map((s) => [s, statuses.filter((x) => x === s).length] as const)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${n} ${s}`)
    .join(', ');

describe('list pages in every shape × every validation mode × every list check', () => {
  it.each(LIST_OPS.map((op) => [op.name, op] as const))(
    '%s: never a false answer; unreadable or contradicting pages cannot_tell with a typed cause',
    async (_name, op) => {
      const statuses: string[] = [];
      for (const shape of SHAPES.filter((s) => s.kinds.includes(op.kind)))
        for (const mode of MODES)
          for (const held of [true, false]) {
            const world: World = { op, mode, held, since: shape.since, size: shape.size, shape: shape.shape };
            const { result } = await reconcileIn(world, serve);
            statuses.push(judge(result, world, shape.expect, `${op.name}, ${shape.name}, ${mode}, ${held ? 'applied' : 'not applied'}`));
          }
      shapeFigures.set(op.name, statuses);
    },
  );

  const shapeFigures = new Map<string, string[]>();
  it('records the figures', () => {
    const all = [...shapeFigures.values()].flat();
    record(
      'reconcile-shapes',
      `${SHAPES.length} shapes (${SHAPES.filter((s) => s.kinds.length === 2).length} of every list, the rest of numbered or cursor lists) × 3 modes × applied or not × ${LIST_OPS.length} checks: ${all.length} cases, ${tally(all)}; no false answer`,
    );
  });
});

/** A service's clocks: its records' offset from the real clock, and the `Date` it sends. */
interface ClockCase {
  name: string;
  records: number;
  date: (now: number, n: number) => string | null;
  /** What a check that finds the call by its identity answers when the call was applied. */
  identityHeld: 'applied';
  /** The records made since and before. */
  before?: number[];
}

const CLOCKS: ClockCase[] = [
  ...[-3 * 365 * DAY, -5 * HOUR, 0, 5 * HOUR, 2 * 365 * DAY].map(
    (offset): ClockCase => ({
      name: `one clock, ${offset / HOUR} hours from the real one`,
      records: offset,
      date: (now) => new Date(now + offset).toUTCString(),
      identityHeld: 'applied',
    }),
  ),
  ...[10, 50].map(
    (minutes): ClockCase => ({
      name: `the records ${minutes} minutes behind the Date`,
      records: -minutes * 60_000,
      date: (now) => new Date(now).toUTCString(),
      identityHeld: 'applied',
    }),
  ),
  { name: 'a Date of the year 3000', records: 0, date: () => new Date('3000-01-01T00:00:00Z').toUTCString(), identityHeld: 'applied' },
  { name: 'a Date garbled', records: 0, date: () => 'yesterday-ish', identityHeld: 'applied' },
  { name: 'no Date', records: 0, date: () => null, identityHeld: 'applied' },
  { name: 'Dates of the answers 30 minutes apart', records: 0, date: (now, n) => new Date(now + (n % 2) * 30 * 60_000).toUTCString(), identityHeld: 'applied' },
  { name: 'the records an hour after the Date', records: HOUR, date: (now) => new Date(now).toUTCString(), identityHeld: 'applied' },
];

describe("clocks that disagree × every list check: the call's identity counts whatever its date; a clock not trusted is never not_found for a record like the call's", () => {
  it.each(LIST_OPS.map((op) => [op.name, op] as const))('%s', async (_name, op) => {
    const statuses: string[] = [];
    for (const clock of CLOCKS)
      for (const held of [true, false]) {
        let answers = 0;
        const world: World = {
          op,
          mode: 'warn',
          held,
          since: 3,
          // A record like the call's three days before it, which only a clock can tell from the call's.
          before: [3 * DAY],
          clocks: { records: clock.records, date: (now) => clock.date(now, answers++) },
        };
        const label = `${op.name}, ${clock.name}, ${held ? 'applied' : 'not applied'}`;
        const { result } = await reconcileIn(world, serve);
        neverFalse(result, world, label);
        if (held && op.identity) expect(result.status, `${label}: ${JSON.stringify(result)}`).toBe(clock.identityHeld);
        statuses.push(result.status);
      }
    clockFigures.set(op.name, statuses);
  });

  const clockFigures = new Map<string, string[]>();
  it('records the figures', () => {
    const all = [...clockFigures.values()].flat();
    record(
      'reconcile-clocks-disagree',
      `${CLOCKS.length} clocks × applied or not × ${LIST_OPS.length} checks: ${all.length} cases, ${tally(all)}; no false answer, every call found by its identity applied`,
    );
  });
});

describe("records like the call's made before it × every check that looks by likeness", () => {
  const cases: Array<[string, number, boolean, ReconcileResult['status']]> = [
    ['one 3 days before, the call applied: its record is only like the call', 3 * DAY, true, 'cannot_tell'],
    ['one 3 days before, the call not applied', 3 * DAY, false, 'not_found'],
    ['one 2 minutes before (within the skew), the call applied: two candidates', 2 * 60_000, true, 'cannot_tell'],
    ['one 30 minutes before (within the hour), the call not applied', 30 * 60_000, false, 'cannot_tell'],
    ['one 30 minutes before (within the hour), the call applied', 30 * 60_000, true, 'cannot_tell'],
  ];
  const twinFigures: string[] = [];
  const likeness = LIST_OPS.filter((op) => !op.identity);
  it.each(likeness.flatMap((op) => cases.map((c) => [op.name, ...c, op] as const)))('%s, %s: %s', async (_op, _name, ago, held, status, op) => {
    const { result } = await reconcileIn({ op, mode: 'warn', held, since: 2, before: [ago] }, serve);
    expect(result.status, JSON.stringify(result)).toBe(status);
    twinFigures.push(status);
  });
  it('records the figures', () => {
    record(
      'reconcile-twins',
      `${likeness.length} checks × ${cases.length} cases (a record like the call's 3 days, 30 minutes or 2 minutes before it; the call applied or not): ${tally(twinFigures)}, each as its rule says`,
    );
  });
});

describe("the call's record kept without the fields the check matches it by (no reward, no redeemable, no order)", () => {
  const bare = LIST_OPS.filter((op) => op.bare);
  const statuses: string[] = [];
  it.each(bare.flatMap((op) => MODES.map((mode) => [op.name, mode, op] as const)))(
    '%s, %s: applied or cannot_tell, never not_found',
    async (_name, mode, op) => {
      const { result } = await reconcileIn({ op, mode, held: true, bare: true, since: 2 }, serve);
      expect(result.status, JSON.stringify(result)).not.toBe('not_found');
      statuses.push(result.status);
    },
  );
  it('records the figures', () => {
    record('reconcile-bare', `${bare.length} checks × 3 modes: ${tally(statuses)}; never not_found`);
  });
});
