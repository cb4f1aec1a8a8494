/**
 * The hostile checklist on the records around a checkout (customers, vouchers as records,
 * products, metadata schemas), over real `node:http` servers on 127.0.0.1 that misbehave: values
 * of the wrong type in every params field, a snapshot that changes under the SDK, path ids fetch
 * would refuse, a DELETE whose answer is lost, a create sent once, walks that never end, and
 * metadata schemas that attack the reader. The classes and their figures are rows of the hostile
 * table (docs/RELIABILITY.md).
 */
import { describe, expect, it } from 'vitest';
import {
  Client,
  InvalidRequestError,
  NotFoundError,
  PaginationLimitError,
  PaginationStalledError,
  PromokitError,
  ResponseTooLargeError,
  formatPath,
  retryDecision,
} from '../../src/index.js';
import { customer, metadataSchemaList } from '../fixtures/every-field.js';
import { refusedUrl } from '../helpers/http-server.js';
import { useRecorders, type Recorder } from '../helpers/recorder.js';
import { json, keys, settle, throwingProxy } from './servers.js';
import { useFigures } from './table.js';

const { start, startRaw } = useRecorders();
const refused = await refusedUrl();
const record = useFigures('hostile/checkout-records');

const client = (server: Recorder, options: ConstructorParameters<typeof Client>[0] = {}) =>
  new Client({ baseUrl: server.url, ...keys, logLevel: 'off', maxRetries: 2, maxRetryDelay: 10, ...options });

/** Every params field of the fifteen operations, with a call that puts `value` there. */
const fields: Array<readonly [operation: string, field: string, call: (c: Client, value: unknown) => PromiseLike<unknown>]> = [
  ...['limit', 'page', 'email', 'city', 'name', 'segment_id', 'created_at', 'updated_at', 'order', 'starting_after'].map(
    (field) => ['customers.list', field, (c: Client, v: unknown) => c.customers.list({ [field]: v } as never)] as const,
  ),
  ...['id', 'source_id', 'name', 'description', 'email', 'phone', 'birthday', 'birthdate', 'metadata'].map(
    (field) => ['customers.create', field, (c: Client, v: unknown) => c.customers.create({ [field]: v } as never)] as const,
  ),
  ...['name', 'email', 'address', 'metadata'].map(
    (field) => ['customers.update', field, (c: Client, v: unknown) => c.customers.update('cust_1', { [field]: v } as never)] as const,
  ),
  ...['limit', 'page', 'category', 'campaign_id', 'campaign', 'customer', 'created_at', 'updated_at', 'order', 'code', 'ids', 'filters'].map(
    (field) => ['vouchers.list', field, (c: Client, v: unknown) => c.vouchers.list({ [field]: v } as never)] as const,
  ),
  ...['category', 'category_id', 'active', 'additional_info', 'metadata', 'type', 'discount', 'start_date', 'expiration_date', 'validity_day_of_week'].map(
    (field) => ['vouchers.update', field, (c: Client, v: unknown) => c.vouchers.update('V-1', { [field]: v } as never)] as const,
  ),
  ['vouchers.delete', 'force', (c, v) => c.vouchers.delete('V-1', { force: v } as never)],
  ...['limit', 'page', 'order', 'start_date', 'end_date'].map(
    (field) => ['products.list', field, (c: Client, v: unknown) => c.products.list({ [field]: v } as never)] as const,
  ),
];

/** Values of another type than any field takes (`null` is left out where a field takes it: `address`). */
const wrong: Array<[label: string, make: () => unknown]> = [
  ["'false'", () => 'false'],
  ["'1'", () => '1'],
  ['null', () => null],
  ['NaN', () => Number.NaN],
  ['an object', () => ({ value: 1 })],
  ['an array', () => [1]],
  ['a Proxy', throwingProxy],
];

/** Whether `value` is one the field takes (the few cases where a wrong-looking value is right). */
function takes(field: string, label: string): boolean {
  if (label === 'null' && field === 'address') return true;
  // Text fields take any string; `metadata` and `filters` any object.
  if (
    (label === "'false'" || label === "'1'") &&
    [
      'email',
      'city',
      'name',
      'segment_id',
      'category',
      'campaign_id',
      'campaign',
      'customer',
      'code',
      'id',
      'source_id',
      'description',
      'phone',
      'additional_info',
      'category_id',
    ].includes(field)
  )
    return true;
  if (label === 'an array' && field === 'validity_day_of_week') return true;
  return label === 'an object' && ['metadata', 'filters', 'address', 'discount', 'created_at', 'updated_at'].includes(field);
}

describe('the records around a checkout, attacked', () => {
  it('types are not checks: every params field given the wrong type is refused, naming it; nothing sent, nothing thrown synchronously', async () => {
    const server = await start(() => ({ body: {} }));
    const c = client(server);
    let cases = 0;
    const failures: string[] = [];
    for (const [operation, field, call] of fields) {
      for (const [label, make] of wrong) {
        if (takes(field, label)) continue;
        cases += 1;
        let promise: Promise<unknown>;
        try {
          promise = Promise.resolve(call(c, make()));
        } catch (error) {
          failures.push(`${operation} ${field} = ${label}: threw synchronously ${String(error)}`);
          continue;
        }
        const { error } = await settle(promise);
        const named = error instanceof InvalidRequestError && error.issues.some((i) => formatPath(i.path).split(/[.[]/)[0] === field);
        if (!named && !(label === 'a Proxy' && error instanceof InvalidRequestError)) failures.push(`${operation} ${field} = ${label}: ${String(error)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(server.sent).toHaveLength(0);
    record('records-types', `${cases} cases over ${new Set(fields.map(([op]) => op)).size} operations: all refused by name, 0 requests`);
  });

  it('check the snapshot you use: a getter changing its answer, a toJSON, and the params of a walk read once for all its pages', async () => {
    const at = (id: string, year: number) => ({ ...customer, id, created_at: `${year}-01-01T00:00:00.000Z` });
    const server = await start((sent) => {
      if (sent.path !== '/v1/customers' || sent.method !== 'GET') return { body: customer };
      const later = sent.search.includes('starting_after');
      return {
        body: { object: 'list', data_ref: 'customers', customers: later ? [at('cust_3', 2023), at('cust_4', 2022)] : [at('cust_1', 2025), at('cust_2', 2024)] },
      };
    });
    const c = client(server);
    let reads = 0;
    const shifty = {
      get email() {
        reads += 1;
        return reads === 1 ? 'ada@example.test' : 42;
      },
    };
    await c.customers.update('cust_1', shifty as never);
    expect(reads).toBe(1);
    expect(JSON.parse(server.sent[0]!.body)).toEqual({ email: 'ada@example.test' });
    // What a toJSON answers is what is checked, and what is sent.
    const bad = await settle(c.customers.create({ source_id: 'a', birthdate: { toJSON: () => '1990-02-30' } as never }));
    expect(bad.error).toBeInstanceOf(InvalidRequestError);
    expect(server.sent).toHaveLength(1);
    await c.customers.create({ source_id: 'a', birthdate: { toJSON: () => '1990-02-28' } as never });
    expect(JSON.parse(server.sent[1]!.body)).toEqual({ source_id: 'a', birthdate: '1990-02-28' });
    let limitReads = 0;
    const params = {
      get limit() {
        limitReads += 1;
        return limitReads === 1 ? 2 : 'many';
      },
    };
    const walked = await c.customers.list(params as never).toArray({ max: 4 });
    expect(walked).toHaveLength(4);
    expect(limitReads).toBe(1);
    expect(server.sent.slice(2).map((s) => s.search.split('&')[0])).toEqual(['limit=2', 'limit=2']);
    record('records-snapshot', `getter read ${reads} time(s); a walk of ${server.sent.length - 2} pages read its params once`);
  });

  it('what fetch refuses, refused first: path ids and query text that cannot be sent as they are', async () => {
    const server = await start(() => ({ body: {} }));
    const c = client(server);
    const ids = ['', '  ', '.', '..', 'a\ud800b'];
    const calls: Array<[string, (id: string) => Promise<unknown>]> = [
      ['customerId', (id) => c.customers.get(id)],
      ['customerId', (id) => c.customers.update(id, {})],
      ['customerId', (id) => c.customers.delete(id)],
      ['code', (id) => c.vouchers.get(id)],
      ['code', (id) => c.vouchers.update(id, {})],
      ['code', (id) => c.vouchers.delete(id)],
      ['code', (id) => c.vouchers.enable(id)],
      ['code', (id) => c.vouchers.disable(id)],
      ['productId', (id) => c.products.get(id)],
      ['resource', (id) => c.metadataSchemas.get(id)],
    ];
    let refused = 0;
    for (const [name, call] of calls) {
      for (const id of ids) {
        const { error } = await settle(call(id));
        expect(error, `${name} ${JSON.stringify(id)}`).toBeInstanceOf(InvalidRequestError);
        expect((error as InvalidRequestError).issues.map((i) => formatPath(i.path))).toContain(name);
        refused += 1;
      }
    }
    for (const query of [() => c.customers.list({ email: 'a\udc00' }), () => c.vouchers.list({ ids: ['v_\ud800'] })]) {
      expect((await settle(query())).error).toBeInstanceOf(InvalidRequestError);
      refused += 1;
    }
    expect(server.sent).toHaveLength(0);
    record('records-refused-ids', `${refused} of ${refused} refused as InvalidRequestError, 0 requests`);
  });

  it('outcome honesty: a DELETE resolves on a 404 only after an attempt that may have deleted', async () => {
    // The first attempt's connection is dropped once the request is read (the service may have deleted); the retry gets 404.
    const dropped = await startRaw((_sent, res, n) => {
      if (n === 1) res.socket?.destroy();
      else json(res, 404, { code: 404, key: 'not_found', message: 'Resource not found', resource_type: 'customer', resource_id: 'cust_1' });
    });
    await expect(client(dropped).customers.delete('cust_1')).resolves.toBeUndefined();
    expect(dropped.sent).toHaveLength(2);
    const first404 = await start(() => ({ status: 404, body: { code: 404, key: 'not_found', message: 'Resource not found' } }));
    const { error } = await settle(client(first404).vouchers.delete('V-1', { force: true }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).outcome).toBe('rejected');
    expect(first404.sent).toHaveLength(1);
    // Nothing sent by a refused connection: a 404 afterwards says the voucher never was there.
    const refusedThen404 = await settle(
      client(first404, {
        fetch: (() => {
          let n = 0;
          return (input: RequestInfo | URL, init?: RequestInit) => (++n === 1 ? fetch(refused, init) : fetch(input, init));
        })(),
      }).vouchers.delete('V-2'),
    );
    expect(refusedThen404.error).toBeInstanceOf(NotFoundError);
    expect((refusedThen404.error as NotFoundError).outcome).toBe('rejected');
    record(
      'records-delete-outcome',
      'dropped then 404: resolved after 2 attempts; 404 first: NotFoundError rejected; refused then 404: NotFoundError rejected',
    );
  });

  it('customers.create without source_id is sent once whatever happens to it; with source_id it is retried like a PUT', async () => {
    const rows: string[] = [];
    for (const fault of ['drop', '503'] as const) {
      const server = await startRaw((_sent, res) => {
        if (fault === 'drop') res.socket?.destroy();
        else json(res, 503, { code: 503, message: 'Service unavailable' });
      });
      const once = await settle(client(server).customers.create({ name: 'Walk-in', email: 'w@example.test' }));
      expect(once.error).toBeInstanceOf(PromokitError);
      expect((once.error as PromokitError).outcome).toBe('unknown');
      expect(retryDecision(once.error)).toEqual({ action: 'reconcile' });
      const sentOnce = server.sent.length;
      expect(sentOnce).toBe(1);
      await settle(client(server).customers.create({ source_id: 'shop-user-1', name: 'Walk-in' }));
      rows.push(`${fault}: ${sentOnce} request without source_id, ${server.sent.length - sentOnce} with`);
      expect(server.sent.length - sentOnce).toBe(3);
    }
    record('records-create-once', rows.join('; '));
  });

  it('every walk has a bound: a cursor that never moves, a total that lies over empty pages, a page past the last', async () => {
    const page = (n: number) => Array.from({ length: n }, (_, i) => ({ ...customer, id: `cust_${i}`, created_at: '2026-01-01T00:00:00.000Z' }));
    const stuck = await start(() => ({ body: { object: 'list', data_ref: 'customers', customers: page(10), total: 1_000 } }));
    const stalled = await settle(client(stuck).customers.list({ limit: 10 }).toArray());
    expect(stalled.error).toBeInstanceOf(PaginationStalledError);
    const empty = await start(() => ({ body: { object: 'list', data_ref: 'vouchers', vouchers: [], total: 1_000_000 } }));
    const emptyWalk = await settle(client(empty).vouchers.list({ limit: 100 }).toArray());
    expect(emptyWalk.error).toBeInstanceOf(PaginationStalledError);
    const products = await start((sent) => ({
      body: { object: 'list', data_ref: 'products', products: [{ id: `prod_${new URL(sent.target, 'http://x').searchParams.get('page')}` }], total: 1_000_000 },
    }));
    const past = await settle(client(products).products.list({ limit: 1, page: 99 }).toArray());
    expect(past.error).toBeInstanceOf(PaginationLimitError);
    expect(products.sent).toHaveLength(2);
    record(
      'records-walks',
      `unmoving cursor: stalled after ${stuck.sent.length} pages; lying total: stalled after ${empty.sent.length} empty pages; products: limit after page ${products.sent.length + 98}`,
    );
  });

  it('replies of the service are input: metadata schemas with keys named like what objects inherit, megabytes of text, a flood', async () => {
    const hostileKeys = '{"__proto__":{"type":"string","optional":false,"array":false},"constructor":{"type":"number","optional":true,"array":false}}';
    const server = await startRaw((sent, res) => {
      if (sent.path === '/v1/metadata-schemas') {
        const text = `{"object":"list","data_ref":"schemas","schemas":[{"related_object":"order","properties":${hostileKeys}}],"total":1}`;
        res.writeHead(200, { 'content-type': 'application/json' }).end(text);
      } else if (sent.path === '/v1/metadata-schemas/huge') {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = JSON.stringify(metadataSchemaList.schemas[0]);
        res.write('{"schemas":[');
        for (let i = 0; i < 25_000_000 / chunk.length; i++) res.write(`${i ? ',' : ''}${chunk}`);
        res.end(']}');
      } else json(res, 404, { code: 404, key: 'not_found', message: `\u001b[2J${'\u0000\u0007\r\n'.repeat(300_000)}`, details: 'x'.repeat(200_000) });
    });
    const c = client(server, { validation: 'strict' });
    const list = await c.metadataSchemas.list();
    const properties = list.schemas![0]!.properties;
    expect(Object.keys(properties).sort()).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).type).toBeUndefined();
    const missing = await settle(c.metadataSchemas.get('nothing'));
    expect(missing.error).toBeInstanceOf(NotFoundError);
    const message = (missing.error as Error).message;
    expect(message.length).toBeLessThan(2_000);
    expect(message).not.toMatch(/[\u0000-\u0008\u001b]/);
    const flood = await settle(c.metadataSchemas.get('huge'));
    expect(flood.error).toBeInstanceOf(ResponseTooLargeError);
    record(
      'records-hostile-schemas',
      `keys kept, prototype untouched; 404 message ${message.length} characters; 25 MB: ResponseTooLargeError in ~${flood.ms} ms`,
    );
  });
});
