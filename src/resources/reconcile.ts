/**
 * `client.reconcile(error)`: after a call whose outcome is `unknown`, looks for its trace with the
 * operations the service offers, and says whether it was applied. The checks of the guide "After
 * an unknown outcome", as code. Loaded on first use (most programs never need it).
 *
 * Nothing here sends anything that could apply the failed call a second time: every check is a
 * read, but for `orders.create`, whose check is the same order sent again under its own
 * `source_id` (or `id`), which names the order the failed call made, if it made one.
 *
 * @module
 */
import { NotFoundError } from '../core/api-errors.js';
import { callOf, type CallRecord, type NoTrace, type Trace, type TraceWay } from '../core/call.js';
import { AbortError, PromokitError } from '../core/errors.js';
import { isRecord } from '../core/inputs.js';
import type { RequestOptions } from '../core/call.js';
import { checkRequestOptions } from '../core/request-options.js';
import type { PagePromise } from '../core/pagination.js';
import type { RedemptionEntry } from '../schemas/redemption-entry.js';
import type { Customers } from './customers.js';
import { MARKER_KEY } from './inputs/redeemables.js';
import type { Loyalties } from './loyalties.js';
import type { Orders } from './orders.js';
import type { Redemptions } from './redemptions.js';
import { newestRollback } from './rollback-read.js';
import type { Vouchers } from './vouchers.js';

/**
 * What `client.reconcile(error)` found out about a failed call:
 *
 * - `applied`: the service applied it; `record` is what proves it (the loyalty transaction, the
 *   order, the redeemable the customer holds, the voucher, a stacked redemption's records
 *   `{ parent_redemption, redemptions }`, the rollback). Do not send it again.
 * - `not_found`: no trace of it as of `asOf`, the moment the check began to look. Sending it again
 *   is safe unless the failed request was still on its way or running at the service then (after
 *   a timeout, it may be): see the guide "After an unknown outcome". For a validation with a
 *   session, the check first releases the lock under the call's key: no lock of it is held.
 * - `cannot_tell`: the service offers no way to find out for this operation, the error is not one
 *   of an `unknown` outcome, another client made the call, or the check itself failed; `reason`
 *   says which, in words. When a read of the check failed, `cause` is its error:
 *   `retryDecision(cause)` says whether, and after how long, reconciling the same error again may
 *   answer (a 429's pause, a 503).
 *
 * @category Errors
 */
export type ReconcileResult =
  | { status: 'applied'; record?: unknown }
  | { status: 'not_found'; asOf: Date }
  | { status: 'cannot_tell'; reason: string; cause?: unknown };

/** The sub-clients the checks read with (a `Client` is one). */
export interface Readers {
  readonly loyalties: Loyalties;
  readonly customers: Customers;
  readonly orders: Orders;
  readonly vouchers: Vouchers;
  readonly redemptions: Redemptions;
}

/**
 * How far before the call's start a record may be dated and still be the call's: the service's
 * clock and this machine's may differ by this much.
 */
export const CLOCK_SKEW_MS = 5 * 60_000;

/** Pages of 100 records a check reads at most before it gives up (`cannot_tell`). */
export const MAX_PAGES = 10;

type Check = (readers: Readers, call: CallRecord & { input: NonNullable<CallRecord['input']> }, options: RequestOptions) => Promise<ReconcileResult>;

/** A check's answer: what it found, or when it began to look. */
const found = (record: unknown): ReconcileResult => ({ status: 'applied', record });
const none = (asOf: Date): ReconcileResult => ({ status: 'not_found', asOf });
const unsure = (reason: string): ReconcileResult => ({ status: 'cannot_tell', reason });

/** A string field of a plain-data value, else `undefined`. */
function field(value: unknown, ...path: string[]): string | undefined {
  for (const key of path) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Walks a list newest first (`order: '-id'`) for a record made since the call started (less
 * {@link CLOCK_SKEW_MS}) that `match`es; stops at the first older record, at the end of the list,
 * or after {@link MAX_PAGES} pages (then `cannot_tell`).
 */
async function since<T extends { created_at?: string | null | undefined; date?: string | null | undefined }, P>(
  list: () => PagePromise<T, P>,
  startedAt: Date,
  match: (record: T) => boolean,
): Promise<ReconcileResult> {
  const from = startedAt.getTime() - CLOCK_SKEW_MS;
  const asOf = new Date();
  let pages = 0;
  try {
    for await (const page of list().pages()) {
      for (const record of page.data) {
        if (Date.parse(record.created_at ?? record.date ?? '') < from) return none(asOf);
        if (match(record)) return found(record);
      }
      if (++pages === MAX_PAGES && page.hasNextPage()) return unsure(`more than ${MAX_PAGES * 100} records since the call started: the check stopped there`);
    }
  } catch (error) {
    // A list of a record that does not exist (the member, the customer): nothing was applied to it.
    if (error instanceof NotFoundError) return none(asOf);
    throw error;
  }
  return none(asOf);
}

const redemption: Check = async ({ loyalties }, { input, startedAt }, options) => {
  const rewardId = field(input.params, 'reward', 'id');
  if (!rewardId) return unsure('the call named no reward.id to look for');
  const campaignId = field(input.params, 'campaign_id');
  const asOf = new Date();
  const member = await loyalties.getMember(input.path.memberId ?? '', campaignId ? { campaign_id: campaignId } : {}, options).catch((error: unknown) => {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  });
  if (!member) return none(asOf);
  if (!member.campaign_id) return unsure('the member is in no loyalty campaign, whose transactions would show the redemption');
  // The redemption's `POINTS_REDEMPTION` transaction, on this card, of this reward.
  return since(
    () => loyalties.listTransactions(member.campaign_id!, { order: '-id', limit: 100 }, options),
    startedAt,
    (tx) => tx.type === 'POINTS_REDEMPTION' && tx.voucher_id === member.id && tx.details?.reward?.id === rewardId,
  );
};

const publication: Check = async ({ customers }, { input, startedAt }, options) => {
  const { params } = input;
  const customer = field(params, 'customer', 'id') ?? field(params, 'customer', 'source_id');
  const code = field(params, 'voucher');
  const campaign = field(params, 'campaign', 'name');
  if (!customer || !(code || campaign)) return unsure('the call named no customer by id or source_id, or no voucher or campaign, to look for');
  return since(
    () => customers.listRedeemables(customer, { order: '-id', limit: 100 }, options),
    startedAt,
    ({ campaign_id, redeemable }) => (code ? redeemable?.voucher?.code === code : campaign_id === campaign || redeemable?.voucher?.campaign === campaign),
  );
};

const order: Check = async ({ orders }, { input }, options) => {
  if (!field(input.params, 'source_id') && !field(input.params, 'id'))
    return unsure('no operation reads an order back, and without a source_id (or id) sending it again would make a second order');
  const asOf = new Date();
  try {
    // The same order again: it names the order the failed call made, and makes it otherwise.
    const made = await orders.create(input.params as Parameters<Orders['create']>[0], options);
    return made.updated_at && made.updated_at !== made.created_at ? found(made) : none(asOf);
  } catch (error) {
    // An `id` the service does not know: the failed call, an update of that order, changed nothing.
    if (error instanceof NotFoundError) return none(asOf);
    throw error;
  }
};

const voucher: Check = async ({ loyalties, vouchers }, { input, startedAt }, options) => {
  const code = input.path.code ?? '';
  const asOf = new Date();
  try {
    if (field(input.params, 'type') !== 'LOYALTY_CARD') return found(await vouchers.validate(code, {}, options));
    const card = await loyalties.getMember(code, {}, options);
    return Date.parse(card.created_at ?? '') < startedAt.getTime() - CLOCK_SKEW_MS
      ? unsure('a card with this code existed before the call started, so the call could not have made it')
      : found(card);
  } catch (error) {
    if (error instanceof NotFoundError) return none(asOf);
    throw error;
  }
};

/** Records of redemptions a walk reads, one page of the most the service serves. */
const STACK_LIMIT = 100;

/**
 * A stacked redemption's records from one of them: the parent and its children (found by the
 * `parent_redemption_id` filter), or the redemption alone.
 */
async function stackOf(redemptions: Redemptions, record: RedemptionEntry, options: RequestOptions): Promise<unknown> {
  // The parent: the record itself, the one it names, or the one its order lists it under.
  const listed: unknown = record.order?.redemptions;
  const listedUnder = isRecord(listed)
    ? Object.entries(listed).find(([, entry]) => isRecord(entry) && Array.isArray(entry.stacked) && entry.stacked.includes(record.id))?.[0]
    : undefined;
  const parentId = record.object === 'redemption' && record.related_object_type === 'redemption' ? record.id : (record.redemption ?? listedUnder);
  if (!parentId) return { redemptions: [record] };
  const parent = parentId === record.id ? record : await redemptions.get(parentId, options);
  const children = await redemptions
    .list({ filters: { parent_redemption_id: { conditions: { $is: parentId } } }, limit: STACK_LIMIT }, options)
    .toArray({ max: STACK_LIMIT });
  return { parent_redemption: parent, redemptions: children.filter((c) => c.object === 'redemption' && c.id !== parentId) };
}

/** The redeemables a call named, as `object id`: a voucher by its code, a tier by its id. */
function redeemablesOf(params: unknown): Set<string> {
  const items = typeof params === 'object' && params !== null ? (params as Record<string, unknown>).redeemables : undefined;
  const named = new Set<string>();
  if (Array.isArray(items))
    for (const item of items) if (field(item, 'id') && field(item, 'object')) named.add(`${field(item, 'object')} ${field(item, 'id')}`);
  return named;
}

const stackedRedemption: Check = async ({ redemptions }, { input, startedAt }, options) => {
  const { params } = input;
  const source = field(params, 'order', 'source_id');
  const orderId = field(params, 'order', 'id');
  const marker = field(params, 'metadata', MARKER_KEY);
  const customerId = field(params, 'customer', 'id');
  const customerSource = field(params, 'customer', 'source_id');
  const customer = customerId ?? customerSource;
  if (!source && !orderId && !marker && !customer)
    return unsure('the call named no order source_id or id, no customer and no marker to look for (redemptions.redeem with marker: true adds one)');
  const named = redeemablesOf(params);
  // With no order and no marker, a redemption of this customer, of a redeemable the call named.
  const weak = !source && !orderId && !marker;
  const match = (r: RedemptionEntry): boolean =>
    r.object === 'redemption' &&
    (!source || r.order?.source_id === source) &&
    (!orderId || r.order?.id === orderId) &&
    (!marker || (r.metadata as Record<string, unknown> | null | undefined)?.[MARKER_KEY] === marker) &&
    (!weak ||
      ((r.customer_id === customerId || (customerSource !== undefined && r.customer?.source_id === customerSource)) &&
        (named.has(`voucher ${r.voucher?.code ?? ''}`) || named.has(`${r.related_object_type ?? ''} ${r.related_object_id ?? ''}`))));
  const result = await since(
    () => redemptions.list({ order: '-created_at', limit: STACK_LIMIT, ...(customer ? { customer } : {}) }, options),
    startedAt,
    match,
  );
  return result.status === 'applied' ? found(await stackOf(redemptions, result.record as RedemptionEntry, options)) : result;
};

const rollback: Check = async ({ redemptions }, { input }, options) => {
  const id = input.path.redemptionId ?? '';
  const asOf = new Date();
  try {
    const redemption = await redemptions.get(id, options);
    if (redemption.object !== 'redemption') return unsure(`${id} is a rollback, not a redemption to roll back`);
    const newest = newestRollback(redemption);
    if (newest) return found(await redemptions.get(newest, options));
    return redemption.status === 'ROLLED_BACK' ? unsure(`${id} is ROLLED_BACK but lists no rollback to read`) : none(asOf);
  } catch (error) {
    // No such redemption: nothing was rolled back.
    if (error instanceof NotFoundError) return none(asOf);
    throw error;
  }
};

const sessionLock: Check = async ({ vouchers }, { input, idempotent }, options) => {
  // Without a session a validation only reads.
  if (idempotent) return unsure('the call is safe to send again as it is');
  const key = field(input.params, 'session', 'key');
  if (!key) return unsure('the call sent no session key, so no lock of it can be released');
  // Each voucher's lock under the key, released (or gone already; an unknown code held none). A
  // promotion tier's lock has no release: the same key, sent again, re-targets it.
  for (const named of redeemablesOf(input.params))
    if (named.startsWith('voucher '))
      await vouchers.releaseSession(named.slice('voucher '.length), key, options).catch((error: unknown) => {
        if (!(error instanceof NotFoundError)) throw error;
      });
  return none(new Date());
};

/** Why an operation without a check has none, and what to do instead (each operation's `trace`, in its record). */
const noWay: Record<NoTrace, string> = {
  'no-session-read': 'no operation reads a session lock; sent with your own session.key, it is safe to send again (it joins the same lock)',
  'no-rollback-read':
    'no operation reads a rollback back; sending it again is safe: a second rollback of the same redemption is refused with already_rolled_back',
  'no-tier-read': 'no operation lists or reads promotion tiers; look at the campaign in the dashboard before creating or setting up a tier again',
  'no-event-list': 'no operation lists custom events',
};

/** The check of each way a trace is found (each operation's `trace`, in its record). */
const checks: Record<TraceWay, Check> = {
  'member-transactions': redemption,
  'customer-redeemables': publication,
  'order-upsert': order,
  'voucher-by-code': voucher,
  'redemptions-since': stackedRedemption,
  'redemption-rollbacks': rollback,
  'session-release': sessionLock,
};

/**
 * What `client.reconcile(error)` does; see {@link ReconcileResult}. `via` is the pipeline of the
 * client asked: a call another client made (another tenant, perhaps) is not looked for with it.
 * Rejects only on bad `options` (`ConfigurationError`, before any read) and with the `AbortError`
 * of the caller's own `signal`; every other failure is a `cannot_tell`.
 */
export async function reconcileFailedCall(readers: Readers, error: unknown, given: RequestOptions = {}, via?: object): Promise<ReconcileResult> {
  // A copy, checked once: every read of the check uses it.
  const options = checkRequestOptions(given, 'client.reconcile', 'the check reads with the credentials of the client it is called on');
  try {
    if (!(error instanceof PromokitError)) return unsure('not an error of a promokit call');
    if (error.outcome !== 'unknown')
      return unsure(
        `its outcome is '${error.outcome}': ${error.outcome === 'rejected' ? 'the service answered and did not apply the call' : 'the call never reached the service'}, so there is nothing to look for`,
      );
    const call = callOf(error);
    if (!call?.input) return unsure('promokit kept no record of this call (ClientEvents.track keeps none), so there is nothing to look for');
    if (call.via !== undefined && call.via !== via)
      return unsure('another client made this call (another tenant, perhaps): reconcile it with the client that made it');
    const trace = call.trace;
    const check = trace && (checks as Partial<Record<Trace, Check>>)[trace];
    if (!check)
      return unsure(
        call.idempotent ? 'the call is safe to send again as it is' : trace ? noWay[trace as NoTrace] : "promokit knows no way to find this call's trace",
      );
    return await check(readers, { ...call, input: call.input }, options);
  } catch (failure) {
    if (failure instanceof AbortError && options.signal?.aborted) throw failure;
    return { status: 'cannot_tell', reason: `the check failed: ${failure instanceof Error ? failure.message : String(failure)}`, cause: failure };
  }
}
