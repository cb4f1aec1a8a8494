/**
 * `client.reconcile` against a hostile service (a node:http server on 127.0.0.1 that the check
 * reads from after a redemption it answered 503): bounds count what arrives, whatever the service
 * claims (pages that ignore `limit`, a cursor that never ends, records in any order), and time is
 * the service's (a clock hours away in its `Date` header and its records, a `Date` it garbles or
 * leaves out). A redemption the service holds is never `not_found`; one it does not hold is never
 * `applied`; what reconcile cannot tell, it says.
 */
import { describe, expect, it } from 'vitest';
import { Client, retryDecision, type ReconcileResult } from '../../src/index.js';
import { useRecorders } from '../helpers/recorder.js';
import { json, keys } from './servers.js';
import { useFigures } from './table.js';

const serve = useRecorders().startRaw;
const record = useFigures('hostile/reconcile');

const HOUR = 3_600_000;
const member = { id: 'v_card_1', code: 'LOYAL-H1', object: 'voucher', type: 'LOYALTY_CARD', campaign_id: 'camp_1', created_at: '2020-01-01T00:00:00Z' };

/**
 * A transaction of the card: the redemption of `reward`, or a points addition. A redemption names
 * its redemption record: `r_call`, which carries the failed call's metadata (its marker), when
 * `call` says it is the call's; another one, without a marker, otherwise.
 */
function transaction(i: number, at: number, reward?: string, call = false) {
  const id = `tx_${String(i).padStart(6, '0')}`;
  return {
    id,
    object: 'loyalty_transaction',
    voucher_id: member.id,
    campaign_id: 'camp_1',
    type: reward ? 'POINTS_REDEMPTION' : 'POINTS_ADDITION',
    details: reward ? { reward: { id: reward }, redemption: { id: call ? 'r_call' : `r_of_${id}` } } : {},
    created_at: new Date(at).toISOString(),
  };
}

interface Service {
  /** The service's clock, in epoch ms. */
  now(): number;
  /** The `Date` header of its answers: its clock by default; `null` for none. */
  date?(now: number): string | null;
  /** The page of transactions answering the `n`th list request (0 first), given the `starting_after_id` asked for. */
  page(n: number, after: string | undefined): { data: unknown[]; has_more: boolean };
}

/** A service that answers the redemption 503 (with its transaction stored when `applied`), then serves the card and `service`'s pages. */
async function hostile(service: Service) {
  let lists = 0;
  let metadata: unknown = {};
  const server = await serve((sent, res) => {
    const now = service.now();
    const date = service.date ? service.date(now) : new Date(now).toUTCString();
    const headers: Record<string, string> = date === null ? {} : { date };
    if (sent.path.endsWith('/redemption')) {
      metadata = (JSON.parse(sent.body || '{}') as { metadata?: unknown }).metadata;
      return json(res, 503, { code: 503, key: 'unavailable', message: 'try later' }, headers);
    }
    // The redemption a transaction names: the call's carries the metadata it sent.
    if (sent.path.startsWith('/v1/redemptions/')) {
      const id = sent.path.slice('/v1/redemptions/'.length);
      return json(res, 200, { id, object: 'redemption', result: 'SUCCESS', metadata: id === 'r_call' ? metadata : {} }, headers);
    }
    if (sent.path.includes('/transactions')) {
      const after = new URLSearchParams(sent.search).get('starting_after_id') ?? undefined;
      const page = service.page(lists++, after);
      const last = page.data[page.data.length - 1] as { id?: string } | undefined;
      return json(res, 200, { object: 'list', data_ref: 'data', data: page.data, has_more: page.has_more, more_starting_after: last?.id ?? null }, headers);
    }
    return json(res, 200, member, headers);
  });
  // Without a Date header, node:http adds one of the real clock: a service that sends none is a raw answer.
  const client = new Client({ baseUrl: server.url, ...keys, logLevel: 'off', validation: 'off', maxRetries: 0 });
  const error = await client.loyalties.redeemReward('LOYAL-H1', { reward: { id: 'rew_1' } }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(retryDecision(error)).toEqual({ action: 'reconcile' });
  const result = await client.reconcile(error);
  return { result, lists: () => lists, server };
}

describe('bounds count what arrives', () => {
  it('pages that ignore limit (5,000 records each, more claimed), a cursor that never ends (one record a page): at most 1,000 records and 10 pages walked, then cannot_tell', async () => {
    const shapes: Array<[string, (n: number, now: number) => { data: unknown[]; has_more: boolean }, number]> = [
      // The call's redemption sits at record 1,500 of the first page: a walk that read it went past its bound.
      [
        '5,000 records a page, the call at record 1,500',
        (n, now) => ({ data: Array.from({ length: 5_000 }, (_, i) => transaction(n * 5_000 + i, now, i === 1_500 ? 'rew_1' : undefined)), has_more: true }),
        1,
      ],
      ['one record a page, without end', (n, now) => ({ data: [transaction(n, now)], has_more: true }), 10],
      ['150 records a page, without end', (n, now) => ({ data: Array.from({ length: 150 }, (_, i) => transaction(n * 150 + i, now)), has_more: true }), 7],
    ];
    const figures: string[] = [];
    for (const [name, page, pages] of shapes) {
      const { result, lists } = await hostile({ now: Date.now, page: (n) => page(n, Date.now()) });
      expect(result, name).toEqual({ status: 'cannot_tell', reason: expect.stringContaining('more than 1000 records (or 10 pages)') });
      expect(lists(), name).toBe(pages);
      figures.push(`${name}: ${lists()} page${lists() === 1 ? '' : 's'} read, \`cannot_tell\``);
    }
    record('reconcile-pages', figures.join('; '));
  });

  it('records in any order within a page (oldest first, shuffled): never a not_found before the call is found', async () => {
    const now = Date.now();
    const old = (i: number) => transaction(i, now - 30 * 24 * HOUR);
    const mine = transaction(999, now, 'rew_1', true);
    const orders: Array<[string, unknown[]]> = [
      ['oldest first', [old(1), old(2), old(3), mine]],
      ['older record before it', [old(1), mine, old(2)]],
      // Out of order within the first page, so the walk goes on: the call's record is on the next.
      ['shuffled, the call on the next page', [old(1), transaction(500, now)]],
    ];
    const answers: string[] = [];
    for (const [name, data] of orders) {
      const twoPages = name.startsWith('shuffled');
      const { result } = await hostile({
        now: Date.now,
        page: (n, after) =>
          after !== undefined && !twoPages
            ? { data: [], has_more: false }
            : twoPages
              ? n === 0
                ? { data, has_more: true }
                : { data: [old(4), mine], has_more: false }
              : { data, has_more: false },
      });
      expect(result.status, name).toBe('applied');
      answers.push(result.status);
    }
    record(
      'reconcile-order',
      `${orders.length} orders of the records (oldest first, an older record before the call's, out of order with the call on the next page): ${answers.join(', ')}`,
    );
  });
});

describe("time is the service's", () => {
  const OFFSETS = [-3 * 365 * 24 * HOUR, -2 * 24 * HOUR, -5 * HOUR, 5 * HOUR, 2 * 24 * HOUR, 3 * 365 * 24 * HOUR];
  it("a service clock hours, days or years away, behind and ahead: the call's redemption applied by its marker, none held not_found", async () => {
    const results: ReconcileResult['status'][] = [];
    for (const offset of OFFSETS) {
      for (const held of [true, false]) {
        const clock = () => Date.now() + offset;
        // The service's transactions: ten older ones, and the call's redemption made as it was sent (on its clock).
        const made = clock();
        const { result } = await hostile({
          now: clock,
          page: (_n, after) =>
            after !== undefined
              ? { data: [], has_more: false }
              : {
                  data: [
                    ...(held ? [transaction(100, made, 'rew_1', true)] : []),
                    ...Array.from({ length: 10 }, (_, i) => transaction(i, made - (i + 1) * 24 * HOUR)),
                  ],
                  has_more: false,
                },
        });
        expect(result.status, `offset ${offset}, held ${held}`).toBe(held ? 'applied' : 'not_found');
        results.push(result.status);
      }
    }
    record(
      'reconcile-clock',
      `${OFFSETS.length} service clocks (3 years, 2 days, 5 hours behind and ahead) × held or not: ${results.filter((s) => s === 'applied').length} applied, ${results.filter((s) => s === 'not_found').length} not_found, each as the service held it`,
    );
  });

  it('a Date header garbled or left out: a redemption like the call is cannot_tell, never not_found nor applied', async () => {
    const results: string[] = [];
    for (const date of ['soon', '', 'Thu, 99 Foo 2026 99:99:99 GMT']) {
      const made = Date.now() - 5 * HOUR;
      const { result } = await hostile({
        now: () => made,
        date: () => date,
        page: (_n, after) => (after !== undefined ? { data: [], has_more: false } : { data: [transaction(1, made, 'rew_1')], has_more: false }),
      });
      expect(result, date).toEqual({ status: 'cannot_tell', reason: expect.stringMatching(/may be the call's.*cannot be excluded by its date/) });
      results.push(result.status);
    }
    record('reconcile-no-date', `3 garbled Date headers: ${results.join(', ')}`);
  });
});
