/**
 * The query of the mock's record lists (customers, vouchers, products), sent raw through
 * `mock.fetch` as any client could send it: each `order` the list documents sorts by its field
 * both ways, ties broken by the records' ID (a voucher's code); an order it does not document, a
 * `created_at[…]`/`updated_at[…]` window not sent as one and a bound or date that is no date-time
 * are each a 400 `invalid_query_params` naming the parameter.
 */
import { describe, expect, it } from 'vitest';
import { createMockService } from '../../src/testing/index.js';
import { serverHeaders } from './transports.js';

/** Each list: its path, the array its answer holds, the orders it documents, the field of a tie, its date parameters. */
const lists = [
  {
    path: '/v1/customers',
    data: 'customers',
    fields: ['created_at', 'updated_at', 'source_id'],
    tie: 'id',
    windows: ['created_at', 'updated_at'],
    dates: ['starting_after'],
  },
  { path: '/v1/vouchers', data: 'vouchers', fields: ['created_at', 'updated_at', 'code'], tie: 'code', windows: ['created_at', 'updated_at'], dates: [] },
  { path: '/v1/products', data: 'products', fields: ['created_at', 'updated_at'], tie: 'id', windows: [], dates: ['start_date', 'end_date'] },
] as const;

async function get(query: string, path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const mock = createMockService({ now: '2026-03-18T09:30:00Z' });
  // Customers changed at five moments (the default data's were never updated), for the windows.
  const at = (day: number) => new Date(Date.UTC(2026, 0, day)).toISOString();
  mock.seed({ customers: Array.from({ length: 5 }, (_, i) => ({ source_id: `window-${i}`, created_at: at(i + 1), updated_at: at(i + 10) })) });
  const response = await mock.fetch(`${mock.baseUrl}${path}?limit=100&${query}`, { headers: serverHeaders(mock) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const text = (record: Record<string, unknown>, key: string) => String(record[key] ?? '');

describe.each(lists)('the query of GET $path', (list) => {
  it.each(list.fields.flatMap((field) => [field, `-${field}`]))('order=%s sorts by its field, ties by the record’s own key', async (order) => {
    const { status, body } = await get(`order=${order}`, list.path);
    expect(status).toBe(200);
    const records = body[list.data] as Array<Record<string, unknown>>;
    expect(records.length).toBeGreaterThan(1);
    const field = order.replace(/^-/, '');
    const sign = order.startsWith('-') ? -1 : 1;
    for (let i = 1; i < records.length; i++) {
      const [a, b] = [records[i - 1]!, records[i]!];
      const by = text(a, field) < text(b, field) ? -1 : text(a, field) > text(b, field) ? 1 : 0;
      const tie = text(a, list.tie) < text(b, list.tie) ? -1 : 1;
      expect((by || tie) * sign, `${text(a, field)} then ${text(b, field)}`).toBe(-1);
    }
  });

  it('an order it does not document is a 400 naming every choice', async () => {
    const { status, body } = await get('order=-name', list.path);
    expect(status).toBe(400);
    expect(body).toMatchObject({ key: 'invalid_query_params' });
    for (const field of list.fields) expect(String(body.details)).toContain(`-${field}`);
  });

  it.each(list.windows)('a %s window not sent as name[before] / name[after] is a 400 naming it', async (name) => {
    const { status, body } = await get(`${name}=2026-01-01T00:00:00Z`, list.path);
    expect(status).toBe(400);
    expect(body).toMatchObject({ key: 'invalid_query_params' });
    expect(String(body.details)).toContain(`${name}[before]`);
  });

  it.each(list.windows.flatMap((name) => [`${name}[before]`, `${name}[after]`]))('%s that is no date-time is a 400 naming it', async (bound) => {
    const { status, body } = await get(`${encodeURIComponent(bound)}=soon`, list.path);
    expect(status).toBe(400);
    expect(body).toMatchObject({ key: 'invalid_query_params' });
    expect(String(body.details)).toContain(`${bound} must be an ISO 8601 date-time`);
  });

  it.each(list.windows)('a %s window keeps the records strictly inside it', async (name) => {
    const all = (await get('', list.path)).body[list.data] as Array<Record<string, unknown>>;
    const times = all
      .map((r) => Date.parse(String(r[name])))
      .filter(Number.isFinite)
      .sort((a, b) => a - b);
    expect(new Set(times).size).toBeGreaterThan(2);
    const [low, high] = [times[0]!, times.at(-1)!];
    const query = `${encodeURIComponent(`${name}[after]`)}=${new Date(low).toISOString()}&${encodeURIComponent(`${name}[before]`)}=${new Date(high).toISOString()}`;
    const inside = (await get(query, list.path)).body[list.data] as Array<Record<string, unknown>>;
    expect(inside.length).toBe(times.filter((t) => t > low && t < high).length);
  });

  it.each(list.dates)('%s that is no date-time is a 400 naming it', async (name) => {
    const { status, body } = await get(`${name}=yesterday`, list.path);
    expect(status).toBe(400);
    expect(body).toMatchObject({ key: 'invalid_query_params' });
    expect(String(body.details)).toContain(`${name} must be an ISO 8601 date-time; got yesterday`);
  });
});
