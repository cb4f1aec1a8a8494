import { describe, expect, expectTypeOf, it } from 'vitest';
import { BadRequestError, ConflictError, InternalServerError, type InvalidRequestError, formatPath } from '../../src/index.js';
import type { InvalidValidationResult, ValidationResult, ValidValidationResult } from '../../src/index.js';
import { discountVoucher, expiredResult, giftCard, validResult } from '../fixtures/vouchers.js';
import { deepFreeze, json, respond, seen, testClient, useMockApi } from '../helpers/mock-api.js';
import { refusal, rejection } from './rejections.js';
import { postedJson } from './requests.js';

useMockApi();

const issuePaths = (error: unknown) => (error as InvalidRequestError).issues.map((i) => formatPath(i.path));

describe('vouchers.create', () => {
  it('POSTs /v1/vouchers/{code} with the params as the JSON body and returns the voucher', async () => {
    respond('post', '/v1/vouchers/SUMMER-10', json(discountVoucher));
    const body = deepFreeze({
      type: 'DISCOUNT_VOUCHER' as const,
      category: 'seasonal',
      discount: { type: 'PERCENT' as const, percent_off: 10, amount_limit: 2000, effect: 'APPLY_TO_ORDER' as const },
      start_date: '2026-06-01T00:00:00.000Z',
      expiration_date: '2026-08-31T23:59:59.000Z',
      validity_day_of_week: [1, 2, 3, 4, 5] as Array<1 | 2 | 3 | 4 | 5>,
      additional_info: 'Not combinable with other offers',
      metadata: { source: 'summer-campaign' },
      validation_rules: ['val_4j7DCRm2'],
      redemption: { quantity: 100 },
    });
    const voucher = await testClient({ validation: 'strict' }).vouchers.create('SUMMER-10', body);
    postedJson('/v1/vouchers/SUMMER-10', body);
    expect(voucher).toEqual(discountVoucher);
    expect(voucher.discount?.percent_off).toBe(10);
    expect(voucher.validation_rules_assignments?.total).toBe(1);
  });

  it('encodes an odd code once in the path and sends a Date as an ISO 8601 date-time', async () => {
    respond('post', '/v1/vouchers/GIFT%2050%25%2FA%231', json(giftCard));
    const voucher = await testClient({ validation: 'strict' }).vouchers.create('GIFT 50%/A#1', {
      type: 'GIFT_VOUCHER',
      gift: { amount: 5000, balance: 5000 },
      start_date: new Date(Date.UTC(2026, 5, 1)),
    });
    expect(seen[0]!.path).toBe('/v1/vouchers/GIFT%2050%25%2FA%231');
    expect(JSON.parse(seen[0]!.body)).toEqual({ type: 'GIFT_VOUCHER', gift: { amount: 5000, balance: 5000 }, start_date: '2026-06-01T00:00:00.000Z' });
    expect(voucher.gift?.balance).toBe(5000);
  });

  it('maps 409 duplicate_found to ConflictError, sent once', async () => {
    respond(
      'post',
      '/v1/vouchers/SUMMER-10',
      json(
        {
          code: 409,
          key: 'duplicate_found',
          message: 'Duplicated resource',
          details: 'Duplicate voucher with id SUMMER-10',
          request_id: 'v-0d1e',
          resource_id: 'SUMMER-10',
          resource_type: 'voucher',
        },
        409,
      ),
    );
    const error = await rejection(
      testClient().vouchers.create('SUMMER-10', { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500 } }),
      ConflictError,
    );
    expect(error).toMatchObject({ status: 409, key: 'duplicate_found', request_id: 'v-0d1e' });
    expect(seen).toHaveLength(1);
  });

  it('is not retried on 500', async () => {
    respond('post', '/v1/vouchers/SUMMER-10', json({ code: 500, message: 'boom' }, 500), json(discountVoucher));
    await expect(testClient().vouchers.create('SUMMER-10', { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500 } })).rejects.toBeInstanceOf(
      InternalServerError,
    );
    expect(seen).toHaveLength(1);
  });

  it.each([
    ['a missing type', {}, ['type']],
    ['an unknown type', { type: 'COUPON' }, ['type']],
    ['a fractional gift amount', { type: 'GIFT_VOUCHER', gift: { amount: 49.99, balance: 5000 } }, ['gift.amount']],
    ['a fractional amount_off', { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 2.5 } }, ['discount.amount_off']],
    ['points as a string', { type: 'LOYALTY_CARD', loyalty_card: { points: '100' } }, ['loyalty_card.points']],
    [
      'a start_date that is not ISO 8601',
      { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500 }, start_date: '1 June 2026' },
      ['start_date'],
    ],
    [
      'a day of the week past 6',
      { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500 }, validity_day_of_week: [1, 7] },
      ['validity_day_of_week[1]'],
    ],
    [
      'a fractional redemption quantity',
      { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500 }, redemption: { quantity: 1.5 } },
      ['redemption.quantity'],
    ],
    ['a gift voucher without gift', { type: 'GIFT_VOUCHER' }, ['gift']],
    ['a discount voucher without discount', { type: 'DISCOUNT_VOUCHER', gift: { amount: 500, balance: 500 } }, ['discount']],
    ['a loyalty card without loyalty_card', { type: 'LOYALTY_CARD', loyalty_card: null }, ['loyalty_card']],
    ['a gift without its balance', { type: 'GIFT_VOUCHER', gift: { amount: 5000 } }, ['gift.balance']],
  ])('refuses %s, naming the field, with nothing sent', async (_, body, fields) => {
    const error = await refusal(testClient().vouchers.create('SUMMER-10', body as never));
    expect(issuePaths(error)).toEqual(fields);
    expect(seen).toHaveLength(0);
  });

  it('refuses an empty code before sending', async () => {
    const error = await testClient()
      .vouchers.create('', { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500 } })
      .catch((e: unknown) => e);
    expect(issuePaths(error)).toEqual(['code']);
    expect(seen).toHaveLength(0);
  });
});

describe('vouchers.validate', () => {
  it('POSTs /v1/vouchers/{code}/validate with the context as the JSON body and returns a valid result', async () => {
    respond('post', '/v1/vouchers/SUMMER-10/validate', json(validResult));
    const body = deepFreeze({
      customer: { source_id: 'shop-cust-1042' },
      order: { source_id: 'web-2026-11-22-0042', amount: 4500, items: [{ product_id: 'prod_Beans1kg', quantity: 1, price: 4500 }] },
      session: { type: 'LOCK' as const },
      metadata: { channel: 'web' },
      options: { expand: ['category' as const] },
    });
    const result = await testClient({ validation: 'strict' }).vouchers.validate('SUMMER-10', body);
    postedJson('/v1/vouchers/SUMMER-10/validate', body);
    expect(result).toEqual(validResult);
    expectTypeOf(result).toEqualTypeOf<ValidationResult>();
    if (!result.valid) throw new Error('expected a valid result');
    expectTypeOf(result).toEqualTypeOf<ValidValidationResult>();
    expect(result.order?.total_discount_amount).toBe(450);
    expect(result.session?.key).toBe('ssn_Wq2hD9KpA');
  });

  it('sends {} when called without a body', async () => {
    respond('post', '/v1/vouchers/SUMMER-10/validate', json(validResult));
    await testClient().vouchers.validate('SUMMER-10');
    expect(seen[0]!.body).toBe('{}');
    expect(seen[0]!.headers['content-type']).toBe('application/json');
  });

  it('resolves an invalid voucher (valid: false in a 200) and narrows on valid', async () => {
    respond('post', '/v1/vouchers/SPRING-5/validate', json(expiredResult));
    const result = await testClient({ validation: 'strict' }).vouchers.validate('SPRING-5', { customer: { id: 'cust_Pq81Rt2z' } });
    expect(result.valid).toBe(false);
    if (result.valid) throw new Error('expected an invalid result');
    expectTypeOf(result).toEqualTypeOf<InvalidValidationResult>();
    expectTypeOf(result.valid).toEqualTypeOf<false>();
    expect(result.reason).toBe('voucher expired');
    expect(result.error?.key).toBe('voucher_expired');
  });

  it('is retried like a GET: 503 then 200 makes two requests and resolves', async () => {
    respond('post', '/v1/vouchers/SUMMER-10/validate', json({ code: 503, message: 'Service unavailable' }, 503), json(validResult));
    const result = await testClient().vouchers.validate('SUMMER-10', { order: { amount: 4500 } });
    expect(result.valid).toBe(true);
    expect(seen).toHaveLength(2);
    expect(seen[1]!.body).toBe(seen[0]!.body);
  });

  it('maps 400 missing_reward to BadRequestError', async () => {
    respond(
      'post',
      '/v1/vouchers/LOYAL-8QF2-ZT/validate',
      json({ code: 400, key: 'missing_reward', message: 'Missing reward', details: 'Specify a reward to validate a loyalty card', request_id: 'v-0e9' }, 400),
    );
    const error = await rejection(testClient().vouchers.validate('LOYAL-8QF2-ZT'), BadRequestError);
    expect(error).toMatchObject({ status: 400, key: 'missing_reward' });
  });

  it.each([
    ['501 order items', { order: { items: Array.from({ length: 501 }, () => ({ product_id: 'prod_1', quantity: 1 })) } }, ['order.items']],
    ['an item price as a string', { order: { items: [{ product_id: 'prod_1', quantity: 1, price: '45.00' }] } }, ['order.items[0].price']],
    ['an unknown session type', { session: { type: 'OPEN' } }, ['session.type']],
    ['a reward without id', { reward: { points: 100 } }, ['reward.id']],
  ])('refuses %s, naming the field, with nothing sent', async (_, body, fields) => {
    const error = await refusal(testClient().vouchers.validate('SUMMER-10', body as never));
    expect(issuePaths(error)).toEqual(fields);
    expect(seen).toHaveLength(0);
  });

  it('accepts exactly 500 order items', async () => {
    respond('post', '/v1/vouchers/SUMMER-10/validate', json(validResult));
    await testClient().vouchers.validate('SUMMER-10', { order: { items: Array.from({ length: 500 }, () => ({ product_id: 'prod_1', quantity: 1 })) } });
    expect(JSON.parse(seen[0]!.body).order.items).toHaveLength(500);
  });
});
