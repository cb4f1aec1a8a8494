import { describe, expect, expectTypeOf, it } from 'vitest';
import { asyncActionListSchema, asyncActionSchema } from '../../src/schemas/async-action.js';
import { discountSchema } from '../../src/schemas/discount.js';
import { customerRedeemableListSchema } from '../../src/schemas/customer-redeemable.js';
import { eventAcknowledgmentSchema } from '../../src/schemas/event.js';
import { locationSchema } from '../../src/schemas/location.js';
import { loyaltyTransactionListSchema } from '../../src/schemas/loyalty-transaction.js';
import { pendingPointsListSchema } from '../../src/schemas/pending-points.js';
import { rewardAssignmentListSchema } from '../../src/schemas/reward.js';
import { orderSchema } from '../../src/schemas/order.js';
import { promotionStackSchema, promotionTierSchema, promotionTierSetupSchema } from '../../src/schemas/promotion.js';
import { publicationSchema } from '../../src/schemas/publication.js';
import { redemptionSchema } from '../../src/schemas/redemption.js';
import { redemptionRollbackResultSchema } from '../../src/schemas/redemption-rollback.js';
import { campaignTemplateListSchema } from '../../src/schemas/template.js';
import { validationResultSchema, type InvalidValidationResult, type ValidationResult, type ValidValidationResult } from '../../src/schemas/validation.js';
import { loyaltyMemberSchema, voucherSchema, type LoyaltyMember, type Voucher } from '../../src/schemas/voucher.js';
import * as fx from '../fixtures/every-field.js';
import { clone, fieldPaths, isObject, matches, type Path } from './json-paths.js';

type Issue = { path: PropertyKey[]; message: string };
type Parsed = { success: true; data: unknown } | { success: false; error: { issues: readonly Issue[] } };
interface Schema {
  safeParse(data: unknown): Parsed;
}

/**
 * One response shape and what its schema must hold of it. Which fields are required, and that
 * every other one may be absent or null, is the tolerance test's (tolerance.test.ts).
 */
interface Case {
  name: string;
  schema: () => Schema;
  body: Record<string, unknown>;
  /** Open enums: any string must be accepted and kept. */
  enums: string[];
  /** Closed discriminators (the protocol fixes their values): any other value is refused, naming the field. */
  closed?: string[];
}

const cases: Case[] = [
  {
    name: 'discount voucher',
    schema: voucherSchema,
    body: fx.discountVoucher,
    enums: [
      'type',
      'discount.type',
      'discount.effect',
      'applicable_to.data.*.effect',
      'applicable_to.data.*.object',
      'applicable_to.data.*.target',
      'validation_rules_assignments.data.*.validation_status',
      'validation_rules_assignments.data.*.related_object_type',
    ],
  },
  { name: 'gift voucher', schema: voucherSchema, body: fx.giftVoucher, enums: ['type', 'gift.effect'] },
  { name: 'loyalty member', schema: loyaltyMemberSchema, body: fx.loyaltyMember, closed: ['type'], enums: [] },
  {
    name: 'pending points list',
    schema: pendingPointsListSchema,
    body: fx.pendingPointsList,
    enums: ['data.*.details.event.type', 'data.*.details.event.category', 'data.*.details.event.event_source.channel'],
  },
  {
    name: 'loyalty transaction list',
    schema: loyaltyTransactionListSchema,
    body: fx.transactionList,
    enums: ['data.*.type', 'data.*.details.balance.type', 'data.*.details.balance.operation_type'],
  },
  { name: 'reward assignment list', schema: rewardAssignmentListSchema, body: fx.rewardAssignmentList, enums: ['data.*.related_object_type'] },
  {
    name: 'redemption',
    schema: redemptionSchema,
    body: fx.redemption,
    closed: ['result'],
    enums: [
      'status',
      'related_object_type',
      'channel.channel_type',
      'reward.type',
      'reward.parameters.campaign.type',
      'order.status',
      'order.items.*.related_object',
    ],
  },
  {
    name: 'redemption rollback result',
    schema: redemptionRollbackResultSchema,
    body: fx.rollbackResult,
    closed: ['parent_rollback.result', 'rollbacks.*.result'],
    enums: ['parent_rollback.status', 'rollbacks.*.channel.channel_type', 'parent_rollback.related_object_type'],
  },
  {
    name: 'promotion tier',
    schema: promotionTierSchema,
    body: fx.promotionTier,
    enums: ['action.discount.type', 'action.discount.effect', 'campaign.campaign_type'],
  },
  {
    name: 'promotion tier setup',
    schema: promotionTierSetupSchema,
    body: fx.tierSetup,
    enums: ['created_resources.*.object', 'promotion_tier.validation_rules_assignments.*.validation_status'],
  },
  { name: 'promotion stack', schema: promotionStackSchema, body: fx.promotionStack, enums: ['tiers.hierarchy_mode'] },
  {
    name: 'campaign template list (records under campaign_templates)',
    schema: campaignTemplateListSchema,
    body: fx.templateListNamed,
    enums: ['campaign_templates.*.campaign_type'],
  },
  { name: 'campaign template list (records under data)', schema: campaignTemplateListSchema, body: fx.templateListData, enums: ['data.*.campaign_type'] },
  { name: 'async action', schema: asyncActionSchema, body: fx.asyncAction, closed: ['status'], enums: ['type', 'operation_status'] },
  {
    name: 'async action list',
    schema: asyncActionListSchema,
    body: fx.asyncActionList,
    closed: ['async_actions.*.status'],
    enums: ['async_actions.*.type', 'async_actions.*.operation_status'],
  },
  { name: 'order', schema: orderSchema, body: fx.order, enums: ['status', 'items.*.related_object'] },
  { name: 'publication of one voucher', schema: publicationSchema, body: fx.publicationSingle, enums: ['channel', 'result', 'voucher.type'] },
  { name: 'publication of several vouchers', schema: publicationSchema, body: fx.publicationMultiple, enums: ['channel', 'result'] },
  { name: 'circle location', schema: locationSchema, body: fx.circleLocation, enums: ['shape.type', 'shape.format'] },
  { name: 'polygon location', schema: locationSchema, body: fx.polygonLocation, enums: ['shape.type', 'shape.format', 'shape.geojson.type'] },
  { name: 'multi-polygon location', schema: locationSchema, body: fx.multiPolygonLocation, enums: ['shape.geojson.type'] },
  {
    name: 'customer redeemable list',
    schema: customerRedeemableListSchema,
    body: fx.customerRedeemableList,
    enums: ['data.*.holder_role', 'data.*.campaign_type', 'data.*.voucher_type', 'data.*.redeemable.status', 'data.*.redeemable_object'],
  },
  { name: 'event acknowledgment', schema: eventAcknowledgmentSchema, body: fx.eventAcknowledgment, enums: [] },
  {
    name: 'valid validation result',
    schema: validationResultSchema as () => Schema,
    body: fx.validResult,
    enums: ['discount.type', 'discount.effect', 'discount.units.*.effect', 'session.type', 'session.ttl_unit', 'applicable_to.data.*.effect'],
  },
  { name: 'invalid validation result', schema: validationResultSchema as () => Schema, body: fx.invalidResult, enums: [] },
];

// ---------------------------------------------------------------------------------------------
/** The concrete paths of `body` a pattern names; a pattern naming nothing is a broken test. */
function expand(pattern: string, body: unknown): Path[] {
  const found = fieldPaths(body).filter((p) => matches(pattern, p));
  if (found.length === 0) throw new Error(`pattern ${pattern} names no field of the fixture`);
  return found;
}

function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, key) => (v as Record<string | number, unknown>)[key], value);
}

function setAt<T>(value: T, path: Path, replacement: unknown): T {
  const copy = clone(value);
  const parent = getAt(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path[path.length - 1]!] = replacement;
  return copy;
}

/** Adds an unknown field to every object, at any depth. */
function withUnknownFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withUnknownFields);
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = withUnknownFields(v);
  out.x_added_later = { since: '2027-01', nested: [1, 'two'] };
  return out;
}

const show = (path: Path) => path.join('.');
const issuePaths = (result: Parsed) => (result.success ? [] : result.error.issues.map((i) => i.path.map(String).join('.')));

// ---------------------------------------------------------------------------------------------

describe.each(cases)('$name', ({ schema, body, enums, closed = [] }) => {
  it('parses the full record and keeps it as received', () => {
    const result = schema().safeParse(body);
    expect(issuePaths(result)).toEqual([]);
    expect(result.success && result.data).toEqual(body);
  });

  it('keeps unknown fields at every depth', () => {
    const extended = withUnknownFields(body);
    const result = schema().safeParse(extended);
    expect(issuePaths(result)).toEqual([]);
    expect(result.success && result.data).toEqual(extended);
  });

  if (closed.length > 0)
    it('refuses a value outside a closed discriminator, naming the field', () => {
      for (const path of closed.flatMap((e) => expand(e, body))) {
        expect(issuePaths(schema().safeParse(setAt(body, path, 'SOMETHING_NEW_2027'))), show(path)).toEqual([show(path)]);
      }
    });

  if (enums.length > 0)
    it('accepts and keeps enum values it does not know', () => {
      for (const path of enums.flatMap((e) => expand(e, body))) {
        const changed = setAt(body, path, 'SOMETHING_NEW_2027');
        const result = schema().safeParse(changed);
        expect(issuePaths(result), show(path)).toEqual([]);
        expect(result.success && getAt(result.data, path), show(path)).toBe('SOMETHING_NEW_2027');
      }
    });
});

describe('list envelopes', () => {
  it('accept null in every envelope field and no records at all, except has_more on the lists paged by cursor', () => {
    const empty = { object: null, data_ref: null, data: null, total: null, has_more: null, more_starting_after: null };
    expect(rewardAssignmentListSchema().safeParse(empty).success).toBe(true);
    expect(asyncActionListSchema().safeParse({ ...empty, data_ref: 'async_actions', async_actions: null }).success).toBe(true);
    expect(issuePaths(pendingPointsListSchema().safeParse(empty))).toEqual(['has_more']);
    expect(pendingPointsListSchema().safeParse({ ...empty, has_more: false }).success).toBe(true);
  });

  it('check the records under the attribute the list names, not under data', () => {
    const [first] = fx.asyncActionList.async_actions;
    const bad = { ...fx.asyncActionList, async_actions: [first, { ...first, id: 7 }] };
    expect(issuePaths(asyncActionListSchema().safeParse(bad))).toEqual(['async_actions.1.id']);
    // A data attribute on the async-action list is not one of its record arrays: kept, unchecked.
    expect(asyncActionListSchema().safeParse({ ...fx.asyncActionList, data: [{ id: 7 }] }).success).toBe(true);
  });

  it('reject a list whose envelope fields have the wrong type', () => {
    expect(issuePaths(loyaltyTransactionListSchema().safeParse({ ...fx.transactionList, has_more: 'no' }))).toEqual(['has_more']);
    expect(issuePaths(rewardAssignmentListSchema().safeParse({ ...fx.rewardAssignmentList, total: '1' }))).toEqual(['total']);
  });

  it('read campaign templates from data and from campaign_templates alike', () => {
    const both = campaignTemplateListSchema().parse({ ...fx.templateListNamed, data: fx.templateListData.data });
    expect(both.campaign_templates).toHaveLength(2);
    expect(both.data).toHaveLength(1);
    expect(issuePaths(campaignTemplateListSchema().safeParse({ ...fx.templateListNamed, data: [{ name: 'no id', object: 'campaign_template' }] }))).toEqual([
      'data.0.id',
    ]);
  });
});

describe('discount', () => {
  it.each([
    { type: 'AMOUNT', amount_off: 1500, amount_off_formula: null, aggregated_amount_limit: 3000, effect: 'APPLY_TO_ITEMS_PROPORTIONALLY', is_dynamic: false },
    { type: 'PERCENT', percent_off: 12.5, percent_off_formula: null, amount_limit: 2000, effect: 'APPLY_TO_ORDER', is_dynamic: false },
    { type: 'FIXED', fixed_amount: 4999, fixed_amount_formula: 'ORDER_AMOUNT * 0.8', effect: 'APPLY_TO_ITEMS', is_dynamic: true },
    {
      type: 'UNIT',
      unit_off: 1,
      unit_off_formula: null,
      unit_type: 'prod_Socks01',
      effect: 'ADD_MISSING_ITEMS',
      product: { id: 'prod_Socks01', name: 'Socks' },
      sku: null,
      is_dynamic: false,
    },
  ])('parses a $type discount', (discount) => {
    expect(discountSchema().parse(discount)).toEqual(discount);
  });

  it('does not require whole numbers for money (it is kept as sent)', () => {
    expect(discountSchema().parse({ type: 'AMOUNT', amount_off: 1499.5 }).amount_off).toBe(1499.5);
  });

  it('rejects a percentage sent as a string, at its path', () => {
    expect(issuePaths(discountSchema().safeParse({ type: 'PERCENT', percent_off: '10' }))).toEqual(['percent_off']);
  });
});

describe('validation result', () => {
  it('is typed as a union narrowed on valid', () => {
    const result = validationResultSchema().parse(fx.invalidResult);
    expectTypeOf(result).toEqualTypeOf<ValidationResult>();
    if (result.valid) {
      expectTypeOf(result).toEqualTypeOf<ValidValidationResult>();
      throw new Error('the invalid fixture parsed as valid');
    }
    expectTypeOf(result).toEqualTypeOf<InvalidValidationResult>();
    expect(result.error?.key).toBe('voucher_expired');
    expect(result.reason).toBe('voucher expired');
  });

  it('rejects a valid flag sent as a string', () => {
    expect(issuePaths(validationResultSchema().safeParse({ ...fx.validResult, valid: 'true' }))).toEqual(['valid']);
  });
});

describe('voucher types', () => {
  it('type a loyalty member as a voucher', () => {
    expectTypeOf<LoyaltyMember>().toExtend<Voucher>();
    const member = loyaltyMemberSchema().parse(fx.loyaltyMember);
    expect(member.loyalty_card?.balance).toBe(1320);
  });

  it('type nullable fields as T | null | undefined', () => {
    expectTypeOf<Voucher['campaign']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<Voucher['id']>().toEqualTypeOf<string>();
  });
});

describe('location', () => {
  it('keeps float coordinates of a polygon', () => {
    const location = locationSchema().parse(fx.polygonLocation);
    expect(location.shape?.geojson?.coordinates).toEqual(fx.polygonLocation.shape.geojson.coordinates);
  });

  it('rejects coordinates sent as strings', () => {
    const bad = setAt(fx.polygonLocation, ['shape', 'geojson', 'coordinates'], [[['10.0', '53.5']]]);
    expect(locationSchema().safeParse(bad).success).toBe(false);
  });
});
