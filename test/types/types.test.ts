/**
 * Types that catch mistakes, checked by the compiler (`npm run typecheck` type-checks this file;
 * a `@ts-expect-error` that no longer errors fails it) and asserted again at run time where a
 * value is involved: misspelt fields do not compile, the unions narrow, `CreateVoucherParams`
 * requires each type's object, and optional params take an explicit `undefined`.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type {
  AsyncAction,
  AsyncActionStatus,
  Client,
  CreateVoucherParams,
  CustomerInput,
  FailedRedemption,
  GetMemberParams,
  LoyaltyMember,
  Redemption,
  RedemptionRollback,
  SuccessfulRedemption,
  TokenIntrospection,
  ValidateVoucherParams,
  ValidationError,
  ValidationResult,
  Voucher,
} from '../../src/index.js';

describe('response types without index signatures', () => {
  it('a misspelt response field does not compile', () => {
    const typos = (result: ValidationResult, redemption: Redemption, member: LoyaltyMember, voucher: Voucher) => {
      // @ts-expect-error: `discount`
      void result.discont;
      // @ts-expect-error: `failure_reason` is no field at all, even once narrowed
      if (redemption.result === 'FAILURE') void redemption.failure_reson;
      // @ts-expect-error: `points`
      void member.loyalty_card?.pointz;
      // @ts-expect-error: `percent_off`
      void voucher.discount?.percent_of;
    };
    expectTypeOf(typos).toBeFunction();
  });

  it('a misspelt input field does not compile', () => {
    // @ts-expect-error: the customer's own ID is `source_id`
    const customer: CustomerInput = { sourceId: 'c-1' };
    // @ts-expect-error: `tracking_id`
    const params: ValidateVoucherParams = { trackingId: 't-1' };
    expect([customer, params]).toHaveLength(2);
  });

  it('an unknown field the service adds is still there at run time, read through a declared type', () => {
    const voucher = { id: 'v_1', code: 'X', added_later: 'new' } as Voucher;
    const extended = voucher as Voucher & { added_later?: string };
    expect(extended.added_later).toBe('new');
  });
});

describe('discriminated unions narrow', () => {
  it('a validation result on valid: an invalid one has its reason and maybe an error (real answers omit it)', () => {
    const read = (result: ValidationResult) => {
      if (!result.valid) {
        expectTypeOf(result.error).toEqualTypeOf<ValidationError | null | undefined>();
        return result.error?.key ?? result.reason;
      }
      // @ts-expect-error: a valid result has no error to read
      void result.error;
      return null;
    };
    expectTypeOf(read).returns.toEqualTypeOf<string | null | undefined>();
  });

  it('a redemption on result: failure fields only on FAILURE, and no other result compiles', () => {
    const read = (redemption: Redemption) => {
      expectTypeOf(redemption.result).toEqualTypeOf<'SUCCESS' | 'FAILURE'>();
      // @ts-expect-error: 'SUCESS' is not a result
      if (redemption.result === 'SUCESS') return;
      if (redemption.result === 'FAILURE') {
        expectTypeOf(redemption).toEqualTypeOf<FailedRedemption>();
        return redemption.failure_code;
      }
      expectTypeOf(redemption).toEqualTypeOf<SuccessfulRedemption>();
      // @ts-expect-error: a successful redemption has no failure_code
      return redemption.failure_code;
    };
    expectTypeOf(read).toBeFunction();
    expectTypeOf<RedemptionRollback['result']>().toEqualTypeOf<'SUCCESS' | 'FAILURE'>();
  });

  it('a token introspection on active', () => {
    const scope = (info: TokenIntrospection) => {
      // @ts-expect-error: an inactive token has no scope
      void info.scope;
      return info.active ? info.scope : undefined;
    };
    expectTypeOf(scope).returns.toEqualTypeOf<string | null | undefined>();
  });

  it('a loyalty member is a LOYALTY_CARD, and an async action status is closed', () => {
    expectTypeOf<LoyaltyMember['type']>().toEqualTypeOf<'LOYALTY_CARD'>();
    expectTypeOf<AsyncAction['status']>().toEqualTypeOf<AsyncActionStatus>();
    expectTypeOf<AsyncActionStatus>().toEqualTypeOf<'ENQUEUED' | 'IN_PROGRESS' | 'DONE' | 'FAILED'>();
  });
});

describe('params', () => {
  it('CreateVoucherParams requires the object of its type', () => {
    const ok: CreateVoucherParams[] = [
      { type: 'GIFT_VOUCHER', gift: { amount: 5000, balance: 5000 } },
      { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } },
      { type: 'LOYALTY_CARD', loyalty_card: { points: 0 } },
    ];
    // @ts-expect-error: a gift voucher without gift
    const noGift: CreateVoucherParams = { type: 'GIFT_VOUCHER' };
    // @ts-expect-error: a loyalty card without loyalty_card
    const noCard: CreateVoucherParams = { type: 'LOYALTY_CARD', discount: { type: 'PERCENT', percent_off: 10 } };
    expect([...ok, noGift, noCard]).toHaveLength(5);
  });

  it('every optional param takes an explicit undefined', () => {
    const maybe = (): string | undefined => undefined;
    const member: GetMemberParams = { campaign_id: maybe() };
    const validate: ValidateVoucherParams = {
      customer: undefined,
      order: undefined,
      session: undefined,
      tracking_id: maybe(),
      metadata: undefined,
      options: undefined,
    };
    const voucher: CreateVoucherParams = {
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'PERCENT', percent_off: 10 },
      campaign_id: maybe(),
      expiration_date: undefined,
    };
    expect([member, validate, voucher]).toHaveLength(3);
    expectTypeOf<Parameters<Client['loyalties']['getMember']>[1]>().toEqualTypeOf<GetMemberParams | undefined>();
  });
});
