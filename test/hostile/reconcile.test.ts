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
import { createMockService, type MockService } from '../../src/testing/index.js';
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

/**
 * The service's answers bent as a real deployment may bend them, over the mock (its records are the
 * truth), each bend a class: dates cut or without a zone (on a machine east of UTC), a customer's
 * free fields stored otherwise, a read-back by id answering another record, lists in another order,
 * pages that repeat or shift, pages of another kind of record, a campaign renamed, a source_id
 * stored otherwise, a refusal's record, an order paid twice, a stack's filter ignored, fields left
 * out. Each answer is the truth or `cannot_tell`.
 */
describe('bends of the answers × the checks: the truth or cannot_tell', () => {
  type Json = Record<string, unknown>;
  interface Bent {
    mock: MockService;
    client: Client;
    /** Bends a GET's JSON answer (returns the new body, or changes it in place). */
    bend?: (url: URL, body: Json) => unknown;
    /** Runs before a GET is answered. */
    before?: (url: URL) => Promise<void>;
  }
  const bent = (options: Parameters<typeof createMockService>[0] = {}): Bent => {
    const mock = createMockService(options);
    const state = { mock } as Bent;
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      if (request.method === 'GET') await state.before?.(url);
      const response = await mock.fetch(request);
      if (!state.bend || request.method !== 'GET') return response;
      const text = await response.text();
      let body: Json;
      try {
        body = JSON.parse(text) as Json;
      } catch {
        return new Response(text, response);
      }
      const out = state.bend(url, body) ?? body;
      const headers = new Headers(response.headers);
      headers.delete('content-length');
      return new Response(JSON.stringify(out), { status: response.status, headers });
    };
    state.client = new Client({ fetch, baseUrl: mock.baseUrl, ...mock.credentials, maxRetries: 0, validation: 'off' });
    return state;
  };
  /** Every `created_at` and `date` of a body, rewritten. */
  const redate = (value: unknown, to: (iso: string) => string): void => {
    if (Array.isArray(value)) for (const v of value) redate(v, to);
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value as Json)) {
        if ((k === 'created_at' || k === 'date') && typeof v === 'string') (value as Json)[k] = to(v);
        else redate(v, to);
      }
  };
  const never = (result: ReconcileResult, applied: boolean) => expect(result.status, JSON.stringify(result)).not.toBe(applied ? 'not_found' : 'applied');
  const statuses: string[] = [];
  const seen = (result: ReconcileResult) => {
    statuses.push(result.status);
    return result;
  };

  /** The spends of every check that looks by likeness or by a record read back, their answers lost after the service applied them. */
  const spends: Array<[string, (b: Bent) => Promise<unknown>]> = [
    [
      'publications.create of a campaign',
      async ({ mock, client }) => {
        mock.inject({ operation: 'publications.create', fault: 'commit-then-reset' });
        return client.publications.create({ campaign: { name: 'Welcome Offer' }, customer: { id: mock.ids.customers.lin } }).catch((e: unknown) => e);
      },
    ],
    [
      'customers.create with marker: false',
      async ({ mock, client }) => {
        mock.inject({ operation: 'customers.create', fault: 'commit-then-reset' });
        return client.customers.create({ name: 'Ada Lovelace', email: 'ada@example.com', marker: false }).catch((e: unknown) => e);
      },
    ],
    [
      'loyalties.redeemReward with marker: false',
      async ({ mock, client }) => {
        mock.inject({ operation: 'loyalties.redeemReward', fault: 'commit-then-reset' });
        return client.loyalties.redeemReward(mock.ids.members.ada, { reward: { id: mock.ids.rewards.espresso }, marker: false }).catch((e: unknown) => e);
      },
    ],
    [
      'redemptions.redeem with marker: false',
      async ({ mock, client }) => {
        mock.inject({ operation: 'redemptions.redeem', fault: 'commit-then-reset' });
        return client.redemptions
          .redeem({
            redeemables: [{ object: 'voucher', id: mock.ids.vouchers.valid }],
            customer: { id: mock.ids.customers.grace },
            order: { amount: 5000 },
            marker: false,
          })
          .catch((e: unknown) => e);
      },
    ],
  ];
  const dates: Array<[string, (iso: string) => string]> = [
    ['cut to the day', (iso) => iso.slice(0, 10)],
    ['cut to the minute', (iso) => iso.slice(0, 16)],
    ['without a zone', (iso) => iso.slice(0, 19)],
    ["'YYYY-MM-DD HH:MM'", (iso) => iso.slice(0, 16).replace('T', ' ')],
    ['RFC 2822 without GMT', (iso) => new Date(iso).toUTCString().replace(' GMT', '')],
  ];
  it.each(spends.flatMap(([name, spend]) => dates.map(([how, to]) => [name, how, spend, to] as const)))(
    '%s, its dates %s, on a machine east of UTC: never not_found',
    async (_name, _how, spend, to) => {
      const zone = process.env.TZ;
      process.env.TZ = 'Asia/Tokyo';
      try {
        const b = bent();
        const error = await spend(b);
        b.bend = (_url, body) => redate(body, to);
        never(seen(await b.client.reconcile(error)), true);
      } finally {
        if (zone === undefined) delete process.env.TZ;
        else process.env.TZ = zone;
      }
    },
  );

  const stored: Array<[string, Json, (c: Json) => void]> = [
    ['the phone in national format', { phone: '+44 20 7946 0958' }, (c) => void (c.phone = '020 7946 0958')],
    ['the phone in E.164', { phone: '+44 20 7946 0958' }, (c) => void (c.phone = '+442079460958')],
    ['accents stripped', { name: 'Zoë Brontë' }, (c) => void (c.name = 'Zoe Bronte')],
    ['the name reversed', { name: 'Ada Lovelace' }, (c) => void (c.name = 'Lovelace, Ada')],
    ['the description HTML-escaped', { description: 'Fish & chips <3' }, (c) => void (c.description = 'Fish &amp; chips &lt;3')],
    ['the birthdate a full timestamp', { birthdate: '1990-04-01' }, (c) => void (c.birthdate = '1990-04-01T00:00:00.000Z')],
    ['the birthday as MM/DD/YYYY', { birthday: '1990-04-01' }, (c) => void (c.birthday = '04/01/1990')],
  ];
  it.each(stored.flatMap(([how, sent, change]) => [true, false].map((marker) => [how, marker, sent, change] as const)))(
    'customers.create, %s, marker %s (left out of the list when sent): never not_found',
    async (_how, marker, sent, change) => {
      const b = bent();
      b.mock.inject({ operation: 'customers.create', fault: 'commit-then-reset' });
      const error = await b.client.customers.create({ ...sent, marker } as Parameters<Client['customers']['create']>[0]).catch((e: unknown) => e);
      const made = b.mock.list('customers').at(-1)!;
      b.bend = (url, body) => {
        if (url.pathname !== '/v1/customers') return;
        for (const c of body.customers as Json[])
          if (c.id === made.id) {
            change(c);
            delete c.metadata;
          }
      };
      never(seen(await b.client.reconcile(error)), true);
    },
  );

  it("loyalties.redeemReward, the member read back another card's or another campaign's: cannot_tell", async () => {
    for (const other of ['card', 'campaign'] as const) {
      const b = bent();
      b.mock.inject({ operation: 'loyalties.redeemReward', fault: 'commit-then-reset' });
      const error = await b.client.loyalties.redeemReward(b.mock.ids.members.ada, { reward: { id: b.mock.ids.rewards.espresso } }).catch((e: unknown) => e);
      const grace = b.mock.get('vouchers', b.mock.ids.members.grace)!;
      b.bend = (url, body) =>
        url.pathname.includes('/members/') ? (other === 'card' ? { ...body, id: grace.id, code: grace.code } : { ...body, campaign_id: 'camp_other' }) : body;
      const result = seen(await b.client.reconcile(error));
      expect(result).toEqual({ status: 'cannot_tell', reason: expect.stringContaining(other === 'card' ? 'not the card' : 'is not in the campaign') });
    }
  });

  it('loyalties.redeemReward, the redemption a transaction names read back as another: cannot_tell', async () => {
    const b = bent();
    const first = await b.client.loyalties.redeemReward(b.mock.ids.members.ada, { reward: { id: b.mock.ids.rewards.espresso } });
    b.mock.inject({ operation: 'loyalties.redeemReward', fault: 'commit-then-reset' });
    const error = await b.client.loyalties.redeemReward(b.mock.ids.members.ada, { reward: { id: b.mock.ids.rewards.espresso } }).catch((e: unknown) => e);
    const earlier = b.mock.get('redemptions', first.id);
    b.bend = (url, body) => (url.pathname.startsWith('/v1/redemptions/r_') ? earlier : body);
    expect(seen(await b.client.reconcile(error))).toEqual({ status: 'cannot_tell', reason: expect.stringContaining('answered another record') });
  });

  it('redemptions.redeem with marker: false, the list served oldest first in pages of 1: never not_found', async () => {
    const b = bent();
    const { vouchers, customers } = b.mock.ids;
    await b.client.redemptions.redeem({
      redeemables: [{ object: 'voucher', id: vouchers.valid }],
      customer: { id: customers.grace },
      order: { amount: 100 },
      marker: false,
    });
    b.mock.inject({ operation: 'redemptions.redeem', fault: 'commit-then-reset' });
    const error = await b.client.redemptions
      .redeem({ redeemables: [{ object: 'voucher', id: vouchers.valid }], customer: { id: customers.grace }, order: { amount: 100 }, marker: false })
      .catch((e: unknown) => e);
    b.bend = (url, body) => {
      if (url.pathname !== '/v1/redemptions') return;
      const all = b.mock.list('redemptions').filter((r) => r.customer_id === customers.grace);
      all.sort((x, y) => String(x.date).localeCompare(String(y.date)));
      const page = Number(url.searchParams.get('page') ?? 1);
      return { ...body, redemptions: all.slice(page - 1, page), total: all.length, has_more: page < all.length };
    };
    never(seen(await b.client.reconcile(error)), true);
  });

  it('customers.create, a numbered list whose page 2 repeats page 1, or shifts when a record is removed between the reads: cannot_tell', async () => {
    for (const how of ['repeat', 'shift'] as const) {
      const b = bent();
      b.mock.inject({ operation: 'customers.create', fault: 'commit-then-reset' });
      const error = await b.client.customers.create({ name: 'Zed' }).catch((e: unknown) => e);
      const mine = b.mock.list('customers').at(-1)!;
      // 100 customers made since by others, each with its own marker: the call's record is the first of page 2.
      const since = Date.now() + 1_000;
      b.mock.seed({
        customers: Array.from({ length: 100 }, (_, i) => ({
          name: `Other ${i}`,
          metadata: { promokit_marker: `mk_other_${i}` },
          created_at: new Date(since + i).toISOString(),
        })),
      });
      let first: Json | undefined;
      b.bend = (url, body) => {
        if (url.pathname !== '/v1/customers') return;
        const page = Number(url.searchParams.get('page'));
        if (page === 1) first ??= body;
        if (how === 'repeat' && page === 2) return { ...first, total: undefined };
        return body;
      };
      let removed = false;
      b.before = async (url) => {
        // A customer of page 1 removed before page 2 is read: the call's record moves onto page 1.
        if (how === 'shift' && url.pathname === '/v1/customers' && url.searchParams.get('page') === '2' && !removed) {
          removed = true;
          const list = b.mock.list('customers').filter((c) => c.id !== mine.id);
          await b.client.customers.delete(String(list.at(-1)!.id));
        }
      };
      const result = seen(await b.client.reconcile(error));
      expect(result.status, `${how}: ${JSON.stringify(result)}`).toBe('cannot_tell');
    }
  });

  it('a page of vouchers where transactions, redeemables or customers belong: cannot_tell, for every list', async () => {
    for (const [name, spend] of spends.slice(0, 3)) {
      const b = bent();
      const error = await spend(b);
      const vouchers = b.mock.list('vouchers').slice(0, 3);
      b.bend = (url, body) => {
        if (/\/(transactions|redeemables)$/.test(url.pathname)) return { ...body, data: vouchers };
        if (url.pathname === '/v1/customers') return { ...body, customers: vouchers };
        return body;
      };
      const result = seen(await b.client.reconcile(error));
      expect(result.status, `${name}: ${JSON.stringify(result)}`).toBe('cannot_tell');
    }
  });

  it("publications.create, the redeemable's campaign served as its id or renamed: never not_found", async () => {
    for (const to of ['id', 'renamed'] as const) {
      const b = bent();
      const error = await spends[0]![1](b);
      b.bend = (url, body) => {
        if (url.pathname.endsWith('/redeemables'))
          for (const r of body.data as Json[]) {
            const voucher = (r.redeemable as Json | undefined)?.voucher as Json | undefined;
            if (voucher) voucher.campaign = to === 'id' ? b.mock.ids.campaigns.welcome : 'Welcome Offer 2026';
          }
      };
      never(seen(await b.client.reconcile(error)), true);
    }
  });

  it('publications.create to a customer named by source_id, which the service stores lower-cased (its 404, or an empty list): cannot_tell', async () => {
    for (const answer of ['404', 'empty'] as const) {
      const b = bent();
      b.mock.inject({ operation: 'publications.create', fault: 'commit-then-reset' });
      const error = await b.client.publications.create({ campaign: { name: 'Welcome Offer' }, customer: { source_id: 'Ada-Case-1' } }).catch((e: unknown) => e);
      b.bend = (url, body) => {
        if (!url.pathname.endsWith('/redeemables')) return;
        return answer === 'empty' ? { ...body, data: [], total: 0 } : undefined;
      };
      if (answer === '404')
        b.before = async (url) => {
          if (url.pathname.endsWith('/redeemables')) b.mock.inject({ operation: 'customers.listRedeemables', fault: 'status', status: 404, times: 1 });
        };
      const result = seen(await b.client.reconcile(error));
      expect(result.status, `${answer}: ${JSON.stringify(result)}`).toBe('cannot_tell');
    }
  });

  it("redemptions.redeem of an expired voucher (the service refused it, its FAILURE record carries the call's marker): never applied", async () => {
    const b = bent();
    b.mock.inject({ operation: 'redemptions.redeem', fault: 'commit-then-reset' });
    const error = await b.client.redemptions
      .redeem({ redeemables: [{ object: 'voucher', id: b.mock.ids.vouchers.expired }], customer: { id: b.mock.ids.customers.ada }, order: { amount: 5000 } })
      .catch((e: unknown) => e);
    expect(b.mock.list('redemptions').filter((r) => String(r.id).startsWith('rf_'))).toHaveLength(1);
    expect(seen(await b.client.reconcile(error))).toEqual({ status: 'cannot_tell', reason: expect.stringContaining('the service refused the call') });
  });

  it('redemptions.redeem in PARTIAL mode, one voucher spent beside one refused (its FAILURE record carries the marker too): applied with the spent record, never the refusal', async () => {
    const b = bent({ stackingRules: { redeemables_application_mode: 'PARTIAL' } });
    const { vouchers, customers } = b.mock.ids;
    b.mock.inject({ operation: 'redemptions.redeem', fault: 'commit-then-reset' });
    const error = await b.client.redemptions
      .redeem({
        redeemables: [
          { object: 'voucher', id: vouchers.valid },
          { object: 'voucher', id: vouchers.expired },
        ],
        customer: { id: customers.ada },
        order: { amount: 5000 },
      })
      .catch((e: unknown) => e);
    const result = seen(await b.client.reconcile(error));
    expect(result.status, JSON.stringify(result)).toBe('applied');
    const { redemptions } = (result as { record: { redemptions: Array<{ result: string }> } }).record;
    expect(redemptions.length).toBeGreaterThan(0);
    expect(redemptions.every((r) => r.result === 'SUCCESS')).toBe(true);
  });

  it('redemptions.redeem, the same order paid twice, the second reset before the service acted, metadata answered null: never applied', async () => {
    const b = bent();
    const { vouchers, customers } = b.mock.ids;
    const pay = () =>
      b.client.redemptions.redeem({
        redeemables: [{ object: 'voucher', id: vouchers.giftCard, gift: { credits: 500 } }],
        customer: { id: customers.ada },
        order: { source_id: 'pay-1', amount: 1000 },
      });
    await pay();
    b.mock.inject({ operation: 'redemptions.redeem', fault: 'reset' });
    const error = await pay().catch((e: unknown) => e);
    b.mock.inject({ fault: 'distort', distort: { nullify: ['metadata'] }, times: Number.POSITIVE_INFINITY });
    never(seen(await b.client.reconcile(error)), false);
  });

  it("redemptions.redeem of a stack, its children's filter ignored by the service (others' redemptions served): cannot_tell", async () => {
    const b = bent();
    const { vouchers, customers } = b.mock.ids;
    await b.client.redemptions.redeem({ redeemables: [{ object: 'voucher', id: vouchers.valid }], customer: { id: customers.grace }, order: { amount: 100 } });
    b.mock.inject({ operation: 'redemptions.redeem', fault: 'commit-then-reset' });
    const error = await b.client.redemptions
      .redeem({
        redeemables: [
          { object: 'voucher', id: vouchers.valid },
          { object: 'voucher', id: vouchers.giftCard, gift: { credits: 100 } },
        ],
        customer: { id: customers.ada },
        order: { amount: 5000 },
      })
      .catch((e: unknown) => e);
    b.bend = (url, body) => {
      if (url.pathname === '/v1/redemptions' && url.searchParams.has('filters[parent_redemption_id][conditions][$is]'))
        return {
          ...body,
          redemptions: url.searchParams.get('page') === '1' ? b.mock.list('redemptions').filter((r) => r.object === 'redemption') : [],
          total: undefined,
        };
    };
    expect(seen(await b.client.reconcile(error))).toEqual({ status: 'cannot_tell', reason: expect.stringContaining('does not name') });
  });

  it('orders.create, its updated_at answered null: never not_found', async () => {
    const b = bent();
    b.mock.inject({ operation: 'orders.create', fault: 'commit-then-reset' });
    const error = await b.client.orders.create({ source_id: 'chk-1', amount: 4200 }).catch((e: unknown) => e);
    b.mock.inject({ fault: 'distort', distort: { nullify: ['updated_at'] }, times: Number.POSITIVE_INFINITY });
    never(seen(await b.client.reconcile(error)), true);
  });

  it("redemptions.rollback, the redemption read back without its status or rollbacks (and the mock's sparse answers): never not_found", async () => {
    for (const responses of ['complete', 'sparse'] as const) {
      const b = bent({ responses });
      const r = await b.client.loyalties.redeemReward(b.mock.ids.members.ada, { reward: { id: b.mock.ids.rewards.espresso } });
      b.mock.inject({ operation: 'redemptions.rollback', fault: 'commit-then-reset' });
      const error = await b.client.redemptions.rollback(r.id, { reason: 'x' }).catch((e: unknown) => e);
      if (responses === 'complete') b.mock.inject({ fault: 'distort', distort: { omit: ['related_redemptions', 'status'] }, times: Number.POSITIVE_INFINITY });
      never(seen(await b.client.reconcile(error)), true);
    }
  });

  it('records the figures', () => {
    const count = (s: string) => statuses.filter((x) => x === s).length;
    record(
      'reconcile-bends',
      `${statuses.length} bends over the mock: ${count('applied')} applied, ${count('not_found')} not_found, ${count('cannot_tell')} cannot_tell; no false answer`,
    );
  });
});
