/**
 * Orders, publications and customers' redeemables, through the real Client over both transports.
 */
import { describe, expect, it } from 'vitest';
import { BadRequestError, NotFoundError } from '../../src/index.js';
import { failure, transports, useMock } from './transports.js';

describe.each(transports)('orders, publications and redeemables over %s', (_name, connect) => {
  const { mock, conn } = useMock(connect);

  it('an order computes amount and initial_amount from its items (price × quantity)', async () => {
    const order = await conn.client().orders.create({
      source_id: 'order-9001',
      items: [
        { product_id: 'prod_anything', quantity: 3, price: 1250 },
        { source_id: 'gift-wrap', quantity: 1, price: 300 },
      ],
      customer: { source_id: 'shop-user-1001' },
    });
    expect(order).toMatchObject({
      object: 'order',
      source_id: 'order-9001',
      status: 'CREATED',
      amount: 4050,
      initial_amount: 4050,
      total_amount: 4050,
      customer: { id: mock.ids.customers.ada, object: 'customer' },
    });
    expect(order.items?.map((i) => [i.quantity, i.price, i.amount])).toEqual([
      [3, 1250, 3750],
      [1, 300, 300],
    ]);
    expect(mock.get('orders', order.id!)?.amount).toBe(4050);
  });

  it('an item without a price takes the price of the known product', async () => {
    const espresso = mock.list('products').find((p) => p.name === 'Espresso')!;
    const order = await conn.client().orders.create({ items: [{ product_id: espresso.id, quantity: 4 }] });
    expect(order).toMatchObject({ amount: 1000, initial_amount: 1000 });
    expect(order.items?.[0]?.product).toMatchObject({ name: 'Espresso', price: 250 });
  });

  it('an order with the source_id of an existing one updates it', async () => {
    const client = conn.client();
    const first = await client.orders.create({ source_id: 'order-42', items: [{ product_id: 'x', quantity: 1, price: 100 }] });
    const second = await client.orders.create({ source_id: 'order-42', status: 'PAID', items: [{ product_id: 'x', quantity: 2, price: 100 }] });
    expect(second).toMatchObject({ id: first.id, status: 'PAID', amount: 200 });
  });

  it('publishing with join_once twice gives the customer the same voucher', async () => {
    const client = conn.client();
    const customer = { source_id: 'new-customer-77', email: 'new77@example.com' };
    const first = await client.publications.create({ campaign: { name: 'Welcome Offer' }, customer, join_once: true });
    const again = await client.publications.create({ campaign: { name: 'Welcome Offer' }, customer, join_once: true });
    expect(first).toMatchObject({ object: 'publication', result: 'SUCCESS', voucher: { campaign: 'Welcome Offer' } });
    expect(again.id).toBe(first.id);
    expect(again.voucher?.code).toBe(first.voucher?.code);
    expect(mock.requests.at(-1)?.search).toBe('join_once=true');
  });

  it('publishing without join_once gives the customer another voucher of the campaign', async () => {
    const client = conn.client();
    const customer = { source_id: 'new-customer-78' };
    const first = await client.publications.create({ campaign: { name: 'Welcome Offer' }, customer });
    const second = await client.publications.create({ campaign: { name: 'Welcome Offer' }, customer });
    expect(second.voucher?.code).not.toBe(first.voucher?.code);
  });

  it('publishes a specific voucher; publishing it to someone else is a 400 voucher_already_published', async () => {
    const client = conn.client();
    const code = mock.ids.vouchers.unpublished;
    const pub = await client.publications.create({ voucher: code, customer: { id: mock.ids.customers.alan }, channel: 'email' });
    expect(pub).toMatchObject({
      customer_id: mock.ids.customers.alan,
      channel: 'email',
      vouchers_id: [mock.get('vouchers', code)!.id],
      voucher: { code, holder_id: mock.ids.customers.alan, publish: { count: 1 } },
    });
    const error = await failure(client.publications.create({ voucher: code, customer: { id: mock.ids.customers.grace } }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ key: 'voucher_already_published' });
  });

  it("the customer's redeemables include a voucher published to them", async () => {
    const client = conn.client();
    const before = await client.customers.listRedeemables(mock.ids.customers.alan);
    const pub = await client.publications.create({ campaign: { name: 'Welcome Offer' }, customer: { id: mock.ids.customers.alan } });
    const after = await client.customers.listRedeemables(mock.ids.customers.alan);
    expect(after.total).toBe(before.total! + 1);
    const held = after.data.find((r) => r.redeemable_id === pub.vouchers_id?.[0]);
    expect(held).toMatchObject({
      holder_role: 'OWNER',
      redeemable_object: 'voucher',
      campaign_type: 'DISCOUNT_COUPONS',
      voucher_type: 'DISCOUNT_VOUCHER',
      redeemable: { type: 'voucher', status: 'ACTIVE', voucher: { code: pub.voucher?.code } },
    });
  });

  it("lists a customer's redeemables by source ID, page by page, with total", async () => {
    const client = conn.client();
    const page = await client.customers.listRedeemables('shop-user-1001', { limit: 2 });
    expect(page.total).toBe(3);
    expect(page.hasNextPage()).toBe(true);
    const all = await client.customers.listRedeemables('shop-user-1001', { limit: 2 }).toArray();
    expect(all.map((r) => r.redeemable?.voucher?.code).sort()).toEqual(['GIFT-ADA-5000', 'LC-ADA-2048', 'WELCOME-ADA001']);
    expect(await failure(client.customers.listRedeemables('cust_nobody'))).toBeInstanceOf(NotFoundError);
  });
});
