/**
 * `client.reconcile(error)`: after a call whose outcome is `unknown`, looks for its trace with the
 * operations the service offers, and says whether it was applied. The checks of the guide "After
 * an unknown outcome", as code. Loaded on first use (most programs never need it).
 *
 * Nothing here sends anything that could apply the failed call a second time: every check is a
 * read, but for `orders.create`, whose check is the same order sent again under its own
 * `source_id` (or `id`), which names the order the failed call made, if it made one.
 *
 * `not_found` is an answer only a check that positively saw every record that could hold the
 * call's trace gives: a list walked to the end the service marks (its `has_more`, its `total`, an
 * empty page, its cursor), or to records older than the call on a clock it can trust, or the
 * service's own 404 of the record the call would have changed. A page it cannot read, a failed
 * read, a list that contradicts itself, a bound reached, or a clock it cannot trust is
 * `cannot_tell`.
 *
 * @module
 */
import { namesMissing } from '../core/api-errors.js';
import { callOf, type CallRecord, type NoTrace, type Trace, type TraceWay } from '../core/call.js';
import { AbortError, describeValue, isA, PromokitError, ResponseValidationError } from '../core/errors.js';
import { isRecord } from '../core/inputs.js';
import type { RequestOptions } from '../core/call.js';
import { checkRequestOptions } from '../core/request-options.js';
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
 * - `not_found`: no trace of it as of `asOf`, the moment the check began to look, having seen every
 *   record that could hold one. Sending it again is safe unless the failed request was still on
 *   its way or running at the service then (after a timeout, it may be): see the guide "After an
 *   unknown outcome". For a validation with a session, the check first releases the lock under the
 *   call's key: no lock of it is held.
 * - `cannot_tell`: the service offers no way to find out for this operation, the error is not one
 *   of an `unknown` outcome, another client made the call, the check could not see every record
 *   that could hold the trace (a page it could not read, a list that contradicts itself, its
 *   bound, a clock it cannot trust), or the check itself failed; `reason` says which, in words.
 *   `cause` is the error behind it, when there is one: a read that failed (`retryDecision(cause)`
 *   says whether, and after how long, reconciling the same error again may answer: a 429's pause,
 *   a 503), or a `ResponseValidationError` naming what a page of a list lacked.
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

/**
 * How far before that a record like the call's (not carrying its own identity) still makes the
 * check unsure: a service whose records' clock is behind its `Date` header by more than
 * {@link CLOCK_SKEW_MS}, which no answer shows, would date the call's record there. Such a record
 * gives `cannot_tell`; a walk goes this far back before it says `not_found`.
 */
export const CLOCK_DOUBT_MS = 60 * 60_000;

/** A `Date` header further than this from this machine's clock is no clock to trust. */
export const CLOCK_ABSURD_MS = 10 * 365 * 24 * 3_600_000;

/** Pages a check reads at most before it gives up (`cannot_tell`). */
export const MAX_PAGES = 10;

/** Records a check walks at most, however many the service puts in a page, before it gives up (`cannot_tell`). */
export const MAX_RECORDS = 1_000;

/** Records a check asks for in a page: the most the service serves. */
const PAGE_SIZE = 100;

type Call = CallRecord & { input: NonNullable<CallRecord['input']> };

type Check = (readers: Readers, call: Call, time: ServiceTime, options: RequestOptions) => Promise<ReconcileResult>;

/** A check's answer: what it found, or when it began to look. */
const found = (record: unknown): ReconcileResult => ({ status: 'applied', record });
const none = (asOf: Date): ReconcileResult => ({ status: 'not_found', asOf });
const unsure = (reason: string, cause?: unknown): ReconcileResult => ({ status: 'cannot_tell', reason, ...(cause === undefined ? {} : { cause }) });

/** Why a walk gave up. */
const tooMany = `more than ${MAX_RECORDS} records (or ${MAX_PAGES} pages) to look through since the call started: the check stopped there`;

/** A string field of a plain-data value, else `undefined`. */
function field(value: unknown, ...path: string[]): string | undefined {
  for (const key of path) value = isRecord(value) ? value[key] : undefined;
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
 *
 * The clock is not trusted, and the call not placed, when what the service shows of it disagrees
 * with itself: a `Date` that is no date, the `Date`s of two answers apart by more than
 * {@link CLOCK_SKEW_MS} beyond the time between them, a record dated after the `Date` of its answer
 * by more than that, or a `Date` more than ten years from this machine's clock that no record the
 * check read is dated near (a service, or a mock service, whose clock is that far and whose
 * records follow it is trusted; a `Date` of the year 3000 over records of today is not).
 */
class ServiceTime {
  readonly #started: number | undefined;
  #start: number | undefined;
  /** The service's clock less the monotonic one, lowest and highest seen. */
  #offsets: [number, number] | undefined;
  /** The service's latest `Date`. */
  #now: number | undefined;
  /** A `Date` more than ten years from this machine's clock was read; a record dated near the service's `Date`. */
  #far = false;
  #near = false;
  /** Why the service's clock cannot be trusted, once it cannot. */
  #distrust: string | undefined;

  constructor(call: CallRecord) {
    this.#started = call.started;
  }

  /** Reads the service's clock from an answer of the check. */
  saw(response: Response | undefined): void {
    const header = response?.headers.get('date');
    if (header == null || this.#started === undefined) return;
    const date = Date.parse(header);
    const now = performance.now();
    if (!Number.isFinite(date)) {
      this.#doubt('an answer carried a Date header that is no date');
      return;
    }
    if (Math.abs(date - Date.now()) > CLOCK_ABSURD_MS) this.#far = true;
    const offset = date - now;
    const [low, high] = this.#offsets ?? [offset, offset];
    this.#offsets = [Math.min(low, offset), Math.max(high, offset)];
    // A second of rounding either way, and the skew of the service's machines.
    if (this.#offsets[1] - this.#offsets[0] > CLOCK_SKEW_MS + 2_000)
      this.#doubt("the Date headers of the service's answers disagree with each other by more than five minutes");
    this.#now = Math.max(this.#now ?? date, date);
    const start = date - (now - this.#started);
    this.#start = Math.min(this.#start ?? start, start);
  }

  /**
   * A record dated `at` on the service's clock: one dated after its answers' `Date` (and the skew)
   * shows a clock that disagrees with itself; one dated within ten years of it, a far `Date` its
   * records follow.
   */
  record(at: number): void {
    if (this.#now === undefined || !Number.isFinite(at)) return;
    if (at > this.#now + CLOCK_SKEW_MS + 1_000)
      this.#doubt("a record is dated after the service's Date header by more than five minutes: its records and its Date disagree");
    if (Math.abs(this.#now - at) <= CLOCK_ABSURD_MS) this.#near = true;
  }

  #doubt(why: string): void {
    this.#distrust ??= why;
  }

  /** The earliest service time a record of the call may carry; `undefined` until an answer placed the call, or once the clock cannot be trusted. */
  get from(): number | undefined {
    return this.#start === undefined || this.#distrust !== undefined || (this.#far && !this.#near) ? undefined : this.#start - CLOCK_SKEW_MS;
  }

  /** Why the call could not be placed in time. */
  get why(): string {
    if (this.#distrust) return this.#distrust;
    return this.#far && !this.#near
      ? "the service's Date header is more than ten years from this machine's clock, and no record the check read is dated near it"
      : "the service's answers carried no Date header";
  }
}

/** How a record of a list is like the call: it carries the call's own identity (`call`), or only looks like it (`like`). */
type Likeness = 'call' | 'like' | undefined;

/**
 * A list a check walks, newest first, one page at a time at the position it names: a cursor list
 * (`starting_after_id`, its end `has_more: false`, an empty page, or a cursor that cannot go on)
 * or a numbered one (`page`, its end the `total`, or an empty page).
 */
interface Listing {
  /** The operation, for what the check says. */
  readonly name: string;
  /** The attribute of the records when the envelope names none in `data_ref`. */
  readonly key: string;
  readonly by: 'cursor' | 'page';
  /** Fetches the page at `at` (a cursor, a page number, `undefined` for the first). */
  fetch(at: string | number | undefined): PromiseLike<{ body: unknown; response: Response }>;
  /** An error of the first page that says nothing could hold the trace (the service's 404 of the customer). */
  absent?(error: unknown): boolean;
  /** Whether the check can read a record of the list (its kind); a page with one it cannot is `cannot_tell`, in every validation mode. */
  readable?(record: Record<string, unknown>): boolean;
}

/** A page the check cannot read or believe: `cannot_tell`, with a `ResponseValidationError` naming what is wrong. */
function unreadable(list: Listing, path: string, message: string): ReconcileResult {
  const cause = new ResponseValidationError(list.name, [{ path: [path], message }], undefined);
  return unsure(`a page of ${list.name} could not be read as a list: ${path} ${message}`, cause);
}

/** The records of a page: the array under the attribute `data_ref` names (else `key`), each a record; `undefined` otherwise. */
function recordsOf(body: unknown, key: string): Record<string, unknown>[] | undefined {
  if (!isRecord(body)) return undefined;
  const records = body[typeof body.data_ref === 'string' ? body.data_ref : key];
  return Array.isArray(records) && records.every(isRecord) ? records : undefined;
}

/** A count the service gives: a whole number, 0 or more. */
function countOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/**
 * Walks a list from its first page, handing each page's records to `visit`, until the end the
 * service marks; `visit` stops it with an answer of its own. Any page that cannot be read, a list
 * that contradicts itself, a cursor that comes back, a page short of what was asked followed by
 * more on a numbered list without a `total` (records may lie between), or the bound
 * ({@link MAX_RECORDS}, {@link MAX_PAGES}) gives `cannot_tell`. Resolves `undefined` at the end
 * of the list.
 */
async function walk(
  list: Listing,
  visit: (records: Record<string, unknown>[], response: Response) => ReconcileResult | 'stop' | undefined,
  asOf: Date,
): Promise<ReconcileResult | 'stop' | undefined> {
  let at: string | number | undefined = list.by === 'page' ? 1 : undefined;
  let walked = 0;
  let short = false;
  const cursors = new Set<string>();
  for (let pages = 1; ; pages++) {
    let page: { body: unknown; response: Response };
    try {
      page = await list.fetch(at);
    } catch (error) {
      // A list of a record that does not exist (the customer): nothing was applied to it.
      if (pages === 1 && list.absent?.(error)) return none(asOf);
      throw error;
    }
    const { body, response } = page;
    const records = recordsOf(body, list.key);
    const key = isRecord(body) && typeof body.data_ref === 'string' ? body.data_ref : list.key;
    if (!records) return unreadable(list, key, 'is no array of records');
    const odd = list.readable ? records.findIndex((record) => !list.readable!(record)) : -1;
    if (odd >= 0) return unreadable(list, `${key}[${odd}]`, 'is a record of no kind the check can read');
    if ((walked += records.length) > MAX_RECORDS) return unsure(tooMany);
    const answer = visit(records, response);
    if (answer !== undefined) return answer;
    const envelope = body as Record<string, unknown>;
    const more = envelope.has_more;
    if (list.by === 'page') {
      const total = countOf(envelope.total);
      if (total !== undefined) {
        if (walked > total) return unreadable(list, 'total', `is ${total}, but the pages so far held ${walked} records`);
        if (walked === total) {
          if (more === true) return unreadable(list, 'has_more', `is true, but the pages so far held all ${total} records its total counts`);
          return undefined;
        }
        if (records.length === 0 || more === false)
          return unreadable(list, 'total', `is ${total}, but page ${at} ${records.length === 0 ? 'held no records' : 'said none follow'} after ${walked}`);
      } else {
        if (records.length === 0 || more === false) return undefined;
        if (short)
          return unsure(
            `page ${Number(at) - 1} of ${list.name} held fewer records than asked and more followed, and the list gives no total: records may lie between its pages`,
          );
        short = records.length < PAGE_SIZE;
      }
      at = Number(at) + 1;
    } else {
      if (more === false || (records.length === 0 && more !== true)) return undefined;
      const last = records[records.length - 1];
      const cursor = field(envelope, 'more_starting_after') ?? field(last, 'id');
      if (cursor === undefined) return unreadable(list, 'more_starting_after', 'names no next page, and the list does not say it ended');
      if (cursors.has(cursor)) return unreadable(list, 'more_starting_after', `came back to ${JSON.stringify(cursor)}, a page already read`);
      cursors.add(cursor);
      at = cursor;
    }
    if (pages >= MAX_PAGES) return unsure(tooMany);
  }
}

/**
 * Walks a list newest first for a record of the call. A record carrying the call's own identity
 * (`match` says `call`: its order's `source_id`, its marker) is the call's, whatever its date
 * (`applied`). A record only like the call's counts when it is dated since the call started on
 * the service's clock; when exactly one such record (or group of records, `group`) is found,
 * `applied`; two or more, or one dated within {@link CLOCK_DOUBT_MS} before, or one that cannot be
 * placed in time, `cannot_tell`. The walk ends at the end of the list, or, when every record so far
 * came newest first and the clock is trusted, at the end of a page that reached records older than
 * the call by more than {@link CLOCK_DOUBT_MS}: then, with none like it, `not_found`.
 */
async function search(
  list: Listing,
  time: ServiceTime,
  match: (record: Record<string, unknown>) => Likeness,
  group = (r: Record<string, unknown>) => r.id,
): Promise<ReconcileResult> {
  const asOf = new Date();
  const like: Array<{ record: Record<string, unknown>; at: number }> = [];
  let newestFirst = true;
  let previous = Number.POSITIVE_INFINITY;
  const answer = await walk(
    list,
    (records, response) => {
      time.saw(response);
      let older = false;
      for (const record of records) {
        const at = dated(record, 'created_at', 'date');
        time.record(at);
        if (at > previous) newestFirst = false;
        if (Number.isFinite(at)) previous = at;
        const likeness = match(record);
        if (likeness === 'call') return found(record);
        if (likeness === 'like') like.push({ record, at });
        if (at < (time.from ?? Number.NEGATIVE_INFINITY) - CLOCK_DOUBT_MS) older = true;
      }
      // The list came newest first and reached records older than the call (and the doubt): none further on is the call's.
      return older && newestFirst && time.from !== undefined ? 'stop' : undefined;
    },
    asOf,
  );
  if (answer !== undefined && answer !== 'stop') return answer;
  if (like.length === 0) return none(asOf);
  const from = time.from;
  const alike = like.length === 1 ? "a record like the call's" : `${like.length} records like the call's`;
  if (from === undefined) return unsure(`${alike} could not be placed in time: ${time.why}, so promokit cannot tell whether it is older than the call`);
  if (like.some(({ at }) => !Number.isFinite(at))) return unsure(`${alike} could not be placed in time: a record has no readable created_at (or date)`);
  if (like.some(({ at }) => at < from && at >= from - CLOCK_DOUBT_MS))
    return unsure(
      "a record like the call's is dated within an hour before the call started (on the service's Date): an earlier call's, or this one's on a service whose records' clock is behind its Date",
    );
  const since = like.filter(({ at }) => at >= from);
  const groups = new Set(since.map(({ record }) => group(record)));
  if (groups.size > 1)
    return unsure(`${groups.size} records like the call's since it started: at most one is the call's, and promokit cannot tell which, or whether`);
  return since.length ? found(since[0]!.record) : none(asOf);
}

/** The check of a loyalty redemption: the member's card, then its `POINTS_REDEMPTION` transaction of the reward. */
const redemption: Check = async ({ loyalties }, { input }, time, options) => {
  const rewardId = field(input.params, 'reward', 'id');
  if (!rewardId) return unsure('the call named no reward.id to look for');
  const memberId = input.path.memberId ?? '';
  const campaignId = field(input.params, 'campaign_id');
  const asOf = new Date();
  const answer = await loyalties
    .getMember(memberId, campaignId ? { campaign_id: campaignId } : {}, options)
    .withResponse()
    .catch((error: unknown) => {
      // The service's 404 of the card (or of the campaign the call named): nothing could be spent.
      if (namesMissing(error, 'voucher', memberId) || (campaignId !== undefined && namesMissing(error, 'campaign', campaignId))) return undefined;
      throw error;
    });
  if (!answer) return none(asOf);
  time.saw(answer.response);
  const member: unknown = answer.data;
  time.record(dated(member));
  const card = field(member, 'id');
  const campaign = field(member, 'campaign_id');
  if (!card) return unsure("the member's answer carried no id, by which its transactions are known");
  if (!campaign) return unsure('the member is in no loyalty campaign, whose transactions would show the redemption');
  // The redemption's `POINTS_REDEMPTION` transaction, on this card, of this reward.
  return search(
    {
      name: 'loyalties.listTransactions',
      key: 'data',
      by: 'cursor',
      fetch: (after) =>
        loyalties.listTransactions(campaign, { order: '-id', limit: PAGE_SIZE, ...(after ? { starting_after_id: String(after) } : {}) }, options),
    },
    time,
    // A redemption on the card that names no reward cannot be told from the call's: like it.
    (tx) => {
      const reward = field(tx, 'details', 'reward', 'id');
      return tx.type === 'POINTS_REDEMPTION' && tx.voucher_id === card && (reward === rewardId || reward === undefined) ? 'like' : undefined;
    },
  );
};

/** The check of a publication: the customer's redeemables, for the voucher's code or one of the campaign. */
const publication: Check = async ({ customers }, { input }, time, options) => {
  const { params } = input;
  const customer = field(params, 'customer', 'id') ?? field(params, 'customer', 'source_id');
  const code = field(params, 'voucher');
  const campaign = field(params, 'campaign', 'name');
  if (!customer || !(code || campaign)) return unsure('the call named no customer by id or source_id, or no voucher or campaign, to look for');
  return search(
    {
      name: 'customers.listRedeemables',
      key: 'data',
      by: 'cursor',
      fetch: (after) =>
        customers.listRedeemables(customer, { order: '-id', limit: PAGE_SIZE, ...(after ? { starting_after_id: String(after) } : {}) }, options),
      // The service's 404 of the customer: a customer it does not know holds nothing.
      absent: (error) => namesMissing(error, 'customer', customer),
    },
    time,
    (held) => {
      const voucher = isRecord(held.redeemable) ? held.redeemable.voucher : undefined;
      const heldCode = field(voucher, 'code');
      const heldCampaign = field(held, 'campaign_id') ?? field(voucher, 'campaign');
      // One that names no code (or no campaign) cannot be told from the call's: like it.
      if (code) return heldCode === code || heldCode === undefined ? 'like' : undefined;
      return held.campaign_id === campaign || field(voucher, 'campaign') === campaign || heldCampaign === undefined ? 'like' : undefined;
    },
  );
};

/** The check of an order: the same order sent again under its own `source_id` (or `id`). */
const order: Check = async ({ orders }, { input }, _time, options) => {
  const source = field(input.params, 'source_id');
  const id = field(input.params, 'id');
  if (!source && !id) return unsure('no operation reads an order back, and without a source_id (or id) sending it again would make a second order');
  const asOf = new Date();
  let made: unknown;
  try {
    // The same order again: it names the order the failed call made, and makes it otherwise.
    made = await orders.create(input.params as Parameters<Orders['create']>[0], options);
  } catch (error) {
    // The service's 404 of the `id`: the failed call, an update of that order, changed nothing.
    if (id !== undefined && namesMissing(error, 'order', id)) return none(asOf);
    throw error;
  }
  // The answer must be the order the call named, with its dates as the service keeps them.
  if (!isRecord(made) || !field(made, 'id') || (source !== undefined && made.source_id !== source) || (id !== undefined && made.id !== id))
    return unsure('the answer to the order sent again is not the order the call named');
  if (!('updated_at' in made) || (made.updated_at !== null && typeof made.updated_at !== 'string'))
    return unsure('the answer to the order sent again carried no updated_at, by which promokit tells an order made before from one made now');
  // Never updated: this check made it. Updated later than made: it was there before this check.
  if (made.updated_at === null) return none(asOf);
  const created = dated(made);
  const updated = dated(made, 'updated_at');
  if (!Number.isFinite(updated) || !Number.isFinite(created)) return unsure('the order could not be placed in time: its created_at or updated_at is no date');
  if (updated !== created) return found(made);
  return unsure(
    "the order's updated_at is its created_at: the service's clock did not move between the two (a clock that stands still), so promokit cannot tell whether the failed call or this check made it",
  );
};

/** The check of a voucher: its code read back (a loyalty card with its `created_at`). */
const voucher: Check = async ({ loyalties, vouchers }, { input }, time, options) => {
  const code = input.path.code ?? '';
  const asOf = new Date();
  try {
    if (field(input.params, 'type') !== 'LOYALTY_CARD') {
      const validation: unknown = await vouchers.validate(code, {}, options);
      return field(validation, 'code') === code ? found(validation) : unsure(`the validation of ${code} does not name the code it validated`);
    }
    const { data: card, response } = await loyalties.getMember(code, {}, options).withResponse();
    time.saw(response);
    if (field(card, 'code') !== code) return unsure(`the card read back does not carry the code ${code}`);
    const at = dated(card);
    time.record(at);
    const from = time.from;
    if (from === undefined || !Number.isFinite(at))
      return unsure(`a card with this code exists, but it could not be placed in time: ${from === undefined ? time.why : 'it has no readable created_at'}`);
    return at < from ? unsure('a card with this code existed before the call started, so the call could not have made it') : found(card);
  } catch (error) {
    // The service's 404 of the code: no voucher has it.
    if (namesMissing(error, 'voucher', code)) return none(asOf);
    throw error;
  }
};

/** The fields of a customer a check can compare, as the call sent them. */
const customerFields = ['email', 'name', 'phone', 'description', 'birthdate', 'birthday'] as const;

/**
 * A `customers.create` without `source_id` or `id` (each call makes a customer): a customer made
 * since the call started with the fields the call sent, and none of the others, looked for among
 * the customers of its `email` (else of its `name`), newest first, by page. Two such customers, or
 * one made within the doubt before the call, are `cannot_tell`.
 */
const customer: Check = async ({ customers }, { input }, time, options) => {
  if (field(input.params, 'source_id') || field(input.params, 'id'))
    return unsure('the call is safe to send again as it is: the service upserts the customer by its source_id (or id)');
  const sent = new Map(customerFields.map((name) => [name, field(input.params, name)]));
  if ([...sent.values()].every((value) => value === undefined))
    return unsure('the call sent none of email, name, phone, description or birthdate, by which its customer would be known');
  const email = sent.get('email');
  const name = sent.get('name');
  const by = email ? { email } : name ? { name } : {};
  return search(
    {
      name: 'customers.list',
      key: 'customers',
      by: 'page',
      fetch: (page) => customers.list({ ...by, order: '-created_at', page: Number(page), limit: PAGE_SIZE }, options),
    },
    time,
    (record) => ([...sent].every(([key, value]) => (value === undefined ? record[key] == null : record[key] === value)) ? 'like' : undefined),
  );
};

/**
 * A stacked redemption's records from one of them: the parent and its children (found by the
 * `parent_redemption_id` filter, every page to the list's end), or the redemption alone.
 */
async function stackOf(redemptions: Redemptions, record: RedemptionEntry, options: RequestOptions): Promise<ReconcileResult> {
  // The parent: the record itself, the one it names, or the one its order lists it under.
  const listed: unknown = record.order?.redemptions;
  const listedUnder = isRecord(listed)
    ? Object.entries(listed).find(([, entry]) => isRecord(entry) && Array.isArray(entry.stacked) && entry.stacked.includes(record.id))?.[0]
    : undefined;
  const parentId = record.object === 'redemption' && record.related_object_type === 'redemption' ? record.id : (record.redemption ?? listedUnder);
  if (!parentId) return found({ redemptions: [record] });
  const parent = parentId === record.id ? record : await redemptions.get(parentId, options);
  const children: RedemptionEntry[] = [];
  const ended = await walk(
    {
      name: 'redemptions.list',
      key: 'redemptions',
      by: 'page',
      fetch: (page) =>
        redemptions.list({ filters: { parent_redemption_id: { conditions: { $is: parentId } } }, page: Number(page), limit: PAGE_SIZE }, options),
      readable: redemptionKind,
    },
    (records) => void children.push(...(records as unknown as RedemptionEntry[])),
    new Date(),
  );
  // A stack found, but not read whole: the caller would act on part of it.
  if (ended !== undefined && ended !== 'stop' && ended.status === 'cannot_tell')
    return unsure(`a redemption of the call was found (${record.id}), but its stack could not be read whole: ${ended.reason}`, ended.cause);
  return found({ parent_redemption: parent, redemptions: children.filter((c) => c.object === 'redemption' && c.id !== parentId) });
}

/** The records of the redemptions' list: a redemption or a rollback, each with its id. */
const redemptionKind = (r: Record<string, unknown>): boolean =>
  (r.object === 'redemption' || r.object === 'redemption_rollback') && field(r, 'id') !== undefined;

/** The redeemables a call named, as `object id`: a voucher by its code, a tier by its id. */
function redeemablesOf(params: unknown): Set<string> {
  const items = isRecord(params) ? params.redeemables : undefined;
  const named = new Set<string>();
  if (Array.isArray(items))
    for (const item of items) if (field(item, 'id') && field(item, 'object')) named.add(`${field(item, 'object')} ${field(item, 'id')}`);
  return named;
}

/**
 * The check of a stacked redemption: the redemptions (of the call's customer, when it named one),
 * newest first, for one carrying the call's order `source_id` (or `id`) or its marker, which is the
 * call's whatever its date; or, with neither, one of the call's customer and of a redeemable it
 * named, since the call started.
 */
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
  const match = (r: Record<string, unknown>): Likeness => {
    if (r.object !== 'redemption') return undefined;
    const ofCustomer =
      (customerId !== undefined && r.customer_id === customerId) || (customerSource !== undefined && field(r, 'customer', 'source_id') === customerSource);
    if (!weak) {
      if (
        (!source || field(r, 'order', 'source_id') === source) &&
        (!orderId || field(r, 'order', 'id') === orderId) &&
        (!marker || field(r, 'metadata', MARKER_KEY) === marker)
      )
        return 'call';
      // A redemption of the call's customer that keeps no order (or no metadata) the call is looked
      // for by cannot be told from the call's: like it.
      const unkept = (source || orderId ? !isRecord(r.order) : false) || (marker ? !isRecord(r.metadata) : false);
      return ofCustomer && unkept ? 'like' : undefined;
    }
    const code = field(r, 'voucher', 'code');
    const related = field(r, 'related_object_type');
    // One that names no redeemable cannot be told from the call's: like it.
    const ofRedeemable = named.has(`voucher ${code ?? ''}`) || named.has(`${related ?? ''} ${field(r, 'related_object_id') ?? ''}`) || (!code && !related);
    return ofCustomer && ofRedeemable ? 'like' : undefined;
  };
  const result = await search(
    {
      name: 'redemptions.list',
      key: 'redemptions',
      by: 'page',
      fetch: (page) => redemptions.list({ order: '-created_at', page: Number(page), limit: PAGE_SIZE, ...(customer ? { customer } : {}) }, options),
      readable: redemptionKind,
    },
    time,
    match,
    // The records of one stack are one redemption of the call: its children name their parent.
    (r) => field(r, 'redemption') ?? r.id,
  );
  return result.status === 'applied' ? stackOf(redemptions, result.record as RedemptionEntry, options) : result;
};

/** The check of a rollback: the redemption's own list of its rollbacks. */
const rollback: Check = async ({ redemptions }, { input }, _time, options) => {
  const id = input.path.redemptionId ?? '';
  const asOf = new Date();
  try {
    const redemption = await redemptions.get(id, options);
    if (redemption.object !== 'redemption') return unsure(`${id} is a rollback, not a redemption to roll back`);
    if (redemption.id !== id) return unsure(`the redemption read back is ${JSON.stringify(redemption.id)}, not ${id}`);
    const newest = newestRollback(redemption);
    if (newest) return found(await redemptions.get(newest, options));
    return redemption.status === 'ROLLED_BACK' ? unsure(`${id} is ROLLED_BACK but lists no rollback to read`) : none(asOf);
  } catch (error) {
    // The service's 404 of the redemption: nothing was rolled back.
    if (namesMissing(error, 'redemption', id)) return none(asOf);
    throw error;
  }
};

/**
 * The check of a validation with a session: the lock released under the call's key on each
 * voucher it named. A release resolves only on the service's own 404 of that session; a 404 of
 * the voucher (or any other) fails the check: nothing says the lock is gone.
 */
const sessionLock: Check = async ({ vouchers }, { input, idempotent }, _time, options) => {
  // Without a session a validation only reads.
  if (idempotent) return unsure('the call is safe to send again as it is');
  const key = field(input.params, 'session', 'key');
  if (!key) return unsure('the call sent no session key, so no lock of it can be released');
  // A promotion tier's lock has no release: the same key, sent again, re-targets it.
  for (const named of redeemablesOf(input.params))
    if (named.startsWith('voucher ')) await vouchers.releaseSession(named.slice('voucher '.length), key, options);
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
