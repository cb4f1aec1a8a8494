/**
 * The module `promokit metadata-types` writes (core/metadata-declarations.ts), from the service's
 * metadata schemas: every type of the type map, compiled with `tsc --strict` and read back with
 * the checker; then schemas from a hostile service, class by class (texts that would break out of
 * the file, names that are no identifiers or that collide, nested schemas that name each other,
 * more definitions than are read, a list that throws when read), each compiled and read back
 * exactly, or refused with a `ConfigurationError` naming the bound.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigurationError, metadataSchemasFrom } from '../../src/index.js';
import { metadataDeclarations } from '../../src/core/metadata-declarations.js';
import { MAX_KEYS, MAX_SCHEMAS, MAX_TEXT, MAX_VALUES, standardKinds } from '../../src/core/metadata-definitions.js';
import { createMockService } from '../../src/testing/index.js';
import ts from 'typescript';
import { compile, interfaceOf, literalsOf } from './compile.js';

const ROOT = '/virtual/consumer';

/** A key's definition as the service writes it. */
const key = (type: string, fields: Record<string, unknown> = {}) => ({ type, array: false, optional: true, objectType: null, ...fields });

/** A list of schemas as `client.metadataSchemas.list()` gives it. */
const listOf = (...schemas: Array<Record<string, unknown>>) => ({ object: 'list', data_ref: 'schemas', schemas, total: schemas.length });

/** A schema of `related_object` with `properties`. */
const schema = (related_object: string, properties: Record<string, unknown>, allow_defined_only = false) => ({
  id: `ms_${related_object.length}`,
  related_object,
  properties,
  allow_defined_only,
  object: 'metadata_schema',
});

/** The written module and consumer files, compiled against the stand-in `promokit`. */
const compiled = (list: unknown, consumer: Record<string, string> = {}) => compile(ROOT, { 'promokit-metadata.d.ts': metadataDeclarations(list), ...consumer });

describe('the type map, read back with the checker', () => {
  const list = listOf(
    schema('order', {
      text: key('string'),
      amount: key('number'),
      flag: key('boolean'),
      day: key('date'),
      at: key('datetime'),
      photo: key('image_url'),
      where: key('geopoint'),
      payment: key('object', { objectType: 'Payment' }),
      loose: key('object', { objectType: 'NotInTheList' }),
      future: key('email'),
      tags: key('string', { array: true }),
      channel: key('string', { eq: ['web', 'pos'], optional: false }),
      sizes: key('number', { eq: [1, 2.5, -3], array: true }),
      yes: key('boolean', { eq: [true] }),
      impossible: key('string', { eq: [1, 2] }),
      gone: key('string', { deleted: true, optional: false }),
    }),
    schema('Payment', { method: key('string', { optional: false }) }, true),
  );

  it('writes every type of the map, required keys and optional ones, and leaves deleted definitions out', () => {
    const result = compiled(list);
    expect(result.errors).toEqual([]);
    const order = interfaceOf(result, 'promokit-metadata.d.ts', 'OrderMetadata');
    const shown = Object.fromEntries([...order].map(([name, { type, optional }]) => [name, `${optional ? '?' : ''}${result.checker.typeToString(type)}`]));
    expect(shown).toEqual({
      text: '?string | undefined',
      amount: '?number | undefined',
      flag: '?boolean | undefined',
      day: '?string | undefined',
      at: '?string | undefined',
      photo: '?string | undefined',
      where: '?string | undefined',
      payment: '?PaymentMetadata | undefined',
      loose: '?Record<string, unknown> | undefined',
      future: '?unknown',
      tags: '?string[] | undefined',
      channel: '"web" | "pos"',
      sizes: '?(1 | 2.5 | -3)[] | undefined',
      yes: '?true | undefined',
      impossible: '?undefined',
    });
    expect([...interfaceOf(result, 'promokit-metadata.d.ts', 'PaymentMetadata').keys()]).toEqual(['method']);
  });

  it('tsc --strict refuses a literal outside eq, a missing required key, a nested object of the wrong shape, and a key a closed schema does not define', () => {
    const use = [
      "import type { OrderMetadata } from './promokit-metadata.js';",
      "export const fine: OrderMetadata = { channel: 'web', payment: { method: 'card' }, anything: [1, 'two'] };",
      "export const outsideEq: OrderMetadata = { channel: 'fax' };",
      'export const missing: OrderMetadata = { text: "no channel" };',
      "export const nested: OrderMetadata = { channel: 'pos', payment: { method: 5 } };",
      "export const closed: OrderMetadata = { channel: 'pos', payment: { method: 'card', extra: true } };",
    ].join('\n');
    const result = compiled(list, { 'use.ts': use });
    expect(result.errors.map((e) => e.split(' ')[0])).toEqual(['use.ts:3', 'use.ts:4', 'use.ts:5', 'use.ts:6']);
    expect(result.errors[0]).toContain('"fax"');
    expect(result.errors[1]).toContain("'channel'");
    expect(result.errors[2]).toContain("'number' is not assignable to type 'string'");
    expect(result.errors[3]).toContain("'extra'");
  });

  it('augments MetadataTypes with every kind of record the service defines (camel case), not with a custom schema', () => {
    const text = metadataDeclarations(
      listOf(schema('order_item', {}), schema('promotion_tier', {}), schema('earning_rule', {}), schema('loyalty_tier', {}), schema('Payment', {})),
    );
    const start = text.indexOf('interface MetadataTypes');
    const augmented = text.slice(start, text.indexOf('}', start));
    expect(augmented.match(/^ {4}\w+/gm)?.map((s) => s.trim())).toEqual(['earningRule', 'loyaltyTier', 'orderItem', 'promotionTier']);
  });

  it("names no kind's interface as promokit names an export: inside the augmentation, such a name would be promokit's type", () => {
    const program = ts.createProgram(['src/index.ts'], {
      strict: true,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: [],
      noEmit: true,
    });
    const checker = program.getTypeChecker();
    const exported = new Set(checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile('src/index.ts')!)!).map((s) => s.name));
    expect(exported.has('MetadataTypes')).toBe(true);
    const text = metadataDeclarations(listOf(...Object.keys(standardKinds).map((name) => schema(name, {}))));
    const named = [...text.matchAll(/^ {4}\w+: (\w+);$/gm)].map((m) => m[1]!);
    expect(named).toHaveLength(12);
    expect(named.filter((name) => exported.has(name))).toEqual([]);
  });

  it('is the same text whatever order the service lists schemas and keys in', () => {
    const mock = createMockService();
    const schemas = mock.list('metadataSchemas').map((s) => ({ ...s }));
    const reversed = schemas.map((s) => ({ ...s, properties: Object.fromEntries(Object.entries(s.properties).reverse()) })).reverse();
    expect(metadataDeclarations(reversed)).toBe(metadataDeclarations(listOf(...schemas)));
  });
});

/** Texts that would end a string, a comment, a line or a declaration of the file, or that are no identifier. */
const hostileTexts = [
  '"',
  '\\',
  "'",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template placeholder is the point: text that would run if the file interpolated it
  '`${process.exit(1)}`',
  '*/ export const x = 1; /*',
  '/*',
  '// comment',
  '\n}\ndeclare module "fs" {\n',
  '\r\n',
  '\u2028',
  '\u2029',
  '\u0000',
  '\ud800',
  '</script><script>alert(1)</script>',
  '', // the empty key
  ' ',
  'é',
  '🎟️',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'prototype',
  'class',
  'default',
  '0',
  '1e3',
  '-1',
  'a-b',
  'a.b',
  '$',
  '_',
];

describe('schemas from a hostile service', () => {
  // Every name on Object.prototype (what each object literal has), as TypeScript declares them and as Node has them.
  const inheritedNames = [...new Set([...Object.getOwnPropertyNames(Object.prototype), 'constructor', 'toString', 'toLocaleString', 'valueOf'])];

  it.each(['number', 'string', 'boolean', 'object'])(
    'every Object.prototype name as an optional %s key, alone and in an array, beside a required one: object literals without it, or with a value of its own, compile',
    (type) => {
      const value = { number: '5', string: "'x'", boolean: 'true', object: '{ a: 1 }' }[type]!;
      const properties: Record<string, unknown> = { id: key('string', { optional: false }) };
      for (const name of inheritedNames) {
        properties[name] = key(type);
        properties[`${name}_list`] = key(type, { array: true });
      }
      const list = listOf(schema('order', {}), schema('customer', {}));
      // JSON keeps a key named __proto__ as a key of its own, as a service's JSON would.
      list.schemas[0]!.properties = JSON.parse(JSON.stringify(properties).replace('{', `{"__proto__":${JSON.stringify(key(type))},`));
      list.schemas[1]!.properties = JSON.parse(JSON.stringify({ ...properties, id: key('string') }));
      const use = [
        "import type { OrderMetadata, CustomerMetadata } from './promokit-metadata.js';",
        "export const bare: OrderMetadata = { id: 'o-1' };",
        'export const empty: CustomerMetadata = {};',
        `export const own: OrderMetadata = { id: 'o-2', ${inheritedNames
          .filter((n) => n !== '__proto__')
          .map((n) => `${JSON.stringify(n)}: ${value}`)
          .join(', ')} };`,
        `export const wrong: OrderMetadata = { id: 'o-3', constructor: ${type === 'string' ? '5' : "'x'"} };`,
      ].join('\n');
      const result = compiled(list, { 'use.ts': use });
      // Only the value of another type is refused.
      expect(result.errors.map((e) => e.split(' ')[0])).toEqual(['use.ts:5']);
    },
  );

  it('a required key named constructor or toString: a literal gives its own value, and must', () => {
    const list = listOf(schema('order', { constructor: key('number', { optional: false }), toString: key('string', { optional: false }) }));
    const use = [
      "import type { OrderMetadata } from './promokit-metadata.js';",
      "export const fine: OrderMetadata = { constructor: 1, toString: 'text' };",
      'export const missing: OrderMetadata = { constructor: 1 };',
    ].join('\n');
    expect(compiled(list, { 'use.ts': use }).errors.map((e) => e.split(' ')[0])).toEqual(['use.ts:3']);
  });

  it('texts that would break out of the file, as keys and as eq values: the module compiles, and reads back exactly those keys and values', () => {
    const properties: Record<string, unknown> = {};
    for (const text of hostileTexts) properties[text] = key('string');
    properties.values = key('string', { eq: hostileTexts });
    const list = JSON.parse(JSON.stringify(listOf(schema('order', properties))));
    // JSON keeps a key named __proto__ as a key of its own, as a service's JSON would.
    list.schemas[0].properties = JSON.parse(`{${[...hostileTexts, 'values'].map((k) => `${JSON.stringify(k)}:${JSON.stringify(properties[k])}`).join(',')}}`);
    expect(Object.hasOwn(list.schemas[0].properties, '__proto__')).toBe(true);
    const result = compiled(list);
    expect(result.errors).toEqual([]);
    const order = interfaceOf(result, 'promokit-metadata.d.ts', 'OrderMetadata');
    expect([...order.keys()].sort()).toEqual([...hostileTexts, 'values'].sort());
    expect(literalsOf(order.get('values')!.type).sort()).toEqual([...hostileTexts].sort());
  });

  it('a generated text of any code units, as a key and an eq value: read back exactly (200 runs, one compile)', () => {
    const texts = fc.sample(fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 12 }), {
      numRuns: 200,
      seed: 42,
    });
    const unique = [...new Set(texts)];
    const properties = Object.fromEntries(unique.map((text) => [text, key('string', { eq: [text] })]));
    const list = { schemas: [{ related_object: 'order', properties: JSON.parse(JSON.stringify(properties)) }] };
    const result = compiled(list);
    expect(result.errors).toEqual([]);
    const order = interfaceOf(result, 'promokit-metadata.d.ts', 'OrderMetadata');
    expect([...order.keys()].sort()).toEqual([...unique].sort());
    for (const text of unique) expect(literalsOf(order.get(text)!.type)).toEqual([text]);
  });

  it('schema names that are no identifiers, or that collide once made one: an interface each, and each reference lands on its own', () => {
    const names = ['order_item', 'OrderItem', 'order-item', '__proto__', 'constructor', '"*/\n', '9lives', '🎟️', 'Payment'];
    const schemas = names.map((name, i) => schema(name, { [`key${i}`]: key('string', { optional: false }) }));
    schemas.push(schema('order', Object.fromEntries(names.map((name, i) => [`ref${i}`, key('object', { objectType: name })]))));
    const result = compiled(JSON.parse(JSON.stringify(listOf(...schemas))));
    expect(result.errors).toEqual([]);
    const order = interfaceOf(result, 'promokit-metadata.d.ts', 'OrderMetadata');
    names.forEach((_name, i) => {
      const referenced = order.get(`ref${i}`)!.type.getNonNullableType();
      // The interface of schema i: its own key, and no other.
      expect(result.checker.getPropertiesOfType(referenced).map((p) => p.name)).toEqual([`key${i}`]);
    });
  });

  it('nested schemas that name each other, and one that names itself: interfaces that refer to each other; the check follows a value, not the names', () => {
    const list = listOf(
      schema('order', { a: key('object', { objectType: 'A' }) }),
      schema('A', { b: key('object', { objectType: 'B' }), self: key('object', { objectType: 'A' }) }, true),
      schema('B', { a: key('object', { objectType: 'A' }), leaf: key('number') }, true),
    );
    const use = [
      "import type { OrderMetadata } from './promokit-metadata.js';",
      'export const deep: OrderMetadata = { a: { b: { a: { self: { b: { leaf: 1 } } } } } };',
      'export const wrong: OrderMetadata = { a: { b: { a: { self: { b: { leaf: "1" } } } } } };',
    ].join('\n');
    const result = compiled(list, { 'use.ts': use });
    expect(result.errors.map((e) => e.split(' ')[0])).toEqual(['use.ts:3']);
    const { order } = metadataSchemasFrom(list);
    const validate = (value: unknown) => order!['~standard'].validate(value) as { issues?: Array<{ path: unknown[]; message: string }> };
    expect(validate({ a: { b: { a: { self: { b: { leaf: 1 } } } } } }).issues).toBeUndefined();
    expect(validate({ a: { b: { a: { self: { b: { leaf: '1' } } } } } }).issues).toEqual([
      { path: ['a', 'b', 'a', 'self', 'b', 'leaf'], message: 'must be a finite number' },
    ]);
    // A value nested past the bound, and one that contains itself: the check stops, with an issue.
    let deep: Record<string, unknown> = {};
    const top = deep;
    for (let i = 0; i < 100; i++) deep = deep.self = {};
    expect(validate({ a: top }).issues?.[0]?.message).toMatch(/deeper than 32 levels/);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(validate({ a: cyclic }).issues?.[0]?.message).toMatch(/deeper than 32 levels/);
  });

  describe('more than is read: refused, naming the bound', () => {
    const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, key('string')]));
    it.each([
      ['schemas', () => listOf(...Array.from({ length: MAX_SCHEMAS + 1 }, (_, i) => schema(`S${i}`, {}))), `more than the ${MAX_SCHEMAS} read`],
      ['keys of a schema', () => listOf(schema('order', many(MAX_KEYS + 1))), `more than the ${MAX_KEYS} read`],
      [
        'values of an eq',
        () => listOf(schema('order', { k: key('string', { eq: Array.from({ length: MAX_VALUES + 1 }, (_, i) => `v${i}`) }) })),
        `more than the ${MAX_VALUES} read`,
      ],
      ['a key', () => listOf(schema('order', { ['k'.repeat(MAX_TEXT + 1)]: key('string') })), `longer than ${MAX_TEXT} characters`],
      ['an eq value', () => listOf(schema('order', { k: key('string', { eq: ['v'.repeat(MAX_TEXT + 1)] }) })), `longer than ${MAX_TEXT} characters`],
      ['a schema name', () => listOf(schema('s'.repeat(MAX_TEXT + 1), {})), `1 to ${MAX_TEXT} characters`],
    ])('%s', (_what, make, message) => {
      const list = make();
      for (const read of [() => metadataDeclarations(list), () => metadataSchemasFrom(list)]) {
        const error = (() => {
          try {
            read();
          } catch (e) {
            return e;
          }
        })();
        expect(error).toBeInstanceOf(ConfigurationError);
        expect((error as Error).message).toContain(message);
        expect((error as Error).message.length).toBeLessThanOrEqual(501);
      }
    });

    it(`${MAX_SCHEMAS} schemas of ${20} keys each: written and compiled`, () => {
      const list = listOf(...Array.from({ length: MAX_SCHEMAS }, (_, i) => schema(`Custom${i}`, many(20))));
      const result = compiled(list);
      expect(result.errors).toEqual([]);
    });
  });

  it.each([
    ['not a list', 'schemas'],
    [{ data_ref: 'schemas', schemas: 'many' }, '"schemas" is not an array'],
    [{ schemas: [null] }, '[0] is not an object'],
    [{ schemas: [{ related_object: '', properties: {} }] }, 'related_object" is not a name'],
    [{ schemas: [{ related_object: 'order', properties: [] }] }, 'properties" is not an object'],
    [
      {
        schemas: [
          { related_object: 'order', properties: {} },
          { related_object: 'order', properties: {} },
        ],
      },
      'a second time',
    ],
    [{ schemas: [{ related_object: 'order', properties: { k: 'string' } }] }, '"k" is not a definition'],
    [{ schemas: [{ related_object: 'order', properties: { k: { type: 'string', eq: 'web' } } }] }, '"k".eq is not an array'],
  ])('a list that is not one of metadata schemas (%j): ConfigurationError naming the place', (list, message) => {
    expect(() => metadataDeclarations(list)).toThrow(ConfigurationError);
    expect(() => metadataDeclarations(list)).toThrow(message);
  });

  it('a list whose reading throws (a getter, a Proxy): ConfigurationError with the thrown error as its cause', () => {
    const thrown = new Error('boom');
    const getter = {
      get schemas() {
        throw thrown;
      },
    };
    const proxy = new Proxy(
      {},
      {
        ownKeys: () => {
          throw thrown;
        },
        get: () => {
          throw thrown;
        },
      },
    );
    for (const list of [getter, proxy, { schemas: [proxy] }]) {
      const error = (() => {
        try {
          metadataSchemasFrom(list);
        } catch (e) {
          return e as ConfigurationError;
        }
      })();
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error?.cause).toBe(thrown);
    }
  });

  it('definitions of the wrong types are read as the looser rule, never as code: bounds that are no numbers, optional that is no boolean, a null definition', () => {
    const list = listOf(
      schema('order', {
        amount: key('number', { gte: '0', lte: Number.NaN, lt: { $gt: 1 } }),
        note: key('string', { optional: 'false', maxLength: -1, exactLength: 2.5 }),
        any: null,
      }),
    );
    const result = compiled(list);
    expect(result.errors).toEqual([]);
    const order = interfaceOf(result, 'promokit-metadata.d.ts', 'OrderMetadata');
    expect([...order].map(([name, p]) => [name, p.optional, result.checker.typeToString(p.type)])).toEqual([
      ['amount', true, 'number | undefined'],
      ['any', true, 'unknown'],
      ['note', true, 'string | undefined'],
    ]);
    const check = metadataSchemasFrom(list).order!['~standard'].validate({ amount: -5, note: 'x'.repeat(50), any: { deep: [1] } });
    expect(check).toEqual({ value: { amount: -5, note: 'x'.repeat(50), any: { deep: [1] } } });
  });
});
