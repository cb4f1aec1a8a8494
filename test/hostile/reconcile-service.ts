/**
 * A service for the generated cases of `client.reconcile`: a node:http server on 127.0.0.1 that
 * drops the answer to the failed call (after applying it, or not), then serves the lists the check
 * walks (a card's transactions, a customer's redeemables, customers, redemptions) in the shape a
 * case names, with a `Date` header and record dates from the clocks a case names. The records are
 * the service's truth: the call's own when it applied the call, records of others made since, and
 * an older record like the call's (the same member's reward days before, a twin customer).
 */
import type { ServerResponse } from 'node:http';
import { Client, type ReconcileResult } from '../../src/index.js';
import type { Recorder, Sent } from '../helpers/recorder.js';
import { keys } from './servers.js';

export type Rec = Record<string, unknown>;
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const MODES = ['strict', 'warn', 'off'] as const;
export type Mode = (typeof MODES)[number];

/** A list operation reconcile walks, as the service holds and serves its records. */
export interface ListOp {
  name: string;
  /** How the list pages: by cursor (`starting_after_id`, `has_more`) or by number (`page`, `total`). */
  kind: 'cursor' | 'page';
  /** The attribute of the records. */
  key: string;
  /** The list's path. */
  list: string;
  /** The check finds the call by its own identity (order `source_id`, marker), whatever its date: applied only then. */
  identity: boolean;
  /** The failed call's path (a POST). */
  post: string;
  call(client: Client): Promise<unknown>;
  /** The call's record, made at `at` on the records' clock, from the body the call sent. */
  mine(id: string, at: number, body: Rec): Rec;
  /** Another's record, unlike the call's. */
  other(id: string, at: number): Rec;
  /** A record like the call's, made at `at` (before the call, when a case says so). */
  alike(id: string, at: number): Rec;
  /** Other reads the check makes, by path: their answers. */
  reads?: Record<string, (recordsNow: number) => Rec>;
  /** The call's record as a service that keeps less of it serves it: without the fields the check matches it by. */
  bare?(id: string, at: number): Rec;
}

const card = 'v_card_1';
const member = (now: number): Rec => ({
  id: card,
  code: 'LOYAL-1',
  type: 'LOYALTY_CARD',
  object: 'voucher',
  campaign_id: 'camp_1',
  created_at: iso(now - 400 * DAY),
});
const iso = (at: number) => new Date(at).toISOString();
const transaction = (id: string, at: number, voucher: string, reward?: string): Rec => ({
  id,
  object: 'loyalty_transaction',
  voucher_id: voucher,
  campaign_id: 'camp_1',
  type: reward ? 'POINTS_REDEMPTION' : 'POINTS_ADDITION',
  // The redemption it names is served at /v1/redemptions/r_of_<id>, with the metadata of the call that made it.
  details: reward ? { reward: { id: reward }, redemption: { id: `r_of_${id}` } } : {},
  created_at: iso(at),
});
const held = (id: string, at: number, campaign: string, code = `CODE-${id}`): Rec => ({
  id,
  object: 'customer_redeemable',
  created_at: iso(at),
  customer_id: 'cust_1',
  redeemable_id: `v_${id}`,
  redeemable_object: 'voucher',
  redeemable: { voucher: { code, campaign } },
});
const person = (id: string, at: number, name: string): Rec => ({ id, object: 'customer', name, email: 'zed@example.com', created_at: iso(at) });
const redemption = (id: string, at: number, fields: Rec): Rec => ({
  id,
  object: 'redemption',
  result: 'SUCCESS',
  date: iso(at),
  customer_id: 'cust_other',
  customer: { id: 'cust_other', source_id: 'someone-else' },
  order: { source_id: `order-of-${id}` },
  metadata: {},
  voucher: { code: 'OTHER' },
  related_object_type: 'voucher',
  related_object_id: 'v_OTHER',
  ...fields,
});
const cu1: Rec = { id: 'cust_1', object: 'customer', source_id: 'cu-1' };
const ofCu1 = { customer_id: 'cust_1', customer: { id: 'cust_1', source_id: 'cu-1' }, voucher: { code: 'A' }, related_object_id: 'v_A' };

/** Every list operation reconcile walks, with the ways its check finds the call. */
export const LIST_OPS: ListOp[] = [
  {
    name: 'loyalties.redeemReward',
    kind: 'cursor',
    key: 'data',
    list: '/v1/loyalties/camp_1/transactions',
    identity: true,
    post: '/v1/loyalties/members/LOYAL-1/redemption',
    call: (c) => c.loyalties.redeemReward('LOYAL-1', { reward: { id: 'rew_1' } }),
    mine: (id, at) => transaction(id, at, card, 'rew_1'),
    other: (id, at) => transaction(id, at, 'v_card_2'),
    alike: (id, at) => transaction(id, at, card, 'rew_1'),
    // The card read back too: the call named no campaign, so its own record must place it in the member's.
    reads: { '/v1/loyalties/members/LOYAL-1': member, '/v1/vouchers/v_card_1': member },
    bare: (id, at) => ({ ...transaction(id, at, card, 'rew_1'), details: {} }),
  },
  {
    name: 'publications.create',
    kind: 'cursor',
    key: 'data',
    list: '/v1/customers/cust_1/redeemables',
    identity: false,
    post: '/v1/publications',
    // A campaign's name is no identity (it may be renamed): the call names its voucher's code.
    call: (c) => c.publications.create({ voucher: 'SPRING-1', customer: { id: 'cust_1' } }),
    mine: (id, at) => held(id, at, 'Welcome', 'SPRING-1'),
    other: (id, at) => held(id, at, 'Seasonal'),
    alike: (id, at) => held(id, at, 'Welcome', 'SPRING-1'),
    bare: (id, at) => ({ ...held(id, at, 'Welcome'), redeemable: null }),
  },
  {
    name: 'customers.create',
    kind: 'page',
    key: 'customers',
    list: '/v1/customers',
    identity: true,
    post: '/v1/customers',
    call: (c) => c.customers.create({ name: 'Zed', email: 'zed@example.com' }),
    mine: (id, at, body) => ({ ...person(id, at, 'Zed'), metadata: body.metadata }),
    // Others made by promokit carry their own markers; without one, a customer's free fields exclude nothing.
    other: (id, at) => ({ ...person(id, at, `Other ${id}`), metadata: { promokit_marker: `mk_of_${id}` } }),
    alike: (id, at) => person(id, at, 'Zed'),
  },
  {
    name: "redemptions.redeem, by its order's source_id",
    kind: 'page',
    key: 'redemptions',
    list: '/v1/redemptions',
    identity: true,
    post: '/v1/redemptions',
    call: (c) =>
      // Without a marker: with one sent, the order's source_id alone (two calls may share it) is not the call's.
      c.redemptions.redeem({
        redeemables: [{ object: 'voucher', id: 'A' }],
        order: { source_id: 'ord-1', amount: 100 },
        customer: { source_id: 'cu-1' },
        marker: false,
      }),
    reads: { '/v1/customers/cu-1': () => cu1 },
    mine: (id, at) => redemption(id, at, { ...ofCu1, order: { source_id: 'ord-1' } }),
    other: (id, at) => redemption(id, at, {}),
    // The same customer's redemption of another order: not the call's, whatever its date.
    alike: (id, at) => redemption(id, at, { ...ofCu1, order: { source_id: 'ord-0' } }),
    bare: (id, at) => redemption(id, at, { ...ofCu1, order: null, metadata: null }),
  },
  {
    name: 'redemptions.redeem, by its marker',
    kind: 'page',
    key: 'redemptions',
    list: '/v1/redemptions',
    identity: true,
    post: '/v1/redemptions',
    call: (c) => c.redemptions.redeem({ redeemables: [{ object: 'voucher', id: 'A' }], order: { amount: 100 }, marker: true }),
    mine: (id, at, body) => redemption(id, at, { metadata: body.metadata as Rec }),
    // Others' redemptions carry their own markers (promokit adds one by default): each excluded by it.
    other: (id, at) => redemption(id, at, { metadata: { promokit_marker: `mk_of_${id}` } }),
    alike: (id, at) => redemption(id, at, { metadata: { promokit_marker: 'pk_mk_of_another_call' } }),
  },
  {
    name: 'redemptions.redeem with marker: false, by its customer and voucher',
    kind: 'page',
    key: 'redemptions',
    list: '/v1/redemptions',
    identity: false,
    post: '/v1/redemptions',
    call: (c) =>
      c.redemptions.redeem({ redeemables: [{ object: 'voucher', id: 'A' }], order: { amount: 100 }, customer: { source_id: 'cu-1' }, marker: false }),
    // The customer named by source_id, read back for the id the service issued (the list is filtered by it).
    reads: { '/v1/customers/cu-1': () => cu1 },
    mine: (id, at) => redemption(id, at, { ...ofCu1, order: { amount: 100 } }),
    other: (id, at) => redemption(id, at, {}),
    alike: (id, at) => redemption(id, at, { ...ofCu1, order: { amount: 100 } }),
    bare: (id, at) => redemption(id, at, { ...ofCu1, voucher: null, related_object_type: null, related_object_id: null }),
  },
];

/** The service's clocks: its records' (an offset from the real one) and its `Date` header (from the real now). */
export interface Clocks {
  records: number;
  date(now: number): string | null;
}

/** The clocks of an honest service: its records and its `Date` on one clock, `offset` from the real one. */
export const sameClock = (offset = 0): Clocks => ({ records: offset, date: (now) => new Date(now + offset).toUTCString() });

/** One answer to a list request: as the honest page, or what a case makes of it. */
export interface Reply {
  status?: number;
  body?: unknown;
  /** A raw body (not JSON). */
  raw?: string;
  headers?: Record<string, string>;
}

/** A case of the world: what the service holds and how it answers. */
export interface World {
  op: ListOp;
  mode: Mode;
  /** The service applied the call before the answer was lost. */
  held: boolean;
  /** Records of others made since the call (newer than the call's). */
  since: number;
  /** Records like the call's made before it, by how long before the call. */
  before?: number[];
  clocks?: Clocks;
  /** Records per page the service serves, whatever `limit` asks. */
  size?: number;
  /** What the service makes of the honest answer to the `n`th list request (1 first). */
  shape?(honest: Rec, n: number, query: URLSearchParams): Reply;
  /** The service keeps the call's record without the fields the check matches it by ({@link ListOp.bare}). */
  bare?: boolean;
}

/** What the check saw and said. */
export interface Outcome {
  result: ReconcileResult;
  lists: number;
  sent: Sent[];
}

/** Writes `reply` with the `Date` header `date` (none when `null`). */
function write(res: ServerResponse, reply: Reply, date: string | null): void {
  const text = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
  if (date === null) res.sendDate = false;
  res.writeHead(reply.status ?? 200, {
    'content-type': reply.raw === undefined ? 'application/json' : 'text/html',
    ...(date === null ? {} : { date }),
    ...reply.headers,
  });
  res.end(text);
}

/** The honest page of `records` (newest first) for `query`, `size` a page. */
export function honestPage(op: ListOp, records: Rec[], query: URLSearchParams, size: number): Rec {
  if (op.kind === 'cursor') {
    const after = query.get('starting_after_id');
    const start = after ? records.findIndex((r) => r.id === after) + 1 : 0;
    const data = records.slice(start, start + size);
    const more = start + size < records.length;
    return { object: 'list', data_ref: op.key, [op.key]: data, has_more: more, more_starting_after: more ? (data[data.length - 1]?.id ?? null) : null };
  }
  const page = Number(query.get('page') ?? 1);
  return { object: 'list', data_ref: op.key, [op.key]: records.slice((page - 1) * size, page * size), total: records.length };
}

/**
 * Runs a case: the failed call against a server that holds `world`'s records, then
 * `client.reconcile` of its error. `serve` starts the server (a test's `useRecorders().startRaw`).
 */
export async function reconcileIn(world: World, serve: (handle: (sent: Sent, res: ServerResponse) => void) => Promise<Recorder>): Promise<Outcome> {
  const { op } = world;
  const clocks = world.clocks ?? sameClock();
  const recordsNow = () => Date.now() + clocks.records;
  let seq = 100_000;
  const id = () => `${op.kind === 'cursor' ? 'tx' : 'r'}_${String(seq++)}`;
  // Newest first: what the service lists.
  let records: Rec[] = [...(world.before ?? [30 * DAY])]
    .sort((a, b) => b - a)
    .map((ago) => op.alike(id(), recordsNow() - ago))
    .reverse();
  let lists = 0;
  /** The redemptions the records name (a transaction's), by path: the call's with the metadata it sent. */
  const named = new Map<string, Rec>();
  const name = (record: Rec, metadata: unknown) => {
    const redemption = ((record.details as Rec | undefined)?.redemption as Rec | undefined)?.id;
    if (typeof redemption === 'string')
      named.set(`/v1/redemptions/${redemption}`, {
        id: redemption,
        object: 'redemption',
        result: 'SUCCESS',
        date: record.created_at,
        metadata: metadata ?? {},
      });
  };
  for (const record of records) name(record, {});
  const server = await serve((sent, res) => {
    const date = clocks.date(Date.now());
    if (sent.method === 'POST' && sent.path === op.post) {
      // The call: applied (its record, then others' since), or not; either way the answer is lost.
      const body = JSON.parse(sent.body || '{}') as Rec;
      const at = recordsNow();
      const made = world.held ? [world.bare && op.bare ? op.bare(id(), at) : op.mine(id(), at, body)] : [];
      if (made[0]) name(made[0], body.metadata);
      for (let i = 0; i < world.since; i++) made.push(op.other(id(), at + 1 + i));
      records = [...made.reverse(), ...records];
      res.destroy();
      return;
    }
    const read = op.reads?.[sent.path];
    if (read) return write(res, { body: read(recordsNow()) }, date);
    const redemption = named.get(sent.path);
    if (redemption) return write(res, { body: redemption }, date);
    if (sent.path !== op.list) return write(res, { status: 404, body: { code: 404, key: 'not_found', message: 'Resource not found' } }, date);
    const query = new URLSearchParams(sent.search);
    const honest = honestPage(op, records, query, world.size ?? Number(query.get('limit') ?? 10));
    write(res, world.shape ? world.shape(honest, ++lists, query) : (lists++, { body: honest }), date);
  });
  const client = new Client({ baseUrl: server.url, ...keys, logLevel: 'off', validation: world.mode, maxRetries: 0 });
  const error = await op.call(client).then(
    () => undefined,
    (e: unknown) => e,
  );
  const result = await client.reconcile(error);
  await server.close();
  return { result, lists, sent: server.sent };
}
