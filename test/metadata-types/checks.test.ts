/**
 * `metadataSchemasFrom(list)`: the client's `metadataSchemas` built from the service's metadata
 * schemas. Every rule of a definition, accepted and refused with its path; the schemas taken by
 * `new Client()` and run before anything is sent; and, over generated definitions and values, the
 * agreement with the types `promokit metadata-types` writes from the same list: whatever the
 * check accepts, the types accept.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Client, InvalidRequestError, metadataSchemasFrom, type StandardSchemaV1 } from '../../src/index.js';
import { metadataDeclarations } from '../../src/core/metadata-declarations.js';
import { createMockService } from '../../src/testing/index.js';
import { compile } from './compile.js';

const key = (type: string, fields: Record<string, unknown> = {}) => ({ type, array: false, optional: true, objectType: null, ...fields });
const one = (properties: Record<string, unknown>, allow_defined_only = false, more: Array<Record<string, unknown>> = []) => ({
  data_ref: 'schemas',
  schemas: [{ related_object: 'order', properties, allow_defined_only }, ...more],
});

/** The issues of the order schema's check of `value`, as `[path, message]`; `[]` when it passes. */
function issues(list: unknown, value: unknown): Array<[string, string]> {
  const result = metadataSchemasFrom(list).order!['~standard'].validate(value) as StandardSchemaV1.Result<unknown>;
  if (!result.issues) {
    expect(result).toEqual({ value });
    return [];
  }
  return result.issues.map((i) => [(i.path ?? []).map(String).join('.'), i.message]);
}

describe('an image URL is a web URL', () => {
  // Every scheme a browser would act on where the value is rendered, in each letter case and behind
  // what a URL parser strips: only http and https pass.
  const schemes = ['javascript', 'data', 'vbscript', 'file', 'blob', 'ftp', 'mailto', 'ws', 'chrome', 'about'];
  const written = (scheme: string) => [`${scheme}:alert(1)`, `${scheme.toUpperCase()}:alert(1)`, `${scheme}://host/x`, `\t${scheme}:x`, `${scheme}\n:x`];
  it.each(schemes)('%s: refused however it is written', (scheme) => {
    for (const value of written(scheme)) {
      const found = issues(one({ k: key('image_url') }), { k: value });
      expect(found, JSON.stringify(value)).toEqual([['k', 'must be an http or https URL (an image a page can load, never a javascript: or data: URL)']]);
    }
  });
});

describe('each rule of a definition', () => {
  it.each([
    ['string', key('string'), ['a', ''], [1, null, true], 'must be a string'],
    ['number', key('number'), [0, -1.5, 1e300], ['1', Number.NaN, Number.POSITIVE_INFINITY, null], 'must be a finite number'],
    ['boolean', key('boolean'), [true, false], ['true', 0], 'must be true or false'],
    ['date', key('date'), ['2026-02-28', '2024-02-29'], ['2026-02-30', '2026-2-1', '2026-02-28T10:00:00Z', 20260228], 'must be a date, YYYY-MM-DD'],
    ['datetime', key('datetime'), ['2026-02-28T10:00:00Z', '2026-02-28T10:00:00.123+01:00'], ['2026-02-28', 'yesterday', 1], 'must be an ISO 8601 date-time'],
    [
      'image_url',
      key('image_url'),
      ['https://img.example.test/a.png', 'http://img.example.test/a.png?w=2', 'HTTPS://IMG.EXAMPLE.TEST/A.PNG'],
      ['not a url', '/relative.png', '//img.example.test/a.png', 'https://', ' https://img.example.test/a.png', 5],
      'must be an http or https URL',
    ],
    ['geopoint', key('geopoint'), ['52.52, 13.40'], [{ lat: 1 }], 'must be a string (a geopoint)'],
    ['unknown type', key('email'), ['x', 1, { a: [1] }, null], [], ''],
    ['eq', key('string', { eq: ['web', 'pos'] }), ['web'], ['fax', 'WEB'], 'must be one of "web", "pos"'],
    ['eq of numbers', key('number', { eq: [1, 2] }), [1, 2], [3, '1'], 'must be'],
    ['ne', key('string', { ne: ['unknown'] }), ['x'], ['unknown'], 'must not be "unknown"'],
    ['eq of no value of its type', key('string', { eq: [1] }), [], ['1', ''], 'can take no value'],
    ['gt', key('number', { gt: 0 }), [0.001], [0, -1], 'must be above 0'],
    ['gte', key('number', { gte: 0 }), [0], [-0.1], 'must be at least 0'],
    ['lt', key('number', { lt: 10 }), [9.99], [10], 'must be below 10'],
    ['lte', key('number', { lte: 10 }), [10], [10.01], 'must be at most 10'],
    ['minLength', key('string', { minLength: 2 }), ['ab'], ['a'], 'must be at least 2 characters long'],
    ['maxLength', key('string', { maxLength: 2 }), ['ab'], ['abc'], 'must be at most 2 characters long'],
    ['exactLength', key('string', { exactLength: 4 }), ['1234'], ['123', '12345'], 'must be 4 characters long'],
    ['array', key('string', { array: true, eq: ['a', 'b'] }), [[], ['a', 'b', 'a']], ['a', ['c']], ''],
  ])('%s', (_rule, definition, good, bad, message) => {
    for (const value of good) expect(issues(one({ k: definition }), { k: value }), JSON.stringify(value)).toEqual([]);
    for (const value of bad) {
      const found = issues(one({ k: definition }), { k: value });
      expect(found, String(value)).toHaveLength(1);
      expect(found[0]![0]).toMatch(/^k(\.\d+)?$/);
      expect(found[0]![1]).toContain(message);
    }
  });

  it('a required key (optional: false) is required; an optional one may be left out; null is no value of any type', () => {
    const list = one({ must: key('string', { optional: false }), may: key('string') });
    expect(issues(list, { must: 'x' })).toEqual([]);
    expect(issues(list, { may: 'x' })).toEqual([['must', 'is required (the "order" metadata schema defines it as not optional)']]);
    expect(issues(list, { must: null })).toEqual([['must', 'must be a string']]);
  });

  it('allow_defined_only: a key the schema does not define is refused; without it, any key of any value passes', () => {
    expect(issues(one({ a: key('string') }, true), { a: 'x', b: 1 })).toEqual([
      ['b', 'is not a key of the "order" metadata schema, which allows its defined keys only'],
    ]);
    expect(issues(one({ a: key('string') }, false), { a: 'x', b: { c: [1] } })).toEqual([]);
  });

  it('a deleted definition: its key is no longer checked, and no longer defined for allow_defined_only', () => {
    expect(issues(one({ old: key('number', { deleted: true, optional: false }) }), {})).toEqual([]);
    expect(issues(one({ old: key('number', { deleted: true }) }, true), { old: 1 })).toEqual([['old', expect.stringContaining('defined keys only')]]);
  });

  it('a nested object: checked by the schema its objectType names, paths from the metadata root; an unknown objectType takes any object', () => {
    const list = one({ pay: key('object', { objectType: 'Payment', array: true }), other: key('object', { objectType: 'Missing' }) }, false, [
      { related_object: 'Payment', properties: { method: key('string', { optional: false }) }, allow_defined_only: true },
    ]);
    expect(issues(list, { pay: [{ method: 'card' }], other: { any: 1 } })).toEqual([]);
    expect(issues(list, { pay: [{ method: 'card' }, { amount: 1 }, 'card'], other: [] })).toEqual([
      ['other', 'must be an object'],
      ['pay.1.method', expect.stringContaining('is required')],
      ['pay.1.amount', expect.stringContaining('defined keys only')],
      ['pay.2', 'must be an object (the "Payment" metadata)'],
    ]);
  });

  it('keys named like what every object inherits (__proto__, constructor, toString) are keys like any other', () => {
    const list = JSON.parse(
      '{"schemas":[{"related_object":"order","allow_defined_only":true,"properties":{"__proto__":{"type":"string","optional":false},"constructor":{"type":"number","optional":false},"toString":{"type":"boolean"}}}]}',
    );
    expect(issues(list, JSON.parse('{"__proto__":"x","constructor":1}'))).toEqual([]);
    // An object without them of its own: they are missing, whatever it inherits.
    expect(issues(list, {}).map(([path]) => path)).toEqual(['__proto__', 'constructor']);
    expect(issues(list, JSON.parse('{"__proto__":1,"constructor":1,"toString":"no","valueOf":1}'))).toEqual([
      ['__proto__', 'must be a string'],
      ['toString', 'must be true or false'],
      ['valueOf', expect.stringContaining('defined keys only')],
    ]);
  });

  it('at most 100 issues a check, each message bounded', () => {
    const list = one({ k: key('string', { array: true, eq: ['x'.repeat(999)] }) });
    const found = issues(list, { k: Array.from({ length: 5_000 }, () => 'y') });
    expect(found).toHaveLength(100);
    expect(Math.max(...found.map(([, message]) => message.length))).toBeLessThan(120);
  });

  it('returns a schema for each kind of record promokit checks, none for the others; new Client() takes them', () => {
    const mock = createMockService();
    const schemas = metadataSchemasFrom(mock.list('metadataSchemas'));
    expect(Object.keys(schemas).sort()).toEqual(['customer', 'order', 'orderItem', 'product', 'redemption', 'voucher']);
    expect(() => new Client({ metadataSchemas: schemas })).not.toThrow();
    expect(Object.keys(metadataSchemasFrom([]))).toEqual([]);
  });
});

describe('in a client: the service-defined rules run before anything is sent', () => {
  it('refuses what the service would, naming the path; sends what it would take', async () => {
    const mock = createMockService();
    const reader = new Client({ fetch: mock.fetch, baseUrl: mock.baseUrl, ...mock.credentials });
    const client = new Client({
      fetch: mock.fetch,
      baseUrl: mock.baseUrl,
      ...mock.credentials,
      metadataSchemas: metadataSchemasFrom(await reader.metadataSchemas.list()),
    });
    const before = mock.requests.length;
    const refused = [
      () => client.orders.create({ metadata: { channel: 'fax' } as never }),
      () => client.orders.create({ metadata: { store_id: 'abc' } as never }),
      () => client.orders.create({ metadata: { channel: 'web', payment: { amount: 5 } } as never }),
      () => client.customers.create({ source_id: 'c-1', metadata: { tier: 'platinum' } }),
      () => client.customers.update(mock.ids.customers.ada, { metadata: { birth_date: '1815-13-10' } }),
      () => client.vouchers.validate(mock.ids.vouchers.valid, { metadata: { till: 0 } }),
    ];
    const paths = [];
    for (const call of refused) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidRequestError);
      paths.push((error as InvalidRequestError).issues.map((i) => i.path.join('.')));
    }
    expect(paths).toEqual([
      ['metadata.channel'],
      ['metadata.channel'],
      ['metadata.payment.method'],
      ['metadata.tier'],
      ['metadata.birth_date'],
      ['metadata.till'],
    ]);
    expect(mock.requests.length).toBe(before);
    await client.orders.create({ metadata: { channel: 'web', payment: { method: 'card' } } as never });
    expect(mock.requests.length).toBe(before + 1);
  });
});

describe('the types and the checks agree', () => {
  /** A definition of a type the map knows, with rules the type can say (eq, required, array, closed). */
  const definition = fc.record({
    type: fc.constantFrom('string', 'number', 'boolean', 'date', 'object', 'email'),
    array: fc.boolean(),
    optional: fc.boolean(),
    eq: fc.option(fc.array(fc.oneof(fc.string({ maxLength: 4 }), fc.integer({ min: -3, max: 3 }), fc.boolean()), { maxLength: 3 }), { nil: undefined }),
    objectType: fc.constant('Nested'),
  });
  const value = fc.oneof(fc.string({ maxLength: 4 }), fc.integer({ min: -3, max: 3 }), fc.boolean(), fc.constant(null), fc.constant('2026-01-02'));
  const caseOf = fc
    .record({
      keys: fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd e', '__proto__'), definition, { maxKeys: 4 }),
      closed: fc.boolean(),
      nestedClosed: fc.boolean(),
    })
    .chain((shape) =>
      fc.record({
        shape: fc.constant(shape),
        metadata: fc.dictionary(
          fc.constantFrom('a', 'b', 'c', 'd e', 'x'),
          fc.oneof(value, fc.array(value, { maxLength: 2 }), fc.dictionary(fc.constantFrom('n', 'm'), value, { maxKeys: 2 })),
          { maxKeys: 4 },
        ),
      }),
    );

  it('every metadata value the check accepts compiles against the written types (300 generated cases, one compile)', () => {
    const cases = fc.sample(caseOf, { numRuns: 300, seed: 7 });
    const files: Record<string, string> = {};
    let accepted = 0;
    cases.forEach(({ shape, metadata }, i) => {
      const list = {
        schemas: [
          { related_object: 'order', properties: shape.keys, allow_defined_only: shape.closed },
          { related_object: 'Nested', properties: { n: { type: 'number', optional: false, array: false } }, allow_defined_only: shape.nestedClosed },
        ],
      };
      const result = metadataSchemasFrom(list).order!['~standard'].validate(metadata) as StandardSchemaV1.Result<unknown>;
      if (result.issues) return;
      accepted += 1;
      // The interfaces alone: the augmentation of every case would declare `order` once per case.
      const text = metadataDeclarations(list).replace(/declare module 'promokit' \{[\s\S]*?\n\}\n/, '');
      files[`case${i}.ts`] = text;
      files[`use${i}.ts`] = `import type { OrderMetadata } from './case${i}.js';\nexport const value: OrderMetadata = ${JSON.stringify(metadata)};\n`;
    });
    expect(accepted).toBeGreaterThan(50);
    expect(compile('/virtual/agree', files).errors).toEqual([]);
  });
});
