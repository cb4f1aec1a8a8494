/**
 * The hostile checklist on the checkout, over real servers on 127.0.0.1 that misbehave: every way
 * a spend of the checkout can end says its `outcome` honestly; a JavaScript caller's wrong types
 * and values are refused before anything is sent, naming the field; the params are read once and
 * what was checked is what is sent and kept for `client.reconcile`; the service's answers are
 * input (a rollback that is not the redemption's, a cursor that comes back with any period);
 * every walk and read-back is bounded; what fetch would refuse is refused first; messages stay
 * bounded and printable; a check never sends with another tenant's client; a chunk that cannot
 * load leaves a typed error.
 */
import { inspect } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import {
  BadRequestError,
  Client,
  InvalidRequestError,
  PaginationStalledError,
  PromokitError,
  retryDecision,
  type RedeemStackedParams,
  type RequestOptions,
} from '../../src/index.js';
import { useRecorders } from '../helpers/recorder.js';
import { json, keys, secrets, settle, throwingProxy } from './servers.js';
import { useFigures } from './table.js';

const serve = useRecorders().startRaw;
const record = useFigures('hostile/checkout');

const voucher = (id: string) => ({ object: 'voucher' as const, id });
const redeemables = [voucher('SPRING15')];

/** Every checkout call that changes state, on a client: the spend classes and the idempotent writes. */
const WRITES: Array<[name: string, effect: 'spend' | 'idempotent', call: (c: Client, o: RequestOptions) => Promise<unknown>]> = [
  ['redemptions.redeem', 'spend', (c, o) => c.redemptions.redeem({ redeemables, order: { source_id: 'web-1', amount: 5000 } }, o)],
  ['validations.validate (session)', 'spend', (c, o) => c.validations.validate({ redeemables, session: {} }, o)],
  ['redemptions.rollback', 'idempotent', (c, o) => c.redemptions.rollback('r_1', { reason: 'returned' }, o)],
  ['vouchers.releaseSession', 'idempotent', (c, o) => c.vouchers.releaseSession('SPRING15', 'checkout-1', o)],
];

/** How an exchange can end, and the outcome it must give. */
type Ending = { name: string; outcome: 'rejected' | 'unknown'; handle: (res: import('node:http').ServerResponse) => void; timeout?: number };
const ENDINGS: Ending[] = [
  {
    name: 'reset before any byte',
    outcome: 'unknown',
    handle: (res) => {
      res.socket?.destroy();
    },
  },
  {
    name: 'reset mid-body',
    outcome: 'unknown',
    handle: (res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '400' }).write('{"redemptions":[');
      setTimeout(() => res.socket?.destroy(), 20);
    },
  },
  { name: 'no answer (timeout before headers)', outcome: 'unknown', handle: () => undefined, timeout: 200 },
  {
    name: 'headers, then nothing (timeout after headers)',
    outcome: 'unknown',
    handle: (res) => res.writeHead(200, { 'content-type': 'application/json', 'content-length': '400' }).write('{'),
    timeout: 200,
  },
  { name: '500', outcome: 'unknown', handle: (res) => json(res, 500, { code: 500, message: 'boom' }) },
  { name: '503', outcome: 'unknown', handle: (res) => json(res, 503, { code: 503, message: 'down' }) },
  { name: '200 with a body that is not JSON', outcome: 'unknown', handle: (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('<html>') },
  { name: '302', outcome: 'unknown', handle: (res) => res.writeHead(302, { location: '/elsewhere' }).end() },
  { name: '307', outcome: 'rejected', handle: (res) => res.writeHead(307, { location: '/elsewhere' }).end() },
  { name: '409', outcome: 'rejected', handle: (res) => json(res, 409, { code: 409, key: 'conflict', message: 'no' }) },
  { name: '422', outcome: 'rejected', handle: (res) => json(res, 422, { code: 422, key: 'unprocessable', message: 'no' }) },
];

describe('outcome honesty', () => {
  it('every way a checkout write can end gives the outcome it must; a spend is sent once and decided reconcile when unknown', async () => {
    const rows: string[] = [];
    for (const [name, effect, call] of WRITES) {
      for (const ending of ENDINGS) {
        const service = await serve((_request, res) => ending.handle(res));
        const client = new Client({ baseUrl: service.url, ...keys, logLevel: 'off', maxRetries: 2, maxRetryDelay: 0 });
        const { error } = await settle(call(client, { timeout: ending.timeout ?? 5_000 }));
        expect(error, `${name}, ${ending.name}`).toBeInstanceOf(PromokitError);
        expect((error as PromokitError).outcome, `${name}, ${ending.name}`).toBe(ending.outcome);
        // A spend reaches the service once whatever happens; a write safe to repeat is retried on what may pass.
        if (effect === 'spend') {
          expect(service.sent.length, `${name}, ${ending.name}: sent`).toBe(1);
          if (ending.outcome === 'unknown') expect(retryDecision(error)).toEqual({ action: 'reconcile' });
        } else if (ending.outcome === 'unknown') expect(retryDecision(error).action, `${name}, ${ending.name}`).not.toBe('reconcile');
        rows.push(`${name} ${ending.name}: ${(error as PromokitError).outcome}`);
      }
    }
    // Refused before the service: nothing sent, not_sent.
    const closed = new Client({ baseUrl: 'http://127.0.0.1:9', ...keys, logLevel: 'off', maxRetries: 0 });
    for (const [name, , call] of WRITES) expect((await settle(call(closed, {}))).error, name).toMatchObject({ outcome: 'not_sent' });
    record(
      'checkout-outcome',
      `${rows.length} endings (${WRITES.length} writes × ${ENDINGS.length} ways, resets, timeouts before and after headers, 5xx, unreadable 2xx, 3xx, 4xx) plus a refused connection: each outcome as the rule says; every spend sent once`,
    );
  });
});

describe('types are not checks', () => {
  /** A wrong value for a field, and the field the refusal must name. */
  const wrong: Array<[string, (c: Client) => Promise<unknown>, string]> = [];
  const loose = (c: Client) => c as unknown as Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>;
  for (const value of ['false', '1', null, Number.NaN, {}, [], 3.5, true]) {
    const shown = JSON.stringify(value) ?? String(value);
    if (value !== null) wrong.push([`redeemables: ${shown}`, (c) => loose(c).validations!.validate!({ redeemables: value }), 'redeemables']);
    // A string is an id, whatever it reads: only other types are wrong for the ids and keys.
    const id = typeof value !== 'string';
    if (id)
      wrong.push([
        `redeemables[0].id: ${shown}`,
        (c) => loose(c).redemptions!.redeem!({ redeemables: [{ object: 'voucher', id: value }] }),
        'redeemables[0].id',
      ]);
    wrong.push([`session.ttl: ${shown}`, (c) => loose(c).validations!.validate!({ redeemables, session: { ttl: value } }), 'session.ttl']);
    wrong.push([`order.amount: ${shown}`, (c) => loose(c).redemptions!.redeem!({ redeemables, order: { amount: value } }), 'order.amount']);
    if (typeof value !== 'boolean') wrong.push([`marker: ${shown}`, (c) => loose(c).redemptions!.redeem!({ redeemables, marker: value }), 'marker']);
    wrong.push([`options.limit: ${shown}`, (c) => loose(c).qualifications!.check!({ options: { limit: value } }), 'options.limit']);
    wrong.push([`page: ${shown}`, (c) => loose(c).redemptions!.list!({ page: value }), 'page']);
    if (id) wrong.push([`a session key of ${shown}`, (c) => loose(c).vouchers!.releaseSession!('SPRING15', value), 'sessionKey']);
    if (id) wrong.push([`a redemption id of ${shown}`, (c) => loose(c).redemptions!.rollback!(value), 'redemptionId']);
  }

  it.each(wrong)('%s: InvalidRequestError naming the field, nothing sent', async (_case, call, field) => {
    const service = await serve((_request, res) => json(res, 200, {}));
    const client = new Client({ baseUrl: service.url, ...keys, logLevel: 'off' });
    const { error } = await settle(call(client));
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(
      (error as InvalidRequestError).issues.map((i) =>
        i.path
          .map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`))
          .join('')
          .replace(/^\./, ''),
      ),
    ).toContain(field);
    expect(service.sent).toHaveLength(0);
  });

  it('the catalogue is counted', () => {
    record(
      'checkout-types',
      `${wrong.length} wrong values ('false', '1', null, NaN, {}, [], 3.5, true) in 9 fields of 6 operations (strings left out for the ids and keys, where any string is one): each an \`InvalidRequestError\` naming its field, nothing sent`,
    );
  });
});

describe('check the snapshot you use', () => {
  it('a getter answering the check one value and the wire another: the checked value is sent, and reconcile looks for it', async () => {
    const now = new Date().toISOString();
    const service = await serve((request, res) => {
      if (request.method === 'POST') return json(res, 503, { code: 503, message: 'down' });
      // The redemptions since the call: one of the order the call sent.
      json(res, 200, {
        object: 'list',
        data_ref: 'redemptions',
        redemptions: [
          { id: 'r_found', object: 'redemption', result: 'SUCCESS', date: now, order: { source_id: 'web-checked' }, related_object_type: 'voucher' },
        ],
        total: 1,
      });
    });
    const client = new Client({ baseUrl: service.url, ...keys, logLevel: 'off', maxRetries: 0 });
    let reads = 0;
    const order = Object.defineProperty({ amount: 5000 }, 'source_id', {
      enumerable: true,
      configurable: true,
      get: () => (++reads === 1 ? 'web-checked' : 'web-other'),
    });
    // Without a marker, the order's source_id is the call's identity (with one sent, only the marker is).
    const { error } = await settle(client.redemptions.redeem({ redeemables, order, marker: false } as RedeemStackedParams));
    expect(JSON.parse(service.sent[0]!.body).order.source_id).toBe('web-checked');
    // The caller's object changes afterwards: reconcile reads the call's own snapshot.
    Object.defineProperty(order, 'source_id', { value: 'web-changed' });
    const result = await client.reconcile(error);
    expect(result).toMatchObject({ status: 'applied', record: { redemptions: [{ id: 'r_found' }] } });
    record(
      'checkout-snapshot',
      `the getter read ${reads} time; the wire sent "web-checked"; reconcile found "r_found" by it after the caller's object changed`,
    );
  });

  it('the session key promokit makes is in the snapshot: a retry sends the same key, and the error keeps it', async () => {
    const service = await serve((_request, res, n) =>
      n === 1 ? json(res, 429, { code: 429, message: 'slow' }, { 'retry-after': '0' }) : json(res, 200, { valid: true, redeemables: [] }),
    );
    const client = new Client({ baseUrl: service.url, ...keys, logLevel: 'off', maxRetries: 1, maxRetryDelay: 10 });
    await client.validations.validate({ redeemables, session: {} });
    const [first, second] = service.sent.map((s) => JSON.parse(s.body).session.key);
    expect(first).toMatch(/^ssn_pk_/);
    expect(second).toBe(first);
  });

  it('no checkout method throws synchronously, whatever it is given: each rejects with a typed error', async () => {
    const client = new Client({ baseUrl: 'http://127.0.0.1:9', ...keys, logLevel: 'off', maxRetries: 0 });
    const garbage = [undefined, null, 'x', 42, throwingProxy(), { redeemables: throwingProxy() }, { redeemables: [10n] }];
    const methods: Array<(arg: unknown) => Promise<unknown>> = [
      (a) => client.validations.validate(a as never),
      (a) => client.redemptions.redeem(a as never),
      (a) => client.redemptions.list(a as never),
      (a) => client.redemptions.get(a as never),
      (a) => client.redemptions.rollback('r_1', a as never),
      (a) => client.vouchers.getRedemptions(a as never),
      (a) => client.vouchers.releaseSession('SPRING15', a as never),
      (a) => client.qualifications.check(a as never),
    ];
    let calls = 0;
    for (const method of methods)
      for (const value of garbage) {
        let promise: Promise<unknown> | undefined;
        expect(() => {
          promise = method(value);
        }).not.toThrow();
        const error = await promise!.then(
          () => undefined,
          (e: unknown) => e,
        );
        // Resolving is allowed only where the value is a valid input (an absent optional params object, say); a rejection is typed.
        if (error !== undefined) expect(error).toBeInstanceOf(PromokitError);
        calls++;
      }
    record(
      'checkout-no-throw',
      `${calls} calls (8 methods × undefined, null, a string, a number, a throwing Proxy, a Proxy of redeemables, a BigInt): none threw synchronously; every rejection a \`PromokitError\``,
    );
  });
});

describe("the service's answers are input", () => {
  it("already_rolled_back, then a rollback read back that is another redemption's, or garbage dates: the refusal stands, two reads at most", async () => {
    const cases: Array<[string, unknown, unknown]> = [
      [
        "another redemption's rollback",
        { id: 'r_1', object: 'redemption', result: 'SUCCESS', related_redemptions: { rollbacks: [{ id: 'rr_x', date: 'yesterday' }] } },
        { id: 'rr_x', object: 'redemption_rollback', result: 'SUCCESS', redemption: 'r_other' },
      ],
      [
        'rollbacks that are no records',
        { id: 'r_1', object: 'redemption', result: 'SUCCESS', related_redemptions: { rollbacks: [null, 7, { id: 42 }] } },
        undefined,
      ],
      ['a redemption read back as a rollback', { id: 'r_1', object: 'redemption_rollback', result: 'SUCCESS' }, undefined],
    ];
    for (const [name, redemption, rollback] of cases) {
      const service = await serve((request, res) => {
        if (request.method === 'POST') return json(res, 400, { code: 400, key: 'already_rolled_back', message: 'done' });
        if (request.path === '/v1/redemptions/r_1') return json(res, 200, redemption);
        return rollback ? json(res, 200, rollback) : json(res, 404, { code: 404, key: 'not_found', message: 'no' });
      });
      const client = new Client({ baseUrl: service.url, ...keys, logLevel: 'off' });
      const { error } = await settle(client.redemptions.rollback('r_1'));
      expect(error, name).toBeInstanceOf(BadRequestError);
      expect(service.sent.filter((s) => s.method === 'GET').length, name).toBeLessThanOrEqual(2);
    }
    record('checkout-answers', `${cases.length} hostile read-backs after \`already_rolled_back\`: the \`BadRequestError\` stands each time, at most 2 reads`);
  });

  it('a qualification cursor that comes back after 1, 2, 3 or 7 pages: PaginationStalledError within 3 × the period + 3 requests, at its first step forward in the newest-first order', async () => {
    const figures: string[] = [];
    for (const sorting_rule of [undefined, 'BEST_DEAL'] as const) {
      const runs: string[] = [];
      for (const period of [1, 2, 3, 7]) {
        const service = await serve((request, res) => {
          const after = JSON.parse(request.body).options?.starting_after as string | undefined;
          const n = after ? Number(after.slice(17, 19)) : 0;
          const next = `2026-01-01T00:00:${String((n + 1) % period).padStart(2, '0')}.000Z`;
          json(res, 200, {
            redeemables: { object: 'list', data: [{ id: `q_${service.sent.length}`, created_at: next }], has_more: true, more_starting_after: next },
          });
        });
        const client = new Client({ baseUrl: service.url, ...keys, logLevel: 'off' });
        const { error } = await settle(client.qualifications.check({ options: { sorting_rule } }).toArray({ max: 10_000 }));
        expect(error, `period ${period}`).toBeInstanceOf(PaginationStalledError);
        expect(service.sent.length, `period ${period}`).toBeLessThanOrEqual(sorting_rule ? 3 * period + 3 : 3);
        runs.push(`${period}: ${service.sent.length}`);
      }
      figures.push(`${sorting_rule ?? 'newest first'}, requests by period: ${runs.join(', ')}`);
    }
    record('checkout-cursor', figures.join('; '));
  });
});

describe('what fetch refuses, refused first; messages bounded and printable', () => {
  it('a lone surrogate in a redeemable, a session key or a path; a keepalive body past 64 KB: InvalidRequestError, nothing sent', async () => {
    const service = await serve((_request, res) => json(res, 200, {}));
    const client = new Client({ baseUrl: service.url, ...keys, logLevel: 'off' });
    const calls: Array<Promise<unknown>> = [
      client.validations.validate({ redeemables: [voucher('bad\uD800')] }),
      client.validations.validate({ redeemables, session: { key: 'k\uDC00' } }),
      client.vouchers.releaseSession('SPRING15', 'k\uD800'),
      client.redemptions.get('r_\uD800'),
      client.redemptions.redeem({ redeemables, metadata: { note: 'x'.repeat(70_000) } }, { keepalive: true }),
    ];
    for (const call of calls) expect((await settle(call)).error).toBeInstanceOf(InvalidRequestError);
    expect(service.sent).toHaveLength(0);
    record('checkout-fetch-refuses', `${calls.length} of ${calls.length} refused with \`InvalidRequestError\`, nothing sent`);
  });

  it('501 items with fractional prices, and a service error of a megabyte of control characters: bounded, printable messages', async () => {
    const client = new Client({ baseUrl: 'http://127.0.0.1:9', ...keys, logLevel: 'off' });
    const items = Array.from({ length: 501 }, () => ({ price: 9.99, quantity: 0.5 }));
    const { error } = await settle(client.redemptions.redeem({ redeemables, order: { items } }));
    expect(error).toBeInstanceOf(InvalidRequestError);
    const message = (error as Error).message;
    expect(message.length).toBeLessThan(3_000);
    const service = await serve((_request, res) =>
      json(res, 400, { code: 400, key: 'invalid_payload', message: `\u0000\u001b[31m${'\u0007'.repeat(1_000_000)}`, details: 'x'.repeat(1_000_000) }),
    );
    const answered = await settle(new Client({ baseUrl: service.url, ...keys, logLevel: 'off' }).validations.validate({ redeemables }));
    const text = (answered.error as Error).message;
    expect(text.length).toBeLessThan(3_000);
    expect(text).not.toMatch(/[\u0000-\u0008\u001b]/);
    record(
      'checkout-messages',
      `1,002 issues: a message of ${message.length} characters; a 2 MB error of control characters: ${text.length} printable characters`,
    );
  });
});

describe('secrets and tenants', () => {
  it('a reconcile read answered with the credentials echoed: the cannot_tell reason, its cause and every rendering hold none', async () => {
    const service = await serve((request, res) => {
      if (request.method === 'POST') res.socket?.destroy();
      else json(res, 500, { code: 500, message: `token ${keys.accessToken} app ${keys.appToken}` });
    });
    const client = new Client({ baseUrl: service.url, ...keys, logLevel: 'off', maxRetries: 0 });
    const { error } = await settle(client.redemptions.redeem({ redeemables, order: { source_id: 'web-1' } }));
    const result = await client.reconcile(error);
    expect(result.status).toBe('cannot_tell');
    const renderings = [
      JSON.stringify(result),
      inspect(result, { depth: 8 }),
      String((result as { cause?: Error }).cause?.stack),
      JSON.stringify((result as { cause?: unknown }).cause),
    ];
    for (const secret of secrets) for (const text of renderings) expect(text).not.toContain(secret);
    record('checkout-secrets', `${renderings.length} renderings of the result and its cause: no credential`);
  });

  it("another tenant's client asked to reconcile a checkout error: cannot_tell, nothing sent with its credentials", async () => {
    const service = await serve((_request, res) => {
      res.socket?.destroy();
    });
    const a = new Client({ baseUrl: service.url, ...keys, logLevel: 'off', maxRetries: 0 });
    const b = new Client({ baseUrl: service.url, appId: 'other-app', appToken: 'other-token', accessToken: 'other-access', logLevel: 'off' });
    const errors = [
      (await settle(a.redemptions.redeem({ redeemables, order: { source_id: 'web-1' } }))).error,
      (await settle(a.validations.validate({ redeemables, session: {} }))).error,
      (await settle(a.redemptions.rollback('r_1', {}, { maxRetries: 0 }))).error,
    ];
    const before = service.sent.length;
    for (const error of errors) expect((await b.reconcile(error)).status).toBe('cannot_tell');
    expect(service.sent.length).toBe(before);
    record('checkout-tenants', `${errors.length} checkout errors reconciled by another tenant's client: ${errors.length} \`cannot_tell\`, 0 requests`);
  });
});

describe('a chunk loaded on first use that cannot load', () => {
  it("the rollback's read-back failing to load: a ConfigurationError naming it, outcome rejected (the service answered already_rolled_back)", async () => {
    vi.resetModules();
    vi.doMock('../../src/resources/rollback-read.js', () => {
      throw new Error('chunk missing');
    });
    try {
      const { Client: Fresh, ConfigurationError: FreshConfigurationError, retryDecision: freshDecision } = await import('../../src/index.js');
      const service = await serve((_request, res) => json(res, 400, { code: 400, key: 'already_rolled_back', message: 'done' }));
      const { error } = await settle(new Fresh({ baseUrl: service.url, ...keys, logLevel: 'off' }).redemptions.rollback('r_1'));
      expect(error).toBeInstanceOf(FreshConfigurationError);
      expect(error).toMatchObject({ option: 'chunk', chunk: 'rollback-read', outcome: 'rejected' });
      expect((error as Error).message).toContain('answered 400 already_rolled_back');
      expect(freshDecision(error)).toEqual({ action: 'fail' });
      expect(service.sent).toHaveLength(1);
      record(
        'checkout-chunk',
        '`ConfigurationError` naming `rollback-read`, outcome `rejected`, decision `fail`; 1 request: the failed load adds nothing untyped',
      );
    } finally {
      vi.doUnmock('../../src/resources/rollback-read.js');
      vi.resetModules();
    }
  });
});
