/** Products and their SKUs written through the real Client over both transports: upserts on `id` or `source_id`. */
import { describe, expect, it } from 'vitest';
import { ConnectionError, NotFoundError } from '../../src/index.js';
import { failure, transports, useMock } from './transports.js';

describe.each(transports)('products and SKUs over %s', (_name, connect) => {
  const { mock, conn } = useMock(connect);

  it('creates a product once per source_id: sent again, the same product with the fields sent updated', async () => {
    const client = conn.client();
    const before = mock.list('products').length;
    const made = await client.products.create({ source_id: 'cortado', name: 'Cortado', price: 320, attributes: ['milk'], metadata: { roast: 'dark' } });
    expect(made).toMatchObject({
      id: expect.stringMatching(/^prod_/),
      source_id: 'cortado',
      name: 'Cortado',
      price: 320,
      attributes: ['milk'],
      updated_at: null,
    });
    const again = await client.products.create({ source_id: 'cortado', price: 340 });
    expect(again).toMatchObject({ id: made.id, name: 'Cortado', price: 340, updated_at: expect.any(String) });
    expect(mock.list('products')).toHaveLength(before + 1);
    expect(await client.products.get('cortado')).toMatchObject({ id: made.id, price: 340 });
  });

  it('updates the product an id names, and refuses an id it does not hold (the service assigns IDs)', async () => {
    const client = conn.client();
    const before = mock.list('products').length;
    expect(await client.products.create({ id: mock.ids.products.mug, price: 1_700 })).toMatchObject({ id: mock.ids.products.mug, price: 1_700 });
    expect(await failure(client.products.create({ id: 'prod_unknown', name: 'Ghost' }))).toBeInstanceOf(NotFoundError);
    expect(mock.list('products')).toHaveLength(before);
  });

  it('creates a new product on every call without id or source_id', async () => {
    const client = conn.client();
    const before = mock.list('products').length;
    const [a, b] = [await client.products.create({ name: 'Day-old bread' }), await client.products.create({ name: 'Day-old bread' })];
    expect(a.id).not.toBe(b.id);
    expect(mock.list('products')).toHaveLength(before + 2);
  });

  it('changes only the fields sent, by ID or source ID; 404 for a product it does not hold', async () => {
    const client = conn.client();
    const original = await client.products.get('espresso');
    const changed = await client.products.update('espresso', { price: 275 });
    expect(changed).toMatchObject({ id: original.id, name: original.name, price: 275, source_id: 'espresso' });
    expect(await client.products.update(original.id, { name: 'Espresso doppio' })).toMatchObject({ name: 'Espresso doppio', price: 275 });
    expect(await failure(client.products.update('no-such-product', { price: 1 }))).toBeInstanceOf(NotFoundError);
  });

  it("adds a SKU to a product once per source_id, the product's SKUs showing it; 404 for an unknown product", async () => {
    const client = conn.client();
    const sku = await client.products.createSku('flat-white', {
      source_id: 'fw-small',
      sku: 'Small',
      price: 300,
      currency: 'EUR',
      attributes: { size: 'small' },
    });
    expect(sku).toMatchObject({
      id: expect.stringMatching(/^sku_/),
      source_id: 'fw-small',
      product_id: mock.ids.products.flatWhite,
      price: 300,
      object: 'sku',
    });
    const again = await client.products.createSku(mock.ids.products.flatWhite, { source_id: 'fw-small', price: 310 });
    expect(again).toMatchObject({ id: sku.id, sku: 'Small', price: 310 });
    const skus = (await client.products.get('flat-white')).skus?.data ?? [];
    expect(skus.filter((s) => s.source_id === 'fw-small')).toEqual([again]);
    expect(await failure(client.products.createSku('no-such-product', { sku: 'X' }))).toBeInstanceOf(NotFoundError);
  });

  it('reads a SKU alone by its ID or its source ID, wherever its product is; 404 for one it does not hold', async () => {
    const client = conn.client();
    const made = await client.products.createSku('croissant', { source_id: 'croissant-almond', sku: 'Almond', price: 330 });
    expect(await client.skus.get(made.id)).toEqual(made);
    expect(await client.skus.get('croissant-almond')).toEqual(made);
    expect(made.product_id).toBe(mock.ids.products.croissant);
    const error = await failure(client.skus.get('no-such-sku'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, key: 'not_found' });
  });

  it("an upsert whose answer is lost (mock.inject 'commit-then-reset') is sent again and leaves one product; a keyless create is sent once", async () => {
    const client = conn.client({ maxRetries: 2, maxRetryDelay: 10 });
    const before = mock.list('products').length;
    mock.inject({ operation: 'products.create', fault: 'commit-then-reset', times: 1 });
    const made = await client.products.create({ source_id: 'lost-answer', name: 'Lungo' });
    expect(mock.list('products').filter((p) => p.source_id === 'lost-answer')).toEqual([expect.objectContaining({ id: made.id })]);
    expect(mock.requests.map((r) => [r.operation, r.status])).toEqual([
      ['products.create', 200],
      ['products.create', 200],
    ]);
    mock.inject({ operation: 'products.create', fault: 'commit-then-reset', times: 1 });
    const error = await failure(client.products.create({ name: 'Lungo' }));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ outcome: 'unknown' });
    expect(mock.list('products')).toHaveLength(before + 2);
  });

  it.each([
    ['campaigns.get', (c: ReturnType<typeof conn.client>) => c.campaigns.get('Gift Cards')],
    ['campaigns.list', (c: ReturnType<typeof conn.client>) => c.campaigns.list()],
    ['products.update', (c: ReturnType<typeof conn.client>) => c.products.update('espresso', { price: 1 })],
    ['products.createSku', (c: ReturnType<typeof conn.client>) => c.products.createSku('espresso', { source_id: 'x' })],
    ['skus.get', (c: ReturnType<typeof conn.client>) => c.skus.get('inject-sku')],
  ] as const)('mock.inject names %s: its fault, then its answer', async (operation, call) => {
    const client = conn.client();
    await client.products.createSku('espresso', { source_id: 'inject-sku', sku: 'Ristretto' });
    mock.inject({ operation, fault: 'status', status: 503, times: 1 });
    expect(await failure(call(client))).toMatchObject({ status: 503 });
    await expect(call(client)).resolves.toBeDefined();
    expect(mock.requests.filter((r) => r.operation === operation).map((r) => r.status)).toEqual(
      operation === 'products.createSku' ? [200, 503, 200] : [503, 200],
    );
  });
});
