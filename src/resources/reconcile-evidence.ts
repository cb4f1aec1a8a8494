/**
 * The evidence rules of `client.reconcile`, as data, one entry per way a trace is found (each
 * operation's `trace`, in its record): what identifies the call, what excludes a record, and what
 * leaves it unknown. The guide "After an unknown outcome" states the same rules in words; the
 * checks (reconcile.ts) judge every record they read with {@link judge}, and nothing else.
 *
 * - A record is the call's (`applied`) only on the call's own identity: a field only the call sent
 *   (its marker, its order `source_id`), carried with the call's own value, or a record the call
 *   fixed the key of (a code in its path). Likeness (the same customer, the same reward, near in
 *   time) never is.
 * - A record is not the call's only when it carries a field the call is judged by with another
 *   value: a field absent, `null`, cut short, or stored differently (case, spaces, punctuation,
 *   number format) excludes nothing, and names itself in the answer.
 *
 * @module
 */
import { isRecord } from '../core/inputs.js';
import type { TraceWay } from '../core/call.js';
import { MARKER_KEY } from './inputs/redeemables.js';

/**
 * One field compared between a record and the call: the record's field (a dot-separated path),
 * and the call's value: a path into what the check knows of the call (`params.…` what it sent,
 * `path.…` its path parameters, `read.…` what the check read before, such as the member's card),
 * or a fixed `value`.
 */
export interface Compared {
  /** The field of the record, a dot-separated path. */
  readonly record: string;
  /** Where the call's value is, a dot-separated path: `params.…`, `path.…` or `read.…`. */
  readonly call?: string;
  /** A fixed value the record's field must hold to be the call's. */
  readonly value?: string;
  /**
   * An identity only this call has (the marker): when the call sent it, only it makes a record the
   * call's; another identity (an order `source_id` two calls may share) then only excludes.
   */
  readonly unique?: boolean;
}

/** The evidence rules of one way of finding a trace. */
export interface Evidence {
  /** Fields only the call sent: carried with the call's value, the record is the call's, whatever its date. */
  readonly identifies: readonly Compared[];
  /** Fields a record of the call carries with the call's value: another value there excludes the record. */
  readonly excludes: readonly Compared[];
  /**
   * The record a list names by `id` (a transaction's redemption), read to judge it by `identifies`
   * when the list's record itself cannot carry them.
   */
  readonly through?: { readonly id: string; readonly identifies: readonly Compared[] } | undefined;
  /** A record of the call with this field at this value is the service's refusal of it, not a spend. */
  readonly refused?: Compared | undefined;
  /** The field a record is dated by: on a clock the check trusts, a record older than the call by a full date-time with a zone is excluded. */
  readonly dated?: readonly string[] | undefined;
  /** What the call is known by, in words (the guide's table). */
  readonly identity: string;
  /** What stays unknown, in words. */
  readonly unknown: string;
}

const marker = (place: string): Compared => ({ record: `metadata.${MARKER_KEY}`, call: `params.${place}${MARKER_KEY}`, unique: true });
const redemptionIdentity: readonly Compared[] = [
  marker('metadata.'),
  { record: 'order.source_id', call: 'params.order.source_id' },
  { record: 'order.id', call: 'params.order.id' },
];

/** Every way's rules. */
export const evidence: { readonly [W in TraceWay]: Evidence } = {
  'redemptions-since': {
    identifies: redemptionIdentity,
    excludes: [
      { record: 'object', value: 'redemption' },
      { record: 'customer_id', call: 'params.customer.id' },
      { record: 'customer.source_id', call: 'params.customer.source_id' },
    ],
    refused: { record: 'result', value: 'FAILURE' },
    dated: ['date', 'created_at'],
    identity: `the redemption's metadata.${MARKER_KEY} (added unless marker: false); without a marker sent, its order source_id or id. A FAILURE record of the call is its refusal, not a spend`,
    unknown:
      "a redemption of the call's customer that carries neither the marker nor the order (or carries them cut or stored differently, or, the marker sent, carries the order but no readable marker), or whose date is no full date-time with a zone, dated since the call or on a clock the check cannot trust; a FAILURE record of the call; a list filtered by a customer source_id, which the service may store otherwise",
  },
  'member-transactions': {
    identifies: [],
    through: { id: 'details.redemption.id', identifies: redemptionIdentity },
    excludes: [
      { record: 'type', value: 'POINTS_REDEMPTION' },
      { record: 'voucher_id', call: 'read.card' },
      { record: 'details.reward.id', call: 'params.reward.id' },
    ],
    dated: ['created_at'],
    identity: `the redemption a transaction names (details.redemption.id), read back: its metadata.${MARKER_KEY} (added unless marker: false) or its order source_id`,
    unknown:
      'a POINTS_REDEMPTION of the card without the reward, or of the reward whose redemption carries no marker, dated since the call or on a clock the check cannot trust',
  },
  'customer-redeemables': {
    identifies: [],
    excludes: [{ record: 'redeemable.voucher.code', call: 'params.voucher' }],
    dated: ['created_at'],
    identity: 'nothing: what a customer holds keeps nothing of the publication (its metadata is not in it)',
    unknown:
      "a redeemable of the code, or any redeemable for a campaign (a campaign's name is no identity: it may be renamed, or served as its id), dated since the call, with no full date-time with a zone, or on a clock the check cannot trust; a customer named by source_id, which the service may store otherwise",
  },
  'customer-by-fields': {
    identifies: [marker('metadata.')],
    excludes: [],
    dated: ['created_at'],
    identity: `the customer's metadata.${MARKER_KEY} (added unless marker: false, or with a source_id or id, which make the call an upsert)`,
    unknown:
      "any customer without the call's marker (absent, cut or stored differently; or the call sent none): its free fields (email, name, phone, description, birthdate) may be stored otherwise, so none excludes; dated since the call, with no full date-time with a zone, or on a clock the check cannot trust",
  },
  'voucher-by-code': {
    identifies: [marker('metadata.')],
    excludes: [{ record: 'code', call: 'path.code' }],
    identity: `the voucher of the code in the call's path that carries the call's metadata.${MARKER_KEY} (added unless marker: false): another call may have made a voucher of that code`,
    unknown: 'a voucher of the code without the marker (or with it cut or stored differently): made before the call, or by another call',
  },
  'order-upsert': {
    identifies: [
      { record: 'source_id', call: 'params.source_id' },
      { record: 'id', call: 'params.id' },
    ],
    excludes: [],
    identity: "the order's source_id (or id): the order sent again names the order the call made",
    unknown:
      "an answer that is not the order named, or whose created_at is not before the check sent it again by more than the clocks' skew, on a clock the check trusts: the check may have made it (never not_found, but the service's 404 of the id)",
  },
  'redemption-rollbacks': {
    identifies: [{ record: 'id', call: 'path.redemptionId' }],
    excludes: [],
    identity: "the redemption in the call's path: its own list of rollbacks",
    unknown:
      'a redemption ROLLED_BACK that lists no rollback, one without its status or its list of rollbacks, an answer of another redemption, or a rollback read back that names another redemption',
  },
  'voucher-transactions': {
    identifies: [{ record: 'source_id', call: 'params.source_id' }],
    excludes: [
      { record: 'voucher_id', call: 'read.card' },
      { record: 'type', call: 'read.type' },
      { record: 'details.balance.amount', call: 'read.credits' },
    ],
    dated: ['created_at'],
    identity: "the card's transaction carrying the call's source_id (a fresh one unless the call gave its own, which must be unique to the change)",
    unknown:
      "a transaction of the card without a source_id (or with it cut or stored differently) that, on a gift card, carries the call's type and amount (on a loyalty card, any), dated since the hour before the call, with no full date-time with a zone, or on a clock the check cannot trust",
  },
  'session-release': {
    identifies: [{ record: 'session.key', call: 'params.session.key' }],
    excludes: [],
    identity: "the call's session key: the lock is released under it on each voucher",
    unknown:
      "the lock of a promotion tier, which has no release and may still be held; a release that did not answer the service's own 204 or 404 of the session",
  },
};

/** A value of a plain-data value at a dot-separated path. */
export function valueAt(value: unknown, path: string): unknown {
  for (const key of path.split('.')) {
    if (!isRecord(value)) return undefined;
    value = value[key];
  }
  return value;
}

/** A value as the check compares it: a non-empty string, or a finite number as a string; `undefined` otherwise. */
function comparable(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
}

/** A text as it may be stored differently: letters and digits only, lower-case, digit runs without leading zeros. */
function loose(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')
    .replace(/(^|\D)0+(?=\d)/g, '$1');
}

/** How one field of a record reads against the call's value. */
export type Reading = 'same' | 'differs' | 'absent' | 'cut' | 'stored differently';

/** One field of `record` read against `sent`, the call's value. */
export function reading(record: unknown, path: string, sent: string): Reading {
  const raw = valueAt(record, path);
  const kept = comparable(raw);
  if (kept === undefined) return 'absent';
  if (kept === sent) return 'same';
  if (sent.startsWith(kept) || kept.endsWith('…')) return 'cut';
  const a = loose(kept);
  const b = loose(sent);
  if (a === b || (a !== '' && b.startsWith(a)) || (Number.isFinite(Number(kept)) && Number(kept) === Number(sent))) return 'stored differently';
  return 'differs';
}

/** What {@link judge} says of a record. */
export type Judgement =
  | { readonly is: 'call' }
  | { readonly is: 'excluded'; readonly by: string }
  /** It may be the call's: the fields that could not exclude it, and why (`order.source_id absent`), or none when it is only like the call's. */
  | { readonly is: 'unknown'; readonly fields: readonly string[] };

/** The call's value of a rule, from what the check knows of it (`{ params, path, read }`). */
function sentValue(rule: Compared, call: unknown): string | undefined {
  return rule.value ?? (rule.call === undefined ? undefined : comparable(valueAt(call, rule.call)));
}

/**
 * Judges a record by rules: the call's own (an identity field carried with the call's value, and no
 * other identity field carried with another), excluded (a field carried with another value), or
 * unknown, with the fields that could not decide.
 */
export function judge(record: unknown, rules: Pick<Evidence, 'identifies' | 'excludes'>, call: unknown): Judgement {
  let own = false;
  // The call sent an identity only it has: only that one decides.
  const uniqueSent = rules.identifies.some((rule) => rule.unique && sentValue(rule, call) !== undefined);
  const unsure: string[] = [];
  for (const rule of rules.identifies) {
    const sent = sentValue(rule, call);
    if (sent === undefined) continue;
    const read = reading(record, rule.record, sent);
    if (read === 'differs') return { is: 'excluded', by: rule.record };
    if (read === 'same') own ||= !uniqueSent || rule.unique === true;
    else unsure.push(`${rule.record} ${read}`);
  }
  if (own) return { is: 'call' };
  for (const rule of rules.excludes) {
    const sent = sentValue(rule, call);
    if (sent === undefined) continue;
    const read = reading(record, rule.record, sent);
    if (read === 'differs') return { is: 'excluded', by: rule.record };
    if (read !== 'same') unsure.push(`${rule.record} ${read}`);
  }
  return { is: 'unknown', fields: unsure };
}

/** Whether the call carries a value of any of the rules: then it has an identity the check looks for. */
export function carriesIdentity(rules: readonly Compared[], call: unknown): boolean {
  return rules.some((rule) => sentValue(rule, call) !== undefined);
}
