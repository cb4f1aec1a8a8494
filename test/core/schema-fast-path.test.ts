import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { withFastPath } from '../../src/core/schema-fast-path.js';
import { readyToRead, type ResponseSchema } from '../../src/core/responses.js';
import { loyaltyTransactionListSchema } from '../../src/schemas/loyalty-transaction.js';
import { voucherSchema } from '../../src/schemas/voucher.js';
import { asyncActionSchema } from '../../src/schemas/async-action.js';
import { loyaltyMember, transaction } from '../fixtures/loyalty.js';
import { importDone } from '../fixtures/async-actions.js';
import * as realWorld from '../fixtures/real-world.js';
import { methodSchemas } from '../fixtures/by-method.js';
import { redemptionSchema } from '../../src/schemas/redemption.js';
import { redemptionRollbackResultSchema } from '../../src/schemas/redemption-rollback.js';
import { publicationSchema } from '../../src/schemas/publication.js';
import { validationResultSchema } from '../../src/schemas/validation.js';

/** Every variant of `value` with one field changed: removed, nulled, retyped. */
function* mutations(value: unknown, depth = 0): Generator<unknown> {
  yield value;
  if (depth > 3 || typeof value !== 'object' || value === null) return;
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  for (const [key, inner] of entries.slice(0, 40)) {
    for (const replacement of [undefined, null, 42, 'text', true, [], {}, Number.NaN]) {
      const copy: any = Array.isArray(value) ? [...value] : { ...value };
      if (replacement === undefined && !Array.isArray(copy)) delete copy[key];
      else copy[key] = replacement;
      yield copy;
    }
    for (const deeper of mutations(inner, depth + 1)) {
      const copy: any = Array.isArray(value) ? [...value] : { ...value };
      copy[key] = deeper;
      yield copy;
    }
  }
}

describe('fast check in front of zod', () => {
  const cases: Array<[string, ResponseSchema<unknown>, unknown]> = [
    ['voucher', voucherSchema(), loyaltyMember],
    [
      'transaction list',
      loyaltyTransactionListSchema(),
      { object: 'list', data_ref: 'data', data: [transaction(1), transaction(2, 'POINTS_REDEMPTION')], has_more: false },
    ],
    ['async action', asyncActionSchema(), importDone],
    ['publication of a voucher without id', publicationSchema(), realWorld.publicationOfSparseVoucher],
    ['older redemption', redemptionSchema(), realWorld.olderRedemption],
    ['custom rule failure', validationResultSchema(), realWorld.customRuleFailure],
    ['validation with a bare order', validationResultSchema(), realWorld.validResultWithBareOrder],
    ['rollbacks without object', redemptionRollbackResultSchema(), realWorld.rollbacksWithoutObjects],
  ];

  for (const [name, schema, fixture] of cases) {
    it(`agrees with zod on every one-field mutation of a ${name}`, () => {
      const fast = withFastPath(schema);
      expect(fast).not.toBe(schema); // the fast path is really in use for this schema
      let count = 0;
      for (const variant of mutations(JSON.parse(JSON.stringify(fixture)))) {
        expect(fast.safeParse(variant).success, JSON.stringify(variant).slice(0, 200)).toBe(schema.safeParse(variant).success);
        count++;
      }
      expect(count).toBeGreaterThan(50);
    });
  }

  // Every node type the fast check models, in one schema.
  const everyNodeType = () =>
    z.looseObject({
      id: z.string(),
      kind: z.nullish(z.enum(['a', 'b'])),
      n: z.optional(z.number()),
      tags: z.nullish(z.array(z.union([z.string(), z.literal(7)]))),
      meta: z.nullish(z.record(z.string(), z.unknown())),
      inner: z.nullable(z.looseObject({ ok: z.boolean(), any: z.unknown() })),
    });
  const everyNodeBody = { id: 'x', kind: 'a', n: 1, tags: ['t', 7], meta: { k: 1 }, inner: { ok: true, any: [] } };

  it('agrees with zod on every node type it models', () => {
    const schema = everyNodeType();
    const fast = withFastPath(schema);
    expect(fast).not.toBe(schema);
    let count = 0;
    for (const variant of mutations(everyNodeBody)) {
      expect(fast.safeParse(variant).success, JSON.stringify(variant)).toBe(schema.safeParse(variant).success);
      count++;
    }
    expect(count).toBeGreaterThan(50);
  });

  it('models the response schema of every method but the hand-written event acknowledgment', () => {
    const unmodelled = Object.entries(methodSchemas)
      .filter(([, schema]) => {
        const instance = schema();
        return withFastPath(instance) === instance;
      })
      .map(([method]) => method);
    expect(unmodelled).toEqual(['clientEvents.track']);
  });

  it('returns the body itself when valid and zod issues when not', () => {
    const fast = withFastPath(voucherSchema());
    const body = JSON.parse(JSON.stringify(loyaltyMember));
    const ok = fast.safeParse(body);
    expect(ok.success && ok.data).toBe(body);
    const bad = fast.safeParse({ ...body, id: 5 });
    expect(bad.success).toBe(false);
    if (!bad.success) expect(bad.error.issues[0]!.path).toEqual(['id']);
  });

  it("leaves schemas with features it does not model to zod alone: the verdict is always zod's", () => {
    const refined = z.looseObject({ n: z.number().check(z.int()) });
    expect(withFastPath(refined).safeParse({ n: 1.5 }).success).toBe(false);
    expect(withFastPath(refined).safeParse({ n: 2 }).success).toBe(true);
    const strict = z.object({ a: z.string() });
    expect(withFastPath(strict).safeParse({ a: 'x', extra: 1 })).toEqual(strict.safeParse({ a: 'x', extra: 1 }));
    // A field named as a key every object inherits is read from the prototype when a body lacks it.
    const inherited = z.looseObject({ constructor: z.optional(z.string()), id: z.string() });
    for (const body of [{ id: 'x' }, { id: 'x', constructor: 'y' }, JSON.parse('{"id":"x","__proto__":"y"}')])
      expect(withFastPath(inherited).safeParse(body).success).toBe(inherited.safeParse(body).success);
    const notZod = { safeParse: (d: unknown) => ({ success: true as const, data: d }) };
    expect(withFastPath(notZod)).toBe(notZod);
  });

  it('names the keys of map-like fields and array indices `*` in the shape of a field path, once loaded', async () => {
    const schema = withFastPath(
      z.looseObject({ redemptions: z.nullish(z.record(z.string(), z.looseObject({ date: z.string() }))), items: z.array(z.looseObject({ id: z.string() })) }),
    );
    await schema[readyToRead]?.();
    expect(schema.pathShape?.(['redemptions', 'r_123', 'date'])).toBe('redemptions.*.date');
    expect(schema.pathShape?.(['items', 4, 'id'])).toBe('items.*.id');
  });
});
