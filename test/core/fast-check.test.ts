import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { withFastCheck } from '../../src/core/fast-check.js';
import type { ResponseSchema } from '../../src/core/validate.js';
import { loyaltyTransactionListSchema } from '../../src/schemas/loyalty.js';
import { voucherSchema } from '../../src/schemas/voucher.js';
import { asyncActionSchema } from '../../src/schemas/async-action.js';
import { loyaltyMember, transaction } from '../fixtures/loyalty.js';
import { importDone } from '../fixtures/async-actions.js';
import * as realWorld from '../fixtures/real-world.js';
import { methodSchemas } from '../fixtures/by-method.js';
import { redemptionRollbackResultSchema, redemptionSchema } from '../../src/schemas/redemption.js';
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
    ['transaction list', loyaltyTransactionListSchema(), { object: 'list', data_ref: 'data', data: [transaction(1), transaction(2, 'POINTS_REDEMPTION')], has_more: false }],
    ['async action', asyncActionSchema(), importDone],
    ['publication of a voucher without id', publicationSchema(), realWorld.publicationOfSparseVoucher],
    ['older redemption', redemptionSchema(), realWorld.olderRedemption],
    ['custom rule failure', validationResultSchema(), realWorld.customRuleFailure],
    ['validation with a bare order', validationResultSchema(), realWorld.validResultWithBareOrder],
    ['rollbacks without object', redemptionRollbackResultSchema(), realWorld.rollbacksWithoutObjects],
  ];

  for (const [name, schema, fixture] of cases) {
    it(`agrees with zod on every one-field mutation of a ${name}`, () => {
      const fast = withFastCheck(schema);
      expect(fast).not.toBe(schema); // the fast path is really in use for this schema
      let count = 0;
      for (const variant of mutations(JSON.parse(JSON.stringify(fixture)))) {
        expect(fast.safeParse(variant).success, JSON.stringify(variant).slice(0, 200)).toBe(schema.safeParse(variant).success);
        count++;
      }
      expect(count).toBeGreaterThan(50);
    });
  }

  it('models the response schema of every method but the hand-written event acknowledgment', () => {
    const unmodelled = Object.entries(methodSchemas)
      .filter(([, schema]) => {
        const instance = schema();
        return withFastCheck(instance) === instance;
      })
      .map(([method]) => method);
    expect(unmodelled).toEqual(['clientEvents.track']);
  });

  it('returns the body itself when valid and zod issues when not', () => {
    const fast = withFastCheck(voucherSchema());
    const body = JSON.parse(JSON.stringify(loyaltyMember));
    const ok = fast.safeParse(body);
    expect(ok.success && ok.data).toBe(body);
    const bad = fast.safeParse({ ...body, id: 5 });
    expect(bad.success).toBe(false);
    if (!bad.success) expect(bad.error.issues[0]!.path).toEqual(['id']);
  });

  it('leaves schemas with features it does not model to zod alone', () => {
    const refined = z.looseObject({ n: z.number().check(z.int()) });
    expect(withFastCheck(refined)).toBe(refined);
    const strict = z.object({ a: z.string() });
    expect(withFastCheck(strict)).toBe(strict);
    const notZod = { safeParse: (d: unknown) => ({ success: true as const, data: d }) };
    expect(withFastCheck(notZod)).toBe(notZod);
  });
});
