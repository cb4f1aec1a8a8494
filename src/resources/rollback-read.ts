/**
 * The rollback a redemption already has, read back: what `redemptions.rollback` resolves with
 * when the service answers `already_rolled_back`, and what `client.reconcile` finds for a
 * rollback. Loaded on first use (most programs never meet either).
 *
 * @module
 */
import type { BadRequestError } from '../core/api-errors.js';
import { isRecord } from '../core/inputs.js';
import type { RequestOptions } from '../core/call.js';
import type { APIPromise, WithResponse } from '../core/pagination.js';
import type { RedemptionEntry } from '../schemas/redemption-entry.js';
import type { RedemptionRollback } from '../schemas/redemption-rollback.js';

/** What the read-back reads with: `client.redemptions.get` (the sub-client, not imported: no cycle). */
export interface RedemptionReader {
  get(redemptionId: string, options?: RequestOptions): APIPromise<RedemptionEntry>;
}

/**
 * The id of a redemption's newest rollback (`related_redemptions.rollbacks`), when it lists one.
 * The answer is read as received (in `warn` mode it may break its schema): anything that is not a
 * rollback with a string id is passed over.
 */
export function newestRollback(entry: RedemptionEntry | undefined): string | undefined {
  const rollbacks: unknown = entry?.object === 'redemption' ? entry.related_redemptions?.rollbacks : undefined;
  let newest: { id: string; date: number } | undefined;
  for (const r of Array.isArray(rollbacks) ? rollbacks : []) {
    if (!isRecord(r) || typeof r.id !== 'string' || r.id === '') continue;
    const date = Date.parse(typeof r.date === 'string' ? r.date : '');
    if (newest === undefined || !(date <= newest.date)) newest = { id: r.id, date };
  }
  return newest?.id;
}

/**
 * The newest rollback of `redemptionId`, read with two reads; `refusal` (the service's
 * `already_rolled_back`) when there is none to read, or the one read is not a rollback of it.
 */
export async function existingRollback(
  redemptions: RedemptionReader,
  redemptionId: string,
  refusal: BadRequestError,
  options: RequestOptions | undefined,
): Promise<WithResponse<RedemptionRollback>> {
  const newest = newestRollback(await redemptions.get(redemptionId, options).catch(() => undefined));
  if (!newest) throw refusal;
  const found = await redemptions
    .get(newest, options)
    .withResponse()
    .catch(() => undefined);
  if (found?.data.object !== 'redemption_rollback' || (found.data.redemption != null && found.data.redemption !== redemptionId)) throw refusal;
  return { data: found.data, response: found.response };
}
