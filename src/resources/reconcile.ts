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
import { AbortError, describeValue, isA, PromokitError } from '../core/errors.js';
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
 * How far before the call's start, on the service's clock, a record may be dated and still be the
 * call's: the clocks of the service's own machines may differ by this much.
 */
export const CLOCK_SKEW_MS = 5 * 60_000;

/** Pages a check reads at most before it gives up (`cannot_tell`). */
export const MAX_PAGES = 10;

/** Records a check walks at most, however many the service puts in a page, before it gives up (`cannot_tell`). */
export const MAX_RECORDS = 1_000;

type Call = CallRecord & { input: NonNullable<CallRecord['input']> };

type Check = (readers: Readers, call: Call, time: ServiceTime, options: RequestOptions) => Promise<ReconcileResult>;

/** A check's answer: what it found, or when it began to look. */
const found = (record: unknown): ReconcileResult => ({ status: 'applied', record });
const none = (asOf: Date): ReconcileResult => ({ status: 'not_found', asOf });
const unsure = (reason: string): ReconcileResult => ({ status: 'cannot_tell', reason });

/** Why a walk gave up. */
const tooMany = `more than ${MAX_RECORDS} records (or ${MAX_PAGES} pages) to look through since the call started: the check stopped there`;

/** Why a check that met a record like the call's could not say whether the call made it. */
const UNPLACED =
  "could not be placed in time: the service's answers carried no Date header (or the record no readable created_at), so promokit cannot tell whether it is older than the call";

/** A string field of a plain-data value, else `undefined`. */
function field(value: unknown, ...path: string[]): string | undefined {
  for (const key of path) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A record's `created_at` (or another date field) in epoch milliseconds, `NaN` when it has none that reads. */
function dated(record: unknown, ...keys: string[]): number {
  for (const key of keys.length ? keys : ['created_at']) {
    const at = field(record, key);
    if (at !== undefined) return Date.parse(at);
  }
  return Number.NaN;
}

/**
 * The failed call placed on the service's clock, never this machine's: each answer of the check
 * tells what time it is at the service (its `Date` header), and the monotonic clock how long ago
 * the call started, so the call started at the service no later than `Date − elapsed` (a `Date`
 * is rounded down to the second, and the elapsed time is read after the answer arrived: both err
 * early). A record of the call cannot be dated before {@link ServiceTime.from}.
 */
class ServiceTime {
  readonly #started: number | undefined;
  #start: number | undefined;

  constructor(call: CallRecord) {
    this.#started = call.started;
  }

  /** Reads the service's clock from an answer of the check. */
  saw(response: Response | undefined): void {
    const date = Date.parse(response?.headers.get('date') ?? '');
    if (this.#started === undefined || !Number.isFinite(date)) return;
    const start = date - (performance.now() - this.#started);
    this.#start = Math.min(this.#start ?? start, start);
  }

  /** The earliest service time a record of the call may carry; `undefined` until an answer placed the call. */
  get from(): number | undefined {
    return this.#start === undefined ? undefined : this.#start - CLOCK_SKEW_MS;
  }
}

/**
 * Walks a list newest first (`order: '-id'`) for a record of the call: one that `match`es, dated
 * since the call started on the service's clock. Stops at the first such record (`applied`), at
 * the end of the list, or, when every record so far came newest first, at the end of a page that
 * reached records older than the call (`not_found`); gives up after {@link MAX_RECORDS} records
 * or {@link MAX_PAGES} pages, whatever size the service makes its pages, or at a record like the
 * call's that cannot be placed in time (`cannot_tell`).
 */
async function since<T extends { created_at?: string | null | undefined; date?: string | null | undefined }, P>(
  list: () => PagePromise<T, P>,
  time: ServiceTime,
  match: (record: T) => boolean,
): Promise<ReconcileResult> {
  const asOf = new Date();
  let pages = 0;
  let walked = 0;
  let newestFirst = true;
  let previous = Number.POSITIVE_INFINITY;
  try {
    for await (const page of list().pages()) {
      time.saw(page.response);
      const from = time.from;
      let older = false;
      for (const record of page.data) {
        if (++walked > MAX_RECORDS) return unsure(tooMany);
        const at = dated(record, 'created_at', 'date');
        if (at > previous) newestFirst = false;
        if (Number.isFinite(at)) previous = at;
        const ofTheCall = from !== undefined && at >= from;
        if (match(record)) {
          if (ofTheCall) return found(record);
          if (!(at < from!)) return unsure(`a record like the call's ${UNPLACED}`);
        }
        if (at < from!) older = true;
      }
      // The list came newest first and reached records older than the call: none of it is further on.
      if (older && newestFirst) return none(asOf);
      if (++pages >= MAX_PAGES && page.hasNextPage()) return unsure(tooMany);
    }
  } catch (error) {
    // A list of a record that does not exist (the member, the customer): nothing was applied to it.
    if (error instanceof NotFoundError) return none(asOf);
    throw error;
  }
  return none(asOf);
}

const redemption: Check = async ({ loyalties }, { input }, time, options) => {
  const rewardId = field(input.params, 'reward', 'id');
  if (!rewardId) return unsure('the call named no reward.id to look for');
  const campaignId = field(input.params, 'campaign_id');
  const asOf = new Date();
  const answer = await loyalties
    .getMember(input.path.memberId ?? '', campaignId ? { campaign_id: campaignId } : {}, options)
    .withResponse()
    .catch((error: unknown) => {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    });
  if (!answer) return none(asOf);
  time.saw(answer.response);
  const member = answer.data;
  if (!member.campaign_id) return unsure('the member is in no loyalty campaign, whose transactions would show the redemption');
  // The redemption's `POINTS_REDEMPTION` transaction, on this card, of this reward.
  return since(
    () => loyalties.listTransactions(member.campaign_id!, { order: '-id', limit: 100 }, options),
    time,
    (tx) => tx.type === 'POINTS_REDEMPTION' && tx.voucher_id === member.id && tx.details?.reward?.id === rewardId,
  );
};

const publication: Check = async ({ customers }, { input }, time, options) => {
  const { params } = input;
  const customer = field(params, 'customer', 'id') ?? field(params, 'customer', 'source_id');
  const code = field(params, 'voucher');
  const campaign = field(params, 'campaign', 'name');
  if (!customer || !(code || campaign)) return unsure('the call named no customer by id or source_id, or no voucher or campaign, to look for');
  return since(
    () => customers.listRedeemables(customer, { order: '-id', limit: 100 }, options),
    time,
    ({ campaign_id, redeemable }) => (code ? redeemable?.voucher?.code === code : campaign_id === campaign || redeemable?.voucher?.campaign === campaign),
  );
};

const order: Check = async ({ orders }, { input }, _time, options) => {
  if (!field(input.params, 'source_id') && !field(input.params, 'id'))
    return unsure('no operation reads an order back, and without a source_id (or id) sending it again would make a second order');
  const asOf = new Date();
  try {
    // The same order again: it names the order the failed call made, and makes it otherwise.
    const made = await orders.create(input.params as Parameters<Orders['create']>[0], options);
    // Never updated: this check made it. Updated later than made: it was there before this check.
    if (made.updated_at == null) return none(asOf);
    const created = dated(made);
    const updated = dated(made, 'updated_at');
    if (updated !== created) return Number.isFinite(updated) && Number.isFinite(created) ? found(made) : unsure(`the order ${UNPLACED}`);
    return unsure(
      "the order's updated_at is its created_at: the service's clock did not move between the two (a clock that stands still), so promokit cannot tell whether the failed call or this check made it",
    );
  } catch (error) {
    // An `id` the service does not know: the failed call, an update of that order, changed nothing.
    if (error instanceof NotFoundError) return none(asOf);
    throw error;
  }
};

const voucher: Check = async ({ loyalties, vouchers }, { input }, time, options) => {
  const code = input.path.code ?? '';
  const asOf = new Date();
  try {
    if (field(input.params, 'type') !== 'LOYALTY_CARD') return found(await vouchers.validate(code, {}, options));
    const { data: card, response } = await loyalties.getMember(code, {}, options).withResponse();
    time.saw(response);
    const at = dated(card);
    const from = time.from;
    if (from === undefined || !Number.isFinite(at)) return unsure(`a card with this code exists, but it ${UNPLACED}`);
    return at < from ? unsure('a card with this code existed before the call started, so the call could not have made it') : found(card);
  } catch (error) {
    if (error instanceof NotFoundError) return none(asOf);
    throw error;
  }
};

/** The fields of a customer a check can compare, as the call sent them. */
const customerFields = ['email', 'name', 'phone', 'description', 'birthdate', 'birthday'] as const;

/**
 * A `customers.create` without `source_id` or `id` (each call makes a customer): a customer made
 * since the call started with the fields the call sent, and none of the others, looked for among
 * the customers of its `email` (else of its `name`), newest first.
 */
const customer: Check = async ({ customers }, { input }, time, options) => {
  if (field(input.params, 'source_id') || field(input.params, 'id'))
    return unsure('the call is safe to send again as it is: the service upserts the customer by its source_id (or id)');
  const sent = new Map(customerFields.map((name) => [name, field(input.params, name)]));
  if ([...sent.values()].every((value) => value === undefined))
    return unsure('the call sent none of email, name, phone, description or birthdate, by which its customer would be known');
  const email = sent.get('email');
  const name = sent.get('name');
  return since(
    () => customers.list({ ...(email ? { email } : name ? { name } : {}), limit: 100 }, options),
    time,
    (record) => [...sent].every(([key, value]) => (value === undefined ? record[key] == null : record[key] === value)),
  );
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

const stackedRedemption: Check = async ({ redemptions }, { input }, time, options) => {
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
  const result = await since(() => redemptions.list({ order: '-created_at', limit: STACK_LIMIT, ...(customer ? { customer } : {}) }, options), time, match);
  return result.status === 'applied' ? found(await stackOf(redemptions, result.record as RedemptionEntry, options)) : result;
};

const rollback: Check = async ({ redemptions }, { input }, _time, options) => {
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

const sessionLock: Check = async ({ vouchers }, { input, idempotent }, _time, options) => {
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
  'customer-by-fields': customer,
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
    if (!isA(error, PromokitError)) return unsure('not an error of a promokit call');
    // The call's own record decides, never the error's `outcome`, which any code holding it can rewrite.
    const call = callOf(error);
    if (call?.outcome && call.outcome !== 'unknown')
      return unsure(
        `its outcome is '${call.outcome}': ${call.outcome === 'rejected' ? 'the service answered and did not apply the call' : 'the call never reached the service'}, so there is nothing to look for`,
      );
    if (!call?.input || !call.outcome)
      return unsure('promokit kept no record of this call (ClientEvents.track keeps none, nor an error made by hand), so there is nothing to look for');
    if (call.via !== undefined && call.via !== via)
      return unsure('another client made this call (another tenant, perhaps): reconcile it with the client that made it');
    const trace = call.trace;
    const check = trace && (checks as Partial<Record<Trace, Check>>)[trace];
    if (!check)
      return unsure(
        call.idempotent ? 'the call is safe to send again as it is' : trace ? noWay[trace as NoTrace] : "promokit knows no way to find this call's trace",
      );
    return await check(readers, { ...call, input: call.input }, new ServiceTime(call), options);
  } catch (failure) {
    if (isA(failure, AbortError) && options.signal?.aborted) throw failure;
    return { status: 'cannot_tell', reason: `the check failed: ${isA(failure, PromokitError) ? failure.message : describeValue(failure)}`, cause: failure };
  }
}
