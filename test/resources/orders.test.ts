import { describe, expect, it } from 'vitest';
import { BadRequestError, InternalServerError, formatPath } from '../../src/index.js';
import type { CreateOrderParams } from '../../src/index.js';
import { createdOrder } from '../fixtures/orders.js';
import { deepFreeze, json, respond, seen, testClient, useMockApi } from '../helpers/mock-api.js';
import { refusal, rejection } from './rejections.js';
import { postedJson } from './requests.js';

useMockApi();

const item = (n: number) => ({ source_id: `sku-${n}`, related_object: 'sku' as const, quantity: 1, price: 100 });

describe('orders.create', () => {
  it('POSTs /v1/orders with the order as the JSON body, exactly as given, and returns the order', async () => {
    respond('post', '/v1/orders', json(createdOrder));
    const body: CreateOrderParams = deepFreeze({
      source_id: 'web-2026-11-22-0099',
      status: 'PAID',
      amount: 7350,
      items: [
        {
          source_id: 'beans-1kg',
          related_object: 'product',
          quantity: 2,
          price: 3000,
          product: { name: 'House blend 1 kg', override: true, metadata: { roast: 'medium' } },
        },
        { source_id: 'mug-white', related_object: 'sku', quantity: 1, price: 1350 },
      ],
      metadata: { channel: 'web', store: 'LIS-01' },
      created_at: '2026-11-22T10:00:00.000Z',
      customer: { source_id: 'shop-cust-1042', email: 'ana.duarte@example.com' },
      referrer_id: 'cust_Rf20Lx9a',
    });
    const order = await testClient({ validation: 'strict' }).orders.create(body);
    const req = postedJson('/v1/orders', body);
    // The SDK adds no `object` key to the items (the spec's Prism-only requirement).
    expect(JSON.parse(req.body).items.every((i: object) => !('object' in i))).toBe(true);
    expect(order).toEqual(createdOrder);
    expect(order.items?.[0]?.product?.name).toBe('House blend 1 kg');
    expect(order.total_amount).toBe(7350);
  });

  it('sends 500 items, the most the service takes, and an `object` key only when the caller gives one', async () => {
    respond('post', '/v1/orders', json(createdOrder));
    await testClient().orders.create({ items: [{ ...item(0), object: 'order_item' }, ...Array.from({ length: 499 }, (_, n) => item(n + 1))] });
    const sent = JSON.parse(seen[0]!.body);
    expect(sent.items).toHaveLength(500);
    expect(sent.items[0].object).toBe('order_item');
    expect('object' in sent.items[1]).toBe(false);
  });

  it('sends the order exactly once when answered 500 and throws InternalServerError', async () => {
    respond('post', '/v1/orders', json({ code: 500, message: 'boom' }, 500), json(createdOrder));
    await expect(testClient({ maxRetries: 3 }).orders.create({ source_id: 'web-1' })).rejects.toBeInstanceOf(InternalServerError);
    expect(seen).toHaveLength(1);
  });

  it('maps 400 to BadRequestError', async () => {
    respond(
      'post',
      '/v1/orders',
      json({ code: 400, key: 'invalid_payload', message: 'Invalid payload', details: 'Property items[0].quantity must be an integer' }, 400),
    );
    const error = await rejection(testClient().orders.create({ source_id: 'web-1' }), BadRequestError);
    expect(error).toMatchObject({ status: 400, key: 'invalid_payload' });
  });

  it.each([
    ['501 items', { items: Array.from({ length: 501 }, (_, n) => item(n)) }, ['items']],
    ['a quantity as a string', { items: [{ ...item(1), quantity: '2' }] }, ['items[0].quantity']],
    ['a fractional price', { items: [item(1), { ...item(2), price: 13.5 }] }, ['items[1].price']],
    ['a fractional amount', { amount: 73.5 }, ['amount']],
    ['an unknown status', { status: 'SHIPPED' }, ['status']],
    ['a created_at without a time', { created_at: '2026-11-22' }, ['created_at']],
    ['no body at all', undefined, ['(root)']],
  ])('refuses %s, naming the field, with nothing sent', async (_, body, fields) => {
    const error = await refusal(testClient().orders.create(body as never));
    expect(error.issues.map((i) => formatPath(i.path))).toEqual(fields);
    expect(seen).toHaveLength(0);
  });
});
