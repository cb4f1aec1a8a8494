/**
 * Request data cannot reach a prototype: query keys such as `__proto__[x]` (SDK `filters` send
 * them as bracket notation), and `__proto__`, `constructor` or `prototype` in JSON and form
 * bodies, through each way of reaching the mock. `Object.prototype` stays untouched and the
 * request gets the answer it would get without those keys.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createMockService } from '../../src/testing/index.js';
import { parseQuery } from '../../src/testing/http.js';
import { allTransports, serverHeaders, useMock } from './transports.js';

/** Everything a write through a prototype could change, as it is before any test runs. */
const pristine = () => ({
  object: Object.getOwnPropertyNames(Object.prototype).sort(),
  array: Object.getOwnPropertyNames(Array.prototype).sort(),
  function: Object.getOwnPropertyNames(Function.prototype).sort(),
  toString: Object.getOwnPropertyNames(Object.prototype.toString).sort(),
  hasOwnProperty: Object.getOwnPropertyNames(Object.prototype.hasOwnProperty).sort(),
});
const before = pristine();

const hostileQuery = [
  '__proto__[polluted]=query',
  '__proto__.polluted=dotted',
  'constructor[prototype][polluted]=constructor',
  'filters[__proto__][polluted]=filters',
  'filters[type][__proto__][polluted]=deep',
  'filters[constructor][prototype][polluted]=filters-constructor',
  'toString[polluted]=inherited-method',
  'hasOwnProperty[polluted]=inherited-method',
].join('&');

afterEach(() => {
  // Keeps a failure from spreading to later tests; the assertions below say what broke.
  for (const target of [Object.prototype, Array.prototype, Function.prototype, Object.prototype.toString, Object.prototype.hasOwnProperty])
    delete (target as unknown as Record<string, unknown>).polluted;
});

function expectUntouched(): void {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(pristine()).toEqual(before);
}

describe.each(allTransports)('hostile keys through %s', (_name, connect) => {
  const { mock, conn } = useMock(connect);

  it('a hostile query leaves Object.prototype alone, and the list is filtered as asked', async () => {
    const campaign = mock.ids.campaigns.coffeeClub;
    const filter = 'filters[type][conditions][$is]=POINTS_REDEMPTION';
    const plain = await conn.raw(`/v1/loyalties/${campaign}/transactions?${filter}&limit=100`, { headers: serverHeaders(mock) });
    const hostile = await conn.raw(`/v1/loyalties/${campaign}/transactions?${hostileQuery}&${filter}&limit=100`, { headers: serverHeaders(mock) });
    expectUntouched();
    expect(hostile.status).toBe(200);
    const body = (await hostile.json()) as { data: Array<{ type: string }> };
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((t) => t.type === 'POINTS_REDEMPTION')).toBe(true);
    expect(body).toEqual(await plain.json());
  });

  it('SDK filters with __proto__, constructor and prototype keys leave Object.prototype alone', async () => {
    const hostile = (field: string, value: string) =>
      JSON.parse(
        `{"__proto__": {"polluted": "sdk"}, "constructor": {"prototype": {"polluted": "sdk"}}, "${field}": {"conditions": {"$is": "${value}"}}}`,
      ) as Record<string, unknown>;
    const plain = (field: string, value: string) => ({ [field]: { conditions: { $is: value } } });
    const campaign = mock.ids.campaigns.coffeeClub;
    const transactions = await conn
      .client()
      .loyalties.listTransactions(campaign, { limit: 100, filters: hostile('type', 'POINTS_REDEMPTION') })
      .toArray();
    expectUntouched();
    expect(transactions.length).toBeGreaterThan(0);
    expect(transactions).toEqual(
      await conn
        .client()
        .loyalties.listTransactions(campaign, { limit: 100, filters: plain('type', 'POINTS_REDEMPTION') })
        .toArray(),
    );
    const templates = await conn
      .client()
      .templates.list({ filters: hostile('campaign_type', 'GIFT_VOUCHERS') })
      .toArray();
    expectUntouched();
    expect(templates.map((t) => t.name).sort()).toEqual(['25 € gift card', '50 € gift card', 'Corporate gift card']);
  });

  it('a JSON body with hostile keys is stored without them', async () => {
    const body =
      '{"type": "DISCOUNT_VOUCHER", "discount": {"type": "AMOUNT", "amount_off": 500}, "__proto__": {"polluted": "body", "active": false}, "constructor": {"prototype": {"polluted": "body"}}, "metadata": {"__proto__": {"polluted": "metadata"}, "prototype": 1, "shelf": "B2"}}';
    const response = await conn.raw('/v1/vouchers/HOSTILE-1', { method: 'POST', headers: serverHeaders(mock), body });
    expectUntouched();
    expect(response.status).toBe(200);
    const stored = mock.get('vouchers', 'HOSTILE-1')!;
    expect(stored.active).toBe(true);
    expect(Object.getPrototypeOf(stored)).toBe(Object.prototype);
    expect(Object.keys(stored.metadata ?? {})).toEqual(['shelf']);
    expect(Object.hasOwn(stored, '__proto__') || Object.hasOwn(stored, 'constructor')).toBe(false);
    // Answers built from it are whole too.
    expect(await (await conn.raw('/v1/vouchers/HOSTILE-1/validate', { method: 'POST', headers: serverHeaders(mock), body: '{}' })).json()).toMatchObject({
      valid: true,
      code: 'HOSTILE-1',
    });
  });

  it('a hostile customer in a publication leaves the customer record whole', async () => {
    const body = `{"voucher": "${mock.ids.vouchers.unpublished}", "customer": {"source_id": "hostile-1", "__proto__": {"polluted": "customer", "id": "cust_forged"}, "metadata": {"constructor": {"prototype": {"polluted": 1}}, "tier": "gold"}}}`;
    const response = await conn.raw('/v1/publications', { method: 'POST', headers: serverHeaders(mock), body });
    expectUntouched();
    expect(response.status).toBe(200);
    const customer = mock.get('customers', 'hostile-1')!;
    expect(customer.id).not.toBe('cust_forged');
    expect(customer.metadata).toEqual({ tier: 'gold' });
  });

  it('a form body with a __proto__ key still introspects the token', async () => {
    const c = mock.credentials;
    const response = await conn.raw('/v1/oauth/introspect', {
      method: 'POST',
      headers: { 'x-app-id': c.appId, 'x-app-token': c.appToken, 'content-type': 'application/x-www-form-urlencoded' },
      body: `__proto__=x&constructor=y&access_token=${c.accessToken}`,
    });
    expectUntouched();
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ active: true });
  });
});

describe('parseQuery', () => {
  const parse = (query: string) => parseQuery(new URLSearchParams(query));

  it('nests bracket keys, and makes arrays of keys 0 to n', () => {
    expect(parse('filters[id][conditions][$in][0]=a&filters[id][conditions][$in][1]=b&limit=5')).toEqual({
      filters: { id: { conditions: { $in: ['a', 'b'] } } },
      limit: '5',
    });
    expect(parse('a[1]=x')).toEqual({ a: { 1: 'x' } });
    expect(parse('0=a&1=b')).toEqual({ 0: 'a', 1: 'b' }); // the query itself stays an object
  });

  it('drops pairs naming __proto__, constructor or prototype at any depth', () => {
    const parsed = parse(`${hostileQuery}&filters[toString][conditions][$is]=x`);
    expectUntouched();
    expect(parsed).toEqual({
      '__proto__.polluted': 'dotted',
      toString: { polluted: 'inherited-method' },
      hasOwnProperty: { polluted: 'inherited-method' },
      filters: { toString: { conditions: { $is: 'x' } } },
    });
  });

  it("filters on a record's own fields only: a field named like an inherited method matches nothing", async () => {
    const mock = createMockService();
    const response = await mock.fetch(`${mock.baseUrl}/v1/templates/campaigns?filters[toString][conditions][$has_value]=true`, {
      headers: serverHeaders(mock),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { campaign_templates: unknown[] }).campaign_templates).toEqual([]);
  });

  it('keeps the first of a value and an object under one key, and the last of two values', () => {
    expect(parse('a=1&a[b]=2')).toEqual({ a: '1' });
    expect(parse('a[b]=2&a=1')).toEqual({ a: { b: '2' } });
    expect(parse('a=1&a=2')).toEqual({ a: '2' });
  });

  it('answers a query with a value and an object under one key as the first says, not with a 500', async () => {
    const mock = createMockService();
    const response = await mock.fetch(`${mock.baseUrl}/v1/templates/campaigns?limit=5&limit[x]=1&filters=1&filters[x][conditions][$is]=1`, {
      headers: serverHeaders(mock),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { campaign_templates: unknown[] }).campaign_templates.length).toBeGreaterThan(0);
  });
});
