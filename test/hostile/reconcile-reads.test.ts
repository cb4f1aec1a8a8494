/**
 * `client.reconcile` of every check that reads one record (or sends the order again), and of the
 * first reads of the list checks, against a service on 127.0.0.1 whose answer to that read is
 * each hostile shape, in every validation mode: the honest answers (the call applied, or not),
 * bodies that are no record (`{}`, `null`, `[]`, a string), a record of another id or code, the
 * service's own 404 of the record against a 404 of another, a proxy's HTML 404, a 500. Only the
 * honest answers, and the service's own 404 of the very record, say `applied` or `not_found`;
 * everything else is `cannot_tell`.
 */
import { describe, expect, it } from 'vitest';
import { Client, PromokitError, type ReconcileResult } from '../../src/index.js';
import { useRecorders } from '../helpers/recorder.js';
import { MODES, type Reply } from './reconcile-service.js';
import { keys } from './servers.js';
import { useFigures } from './table.js';

const serve = useRecorders().startRaw;
const record = useFigures('hostile/reconcile-reads');

const now = () => new Date().toISOString();
const later = () => new Date(Date.now() + 5_000).toISOString();
const dayAgo = () => new Date(Date.now() - 86_400_000).toISOString();
const notFound = (type: string, id: string): Reply => ({
  status: 404,
  body: { code: 404, key: 'not_found', message: 'Resource not found', resource_type: type, resource_id: id },
});
const HTML_404: Reply = { status: 404, raw: '<html><body>404 Not Found</body></html>' };
const FAILED: Reply = { status: 500, body: { code: 500, message: 'x' } };
/** Bodies that are no record, whatever the read. */
const GARBAGE: Array<[string, Reply]> = [
  ['{}', { body: {} }],
  ['null', { raw: 'null', headers: { 'content-type': 'application/json' } }],
  ['[]', { body: [] }],
  ['a string', { body: 'x' }],
];

/** A check that reads: the failed call, the read the case answers, and each answer with what the check must say. */
interface Read {
  name: string;
  /** The failed call's method and path. */
  post: string;
  call(c: Client): Promise<unknown>;
  /** The read the cases answer (`METHOD path`), and the honest answers of the others. */
  read: string;
  others?: Record<string, () => Reply>;
  /** Each answer of the read, from the body the failed call sent. */
  answers: Array<[name: string, reply: (call: Record<string, unknown>) => Reply, says: ReconcileResult['status']]>;
}

const order = (updated: string | null) => ({ id: 'ord_1', object: 'order', source_id: 'web-1', amount: 100, created_at: now(), updated_at: updated });
const rolled = (rollbacks: unknown[]) => ({ id: 'r_1', object: 'redemption', result: 'SUCCESS', date: now(), related_redemptions: { rollbacks } });
const card = (code: string, created: string) => ({ id: 'v_card_9', code, type: 'LOYALTY_CARD', object: 'voucher', campaign_id: 'camp_1', created_at: created });
const member = { id: 'v_card_1', code: 'LOYAL-1', type: 'LOYALTY_CARD', object: 'voucher', campaign_id: 'camp_1', created_at: '2024-01-01T00:00:00Z' };

const READS: Read[] = [
  {
    name: 'orders.create (the order sent again)',
    post: 'POST /v1/orders',
    call: (c) => c.orders.create({ source_id: 'web-1', amount: 100 }),
    read: 'POST /v1/orders',
    answers: [
      ['the order, made a day before', () => ({ body: { ...order(now()), created_at: dayAgo() } }), 'applied'],
      // Its updated_at proves nothing: a service may leave it out or set it on creation (the check may have made it).
      ['the order, made before (updated_at later than created_at)', () => ({ body: order(later()) }), 'cannot_tell'],
      ['the order, made now (updated_at null)', () => ({ body: order(null) }), 'cannot_tell'],
      ['the order, made a day before, its created_at without a zone', () => ({ body: { ...order(now()), created_at: dayAgo().slice(0, 19) } }), 'cannot_tell'],
      ['the order, made a day before, its created_at cut to the day', () => ({ body: { ...order(now()), created_at: dayAgo().slice(0, 10) } }), 'cannot_tell'],
      ['another order', () => ({ body: { ...order(null), source_id: 'web-2' } }), 'cannot_tell'],
      ['the order without updated_at', () => ({ body: { id: 'ord_1', source_id: 'web-1', created_at: now() } }), 'cannot_tell'],
      ["a 404 of the order's source_id", () => notFound('order', 'web-1'), 'cannot_tell'],
      ...GARBAGE.map(([name, reply]): [string, () => Reply, ReconcileResult['status']] => [name, () => reply, 'cannot_tell']),
      ["a proxy's HTML 404", () => HTML_404, 'cannot_tell'],
      ['a 500', () => FAILED, 'cannot_tell'],
    ],
  },
  ...(['DISCOUNT_VOUCHER', 'LOYALTY_CARD'] as const).map(
    (type): Read => ({
      name: `vouchers.create (a ${type === 'LOYALTY_CARD' ? 'loyalty card' : 'discount voucher'}, read back)`,
      post: 'POST /v1/vouchers/NEW-10',
      call: (c) =>
        c.vouchers.create('NEW-10', type === 'LOYALTY_CARD' ? { type, loyalty_card: { points: 0 } } : { type, discount: { type: 'AMOUNT', amount_off: 500 } }),
      read: 'GET /v1/vouchers/NEW-10',
      answers: [
        ["the voucher, with the call's marker", (call) => ({ body: { ...card('NEW-10', now()), type, metadata: call.metadata } }), 'applied'],
        ["the service's 404 of the code", () => notFound('voucher', 'NEW-10'), 'not_found'],
        ['the voucher, made since the call, without a marker', () => ({ body: { ...card('NEW-10', now()), type, metadata: {} } }), 'cannot_tell'],
        [
          "the voucher, with another call's marker",
          () => ({ body: { ...card('NEW-10', now()), type, metadata: { promokit_marker: 'mk_0000000000000000000000other' } } }),
          'cannot_tell',
        ],
        ['the voucher, made a year before', () => ({ body: { ...card('NEW-10', '2020-01-01T00:00:00Z'), type } }), 'cannot_tell'],
        ["another voucher, with the call's marker", (call) => ({ body: { ...card('OLD-10', now()), type, metadata: call.metadata } }), 'cannot_tell'],
        ['a 404 of another voucher', () => notFound('voucher', 'OLD-10'), 'cannot_tell'],
        ['a 404 of a campaign', () => notFound('campaign', 'NEW-10'), 'cannot_tell'],
        ...GARBAGE.map(([name, reply]): [string, () => Reply, ReconcileResult['status']] => [name, () => reply, 'cannot_tell']),
        ["a proxy's HTML 404", () => HTML_404, 'cannot_tell'],
        ['a 500', () => FAILED, 'cannot_tell'],
      ],
    }),
  ),
  {
    name: 'redemptions.rollback (the redemption read back)',
    post: 'POST /v1/redemptions/r_1/rollback',
    call: (c) => c.redemptions.rollback('r_1', { reason: 'returned' }),
    read: 'GET /v1/redemptions/r_1',
    others: {
      'GET /v1/redemptions/rr_1': () => ({ body: { id: 'rr_1', object: 'redemption_rollback', result: 'SUCCESS', redemption: 'r_1', date: now() } }),
      // Another redemption's rollback, listed under this one.
      'GET /v1/redemptions/rr_9': () => ({ body: { id: 'rr_9', object: 'redemption_rollback', result: 'SUCCESS', redemption: 'r_2', date: now() } }),
      'GET /v1/redemptions/rr_8': () => ({ body: { id: 'rr_1', object: 'redemption_rollback', result: 'SUCCESS', redemption: 'r_1', date: now() } }),
    },
    answers: [
      ['the redemption, its rollback listed', () => ({ body: rolled([{ id: 'rr_1', date: now() }]) }), 'applied'],
      ['the redemption, no rollback listed', () => ({ body: { ...rolled([]), status: 'SUCCEEDED' } }), 'not_found'],
      // Fields left out are no evidence: a redemption without its status or its list of rollbacks.
      ['the redemption without its status', () => ({ body: rolled([]) }), 'cannot_tell'],
      [
        'the redemption without related_redemptions',
        () => ({ body: { id: 'r_1', object: 'redemption', result: 'SUCCESS', status: 'SUCCEEDED', date: now() } }),
        'cannot_tell',
      ],
      ['the redemption, its rollback listed, read back as a rollback of another', () => ({ body: rolled([{ id: 'rr_9', date: now() }]) }), 'cannot_tell'],
      ['the redemption, its rollback listed, read back as another record', () => ({ body: rolled([{ id: 'rr_8', date: now() }]) }), 'cannot_tell'],
      ["the service's 404 of the redemption", () => notFound('redemption', 'r_1'), 'not_found'],
      ['another redemption', () => ({ body: { ...rolled([]), id: 'r_2' } }), 'cannot_tell'],
      ['a 404 of another redemption', () => notFound('redemption', 'r_2'), 'cannot_tell'],
      ['a 404 of a customer', () => notFound('customer', 'r_1'), 'cannot_tell'],
      ...GARBAGE.map(([name, reply]): [string, () => Reply, ReconcileResult['status']] => [name, () => reply, 'cannot_tell']),
      ["a proxy's HTML 404", () => HTML_404, 'cannot_tell'],
      ['a 500', () => FAILED, 'cannot_tell'],
    ],
  },
  {
    name: 'validations.validate with a session (the lock released)',
    post: 'POST /v1/validations',
    call: (c) => c.validations.validate({ redeemables: [{ object: 'voucher', id: 'A' }], session: { key: 'ssn-1' } }),
    read: 'DELETE /v1/vouchers/A/sessions/ssn-1',
    answers: [
      ['released: 204', () => ({ status: 204 }), 'not_found'],
      ["the service's 404 of the session", () => notFound('session', 'ssn-1'), 'not_found'],
      ['a 404 of the voucher', () => notFound('voucher', 'A'), 'cannot_tell'],
      ['a 404 of another session', () => notFound('session', 'ssn-2'), 'cannot_tell'],
      ['a 404 without the session named', () => ({ status: 404, body: { code: 404, key: 'not_found', message: 'Resource not found' } }), 'cannot_tell'],
      ["a proxy's HTML 404", () => HTML_404, 'cannot_tell'],
      ['a 500', () => FAILED, 'cannot_tell'],
    ],
  },
  {
    name: "loyalties.redeemReward (the member's card read first)",
    post: 'POST /v1/loyalties/members/LOYAL-1/redemption',
    call: (c) => c.loyalties.redeemReward('LOYAL-1', { reward: { id: 'rew_1' } }),
    read: 'GET /v1/loyalties/members/LOYAL-1',
    others: {
      'GET /v1/loyalties/camp_1/transactions': () => ({ body: { object: 'list', data_ref: 'data', data: [], has_more: false } }),
      'GET /v1/vouchers/v_card_1': () => ({ body: member }),
    },
    answers: [
      ['the member, its campaign with no transaction', () => ({ body: member }), 'not_found'],
      ["the service's 404 of the card", () => notFound('voucher', 'LOYAL-1'), 'not_found'],
      ['a 404 of another card', () => notFound('voucher', 'LOYAL-2'), 'cannot_tell'],
      ['a 404 of a reward', () => notFound('reward', 'rew_1'), 'cannot_tell'],
      ['the member without its id', () => ({ body: { ...member, id: undefined } }), 'cannot_tell'],
      // The member read back must be the card and campaign asked for.
      ['another card', () => ({ body: { ...member, id: 'v_card_2', code: 'LOYAL-2' } }), 'cannot_tell'],
      // The call named no campaign: the card's own record (camp_1) must agree with the member's.
      ['the member in another campaign', () => ({ body: { ...member, campaign_id: 'camp_2' } }), 'cannot_tell'],
      ...GARBAGE.map(([name, reply]): [string, () => Reply, ReconcileResult['status']] => [name, () => reply, 'cannot_tell']),
      ["a proxy's HTML 404", () => HTML_404, 'cannot_tell'],
      ['a 500', () => FAILED, 'cannot_tell'],
    ],
  },
  {
    name: "publications.create (the customer's redeemables, first page)",
    post: 'POST /v1/publications',
    call: (c) => c.publications.create({ campaign: { name: 'Welcome' }, customer: { source_id: 'cu-1' } }),
    read: 'GET /v1/customers/cu-1/redeemables',
    answers: [
      // A customer named by source_id, which the service may store otherwise: its empty list, or its 404, proves nothing.
      ['no redeemable', () => ({ body: { object: 'list', data_ref: 'data', data: [], has_more: false } }), 'cannot_tell'],
      ["the service's 404 of the customer", () => notFound('customer', 'cu-1'), 'cannot_tell'],
      [
        'a page of vouchers, not redeemables',
        () => ({ body: { object: 'list', data_ref: 'data', data: [card('X-1', now())], has_more: false } }),
        'cannot_tell',
      ],
      ['a 404 of another customer', () => notFound('customer', 'cu-2'), 'cannot_tell'],
      ['a 404 of the campaign', () => notFound('campaign', 'Welcome'), 'cannot_tell'],
      ["a proxy's HTML 404", () => HTML_404, 'cannot_tell'],
      ['a 500', () => FAILED, 'cannot_tell'],
    ],
  },
];

describe('the reads of every check × every answer × every validation mode', () => {
  const figures: Array<ReconcileResult['status']> = [];
  it.each(READS.map((r) => [r.name, r] as const))(
    "%s: only honest answers and the service's own 404 of the record answer; the rest cannot_tell",
    async (_name, read) => {
      for (const [name, reply, says] of read.answers)
        for (const mode of MODES) {
          let failed = false;
          let call: Record<string, unknown> = {};
          const server = await serve((sent, res) => {
            const key = `${sent.method} ${sent.path}`;
            // The failed call: its answer lost.
            if (key === read.post && !failed) {
              failed = true;
              call = JSON.parse(sent.body || '{}') as Record<string, unknown>;
              res.destroy();
              return;
            }
            const answer = key === read.read ? reply(call) : read.others?.[key]?.();
            const r = answer ?? { status: 404, body: { code: 404, key: 'not_found', message: 'no route' } };
            const text = r.raw ?? (r.body === undefined ? '' : JSON.stringify(r.body));
            res.writeHead(r.status ?? 200, { 'content-type': r.raw === undefined ? 'application/json' : 'text/html', ...r.headers }).end(text);
          });
          const client = new Client({ baseUrl: server.url, ...keys, logLevel: 'off', validation: mode, maxRetries: 0 });
          const error = await read.call(client).then(
            () => undefined,
            (e: unknown) => e,
          );
          const result = await client.reconcile(error);
          const label = `${read.name}, ${name}, ${mode}: ${JSON.stringify(result)}`;
          expect(server.sent.filter((s) => `${s.method} ${s.path}` === read.read).length, label).toBeGreaterThan(0);
          expect(result.status, label).toBe(says);
          figures.push(result.status);
          await server.close();
        }
    },
  );

  it('records the figures', () => {
    const count = (s: string) => figures.filter((f) => f === s).length;
    record(
      'reconcile-reads',
      `${READS.length} reads, ${READS.reduce((n, r) => n + r.answers.length, 0)} answers in all × 3 modes: ${figures.length} cases, ${count('applied')} applied, ${count('not_found')} not_found, ${count('cannot_tell')} cannot_tell, each as its rule says`,
    );
  });
});

describe('a failed read', () => {
  it('is cannot_tell with its typed error as cause', async () => {
    const server = await serve((sent, res) => {
      if (sent.method === 'POST') return void res.destroy();
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"code":500,"message":"x"}');
    });
    const client = new Client({ baseUrl: server.url, ...keys, logLevel: 'off', maxRetries: 0 });
    const error = await client.redemptions.rollback('r_1').catch((e: unknown) => e);
    const result = await client.reconcile(error);
    expect(result).toMatchObject({ status: 'cannot_tell', cause: expect.any(PromokitError) });
    await server.close();
  });
});
