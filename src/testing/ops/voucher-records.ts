/**
 * Vouchers as records (CHECKOUT.md §3.12, §3.13): listed page by page (1–99), read, changed
 * field by field, enabled and disabled, and deleted to the bin (the code stays taken) or, with
 * `force`, for good (the code can be created again). The same vouchers the other operations
 * validate, redeem and publish: a disabled voucher fails validation with `voucher_disabled`, a
 * deleted one is not found. A card's balance is changed by an increment (LONG-TAIL.md §3.3), each
 * change recorded as a transaction with the `source_id` and `reason` sent; a card's transactions
 * (#55) are listed by cursor, the card named by code or ID.
 *
 * @module
 */
import { movePoints, snapshot } from '../domain.js';
import { badRequest, notFound, type MockRequest } from '../http.js';
import { applyFilters, boolParam, cursorPage, intParam, orderParam, windowParam } from '../lists.js';
import type { MockHandlers } from '../router.js';
import { find, iso, put, where, type MockState, type Rec } from '../store.js';
import { checkValidity, dateField } from './vouchers.js';

/** The voucher a request names by code or ID; 404 when there is none (a voucher in the bin included). */
function voucherOf(state: MockState, req: MockRequest): Rec {
  const code = req.params.code!;
  const voucher = find(state.store, 'vouchers', code);
  if (!voucher) throw notFound('voucher', code);
  return voucher;
}

/** A voucher as a list shows it: with its categories, without its validation rule assignments. */
function listed(voucher: Rec): Rec {
  const { validation_rules_assignments: _rules, ...rest } = snapshot(voucher);
  return rest;
}

/** `GET /v1/vouchers`: filtered, newest first unless `order` says otherwise, a page (1–99) of `limit`. */
function listVouchers(state: MockState, req: MockRequest): Rec {
  const { query } = req;
  const limit = intParam(query, 'limit', 1, 100, 10);
  const page = intParam(query, 'page', 1, 99, 1);
  const { compare } = orderParam(query, ['created_at', 'updated_at', 'code'], '-created_at', 'code');
  const created = windowParam(query, 'created_at');
  const updated = windowParam(query, 'updated_at');
  const ids = req.search.getAll('ids');
  const holder = typeof query.customer === 'string' ? find(state.store, 'customers', query.customer) : undefined;
  const matching = [...state.store.vouchers.values()].filter(
    (v) =>
      (query.category === undefined || v.category === query.category || v.category_id === query.category) &&
      (query.campaign_id === undefined || v.campaign_id === query.campaign_id) &&
      (query.campaign === undefined || v.campaign === query.campaign) &&
      (query.customer === undefined || (holder !== undefined && v.holder_id === holder.id)) &&
      (query.code === undefined || v.code === query.code) &&
      (ids.length === 0 || ids.includes(v.id)) &&
      created(v.created_at) &&
      updated(v.updated_at),
  );
  const records = applyFilters(matching, query.filters).sort(compare);
  return { object: 'list', data_ref: 'vouchers', vouchers: records.slice((page - 1) * limit, page * limit).map(listed), total: records.length };
}

/** The fields `PUT /v1/vouchers/{code}` changes; the service skips any other without a word. */
const updatable = [
  'category',
  'category_id',
  'start_date',
  'expiration_date',
  'validity_timeframe',
  'validity_day_of_week',
  'validity_hours',
  'active',
  'additional_info',
  'metadata',
];

/** `PUT /v1/vouchers/{code}`: the fields sent change; a discount's type cannot (400 `invalid_voucher`). */
function updateVoucher(state: MockState, req: MockRequest): Rec {
  const voucher = voucherOf(state, req);
  const body = req.body;
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw badRequest('invalid_payload', 'A JSON body with the fields to change is required', 'Invalid payload');
  const given = body as Rec;
  checkValidity({ ...voucher, ...given, start_date: given.start_date ?? voucher.start_date });
  if (given.active !== undefined && typeof given.active !== 'boolean') throw badRequest('invalid_payload', 'active must be true or false', 'Invalid payload');
  if (given.metadata !== undefined && (typeof given.metadata !== 'object' || given.metadata === null || Array.isArray(given.metadata)))
    throw badRequest('invalid_payload', 'metadata must be an object', 'Invalid payload');
  if (given.discount !== undefined) {
    if (voucher.type !== 'DISCOUNT_VOUCHER') throw badRequest('invalid_voucher', `${voucher.code} is not a discount voucher`, 'Invalid voucher');
    const type = (given.discount as Rec | null)?.type;
    if (type !== undefined && type !== voucher.discount?.type)
      throw badRequest(
        'invalid_voucher',
        `The type of the discount of ${voucher.code} cannot be changed (${String(voucher.discount?.type)})`,
        'Invalid voucher',
      );
  }
  for (const key of updatable) if (given[key] !== undefined) voucher[key] = structuredClone(given[key]);
  if (given.discount !== undefined) voucher.discount = { ...voucher.discount, ...structuredClone(given.discount) };
  for (const key of ['start_date', 'expiration_date']) if (given[key] !== undefined) voucher[key] = dateField(given[key], key);
  voucher.updated_at = iso(state.now());
  return snapshot(voucher);
}

/**
 * `DELETE /v1/vouchers/{code}`: the voucher and its redemptions go; to the bin (its code stays
 * taken), or with `force=true` for good (a voucher in the bin too).
 */
function deleteVoucher(state: MockState, req: MockRequest): undefined {
  const force = boolParam(req.query, 'force') === true;
  const code = req.params.code!;
  const voucher = find(state.store, 'vouchers', code);
  if (!voucher) {
    const binned = find(state.store, 'binnedVouchers', code);
    if (force && binned) {
      state.store.binnedVouchers.delete(binned.code);
      return undefined;
    }
    throw notFound('voucher', code);
  }
  state.store.vouchers.delete(voucher.code);
  for (const [id, r] of state.store.redemptions) if (r.related_object_id === voucher.id || r.voucher?.code === voucher.code) state.store.redemptions.delete(id);
  for (const [id, held] of state.store.redeemables) if (held.redeemable_id === voucher.id) state.store.redeemables.delete(id);
  if (!force) put(state.store, 'binnedVouchers', voucher);
  return undefined;
}

/** `POST /v1/vouchers/{code}/enable` and `/disable`: `active` set; the voucher returned. */
function setActive(active: boolean) {
  return (state: MockState, req: MockRequest): Rec => {
    const voucher = voucherOf(state, req);
    voucher.active = active;
    voucher.updated_at = iso(state.now());
    return snapshot(voucher);
  };
}

/** `GET /v1/vouchers/{code}/transactions`: the card's transactions, by cursor (`id` ascending unless `order: '-id'`); 404 of an unknown card. */
function listTransactions(state: MockState, req: MockRequest): Rec {
  const voucher = voucherOf(state, req);
  return cursorPage(
    where(state.store.transactions, (t) => t.voucher_id === voucher.id),
    req.query,
  );
}

/**
 * `POST /v1/vouchers/{code}/balance`: adds `amount` (negative: removes) to a gift card's credit or
 * a loyalty card's points, and records the transaction (`CREDITS_ADDITION`/`_REMOVAL`,
 * `POINTS_ADDITION`/`_REMOVAL`) with the `source_id` and `reason` sent. The answer names no
 * transaction. 400 for an amount that is no integer, a removal past the balance, or a voucher that
 * is no card; 404 of an unknown card.
 */
function updateBalance(state: MockState, req: MockRequest): Rec {
  const voucher = voucherOf(state, req);
  const body = (req.body ?? {}) as Rec;
  const amount = body.amount;
  if (!Number.isInteger(amount)) throw badRequest('invalid_payload', 'amount must be an integer', 'Invalid payload');
  const sourceId = typeof body.source_id === 'string' ? body.source_id : null;
  const reason = typeof body.reason === 'string' ? body.reason : null;
  const related = { id: voucher.id, type: 'voucher' };
  if (voucher.type === 'LOYALTY_CARD') {
    if ((voucher.loyalty_card?.balance ?? 0) + amount < 0)
      throw badRequest('invalid_payload', `${voucher.code} has fewer points than removed`, 'Invalid payload');
    const tx = movePoints(state, voucher, amount < 0 ? 'POINTS_REMOVAL' : 'POINTS_ADDITION', amount, {}, reason);
    tx.source_id = sourceId;
    return {
      amount,
      total: voucher.loyalty_card.points,
      balance: voucher.loyalty_card.balance,
      type: 'loyalty_card',
      operation_type: 'MANUAL',
      object: 'balance',
      related_object: related,
    };
  }
  if (voucher.type !== 'GIFT_VOUCHER') throw badRequest('invalid_payload', `${voucher.code} is no gift card or loyalty card`, 'Invalid payload');
  const gift = (voucher.gift ??= { amount: 0, subtracted_amount: 0, balance: 0 });
  if ((gift.balance ?? 0) + amount < 0) throw badRequest('invalid_payload', `${voucher.code} has less credit than removed`, 'Invalid payload');
  gift.balance = (gift.balance ?? 0) + amount;
  // The lifetime total follows the change either way (D35: a removal lowers it too).
  gift.amount = (gift.amount ?? 0) + amount;
  voucher.updated_at = iso(state.now());
  const balance = {
    type: 'gift_voucher',
    total: gift.amount,
    amount,
    object: 'balance',
    balance: gift.balance,
    operation_type: 'MANUAL',
    related_object: related,
  };
  put(state.store, 'transactions', {
    id: state.ids.next('vtx_'),
    source_id: sourceId,
    voucher_id: voucher.id,
    campaign_id: voucher.campaign_id,
    source: 'API',
    reason,
    type: amount < 0 ? 'CREDITS_REMOVAL' : 'CREDITS_ADDITION',
    details: { balance },
    related_transaction_id: null,
    created_at: iso(state.now()),
  });
  return { ...balance };
}

/** The mock's routes for vouchers as records. */
export const voucherRecordHandlers = {
  'vouchers.list': { method: 'GET', path: '/v1/vouchers', auth: 'server', handle: listVouchers },
  'vouchers.get': { method: 'GET', path: '/v1/vouchers/{code}', auth: 'server', handle: (state, req) => snapshot(voucherOf(state, req)) },
  'vouchers.update': { method: 'PUT', path: '/v1/vouchers/{code}', auth: 'server', handle: updateVoucher },
  'vouchers.delete': { method: 'DELETE', path: '/v1/vouchers/{code}', auth: 'server', handle: deleteVoucher },
  'vouchers.enable': { method: 'POST', path: '/v1/vouchers/{code}/enable', auth: 'server', handle: setActive(true) },
  'vouchers.disable': { method: 'POST', path: '/v1/vouchers/{code}/disable', auth: 'server', handle: setActive(false) },
  'vouchers.listTransactions': { method: 'GET', path: '/v1/vouchers/{code}/transactions', auth: 'server', handle: listTransactions },
  'vouchers.updateBalance': { method: 'POST', path: '/v1/vouchers/{code}/balance', auth: 'server', handle: updateBalance },
} satisfies MockHandlers;
