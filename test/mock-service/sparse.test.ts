import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Client } from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';
import { mockServiceFixtures, type ResponseFixture } from '../fixtures/by-method.js';
import { operationNames } from '../../src/resources/registry.js';

type Rec = Record<string, any>;

const sparse = await mockServiceFixtures('sparse', 'strict');
const complete = await mockServiceFixtures('complete', 'strict');

function body(fixtures: ResponseFixture[], method: string, name: string): Rec {
  const found = fixtures.find((f) => f.method === method && f.name.startsWith(name));
  if (!found) throw new Error(`no ${method} fixture named ${name}`);
  return found.body as Rec;
}

/** Every `object` key below the top level of `value`, as paths. */
function nestedObjectKeys(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => nestedObjectKeys(v, `${at}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(at !== '' && k === 'object' ? [`${at}.object`] : []),
    ...nestedObjectKeys(v, at === '' ? k : `${at}.${k}`),
  ]);
}

describe("createMockService({ responses: 'sparse' })", () => {
  it('answers every method, and a strict client accepts every answer', () => {
    expect(new Set(sparse.map((f) => f.method))).toEqual(new Set(operationNames));
    expect(sparse).toHaveLength(complete.length);
  });

  it('sends a publication whose voucher has no id, no object and null dates, category, info and quantity', () => {
    const { voucher } = body(sparse, 'publications.create', 'one voucher');
    expect(voucher).not.toHaveProperty('id');
    expect(voucher).not.toHaveProperty('object');
    expect(voucher.code).toEqual(expect.any(String));
    for (const field of ['category', 'category_id', 'gift', 'loyalty_card', 'start_date', 'expiration_date', 'additional_info', 'updated_at'])
      expect(voucher[field], field).toBeNull();
    expect(voucher.redemption.quantity).toBeNull();
    expect(body(complete, 'publications.create', 'one voucher').voucher).toMatchObject({ id: expect.any(String), object: 'voucher' });
  });

  it('sends a publication of several codes with only the codes', () => {
    const publication = body(sparse, 'publications.create', 'several codes');
    expect(publication.vouchers).toHaveLength(2);
    for (const field of ['voucher', 'result', 'customer']) expect(publication).not.toHaveProperty(field);
  });

  it('sends a validation failure whose error has only a message, without item lists', () => {
    const result = body(sparse, 'vouchers.validate', 'expired');
    expect(result.valid).toBe(false);
    expect(result.error).toEqual({ message: expect.any(String) });
    expect(result).not.toHaveProperty('applicable_to');
    expect(result).not.toHaveProperty('inapplicable_to');
  });

  it('sends orders without object on them or their items, with null metadata, customer_id and referrer_id', () => {
    const validated = body(sparse, 'vouchers.validate', 'valid').order;
    const created = body(sparse, 'orders.create', 'order');
    for (const order of [validated, created]) expect(order).toMatchObject({ metadata: null, customer_id: null, referrer_id: null });
    expect(validated).not.toHaveProperty('object');
    expect(created.object).toBe('order');
    expect(created.items.length).toBeGreaterThan(0);
    for (const item of created.items) expect(item).not.toHaveProperty('object');
  });

  it('sends older redemptions: no channel, status or related object, extra fields, reward without object and with null updated_at', () => {
    for (const name of ['coupon reward', 'pay with points']) {
      const r = body(sparse, 'loyalties.redeemReward', name);
      for (const field of ['channel', 'status', 'related_object_type', 'related_object_id']) expect(r, `${name}: ${field}`).not.toHaveProperty(field);
      expect(r.result).toBe('SUCCESS');
      expect(r.reward).not.toHaveProperty('object');
      expect(r.reward.updated_at).toBeNull();
      expect(r.reward.parameters.automation_id).toEqual(expect.any(String));
      expect(r.voucher.publish.entries).toEqual([]);
      expect(r.voucher.redemption.redemption_entries).toEqual([r.id]);
    }
    const coupon = body(sparse, 'loyalties.redeemReward', 'coupon reward').reward.voucher;
    expect(coupon.code).toEqual(expect.any(String));
    expect(coupon).not.toHaveProperty('object');
  });

  it('sends rollbacks without object, on them and on their vouchers', () => {
    const result = body(sparse, 'redemptions.rollbackStackable', 'stacked redemption');
    expect(nestedObjectKeys(result)).toEqual([]);
    expect(result.rollbacks.some((r: Rec) => r.voucher)).toBe(true);
    expect(nestedObjectKeys(body(complete, 'redemptions.rollbackStackable', 'stacked redemption'))).toContain('parent_rollback.object');
  });

  it('sends promotion tiers with null metadata', () => {
    expect(body(sparse, 'promotions.createTier', 'tier').metadata).toBeNull();
    expect(body(sparse, 'templates.setupPromotionTier', 'tier setup').promotion_tier.metadata).toBeNull();
  });

  it('keeps the records of a list their object, and the fields promokit relies on', () => {
    const transactions = body(sparse, 'loyalties.listTransactions', 'transactions');
    expect(transactions.object).toBe('list');
    expect(transactions.has_more).toEqual(expect.any(Boolean));
    for (const tx of transactions.data) expect(tx.id).toEqual(expect.any(String));
    expect(body(sparse, 'asyncActions.list', 'actions').async_actions[0]).toMatchObject({
      id: expect.any(String),
      created_at: expect.any(String),
      object: 'async_action',
    });
  });

  it('answers in the complete shapes by default, with object on nested records', () => {
    const member = body(complete, 'loyalties.redeemReward', 'coupon reward');
    expect(member).toMatchObject({ channel: expect.any(Object), status: 'SUCCEEDED', reward: { object: 'reward' }, voucher: { object: 'voucher' } });
  });

  it('leaves its records complete: only the answers are sparse', async () => {
    const mock = createMockService({ responses: 'sparse' });
    const client = new Client({ baseUrl: mock.baseUrl, ...mock.credentials, fetch: mock.fetch, validation: 'strict', logLevel: 'off' });
    const publication = await client.publications.create({ voucher: mock.ids.vouchers.unpublished, customer: { id: mock.ids.customers.grace } });
    expect(publication.voucher?.id).toBeUndefined();
    expect(mock.get('vouchers', mock.ids.vouchers.unpublished)).toMatchObject({
      id: expect.any(String),
      object: 'voucher',
      holder_id: mock.ids.customers.grace,
    });
  });

  it('refuses an unknown responses option', () => {
    expect(() => createMockService({ responses: 'minimal' as never })).toThrow(/responses must be 'complete' or 'sparse'; got minimal/);
  });

  it('works from the built package', async () => {
    const dist = new URL('../../dist/', import.meta.url);
    if (!existsSync(new URL('testing.js', dist))) throw new Error('dist/ is missing: run `npm run build` (npm test does it) first');
    const testing = (await import(new URL('testing.js', dist).href)) as typeof import('../../src/testing/index.js');
    const sdk = (await import(new URL('index.js', dist).href)) as typeof import('../../src/index.js');
    const mock = testing.createMockService({ responses: 'sparse' });
    const client = new sdk.Client({ baseUrl: mock.baseUrl, ...mock.credentials, fetch: mock.fetch, validation: 'strict', logLevel: 'off' });
    const publication = await client.publications.create({ campaign: { name: 'Welcome Offer', count: 3 }, customer: { id: mock.ids.customers.lin } });
    expect(publication.vouchers).toHaveLength(3);
    expect(publication.voucher).toBeUndefined();
  });
});
