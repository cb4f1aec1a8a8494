import { HttpResponse } from 'msw';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PaginationLimitError,
  type InvalidRequestError,
  type Voucher,
  formatPath,
} from '../../src/index.js';
import { giftVoucher, voucherList } from '../fixtures/every-field.js';
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
    // promokit's marker, by which client.reconcile knows the voucher, beside your metadata.
    postedJson('/v1/vouchers/SUMMER-10', {
      ...body,
      metadata: { ...(body as { metadata?: object }).metadata, promokit_marker: expect.stringMatching(/^mk_[0-9a-hjkmnp-tv-z]{26}$/) },
    });
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
    expect(JSON.parse(seen[0]!.body)).toEqual({
      type: 'GIFT_VOUCHER',
      gift: { amount: 5000, balance: 5000 },
      start_date: '2026-06-01T00:00:00.000Z',
      metadata: { promokit_marker: expect.stringMatching(/^mk_/) },
    });
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

const unavailable = json({ code: 503, message: 'Service unavailable' }, 503);
/** The service's 404 of the voucher `code`. */
const notFoundOf = (code: string) => json({ code: 404, key: 'not_found', message: 'Resource not found', resource_type: 'voucher', resource_id: code }, 404);
const voucherNotFound = notFoundOf('GONE');

describe('vouchers.list', () => {
  it('GETs /v1/vouchers with every filter: windows in brackets, ids as the key repeated; parses the vouchers under data_ref', async () => {
    respond('get', '/v1/vouchers', json(voucherList));
    const page = await testClient({ validation: 'strict' }).vouchers.list({
      limit: 50,
      page: 2,
      category: 'Spring sale',
      campaign_id: 'camp_1',
      campaign: 'Spring Sale 2026',
      customer: 'crm-10442',
      created_at: { after: '2026-01-01T00:00:00Z' },
      updated_at: { before: '2026-06-01T00:00:00Z' },
      order: '-code',
      code: 'SPRING-25%/OFF #1',
      ids: ['v_1', 'v_2'],
      filters: { expiration_date: { conditions: { $before: ['2026-12-31'] } } },
    });
    const req = seen[0]!;
    expect([req.method, req.path]).toEqual(['GET', '/v1/vouchers']);
    expect(req.search).toBe(
      'limit=50&page=2&category=Spring%20sale&campaign_id=camp_1&campaign=Spring%20Sale%202026&customer=crm-10442&created_at[after]=2026-01-01T00%3A00%3A00Z&updated_at[before]=2026-06-01T00%3A00%3A00Z&order=-code&code=SPRING-25%25%2FOFF%20%231&ids=v_1&ids=v_2&filters[expiration_date][conditions][$before][0]=2026-12-31',
    );
    expect(page.data).toEqual(voucherList.vouchers);
    expect(page.total).toBe(2);
    expectTypeOf(page.data[0]!).toEqualTypeOf<Voucher>();
  });

  it('walks page by page and stops at page 99, the last the service serves, with PaginationLimitError', async () => {
    respond('get', '/v1/vouchers', json({ ...voucherList, total: 10_000 }));
    const pages = testClient().vouchers.list({ limit: 2, page: 99 }).pages();
    expect((await pages.next()).value?.data).toHaveLength(2);
    const error = await pages.next().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationLimitError);
    expect(error).toMatchObject({ maxPage: 99 });
    expect(seen).toHaveLength(1);
  });

  it.each([
    [{ page: 100 }, 'page'],
    [{ limit: 0 }, 'limit'],
    [{ order: 'type' }, 'order'],
    [{ ids: 'v_1' }, 'ids'],
    [{ ids: ['v_1', ''] }, 'ids[1]'],
    [{ created_at: { after: 'soon' } }, 'created_at.after'],
    [{ filters: 'x' }, 'filters'],
  ])('refuses %j naming %s, with nothing sent', async (params, field) => {
    const error = await refusal(testClient().vouchers.list(params as never));
    expect(issuePaths(error)).toEqual([field]);
    expect(seen).toHaveLength(0);
  });
});

describe('vouchers.get, vouchers.update', () => {
  it('GETs /v1/vouchers/{code}, the code encoded once', async () => {
    respond('get', '/v1/vouchers/:code', json(discountVoucher));
    const voucher = await testClient({ validation: 'strict' }).vouchers.get('SPRING 25%/OFF');
    expect([seen[0]!.method, seen[0]!.path]).toEqual(['GET', '/v1/vouchers/SPRING%2025%25%2FOFF']);
    expect(voucher.code).toBe(discountVoucher.code);
  });

  it('maps 404 to NotFoundError', async () => {
    respond('get', '/v1/vouchers/GONE', voucherNotFound);
    await rejection(testClient().vouchers.get('GONE'), NotFoundError);
  });

  it('PUTs the fields to change as JSON, retried after a 503 (an idempotent write)', async () => {
    respond('put', '/v1/vouchers/SUMMER-10', unavailable, json(discountVoucher));
    const body = deepFreeze({
      category: 'Summer',
      expiration_date: '2026-09-30T23:59:59Z',
      validity_day_of_week: [0, 6] as Array<0 | 6>,
      active: false,
      additional_info: 'Weekends only',
      metadata: { channel: 'newsletter' },
      type: 'DISCOUNT_VOUCHER' as const,
      discount: { type: 'PERCENT' as const, percent_off: 20 },
    });
    await testClient({ maxRetryDelay: 10 }).vouchers.update('SUMMER-10', body);
    expect(seen).toHaveLength(2);
    expect(seen[1]!.method).toBe('PUT');
    expect(JSON.parse(seen[1]!.body)).toEqual(body);
  });

  it.each([
    [{ gift: { balance: 100 } }, 'gift'],
    [{ loyalty_card: { points: 5 } }, 'loyalty_card'],
    [{ code: 'NEW' }, 'code'],
    [{ type: 'GIFT_VOUCHER' }, 'type'],
    [{ active: 'false' }, 'active'],
    [{ start_date: '2026-13-01T00:00:00Z' }, 'start_date'],
    [{ validity_day_of_week: [7] }, 'validity_day_of_week[0]'],
  ])('refuses %j naming %s (a field the service would ignore, or a wrong one), nothing sent', async (params, field) => {
    const error = await refusal(testClient().vouchers.update('SUMMER-10', params as never));
    expect(issuePaths(error)).toEqual([field]);
    expect(error.message).toContain(field);
    expect(seen).toHaveLength(0);
  });

  it('maps 400 invalid_voucher (a discount type changed) to BadRequestError, sent once', async () => {
    respond(
      'put',
      '/v1/vouchers/SUMMER-10',
      json({ code: 400, key: 'invalid_voucher', message: 'Invalid voucher', details: 'Cannot change discount type' }, 400),
    );
    const error = await rejection(testClient().vouchers.update('SUMMER-10', { discount: { type: 'AMOUNT', amount_off: 500 } }), BadRequestError);
    expect(error.key).toBe('invalid_voucher');
    expect(seen).toHaveLength(1);
  });
});

describe('vouchers.delete', () => {
  it('DELETEs without a body, `force` in the query, and resolves with nothing on the 204', async () => {
    respond('delete', '/v1/vouchers/:code', () => new HttpResponse(null, { status: 204 }));
    await expect(testClient().vouchers.delete('SUMMER-10', { force: true })).resolves.toBeUndefined();
    await expect(testClient().vouchers.delete('SUMMER-11')).resolves.toBeUndefined();
    expect(seen.map((r) => [r.method, r.path, r.search, r.body])).toEqual([
      ['DELETE', '/v1/vouchers/SUMMER-10', 'force=true', ''],
      ['DELETE', '/v1/vouchers/SUMMER-11', '', ''],
    ]);
  });

  it('a retry answered 404 after an attempt that may have deleted: resolves; a first 404 is a NotFoundError', async () => {
    respond('delete', '/v1/vouchers/SUMMER-10', unavailable, notFoundOf('SUMMER-10'));
    await expect(testClient({ maxRetryDelay: 10 }).vouchers.delete('SUMMER-10')).resolves.toBeUndefined();
    respond('delete', '/v1/vouchers/GONE', voucherNotFound);
    await rejection(testClient().vouchers.delete('GONE'), NotFoundError);
  });

  it.each([
    [{ force: 'yes' }, 'force'],
    [{ reason: 'x' }, 'reason'],
  ])('refuses %j naming %s, nothing sent', async (params, field) => {
    const error = await refusal(testClient().vouchers.delete('SUMMER-10', params as never));
    expect(issuePaths(error)).toEqual([field]);
    expect(seen).toHaveLength(0);
  });
});

describe('vouchers.enable, vouchers.disable', () => {
  it.each([
    ['enable', true],
    ['disable', false],
  ] as const)('%s POSTs /v1/vouchers/{code}/%s without a body and returns the voucher; retried after a 503', async (method, active) => {
    respond('post', `/v1/vouchers/GIFT-7Y2K/${method}`, unavailable, json({ ...giftVoucher, active }));
    const voucher = await testClient({ validation: 'strict', maxRetryDelay: 10 }).vouchers[method]('GIFT-7Y2K');
    expect(voucher.active).toBe(active);
    expect(seen).toHaveLength(2);
    expect([seen[0]!.method, seen[0]!.body, seen[0]!.headers['content-type']]).toEqual(['POST', '', undefined]);
  });
});
