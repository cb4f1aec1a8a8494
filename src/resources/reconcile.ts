/**
 * `client.reconcile(error)`: after a call whose outcome is `unknown`, looks for its trace with the
 * operations the service offers, and says whether it was applied. The checks of the guide "After
 * an unknown outcome", as code, one per way a trace is found; each judges the records it reads by
 * that way's evidence rules (reconcile-evidence.ts), and the walk (reconcile-walk.ts) reads the
 * lists. Loaded on first use (most programs never need it).
 *
 * Nothing here sends anything that could apply the failed call a second time: every check is a
 * read, but for `orders.create`, whose check is the same order sent again under its own
 * `source_id` (or `id`), which names the order the failed call made, if it made one; and for a
 * validation with a session, whose check releases the lock under the call's key. A balance change
 * is found by the `source_id` it was sent with, on its card's transactions.
 *
 * `applied` only on the call's own identity; `not_found` only having seen every record that could
 * be the call's, each excluded by a field it carries with another value (or, on a clock this
 * machine's agrees with, by its date); anything else is `cannot_tell`.
 *
 * @module
 */
import { namesMissing } from '../core/api-errors.js';
import { callOf, type CallRecord, type NoTrace, type Trace, type TraceWay } from '../core/call.js';
import { AbortError, describeValue, isA, PromokitError } from '../core/errors.js';
import { isRecord } from '../core/inputs.js';
import type { RequestOptions } from '../core/call.js';
import { checkRequestOptions } from '../core/request-options.js';
import type { RedemptionEntry } from '../schemas/redemption-entry.js';
import type { Customers } from './customers.js';
import type { Loyalties } from './loyalties.js';
import type { Orders } from './orders.js';
import { carriesIdentity, evidence, judge, reading } from './reconcile-evidence.js';
import { CLOCK_SKEW_MS, dated, field, found, none, PAGE_SIZE, type ReconcileResult, search, ServiceTime, unsure, walk } from './reconcile-walk.js';
import type { Redemptions } from './redemptions.js';
import { newestRollback } from './rollback-read.js';
import type { Vouchers } from './vouchers.js';

export type { ReconcileResult } from './reconcile-walk.js';

/** The sub-clients the checks read with (a `Client` is one). */
export interface Readers {
  readonly loyalties: Loyalties;
  readonly customers: Customers;
  readonly orders: Orders;
  readonly vouchers: Vouchers;
  readonly redemptions: Redemptions;
}

type Call = CallRecord & { input: NonNullable<CallRecord['input']> };

type Check = (readers: Readers, call: Call, time: ServiceTime, options: RequestOptions) => Promise<ReconcileResult>;

/** What a check knows of the call, as the evidence rules name it: `{ params, path, read }`. */
const viewOf = (input: Call['input'], read: Record<string, string> = {}) => ({ params: input.params, path: input.path, read });

/**
 * The check of a loyalty redemption: the member's card, then the campaign's transactions for a
 * `POINTS_REDEMPTION` of the reward on the card; the redemption each names is read back for the
 * call's marker (or order).
 */
const redemption: Check = async ({ loyalties, redemptions, vouchers }, { input }, time, options) => {
  const rewardId = field(input.params, 'reward', 'id');
  if (!rewardId) return unsure('the call named no reward.id to look for');
  const memberId = input.path.memberId ?? '';
  const campaignId = field(input.params, 'campaign_id') ?? input.path.campaign_id;
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
  // The member read back must be the card asked for (by id or code), in the campaign asked for.
  if (card !== memberId && field(member, 'code') !== memberId)
    return unsure(`the member read back is ${JSON.stringify(card)}, not the card ${memberId} the call named`);
  if (campaignId !== undefined && campaign !== campaignId)
    return unsure(`the member read back is in the campaign ${JSON.stringify(campaign)}, not ${campaignId} the call named`);
  // The call named no campaign: the card's own record must place it in the campaign whose
  // transactions are walked (a member answered of another campaign would show none of the call's).
  if (campaignId === undefined) {
    const own = await vouchers.get(card, options);
    if (field(own, 'id') !== card || field(own, 'campaign_id') !== campaign)
      return unsure(`the card ${card} read back is not in the campaign ${campaign} its member answer named, whose transactions would show the redemption`);
  }
  const rules = evidence['member-transactions'];
  const call = viewOf(input, { card });
  return search(
    {
      name: 'loyalties.listTransactions',
      key: 'data',
      by: 'cursor',
      fetch: (after) =>
        loyalties.listTransactions(campaign, { order: '-id', limit: PAGE_SIZE, ...(after ? { starting_after_id: String(after) } : {}) }, options),
      readable: transactionKind,
    },
    time,
    { rules, call, follow: (id) => redemptions.get(id, options) },
  );
};

/** The check of a publication: the customer's redeemables, for the voucher's code or one of the campaign. */
const publication: Check = async ({ customers }, { input }, time, options) => {
  const { params } = input;
  const byId = field(params, 'customer', 'id');
  const customer = byId ?? field(params, 'customer', 'source_id');
  if (!customer || !(field(params, 'voucher') || field(params, 'campaign', 'name')))
    return unsure('the call named no customer by id or source_id, or no voucher or campaign, to look for');
  const bySource = `the customer was named by source_id ${customer}, which the service may store otherwise`;
  const result = await search(
    {
      name: 'customers.listRedeemables',
      key: 'data',
      by: 'cursor',
      fetch: (after) =>
        customers.listRedeemables(customer, { order: '-id', limit: PAGE_SIZE, ...(after ? { starting_after_id: String(after) } : {}) }, options),
      // The service's 404 of the customer it issued the id of: a customer it does not know holds
      // nothing. Of a source_id, it may be the service's own spelling of it that is missing.
      absent: (error) => byId !== undefined && namesMissing(error, 'customer', byId),
      readable: (r) => r.object === 'customer_redeemable',
    },
    time,
    { rules: evidence['customer-redeemables'], call: viewOf(input) },
  ).catch((error: unknown) => {
    if (byId === undefined && namesMissing(error, 'customer', customer)) return unsure(`${bySource}: its 404 of that customer proves nothing missing`);
    throw error;
  });
  // A customer named by a source_id the service may store otherwise: its empty list proves nothing.
  return result.status === 'not_found' && byId === undefined ? unsure(`${bySource}: the list of what it holds proves nothing missing`) : result;
};

/**
 * The check of an order: the same order sent again under its own `source_id` (or `id`). It names
 * the order the failed call made, or makes it: the order is the call's only when it was made
 * before the check sent it again, by more than the clocks' skew on a clock the check trusts (an
 * `updated_at` proves nothing: a service may leave it out, or set it on creation). Otherwise
 * `cannot_tell` (sending it again, an upsert, is safe); `not_found` only on the service's 404 of
 * the `id`.
 */
const order: Check = async ({ orders }, { input }, time, options) => {
  const source = field(input.params, 'source_id');
  const id = field(input.params, 'id');
  if (!source && !id) return unsure('no operation reads an order back, and without a source_id (or id) sending it again would make a second order');
  const asOf = new Date();
  const sent = performance.now();
  let made: unknown;
  try {
    // The same order again: it names the order the failed call made, and makes it otherwise.
    const answer = await orders.create(input.params as Parameters<Orders['create']>[0], options).withResponse();
    time.saw(answer.response);
    made = answer.data;
  } catch (error) {
    // The service's 404 of the `id`: the failed call, an update of that order, changed nothing.
    if (id !== undefined && namesMissing(error, 'order', id)) return none(asOf);
    throw error;
  }
  // The answer must be the order the call named.
  if (!isRecord(made) || !field(made, 'id') || (source !== undefined && made.source_id !== source) || (id !== undefined && made.id !== id))
    return unsure('the answer to the order sent again is not the order the call named');
  const created = dated(made);
  time.record(created);
  const resent = time.at(sent);
  if (!Number.isFinite(created))
    return unsure('the order sent again carried no created_at that is a full date-time with a zone, to tell whether it was there before');
  if (resent === undefined) return unsure(`the order could not be placed in time: ${time.why}`);
  if (created < resent - CLOCK_SKEW_MS) return found(made);
  return unsure(
    "the order was made within the clocks' skew of the check sending it again: the failed call or the check may have made it (sending it again is safe: it is an upsert)",
  );
};

/**
 * The check of a voucher: its code, which the call fixed, read back. It is the call's only when it
 * carries the call's marker; one that carries another is another call's (the call was refused); one
 * without a marker may be either.
 */
const voucher: Check = async ({ vouchers }, { input }, time, options) => {
  const code = input.path.code ?? '';
  const asOf = new Date();
  try {
    const { data: made, response } = await vouchers.get(code, options).withResponse();
    time.saw(response);
    if (field(made, 'code') !== code) return unsure(`the voucher read back does not carry the code ${code}`);
    const judged = judge(made, evidence['voucher-by-code'], viewOf(input));
    if (judged.is === 'call') return found(made);
    if (judged.is === 'excluded')
      return unsure(`a voucher of this code exists, made by another call (its ${judged.by} is not the call's): the call was refused, or made nothing`);
    return unsure(`a voucher of this code exists, but nothing shows the call made it: its ${judged.fields.join(', ') || 'marker absent (the call sent none)'}`);
  } catch (error) {
    // The service's 404 of the code: no voucher has it.
    if (namesMissing(error, 'voucher', code)) return none(asOf);
    throw error;
  }
};

/**
 * A `customers.create` without `source_id` or `id` (each call makes a customer): the customers,
 * newest first, by page, for the one carrying the call's marker; every other one must carry a field
 * the call sent with another value (or, without a marker, be older than the call on a trusted
 * clock). The list is not filtered by the fields the call sent: a service that stores them
 * differently (an email lower-cased) would leave the call's customer out.
 */
const customer: Check = async ({ customers }, { input }, time, options) => {
  if (field(input.params, 'source_id') || field(input.params, 'id'))
    return unsure('the call is safe to send again as it is: the service upserts the customer by its source_id (or id)');
  return search(
    {
      name: 'customers.list',
      key: 'customers',
      by: 'page',
      fetch: (page) => customers.list({ order: '-created_at', page: Number(page), limit: PAGE_SIZE }, options),
      readable: (r) => r.object === 'customer' && field(r, 'id') !== undefined,
    },
    time,
    { rules: evidence['customer-by-fields'], call: viewOf(input) },
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
  if (parent.id !== parentId) return unsure(`the stack's parent ${parentId} read back answered another record (${JSON.stringify(parent.id)})`);
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
  if (ended !== undefined && ended.status === 'cannot_tell')
    return unsure(`a redemption of the call was found (${record.id}), but its stack could not be read whole: ${ended.reason}`, ended.cause);
  // A filter the service ignores serves other redemptions: each child must name the parent.
  const stranger = children.find((c) => c.id !== parentId && c.redemption !== parentId);
  if (stranger)
    return unsure(`a redemption of the call was found (${record.id}), but its stack's list held ${stranger.id}, which does not name ${parentId} as its parent`);
  return found({ parent_redemption: parent, redemptions: children.filter((c) => c.object === 'redemption' && c.id !== parentId) });
}

/** The records of the redemptions' list: a redemption or a rollback, each with its id. */
const redemptionKind = (r: Record<string, unknown>): boolean =>
  (r.object === 'redemption' || r.object === 'redemption_rollback') && field(r, 'id') !== undefined;

/** The records of a card's transactions: a transaction (its `type`, its card's `voucher_id`), not a record of another kind. */
const transactionKind = (r: Record<string, unknown>): boolean =>
  (r.object === undefined || r.object === null || r.object === 'loyalty_transaction') &&
  field(r, 'id') !== undefined &&
  typeof r.type === 'string' &&
  'voucher_id' in r;

/** The redeemables a call named, as `object id`: a voucher by its code, a tier by its id. */
function redeemablesOf(params: unknown): Set<string> {
  const items = isRecord(params) ? params.redeemables : undefined;
  const named = new Set<string>();
  if (Array.isArray(items))
    for (const item of items) if (field(item, 'id') && field(item, 'object')) named.add(`${field(item, 'object')} ${field(item, 'id')}`);
  return named;
}

/**
 * The id the service issued to the customer of `sourceId`, read back (a filter by it is one the
 * service cannot spell otherwise); `undefined` when the service answers no customer of that
 * source_id (then the list is read unfiltered, each redemption judged by its customer).
 */
async function issuedId(customers: Customers, sourceId: string, options: RequestOptions): Promise<string | undefined> {
  try {
    const found: unknown = await customers.get(sourceId, options);
    const kept = reading(found, 'source_id', sourceId);
    return kept === 'same' || kept === 'stored differently' ? field(found, 'id') : undefined;
  } catch (error) {
    if (namesMissing(error, 'customer', sourceId)) return undefined;
    throw error;
  }
}

/**
 * The check of a stacked redemption: the redemptions (of the call's customer, when it named one),
 * newest first, for one carrying the call's marker or its order `source_id` (or `id`), which is
 * the call's whatever its date. Every other one must carry another customer, marker or order.
 */
const stackedRedemption: Check = async ({ redemptions, customers }, { input }, time, options) => {
  const { params } = input;
  // Filtered only by an id the service issued: a source_id it may store otherwise would leave the
  // call's record out. By source_id, every redemption is read, each judged by its customer.
  const sourceId = field(params, 'customer', 'source_id');
  const customer = field(params, 'customer', 'id') ?? (sourceId === undefined ? undefined : await issuedId(customers, sourceId, options));
  const rules = evidence['redemptions-since'];
  const call = viewOf(input);
  const identity = carriesIdentity(rules.identifies, call);
  if (!identity && !customer && !field(params, 'customer', 'source_id'))
    return unsure('the call named no order source_id or id and no customer, and carried no marker (it was sent with marker: false), to look for');
  const result = await search(
    {
      name: 'redemptions.list',
      key: 'redemptions',
      by: 'page',
      fetch: (page) => redemptions.list({ order: '-created_at', page: Number(page), limit: PAGE_SIZE, ...(customer ? { customer } : {}) }, options),
      readable: redemptionKind,
    },
    time,
    { rules, call },
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
    if (newest) {
      const read = await redemptions.get(newest, options);
      // The rollback read back must be that one, of this redemption.
      if (read.id !== newest || read.object === 'redemption' || read.redemption !== id)
        return unsure(
          `the rollback ${newest} read back is not a rollback of ${id} (it answered ${JSON.stringify(read.id)}, of ${JSON.stringify(read.redemption)})`,
        );
      return found(read);
    }
    if (redemption.status === 'ROLLED_BACK') return unsure(`${id} is ROLLED_BACK but lists no rollback to read`);
    // Only a status and a list of rollbacks, both read, show none: fields left out are no evidence.
    if (typeof redemption.status !== 'string' || !Array.isArray(redemption.related_redemptions?.rollbacks))
      return unsure(`${id} was read back without its status or its list of rollbacks: nothing shows it was not rolled back`);
    return none(asOf);
  } catch (error) {
    // The service's 404 of the redemption: nothing was rolled back.
    if (namesMissing(error, 'redemption', id)) return none(asOf);
    throw error;
  }
};

/**
 * The check of a validation with a session: the lock released under the call's key on each
 * voucher it named. A release resolves only on the service's own 404 of that session; a 404 of
 * the voucher (or any other) fails the check: nothing says the lock is gone. A promotion tier's
 * lock has no release: while it may still be held, `cannot_tell`.
 */
const sessionLock: Check = async ({ vouchers }, { input, idempotent }, _time, options) => {
  // Without a session a validation only reads.
  if (idempotent) return unsure('the call is safe to send again as it is');
  const key = field(input.params, 'session', 'key');
  if (!key) return unsure('the call sent no session key, so no lock of it can be released');
  const named = [...redeemablesOf(input.params)];
  for (const item of named) if (item.startsWith('voucher ')) await vouchers.releaseSession(item.slice('voucher '.length), key, options);
  const held = named.filter((item) => !item.startsWith('voucher '));
  if (held.length > 0)
    return unsure(
      `the lock of ${held.join(', ')} has no release and may still be held: send the validation again under the same session key (it re-targets the lock), or redeem under it`,
    );
  return none(new Date());
};

/**
 * The type of the transaction a balance change of `amount` makes on a gift card: the spec's
 * example shows an API change as `CREDITS_ADDITION` (or `CREDITS_REMOVAL`) with the amount sent. A
 * loyalty card's is not shown (nor the unit of its points): nothing is excluded by them.
 */
function giftChange(card: unknown, amount: unknown): Record<string, string> {
  if (field(card, 'type') !== 'GIFT_VOUCHER' || typeof amount !== 'number' || !Number.isInteger(amount) || amount === 0) return {};
  return { type: amount > 0 ? 'CREDITS_ADDITION' : 'CREDITS_REMOVAL', credits: String(amount) };
}

/**
 * The check of a balance change: the card read back, then its transactions, newest first, to the
 * list's end, for the one carrying the call's `source_id`. Every other must carry another
 * `source_id`, card, or (a gift card's) type or amount, or be older than the call on a trusted clock.
 */
const balanceChange: Check = async ({ vouchers }, { input }, time, options) => {
  const code = input.path.code ?? '';
  if (!field(input.params, 'source_id')) return unsure('the call sent no source_id, by which its transaction is known');
  const asOf = new Date();
  const answer = await vouchers
    .get(code, options)
    .withResponse()
    .catch((error: unknown) => {
      // The service's 404 of the card: no balance of it was changed.
      if (namesMissing(error, 'voucher', code)) return undefined;
      throw error;
    });
  if (!answer) return none(asOf);
  time.saw(answer.response);
  const card = field(answer.data, 'id');
  if (!card) return unsure("the card's answer carried no id, by which its transactions are known");
  if (card !== code && field(answer.data, 'code') !== code) return unsure(`the card read back is ${JSON.stringify(card)}, not the card ${code} the call named`);
  const read = { card, ...giftChange(answer.data, isRecord(input.params) ? input.params.amount : undefined) };
  return search(
    {
      name: 'vouchers.listTransactions',
      key: 'data',
      by: 'cursor',
      fetch: (after) => vouchers.listTransactions(code, { order: '-id', limit: PAGE_SIZE, ...(after ? { starting_after_id: String(after) } : {}) }, options),
      readable: transactionKind,
    },
    time,
    { rules: evidence['voucher-transactions'], call: viewOf(input, read) },
  );
};

/** Why an operation without a check has none, and what to do instead (each operation's `trace`, in its record). */
const noWay: Record<NoTrace, string> = {
  'no-session-read': 'no operation reads a session lock; sent with your own session.key, it is safe to send again (it joins the same lock)',
  'no-rollback-read':
    'no operation reads a rollback back; sending it again is safe: a second rollback of the same redemption is refused with already_rolled_back',
  'no-tier-read': 'no operation lists or reads promotion tiers; look at the campaign in the dashboard before creating or setting up a tier again',
  'no-event-list': 'no operation lists custom events',
  'no-product-lookup':
    'no operation finds a product or SKU by its name or fields (the product list filters by neither); look at the catalog before creating it again, and send a source_id next time: the create is then an upsert, safe to send again',
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
  'voucher-transactions': balanceChange,
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
    return await check(readers, { ...call, input: call.input }, new ServiceTime(call.started), options);
  } catch (failure) {
    if (isA(failure, AbortError) && options.signal?.aborted) throw failure;
    return { status: 'cannot_tell', reason: `the check failed: ${isA(failure, PromokitError) ? failure.message : describeValue(failure)}`, cause: failure };
  }
}
