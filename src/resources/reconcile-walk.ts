/**
 * The walk of `client.reconcile`: the service's clock, trusted only when this machine's agrees;
 * a list walked page by page to its end (an empty page) or its bound; and the search for the call's
 * record in it, each record judged by the operation's evidence rules (reconcile-evidence.ts).
 *
 * @module
 */
import { ResponseValidationError } from '../core/errors.js';
import { isRecord } from '../core/inputs.js';
import { judge, type Evidence, type Judgement } from './reconcile-evidence.js';

/**
 * What `client.reconcile(error)` found out about a failed call:
 *
 * - `applied`: the service applied it; `record` is what proves it (the loyalty transaction, the
 *   order, the voucher, the customer, a stacked redemption's records `{ parent_redemption,
 *   redemptions }`, the rollback): a record carrying the call's own identity. Do not send it again.
 * - `not_found`: no trace of it as of `asOf`, the moment the check began to look, having seen every
 *   record that could hold one, each excluded by a field it carries with another value. Sending it
 *   again is safe unless the failed request was still on its way or running at the service then
 *   (after a timeout, it may be): see the guide "After an unknown outcome". For a validation with a
 *   session on vouchers only, the check first releases the lock under the call's key: no lock of it
 *   is held.
 * - `cannot_tell`: the service offers no way to find out for this operation, the error is not one
 *   of an `unknown` outcome, another client made the call, a record may be the call's but carries
 *   no identity of it (only like it, or a field absent, cut or stored differently: `reason` names
 *   it), the check could not see every record that could hold the trace (a page it could not read,
 *   a list that contradicts itself, its bound, a clock it cannot trust), or the check itself
 *   failed; `reason` says which, in words. `cause` is the error behind it, when there is one: a read
 *   that failed (`retryDecision(cause)` says whether, and after how long, reconciling the same error
 *   again may answer: a 429's pause, a 503), or a `ResponseValidationError` naming what a page of a
 *   list lacked.
 *
 * @category Errors
 */
export type ReconcileResult =
  | { status: 'applied'; record?: unknown }
  | { status: 'not_found'; asOf: Date }
  | { status: 'cannot_tell'; reason: string; cause?: unknown };

/**
 * How far before the call's start, on the service's clock, a record may be dated and still be the
 * call's: the clocks of the service's own machines may differ by this much; and how far the
 * service's `Date` may be from this machine's clock for the check to trust it.
 */
export const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * How far before that a record that may be the call's still makes the check unsure: a service
 * whose records' clock is behind its `Date` header by more than {@link CLOCK_SKEW_MS}, which no
 * answer shows, would date the call's record there.
 */
export const CLOCK_DOUBT_MS = 60 * 60_000;

/** Pages a check reads at most before it gives up (`cannot_tell`). */
export const MAX_PAGES = 10;

/** Records a check walks at most, however many the service puts in a page, before it gives up (`cannot_tell`). */
export const MAX_RECORDS = 1_000;

/** Records a check asks for in a page: the most the service serves. */
export const PAGE_SIZE = 100;

/** A check's answer: what it found, or when it began to look. */
export const found = (record: unknown): ReconcileResult => ({ status: 'applied', record });
export const none = (asOf: Date): ReconcileResult => ({ status: 'not_found', asOf });
export const unsure = (reason: string, cause?: unknown): ReconcileResult => ({ status: 'cannot_tell', reason, ...(cause === undefined ? {} : { cause }) });

/** Why a walk gave up. */
const tooMany = `more than ${MAX_RECORDS} records (or ${MAX_PAGES} pages) to look through: the check stopped there`;

/** A string field of a plain-data value, else `undefined`. */
export function field(value: unknown, ...path: string[]): string | undefined {
  for (const key of path) value = isRecord(value) ? value[key] : undefined;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * A full ISO 8601 date-time with its time zone (`Z` or an offset): the only date that places a
 * record in time. One cut to the day or the minute, or without a zone (which `Date.parse` would
 * read in this machine's zone), places it nowhere.
 */
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/** A record's date (the first of `keys` it has) in epoch milliseconds; `NaN` when it is no full date-time with a zone. */
export function dated(record: unknown, ...keys: string[]): number {
  for (const key of keys.length ? keys : ['created_at']) {
    const at = field(record, key);
    if (at !== undefined) return ZONED.test(at) ? Date.parse(at) : Number.NaN;
  }
  return Number.NaN;
}

/**
 * The failed call placed on the service's clock: each answer of the check tells what time it is at
 * the service (its `Date` header), and the monotonic clock how long ago the call started, so the
 * call started at the service no later than `Date − elapsed` (a `Date` is rounded down to the
 * second, and the elapsed time is read after the answer arrived: both err early).
 *
 * The service's clock alone is never trusted: only while every `Date` it sends is within
 * {@link CLOCK_SKEW_MS} of this machine's clock, and no record is dated after its answer's `Date` by
 * more than that. A `Date` hours or days away, either way, or records that disagree with it, and
 * no record is excluded by its date, nor a walk ended early.
 */
export class ServiceTime {
  readonly #started: number | undefined;
  #start: number | undefined;
  /** The service's latest `Date`. */
  #now: number | undefined;
  /** When (`performance.now()`) the latest `Date` arrived. */
  #seen = 0;
  /** Why the service's clock cannot be trusted, once it cannot. */
  #distrust: string | undefined;

  constructor(started: number | undefined) {
    this.#started = started;
  }

  /** Reads the service's clock from an answer of the check. */
  saw(response: Response | undefined): void {
    const header = response?.headers.get('date');
    if (header == null || this.#started === undefined) return;
    // An HTTP date is in GMT: one without it would be read in this machine's zone.
    const date = /\bGMT$/.test(header.trim()) ? Date.parse(header) : Number.NaN;
    const now = performance.now();
    if (!Number.isFinite(date)) {
      this.#doubt('an answer carried a Date header that is no date');
      return;
    }
    // A second of rounding, and the skew of the clocks.
    if (Math.abs(date - Date.now()) > CLOCK_SKEW_MS + 2_000)
      this.#doubt("the service's Date header is more than five minutes from this machine's clock: its clock alone is not trusted");
    if (this.#now === undefined || date >= this.#now) this.#seen = now;
    this.#now = Math.max(this.#now ?? date, date);
    const start = date - (now - this.#started);
    this.#start = Math.min(this.#start ?? start, start);
  }

  /** A record dated `at` on the service's clock: one dated after its answers' `Date` (and the skew) shows a clock that disagrees with itself. */
  record(at: number): void {
    if (this.#now === undefined || !Number.isFinite(at)) return;
    if (at > this.#now + CLOCK_SKEW_MS + 1_000)
      this.#doubt("a record is dated after the service's Date header by more than five minutes: its records and its Date disagree");
  }

  #doubt(why: string): void {
    this.#distrust ??= why;
  }

  /** The earliest service time a record of the call may carry; `undefined` until an answer placed the call, or once the clock cannot be trusted. */
  get from(): number | undefined {
    return this.#start === undefined || this.#distrust !== undefined ? undefined : this.#start - CLOCK_SKEW_MS;
  }

  /**
   * The earliest service time of a moment of this machine (`performance.now()`, before the latest
   * answer arrived); `undefined` until an answer carried a `Date`, or once the clock cannot be trusted.
   */
  at(moment: number): number | undefined {
    return this.#now === undefined || this.#distrust !== undefined ? undefined : this.#now - (this.#seen - moment);
  }

  /** Why the call could not be placed in time. */
  get why(): string {
    return this.#distrust ?? "the service's answers carried no Date header";
  }
}

/**
 * A list a check walks, newest first, one page at a time at the position it names: a cursor list
 * (`starting_after_id`) or a numbered one (`page`). Either ends only at an empty page: a `total` or
 * a `has_more: false` may lie.
 */
export interface Listing {
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

/** What a walk's visitor answers for a page: an answer of its own, or nothing (walk on). */
export type Visit = (records: Record<string, unknown>[], response: Response) => Promise<ReconcileResult | undefined> | ReconcileResult | undefined;

/**
 * Walks a list from its first page, handing each page's records to `visit` (at most
 * {@link MAX_RECORDS} in all, even inside one page), until an empty page; `visit` stops it with an
 * answer of its own. A page that cannot be read, a list that contradicts itself (more records than
 * its `total`, an empty page it says more follow), a cursor that comes back, or the bound gives
 * `cannot_tell`; so does the end of a numbered list one of whose pages was shorter than asked and
 * followed by more (records may lie between its pages), though the walk went on to its end; so
 * does a record served twice, or a numbered list of more than one page that reads otherwise when
 * read again (a record removed while it was read shifts another onto a page already read).
 * Resolves `undefined` at the end of the list.
 */
export async function walk(list: Listing, visit: Visit, asOf: Date): Promise<ReconcileResult | undefined> {
  let at: string | number | undefined = list.by === 'page' ? 1 : undefined;
  let walked = 0;
  let short = false;
  /** Why the walk, at its end, cannot say it saw every record. */
  let gap: string | undefined;
  const cursors = new Set<string>();
  /** The ids read, in order: one read twice is a list that moved or repeats itself. */
  const ids: string[] = [];
  const seen = new Set<string>();
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
    // A numbered page may begin with the last records of the page before: records made since
    // pushed them down (newest first), which hides nothing. Any other record served twice, or a page
    // of nothing new, is a list that repeats itself or moved otherwise: it may hide one.
    let lead = list.by === 'page' ? records.findIndex((record) => !seen.has(field(record, 'id') ?? '')) : 0;
    if (lead < 0) lead = records.length;
    if (lead > 0 && (lead === records.length || lead > ids.length || records.slice(0, lead).some((r, i) => field(r, 'id') !== ids[ids.length - lead + i])))
      return unsure(
        `${list.name} served page ${pages} again, or records already read out of place: its pages repeat themselves or moved, and may hide a record`,
      );
    for (const record of records.slice(lead)) {
      const id = field(record, 'id');
      if (id === undefined) continue;
      if (seen.has(id)) return unsure(`${list.name} served ${id} twice: its pages moved while read, or repeat themselves, and may hide a record`);
      seen.add(id);
      ids.push(id);
    }
    // A numbered list's page after one shorter than asked: records may lie between them. The walk
    // goes on to find the call's own record, but cannot end with `not_found`.
    if (list.by === 'page' && short && records.length > 0)
      gap ??= `page ${Number(at) - 1} of ${list.name} held fewer records than asked and more followed: records may lie between its pages`;
    // The bound holds inside a page too: the records past it are not looked at.
    const room = MAX_RECORDS - walked;
    const answer = await visit(records.length > room ? records.slice(0, room) : records, response);
    if (answer !== undefined) return answer;
    if (records.length > room) return unsure(tooMany);
    walked += records.length;
    const envelope = body as Record<string, unknown>;
    const total = list.by === 'page' ? countOf(envelope.total) : undefined;
    // Only an empty page ends a list (a `has_more: false`, or a `total` reached, may lie), unless it
    // says more follow.
    if (records.length === 0) {
      if (envelope.has_more === true) return unreadable(list, 'has_more', `is true on page ${pages}, which held no records`);
      if (total !== undefined && walked < total) return unreadable(list, 'total', `is ${total}, but page ${pages} held no records after ${walked}`);
      if (gap !== undefined) return unsure(gap);
      // A numbered list of more than one page: a record removed while it was read shifts the next
      // page's first record onto the page already read. Read again, it must be the same.
      return list.by === 'page' && pages > 2 ? sameAgain(list, ids) : undefined;
    }
    if (list.by === 'page') {
      if (total !== undefined && walked > total) return unreadable(list, 'total', `is ${total}, but the pages so far held ${walked} records`);
      short = records.length < PAGE_SIZE;
      at = Number(at) + 1;
    } else {
      const cursor = field(records[records.length - 1], 'id');
      if (cursor === undefined) return unreadable(list, 'id', 'of the last record is missing: the list cannot go on');
      if (cursors.has(cursor)) return unreadable(list, 'more_starting_after', `came back to ${JSON.stringify(cursor)}, a page already read`);
      cursors.add(cursor);
      at = cursor;
    }
    if (pages >= MAX_PAGES) return unsure(tooMany);
  }
}

/**
 * A numbered list read again to its end (an empty page, or the bound): `undefined` when it holds
 * every id read the first time, in the same order (records made since may come between them: they
 * hide nothing); else `cannot_tell`: a record removed while the list was read shifted the next
 * page's first record onto a page already read.
 */
async function sameAgain(list: Listing, ids: readonly string[]): Promise<ReconcileResult | undefined> {
  let next = 0;
  for (let page = 1; page <= MAX_PAGES * 2 && next < ids.length; page++) {
    const records = recordsOf((await list.fetch(page)).body, list.key) ?? [];
    if (records.length === 0) break;
    for (const record of records) if (field(record, 'id') === ids[next]) next++;
  }
  return next === ids.length
    ? undefined
    : unsure(`${list.name} changed while it was read (read again, a record it held is gone or out of place): a record may have moved between its pages unseen`);
}

/** How a search judges a record: by the evidence rules, and for `through`, by the record it names, read. */
export interface Judging {
  readonly rules: Evidence;
  /** What the check knows of the call: `{ params, path, read }`. */
  readonly call: unknown;
  /** Reads the record a list's record names (`rules.through`); `undefined` when the service has none. */
  readonly follow?: ((id: string) => Promise<unknown>) | undefined;
}

/** The records a search follows (`through`) at most before it gives up. */
const MAX_FOLLOWED = 10;

/**
 * Walks a list for the call's record, to its end or its bound, whatever its order (a service may
 * ignore the order asked, and one page cannot show it). A record carrying the call's own identity
 * is the call's, whatever its date: `applied`; unless it is a refusal (`rules.refused`): the call
 * reached the service and was refused, and nothing of it was spent: `cannot_tell`, saying so.
 * Every other record must be excluded for `not_found`: by a field it carries with another value,
 * or, on a clock the check trusts (see {@link ServiceTime}), by a full date-time with a zone older
 * than the call by more than {@link CLOCK_DOUBT_MS}. One that is not is `cannot_tell`, with a
 * reason naming what could not exclude it.
 */
export async function search(list: Listing, time: ServiceTime, judging: Judging): Promise<ReconcileResult> {
  const asOf = new Date();
  const { rules, call } = judging;
  const unknown: Array<{ record: Record<string, unknown>; at: number; fields: readonly string[] }> = [];
  let refused: Record<string, unknown> | undefined;
  let followed = 0;
  const dateKeys = rules.dated ?? ['created_at'];
  const judged = async (record: Record<string, unknown>): Promise<Judgement> => {
    const first = judge(record, rules, call);
    if (first.is !== 'unknown' || !rules.through || !judging.follow) return first;
    const id = field(record, ...rules.through.id.split('.'));
    if (id === undefined) return { is: 'unknown', fields: [...first.fields, `${rules.through.id} absent`] };
    if (++followed > MAX_FOLLOWED) return { is: 'unknown', fields: [...first.fields, `more than ${MAX_FOLLOWED} records to read back`] };
    const read = await judging.follow(id);
    // A read-back by id must answer that record: another's marker says nothing of this one.
    if (field(read, 'id') !== id) return { is: 'unknown', fields: [...first.fields, `${id} read back answered another record`] };
    const named = judge(read, { identifies: rules.through.identifies, excludes: [] }, call);
    return named.is === 'unknown' ? { is: 'unknown', fields: [...first.fields, ...named.fields.map((f) => `${id}'s ${f}`)] } : named;
  };
  const answer = await walk(
    list,
    async (records, response) => {
      time.saw(response);
      for (const record of records) {
        const at = dated(record, ...dateKeys);
        time.record(at);
        const judgement = await judged(record);
        if (judgement.is === 'call') {
          if (!rules.refused || judge(record, { identifies: [], excludes: [rules.refused] }, call).is === 'excluded') return found(record);
          refused ??= record;
        } else if (judgement.is === 'unknown') unknown.push({ record, at, fields: judgement.fields });
      }
      return undefined;
    },
    asOf,
  );
  if (answer !== undefined) return answer;
  if (refused)
    return unsure(
      `the service refused the call: its record ${field(refused, 'id') ?? ''} carries the call's identity and says ${rules.refused?.record} ${String(refused[rules.refused?.record ?? ''])} (nothing of it was spent; sent again, it may be refused again)`,
    );
  const from = time.from;
  // On a trusted clock, a record older than the call (and the doubt) is not the call's.
  const open = unknown.filter(({ at }) => from === undefined || !Number.isFinite(at) || at >= from - CLOCK_DOUBT_MS);
  if (open.length === 0) return none(asOf);
  const [first] = open;
  const id = field(first!.record, 'id');
  const what = first!.fields.length
    ? `its ${first!.fields.join(', ')}`
    : "it is only like the call's (the same customer, target or fields), and carries no identity of the call";
  const when =
    from === undefined
      ? `, and it cannot be excluded by its date: ${time.why}`
      : Number.isFinite(first!.at)
        ? first!.at >= from
          ? ', dated since the call started'
          : ', dated within an hour before the call started'
        : ', with no full date-time with a zone';
  return unsure(`${open.length === 1 ? 'a record' : `${open.length} records`} of ${list.name} may be the call's${id ? ` (${id})` : ''}: ${what}${when}`);
}
