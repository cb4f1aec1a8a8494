/**
 * The shapes real responses take beyond the published spec: each parses through its SDK method
 * in strict mode, and the types of the fields involved say they may be absent or null.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  Client,
  type EmbeddedOrder,
  type EmbeddedPromotionTier,
  type EmbeddedVoucher,
  type Gift,
  type LoyaltyCard,
  type Order,
  type OrderItem,
  type PromotionTier,
  type Publication,
  type PublicationCustomer,
  type Redemption,
  type RedemptionChannel,
  type RedemptionResult,
  type RedemptionRollback,
  type Reward,
  type RewardParameters,
  type ValidationError,
  type ValidationResult,
  type Voucher,
  type VoucherPublishCounts,
  type VoucherRedemptionCounts,
} from '../../src/index.js';
import * as rw from '../fixtures/real-world.js';
import { secrets } from '../helpers/mock-api.js';

/** A strict client answering every call with `body`. */
function answering(body: unknown): Client {
  return new Client({
    baseUrl: 'https://api.promokit.test',
    ...secrets,
    validation: 'strict',
    logLevel: 'off',
    maxRetries: 0,
    fetch: async () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
  });
}

type Nullish<T> = T | null | undefined;

describe('nested records without object', () => {
  it('parse in strict mode: a reward and its voucher, a publication voucher, a validated order, rollbacks and their vouchers', async () => {
    await expect(answering(rw.rewardRedemptionWithoutObjects).loyalties.redeemReward('TEA-CLUB-MIRA', { reward: { id: 'rew_Tr3atC0up0n' } })).resolves.toEqual(
      rw.rewardRedemptionWithoutObjects,
    );
    await expect(
      answering(rw.publicationOfSparseVoucher).publications.create({ voucher: 'AUTUMN-7KQ2', customer: { source_id: 'web-4417' } }),
    ).resolves.toEqual(rw.publicationOfSparseVoucher);
    await expect(answering(rw.validResultWithBareOrder).vouchers.validate('AUTUMN-7KQ2')).resolves.toEqual(rw.validResultWithBareOrder);
    await expect(answering(rw.rollbacksWithoutObjects).redemptions.rollbackStackable('r_St4ckP4rent')).resolves.toEqual(rw.rollbacksWithoutObjects);
  });

  it('are typed with an optional, nullable object', () => {
    expectTypeOf<Reward['object']>().toEqualTypeOf<Nullish<string>>();
    expectTypeOf<NonNullable<Reward['voucher']>>().toEqualTypeOf<EmbeddedVoucher>();
    expectTypeOf<EmbeddedVoucher['object']>().toEqualTypeOf<Nullish<string>>();
    expectTypeOf<NonNullable<Publication['voucher']>>().toEqualTypeOf<EmbeddedVoucher>();
    expectTypeOf<NonNullable<ValidationResult['order']>>().toEqualTypeOf<EmbeddedOrder>();
    expectTypeOf<EmbeddedOrder['object']>().toEqualTypeOf<Nullish<string>>();
    expectTypeOf<RedemptionRollback['object']>().toEqualTypeOf<Nullish<string>>();
    expectTypeOf<NonNullable<RedemptionRollback['voucher']>>().toEqualTypeOf<EmbeddedVoucher>();
    expectTypeOf<NonNullable<Redemption['promotion_tier']>>().toEqualTypeOf<EmbeddedPromotionTier>();
  });
});

describe("a publication's voucher without id", () => {
  it('parses in strict mode and reads as undefined', async () => {
    const publication = await answering(rw.publicationOfSparseVoucher).publications.create({ voucher: 'AUTUMN-7KQ2', customer: { source_id: 'web-4417' } });
    expect(publication.voucher?.id).toBeUndefined();
    expect(publication.voucher?.code).toBe('AUTUMN-7KQ2');
  });

  it('is typed as possibly absent, while a created voucher always has one', () => {
    expectTypeOf<EmbeddedVoucher['id']>().toEqualTypeOf<Nullish<string>>();
    expectTypeOf<EmbeddedVoucher['code']>().toEqualTypeOf<Nullish<string>>();
    expectTypeOf<Voucher['id']>().toEqualTypeOf<string>();
    expectTypeOf<Voucher['code']>().toEqualTypeOf<string>();
    expectTypeOf<Voucher>().toExtend<EmbeddedVoucher>();
  });
});

describe('explicit null where the spec says a value', () => {
  it('parses in strict mode: a publication voucher, a reward, orders and promotion tiers', async () => {
    await expect(
      answering(rw.publicationOfSparseVoucher).publications.create({ voucher: 'AUTUMN-7KQ2', customer: { source_id: 'web-4417' } }),
    ).resolves.toEqual(rw.publicationOfSparseVoucher);
    await expect(answering(rw.rewardRedemptionWithoutObjects).loyalties.redeemReward('TEA-CLUB-MIRA', { reward: { id: 'rew_Tr3atC0up0n' } })).resolves.toEqual(
      rw.rewardRedemptionWithoutObjects,
    );
    await expect(answering(rw.orderWithNulls).orders.create({ source_id: 'web-2026-10-0931' })).resolves.toEqual(rw.orderWithNulls);
    await expect(answering(rw.tierWithNullMetadata).promotions.createTier('camp_Aut0mnPr0m0', { name: 'Autumn 10%' })).resolves.toEqual(
      rw.tierWithNullMetadata,
    );
  });

  it('is typed as nullable', () => {
    expectTypeOf<EmbeddedVoucher['category']>().toEqualTypeOf<Nullish<string>>();
    expectTypeOf<EmbeddedVoucher['category_id']>().toEqualTypeOf<Nullish<string>>();
    expectTypeOf<EmbeddedVoucher['gift']>().toEqualTypeOf<Nullish<Gift>>();
    expectTypeOf<EmbeddedVoucher['loyalty_card']>().toEqualTypeOf<Nullish<LoyaltyCard>>();
    expectTypeOf<EmbeddedVoucher['start_date']>().toEqualTypeOf<Nullish<string>>();
    expectTypeOf<EmbeddedVoucher['expiration_date']>().toEqualTypeOf<Nullish<string>>();
    expectTypeOf<EmbeddedVoucher['additional_info']>().toEqualTypeOf<Nullish<string>>();
    expectTypeOf<EmbeddedVoucher['updated_at']>().toEqualTypeOf<Nullish<string>>();
    expectTypeOf<VoucherRedemptionCounts['quantity']>().toEqualTypeOf<Nullish<number>>();
    expectTypeOf<Reward['updated_at']>().toEqualTypeOf<Nullish<string>>();
    expectTypeOf<Order['metadata']>().toEqualTypeOf<Nullish<Record<string, unknown>>>();
    expectTypeOf<EmbeddedOrder['metadata']>().toEqualTypeOf<Nullish<Record<string, unknown>>>();
    expectTypeOf<PromotionTier['metadata']>().toEqualTypeOf<Nullish<Record<string, unknown>>>();
    expectTypeOf<Order['customer_id']>().toEqualTypeOf<Nullish<string>>();
    expectTypeOf<Order['referrer_id']>().toEqualTypeOf<Nullish<string>>();
  });
});

describe("a custom validation rule's failure", () => {
  it('parses in strict mode and narrows on valid, with only a message in error', async () => {
    const result = await answering(rw.customRuleFailure).vouchers.validate('AUTUMN-7KQ2');
    expect(result).toEqual(rw.customRuleFailure);
    if (result.valid) throw new Error('parsed as valid');
    expect(result.error?.key ?? result.error?.message).toBe('Spend at least 80.00 to use this code');
    expect(result.applicable_to).toBeUndefined();
  });

  it('is typed with an error whose code, key and details may be absent, and optional item lists', () => {
    expectTypeOf<ValidationError['code']>().toEqualTypeOf<Nullish<number>>();
    expectTypeOf<ValidationError['key']>().toEqualTypeOf<Nullish<string>>();
    expectTypeOf<ValidationError['details']>().toEqualTypeOf<Nullish<string>>();
    expectTypeOf<ValidationResult['applicable_to']>().toExtend<undefined | null | object>();
    expectTypeOf<undefined>().toExtend<ValidationResult['applicable_to']>();
    expectTypeOf<undefined>().toExtend<ValidationResult['inapplicable_to']>();
    expectTypeOf<ValidationResult['valid']>().toEqualTypeOf<boolean>();
  });
});

describe('a publication of several codes', () => {
  it('parses in strict mode with only vouchers', async () => {
    const publication = await answering(rw.publicationOfSeveralCodes).publications.create({
      campaign: { name: 'Autumn newsletter', count: 3 },
      customer: { source_id: 'web-4417' },
    });
    expect(publication).toEqual(rw.publicationOfSeveralCodes);
    expect(publication.voucher ?? publication.vouchers).toEqual(['AUTUMN-P3WD', 'AUTUMN-Z8HN', 'AUTUMN-4RCY']);
  });

  it('is typed with optional voucher, result and customer', () => {
    expectTypeOf<Publication['voucher']>().toEqualTypeOf<Nullish<EmbeddedVoucher>>();
    expectTypeOf<Publication['result']>().toEqualTypeOf<Nullish<'SUCCESS' | (string & {})>>();
    expectTypeOf<Publication['customer']>().toEqualTypeOf<Nullish<PublicationCustomer>>();
    expectTypeOf<Publication['vouchers']>().toEqualTypeOf<Nullish<string[]>>();
    expectTypeOf<Publication['id']>().toEqualTypeOf<string>();
  });
});

describe('an older redemption', () => {
  it('parses in strict mode without channel, status or related object, keeping its extra fields', async () => {
    const redemption = await answering(rw.olderRedemption).loyalties.redeemReward('TEA-CLUB-MIRA', { reward: { id: 'rew_Fr33P0t0001' } });
    expect(redemption).toEqual(rw.olderRedemption);
    expect(redemption.reward?.parameters?.automation_id).toBe('auto_Bd4yTr3at01');
    expect(redemption.voucher?.publish?.entries).toHaveLength(1);
    expect(redemption.voucher?.redemption?.redemption_entries).toHaveLength(3);
  });

  it('is typed with optional channel, status and related object, the extra fields listed, and result always there', () => {
    expectTypeOf<Redemption['channel']>().toEqualTypeOf<Nullish<RedemptionChannel>>();
    expectTypeOf<Redemption['status']>().toEqualTypeOf<Nullish<'SUCCEEDED' | 'FAILED' | 'ROLLED_BACK' | (string & {})>>();
    expectTypeOf<Redemption['related_object_type']>().toEqualTypeOf<Nullish<'voucher' | 'promotion_tier' | 'redemption' | (string & {})>>();
    expectTypeOf<Redemption['related_object_id']>().toEqualTypeOf<Nullish<string>>();
    expectTypeOf<RewardParameters['automation_id']>().toEqualTypeOf<Nullish<string>>();
    expectTypeOf<VoucherPublishCounts['entries']>().toEqualTypeOf<Nullish<unknown[]>>();
    expectTypeOf<VoucherRedemptionCounts['redemption_entries']>().toEqualTypeOf<Nullish<unknown[]>>();
    expectTypeOf<Redemption['result']>().toEqualTypeOf<RedemptionResult>();
    expectTypeOf<Redemption['id']>().toEqualTypeOf<string>();
  });
});

describe('order items without object', () => {
  it('parse in strict mode, in a created order and in a validated one', async () => {
    const order = await answering(rw.orderWithNulls).orders.create({ source_id: 'web-2026-10-0931' });
    expect(order.items?.[0]).not.toHaveProperty('object');
    const result = await answering(rw.validResultWithBareOrder).vouchers.validate('AUTUMN-7KQ2');
    expect(result.order?.items).toHaveLength(2);
  });

  it('are typed with an optional, nullable object', () => {
    expectTypeOf<OrderItem['object']>().toEqualTypeOf<Nullish<string>>();
    expectTypeOf<NonNullable<EmbeddedOrder['items']>[number]>().toEqualTypeOf<OrderItem>();
    expectTypeOf<Order['id']>().toEqualTypeOf<string>();
    expectTypeOf<EmbeddedOrder['id']>().toEqualTypeOf<Nullish<string>>();
    expectTypeOf<EmbeddedPromotionTier['id']>().toEqualTypeOf<Nullish<string>>();
  });
});
