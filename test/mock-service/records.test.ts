/**
 * The records around a checkout in the mock (customers, vouchers as records, products, metadata
 * schemas) over `mock.fetch` and `mock.listen()`, with the SDK's `Client` in strict mode: the
 * service's semantics (upsert by `source_id`, the bin and a forced delete, enable and disable as
 * validation sees them, each list's paging), and `mock.inject()` on each of the fifteen operations.
 */
import { describe, expect, it } from 'vitest';
import { ConflictError, InternalServerError, NotFoundError, PaginationLimitError, type OperationName } from '../../src/index.js';
import type { MockService } from '../../src/testing/index.js';
import { failure, transports, useMock } from './transports.js';

describe.each(transports)('the records around a checkout over %s', (_name, connect) => {
  const { mock, conn } = useMock(connect);

  describe('customers', () => {
    it('create upserts by source_id: one customer however often it is sent, its sent fields updated, the others kept', async () => {
      const client = conn.client();
      const first = await client.customers.create({ source_id: 'shop-user-2001', name: 'Mary Jackson', metadata: { tier: 'gold' } });
      const again = await client.customers.create({ source_id: 'shop-user-2001', email: 'mary@example.com', metadata: { newsletter: true } });
      expect(again.id).toBe(first.id);
      expect(again).toMatchObject({ name: 'Mary Jackson', email: 'mary@example.com', metadata: { tier: 'gold', newsletter: true } });
      expect(mock.list('customers').filter((c) => c.source_id === 'shop-user-2001')).toHaveLength(1);
    });

    it('create without id or source_id makes a new customer on every call; an unknown id is a 404', async () => {
      const client = conn.client();
      const a = await client.customers.create({ name: 'Same Name' });
      const b = await client.customers.create({ name: 'Same Name' });
      expect(a.id).not.toBe(b.id);
      expect(await failure(client.customers.create({ id: 'cust_unknown', name: 'x' }))).toBeInstanceOf(NotFoundError);
    });

    it('get by ID or source ID, with the summary of what the customer holds and did; update changes only the fields sent', async () => {
      const client = conn.client();
      const ada = await client.customers.get('shop-user-1001');
      expect(ada.id).toBe(mock.ids.customers.ada);
      expect(ada.loyalty?.points).toBe(1250);
      expect(ada.summary?.redemptions?.total_redeemed).toBeGreaterThan(0);
      const updated = await client.customers.update(ada.id, { address: { city: 'London' } });
      expect(updated).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', address: { city: 'London' } });
      expect((await client.customers.get(ada.id)).address).toEqual({ city: 'London' });
    });

    it('delete: 204, then the customer is not found, and deleting again is a 404', async () => {
      const client = conn.client();
      await expect(client.customers.delete(mock.ids.customers.katherine)).resolves.toBeUndefined();
      expect(mock.get('customers', mock.ids.customers.katherine)).toBeUndefined();
      expect(await failure(client.customers.get(mock.ids.customers.katherine))).toBeInstanceOf(NotFoundError);
      expect(await failure(client.customers.delete(mock.ids.customers.katherine))).toBeInstanceOf(NotFoundError);
      expect(mock.requests.at(-3)).toMatchObject({ operation: 'customers.delete', method: 'DELETE', status: 204 });
    });

    it('list walks newest first by the time cursor, every customer once; by page, pages 1 to 99; filters by email', async () => {
      const client = conn.client();
      mock.seed({
        customers: Array.from({ length: 25 }, (_, i) => ({ source_id: `bulk-${i}`, created_at: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString() })),
      });
      const all = await client.customers.list({ limit: 7 }).toArray();
      expect(all).toHaveLength(30);
      expect(new Set(all.map((c) => c.id)).size).toBe(30);
      const times = all.map((c) => Date.parse(c.created_at!));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      // Five pages by the time cursor, the sixth holding only the last customer again: its millisecond
      // walked by page (one page), then past it, an empty page that ends the list.
      expect(mock.requests.filter((r) => r.operation === 'customers.list').map((r) => r.search.includes('starting_after'))).toEqual([
        false,
        true,
        true,
        true,
        true,
        true,
        false,
        true,
      ]);
      const byPage = await client.customers.list({ limit: 7, page: 1 }).toArray();
      expect(byPage.map((c) => c.id)).toEqual(all.map((c) => c.id));
      const ada = await client.customers.list({ email: 'ada@example.com' });
      expect(ada.data.map((c) => c.id)).toEqual([mock.ids.customers.ada]);
      expect(ada.total).toBe(1);
    });

    it('list past page 99 by page: PaginationLimitError, where the time cursor goes on', async () => {
      mock.seed({
        customers: Array.from({ length: 120 }, (_, i) => ({ source_id: `many-${i}`, created_at: new Date(Date.UTC(2024, 0, 1, 0, 0, i)).toISOString() })),
      });
      const client = conn.client();
      expect(await failure(client.customers.list({ limit: 1, page: 1 }).toArray())).toBeInstanceOf(PaginationLimitError);
      expect(await client.customers.list({ limit: 100 }).toArray()).toHaveLength(125);
    });

    it('customers created in the same millisecond across a page boundary are all reached, more of them than a page holds too', async () => {
      // 25 customers of their own times, then 30 of one millisecond, then the 5 of the default data.
      const at = '2026-01-01T12:00:00.000Z';
      mock.seed({
        customers: [
          ...Array.from({ length: 25 }, (_, i) => ({ source_id: `newer-${i}`, created_at: new Date(Date.UTC(2026, 1, 1, 0, i)).toISOString() })),
          ...Array.from({ length: 30 }, (_, i) => ({ source_id: `same-ms-${i}`, created_at: at })),
        ],
      });
      const client = conn.client();
      // Pages of 40: the first ends inside the millisecond, the next starts back in it.
      const all = await client.customers.list({ limit: 40 }).toArray();
      expect(all).toHaveLength(60);
      expect(new Set(all.map((c) => c.id)).size).toBe(60);
      // Pages of 5 and 20: a page holds fewer than that millisecond's 30, walked by page over a window around it.
      for (const limit of [5, 20]) {
        const walked = await client.customers.list({ limit }).toArray();
        expect(walked.map((c) => c.id)).toEqual(all.map((c) => c.id));
      }
    });
  });

  describe('vouchers', () => {
    it('list: newest first, filtered by campaign and by IDs (sent as the key repeated), pages to 99', async () => {
      const client = conn.client();
      const page = await client.vouchers.list({ campaign_id: mock.ids.campaigns.coffeeClub, limit: 100 });
      expect(page.data.length).toBeGreaterThan(0);
      expect(page.data.every((v) => v.campaign_id === mock.ids.campaigns.coffeeClub && v.validation_rules_assignments === undefined)).toBe(true);
      const two = page.data.slice(0, 2).map((v) => v.id);
      const picked = await client.vouchers.list({ ids: two });
      expect(picked.data.map((v) => v.id).sort()).toEqual([...two].sort());
      expect(mock.requests.at(-1)!.search).toBe(two.map((id) => `ids=${id}`).join('&'));
    });

    it('disable: validation then fails with voucher_disabled; enable: valid again', async () => {
      const client = conn.client();
      const code = mock.ids.vouchers.valid;
      expect((await client.vouchers.disable(code)).active).toBe(false);
      expect(await client.vouchers.validate(code)).toMatchObject({ valid: false, error: { key: 'voucher_disabled' } });
      expect((await client.vouchers.enable(code)).active).toBe(true);
      expect((await client.vouchers.validate(code)).valid).toBe(true);
    });

    it('update changes the fields sent; a discount type cannot change (400 invalid_voucher)', async () => {
      const client = conn.client();
      const code = mock.ids.vouchers.valid;
      const voucher = await client.vouchers.update(code, { additional_info: 'One per visit', metadata: { channel: 'app' } });
      expect(voucher).toMatchObject({ additional_info: 'One per visit', metadata: { channel: 'app' }, discount: { type: 'PERCENT' } });
      expect(mock.get('vouchers', code)?.updated_at).toBeTruthy();
      const error = await failure(client.vouchers.update(code, { discount: { type: 'AMOUNT', amount_off: 500 } }));
      expect(error).toMatchObject({ status: 400, key: 'invalid_voucher' });
    });

    it('delete to the bin: not found, not validated, its code still taken; with force from the bin: the code free again', async () => {
      const client = conn.client();
      const code = mock.ids.vouchers.valid;
      await client.vouchers.delete(code);
      expect(await failure(client.vouchers.get(code))).toBeInstanceOf(NotFoundError);
      expect(await failure(client.vouchers.validate(code))).toBeInstanceOf(NotFoundError);
      expect(mock.get('binnedVouchers', code)?.code).toBe(code);
      const create = () => client.vouchers.create(code, { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 } });
      expect(await failure(create())).toBeInstanceOf(ConflictError);
      await client.vouchers.delete(code, { force: true });
      expect(mock.get('binnedVouchers', code)).toBeUndefined();
      expect((await create()).code).toBe(code);
    });

    it('a forced delete takes the voucher and its redemptions for good, and frees the code', async () => {
      const client = conn.client();
      const code = mock.ids.members.ada;
      const card = mock.get('vouchers', code)!;
      expect(mock.list('redemptions').some((r) => r.related_object_id === card.id)).toBe(true);
      await client.vouchers.delete(code, { force: true });
      expect(mock.list('redemptions').some((r) => r.related_object_id === card.id)).toBe(false);
      expect(mock.get('binnedVouchers', code)).toBeUndefined();
      expect(await failure(client.vouchers.delete(code))).toBeInstanceOf(NotFoundError);
    });
  });

  describe('products and metadata schemas', () => {
    it('products: oldest first, read by ID or source ID, with their SKU list', async () => {
      const client = conn.client();
      const all = await client.products.list({ limit: 2 }).toArray();
      expect(all.map((p) => p.source_id)).toEqual(['espresso', 'flat-white', 'croissant', 'beans-1kg', 'travel-mug']);
      const byId = await client.products.get(mock.ids.products.flatWhite);
      expect(await client.products.get('flat-white')).toEqual(byId);
      expect(byId.skus).toEqual({ object: 'list', data_ref: 'data', data: [], total: 0 });
      expect(await failure(client.products.get('no-such-product'))).toBeInstanceOf(NotFoundError);
    });

    it('metadata schemas: every one under `schemas`, one by its kind or custom name, a 404 "metadata schema" for another', async () => {
      const client = conn.client();
      const list = await client.metadataSchemas.list();
      expect(list.data_ref).toBe('schemas');
      expect(list.schemas?.map((s) => s.related_object)).toEqual([
        'customer',
        'order',
        'order_item',
        'product',
        'voucher',
        'redemption',
        'campaign',
        'Payment',
      ]);
      expect((await client.metadataSchemas.get('Payment')).allow_defined_only).toBe(true);
      const error = await failure(client.metadataSchemas.get('invoice'));
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as NotFoundError).body).toMatchObject({ resource_type: 'metadata schema' });
    });

    it("seeded schemas replace the project's, by kind", async () => {
      mock.seed({ metadataSchemas: [{ related_object: 'order', properties: { till: { type: 'number', optional: false, array: false } } }] });
      const order = await conn.client().metadataSchemas.get('order');
      expect(Object.keys(order.properties)).toEqual(['till']);
      expect(order.id).toMatch(/^ms_/);
    });
  });

  describe('mock.inject() on each of the fifteen operations', () => {
    /** Each operation called once, the way a test would. */
    const calls: Array<[OperationName, (mock: MockService) => Promise<unknown>]> = [
      ['customers.list', () => conn.client().customers.list()],
      ['customers.create', () => conn.client().customers.create({ source_id: 'inject-1' })],
      ['customers.get', (m) => conn.client().customers.get(m.ids.customers.ada)],
      ['customers.update', (m) => conn.client().customers.update(m.ids.customers.ada, { name: 'A' })],
      ['customers.delete', (m) => conn.client().customers.delete(m.ids.customers.lin)],
      ['vouchers.list', () => conn.client().vouchers.list()],
      ['vouchers.get', (m) => conn.client().vouchers.get(m.ids.vouchers.valid)],
      ['vouchers.update', (m) => conn.client().vouchers.update(m.ids.vouchers.valid, { active: true })],
      ['vouchers.delete', (m) => conn.client().vouchers.delete(m.ids.vouchers.expired)],
      ['vouchers.enable', (m) => conn.client().vouchers.enable(m.ids.vouchers.disabled)],
      ['vouchers.disable', (m) => conn.client().vouchers.disable(m.ids.vouchers.valid)],
      ['products.list', () => conn.client().products.list()],
      ['products.get', (m) => conn.client().products.get(m.ids.products.mug)],
      ['metadataSchemas.list', () => conn.client().metadataSchemas.list()],
      ['metadataSchemas.get', () => conn.client().metadataSchemas.get('order')],
    ];

    it.each(calls)('%s: a 503 is what the client sees, logged with its fault', async (operation, call) => {
      mock.inject({ operation, fault: 'status', status: 503 });
      expect(await failure(call(mock))).toBeInstanceOf(InternalServerError);
      expect(mock.requests).toMatchObject([{ operation, status: 503, fault: 'status' }]);
      await call(mock); // the fault was used up: the next call is answered
    });
  });
});
