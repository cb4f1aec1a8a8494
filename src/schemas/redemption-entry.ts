/**
 * Redemptions and rollbacks as the service keeps them: one record read by id, a page of the
 * redemptions list, a voucher's redemption history. Each record is a redemption or a rollback,
 * told apart by `object` (CHECKOUT.md §3.3, §3.4, §3.6), and each narrows again on `result`.
 *
 * @module
 */
import * as z from 'zod/mini';
import { lazy, listOf, nullishStrings, type ShapeOf } from './base.js';
import type { ListEnvelope } from '../core/pagination.js';
import { byResult, redemptionFields, type RedemptionBase, type Refused, type Succeeded } from './redemption.js';
import { redemptionRollbackFields, type RedemptionRollbackBase } from './redemption-rollback.js';

/**
 * A redemption as the service keeps it: `object` is `redemption`. `status` and the parent id
 * `redemption` are often absent (CHECKOUT.md §5 D7); a failed one has `order` and `customer`
 * null (D8).
 * @category Redemptions
 */
export interface RedemptionEntryBase extends RedemptionBase {
  /** A redemption. */
  object: 'redemption';
}

/**
 * A redemption record that went through (`result` `SUCCESS`).
 * @category Redemptions
 */
export interface SucceededRedemptionEntry extends RedemptionEntryBase, Succeeded {}

/**
 * A redemption record the service refused (`result` `FAILURE`), with the reason.
 * @category Redemptions
 */
export interface FailedRedemptionEntry extends RedemptionEntryBase, Refused {}

/**
 * A rollback as the service keeps it: `object` is `redemption_rollback`; `redemption` is the id
 * of the redemption it undid. `status` and `channel` are often absent (CHECKOUT.md §5 D9).
 * @category Redemptions
 */
export interface RollbackEntryBase extends RedemptionRollbackBase {
  /** A rollback. */
  object: 'redemption_rollback';
}

/**
 * A rollback record that went through (`result` `SUCCESS`).
 * @category Redemptions
 */
export interface SucceededRollbackEntry extends RollbackEntryBase, Succeeded {}

/**
 * A rollback record the service refused (`result` `FAILURE`), with the reason.
 * @category Redemptions
 */
export interface FailedRollbackEntry extends RollbackEntryBase, Refused {}

/**
 * A redemption record: a redemption or a rollback. Narrow it on `object`, then on `result`:
 *
 * ```ts
 * if (entry.object === 'redemption_rollback') console.log('rollback of', entry.redemption);
 * else if (entry.result === 'FAILURE') console.log('refused:', entry.failure_code);
 * else console.log('redeemed', entry.voucher?.code ?? entry.promotion_tier?.id, entry.related_redemptions?.rollbacks?.length ?? 0, 'rollbacks');
 * ```
 * @category Redemptions
 */
export type RedemptionEntry = SucceededRedemptionEntry | FailedRedemptionEntry | SucceededRollbackEntry | FailedRollbackEntry;

/** Schema of {@link RedemptionEntry}: by `object`, then by `result`. */
export const redemptionEntrySchema: () => z.ZodMiniType<RedemptionEntry> = /* @__PURE__ */ lazy(() =>
  z.discriminatedUnion('object', [
    byResult({ ...redemptionFields(), object: z.literal('redemption') } satisfies ShapeOf<RedemptionEntryBase>),
    byResult({ ...redemptionRollbackFields(), object: z.literal('redemption_rollback') } satisfies ShapeOf<RollbackEntryBase>),
  ]),
);

/**
 * A page of `client.redemptions.list()`: the records under `redemptions`, and `total`.
 * @category Redemptions
 */
export interface RedemptionList extends ListEnvelope {
  /** The records of this page, newest first unless `order` says otherwise. */
  redemptions?: RedemptionEntry[] | null;
}

/** Schema of {@link RedemptionList}. */
export const redemptionListSchema: () => z.ZodMiniType<RedemptionList> = /* @__PURE__ */ lazy(() => listOf(redemptionEntrySchema(), 'redemptions'));

/**
 * A voucher's redemption history (`client.vouchers.getRedemptions`): its redemptions and
 * rollbacks under `redemption_entries`, and its counters. The service declares no paging for it:
 * when `total` is more than the entries it sent, the history is partial (`url` names a plural
 * path the operation does not have; CHECKOUT.md §5 D19, so promokit never follows it).
 * @category Redemptions
 */
export interface VoucherRedemptions extends ListEnvelope {
  /** The most redemptions the voucher allows; `null`: unlimited. */
  quantity?: number | null;
  /** Its redemptions so far (a rollback takes one back). */
  redeemed_quantity?: number | null;
  /** A link the service sends; not a path of this operation. */
  url?: string | null;
  /** Its redemptions and rollbacks. */
  redemption_entries?: RedemptionEntry[] | null;
}

/** Schema of {@link VoucherRedemptions}. */
export const voucherRedemptionsSchema: () => z.ZodMiniType<VoucherRedemptions> = /* @__PURE__ */ lazy(() =>
  z.extend(listOf(redemptionEntrySchema(), 'redemption_entries'), {
    quantity: z.nullish(z.number()),
    redeemed_quantity: z.nullish(z.number()),
    ...nullishStrings('url'),
  }),
);
