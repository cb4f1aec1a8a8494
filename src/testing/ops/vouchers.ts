/**
 * Vouchers: create one with a given code (409 when the code exists) and validate one (a 200 with
 * `valid: false`, `reason` and `error` when it cannot be used), service interface §4.7, §4.8.
 *
 * @module
 */
import { addHolder, calculateOrder, discountOn, inactiveReason, ruleAssignments, trackingId } from '../domain.js';
import { badRequest, MockHttpError, notFound, type MockRequest } from '../http.js';
import type { MockHandlers } from '../router.js';
import { find, first, iso, put, type MockState, type Rec } from '../store.js';

const types = ['DISCOUNT_VOUCHER', 'GIFT_VOUCHER', 'LOYALTY_CARD'];

/** An ISO 8601 date-time from a string or `Date`; a 400 for anything else. */
export function dateField(value: unknown, field: string): string | null {
  if (value === undefined || value === null) return null;
  const time = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) throw badRequest('invalid_payload', `${field} must be an ISO 8601 date-time`, 'Invalid payload');
  return typeof value === 'string' ? value : new Date(time).toISOString();
}

/** Checks the validity fields shared by vouchers and promotion tiers; 400 on a bad one. */
export function checkValidity(body: Rec): void {
  dateField(body.start_date, 'start_date');
  dateField(body.expiration_date, 'expiration_date');
  const days = body.validity_day_of_week;
  if (days !== undefined && days !== null && !(Array.isArray(days) && days.every((d) => Number.isInteger(d) && d >= 0 && d <= 6))) {
    throw badRequest('invalid_payload', 'validity_day_of_week must be an array of integers 0 (Sunday) to 6 (Saturday)', 'Invalid payload');
  }
  if (body.validity_timeframe && !body.start_date) throw badRequest('invalid_payload', 'start_date is required with validity_timeframe', 'Invalid payload');
}

/**
 * A complete voucher record from a partial one: defaults for every field the service sends,
 * counters, links and validation rule assignments. Fields given win over the defaults.
 */
export function buildVoucher(state: MockState, input: Rec): Rec {
  const code: string = input.code;
  const type: string = input.type ?? 'DISCOUNT_VOUCHER';
  const campaign = input.campaign_id
    ? state.store.campaigns.get(input.campaign_id)
    : typeof input.campaign === 'string'
      ? find(state.store, 'campaigns', input.campaign)
      : undefined;
  const id: string = input.id ?? state.ids.next('v_');
  const path = `/v1/vouchers/${encodeURIComponent(code)}`;
  const rules: string[] = Array.isArray(input.validation_rules) ? input.validation_rules : [];
  const points = Number(input.loyalty_card?.points ?? 0);
  const giftAmount = Number(input.gift?.amount ?? 0);
  const { validation_rules: _rules, ...rest } = input;
  return {
    id,
    code,
    campaign: campaign?.name ?? null,
    campaign_id: campaign?.id ?? null,
    category: null,
    category_id: null,
    categories: [],
    type,
    discount: null,
    gift: null,
    loyalty_card: null,
    validity_timeframe: null,
    validity_day_of_week: null,
    validity_hours: null,
    active: true,
    additional_info: null,
    metadata: {},
    assets: {
      qr: { id: `qr_${id}`, url: `${state.baseUrl}/assets/qr/${encodeURIComponent(code)}.png` },
      barcode: { id: `bc_${id}`, url: `${state.baseUrl}/assets/barcode/${encodeURIComponent(code)}.png` },
    },
    is_referral_code: campaign?.campaign_type === 'REFERRAL_PROGRAM',
    created_at: iso(state.now()),
    updated_at: null,
    holder_id: null,
    referrer_id: null,
    ...rest,
    ...(type === 'LOYALTY_CARD'
      ? {
          loyalty_card: {
            points,
            balance: points,
            next_expiration_date: null,
            next_expiration_points: 0,
            pending_points: 0,
            expired_points: 0,
            subtracted_points: 0,
            ...input.loyalty_card,
          },
        }
      : {}),
    ...(type === 'GIFT_VOUCHER' ? { gift: { amount: giftAmount, subtracted_amount: 0, balance: giftAmount, effect: 'APPLY_TO_ORDER', ...input.gift } } : {}),
    start_date: dateField(input.start_date, 'start_date'),
    expiration_date: dateField(input.expiration_date, 'expiration_date'),
    redemption: {
      quantity: null,
      redeemed_quantity: 0,
      ...(type === 'LOYALTY_CARD' ? { redeemed_points: 0 } : {}),
      ...input.redemption,
      object: 'list',
      url: `${path}/redemptions?page=1&limit=10`,
    },
    publish: { count: 0, ...input.publish, object: 'list', url: `${path}/publications?page=1&limit=10` },
    validation_rules_assignments: ruleAssignments(state, rules, id, 'voucher'),
    object: 'voucher',
  };
}

/**
 * Issues a new voucher from a campaign's voucher settings (a publication from a campaign, a
 * `CAMPAIGN` reward), held by `holder` when given.
 */
export function issueVoucher(state: MockState, campaign: Rec, holder: Rec | undefined, giftAmount?: number): Rec {
  const settings: Rec = campaign.voucher ?? {};
  let code: string;
  do code = `${settings.prefix ?? ''}${state.ids.letters(settings.length ?? 8, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789')}`;
  while (state.store.vouchers.has(code));
  const type = settings.type ?? (campaign.campaign_type === 'GIFT_VOUCHERS' ? 'GIFT_VOUCHER' : 'DISCOUNT_VOUCHER');
  const voucher = put(
    state.store,
    'vouchers',
    buildVoucher(state, {
      code,
      type,
      campaign_id: campaign.id,
      ...(type === 'DISCOUNT_VOUCHER' ? { discount: settings.discount ?? null } : {}),
      ...(type === 'GIFT_VOUCHER' ? { gift: { amount: giftAmount ?? settings.gift?.amount ?? 0 } } : {}),
      start_date: campaign.start_date ?? null,
      expiration_date: campaign.expiration_date ?? null,
    }),
  );
  if (holder) addHolder(state, voucher, holder);
  return voucher;
}

function createVoucher(state: MockState, req: MockRequest): Rec {
  const code = req.params.code!;
  // A voucher in the bin keeps its code taken; one deleted with `force` frees it.
  if (state.store.vouchers.has(code) || state.store.binnedVouchers.has(code)) {
    throw new MockHttpError(409, 'duplicate_found', 'Duplicate resource found', `A voucher with code ${code} already exists`, {
      resource_id: code,
      resource_type: 'voucher',
    });
  }
  const body = req.body;
  if (!body || typeof body !== 'object') throw badRequest('invalid_payload', 'A JSON body with the voucher is required', 'Invalid payload');
  const input = body as Rec;
  if (!types.includes(input.type)) throw badRequest('invalid_payload', `type must be one of ${types.join(', ')}`, 'Invalid payload');
  if (input.campaign_id !== undefined && !state.store.campaigns.has(input.campaign_id)) throw notFound('campaign', String(input.campaign_id));
  checkValidity(input);
  const { code: _ignored, id: _id, ...fields } = input;
  return put(state.store, 'vouchers', buildVoucher(state, { ...fields, code }));
}

function validateVoucher(state: MockState, req: MockRequest): Rec {
  const code = req.params.code!;
  const voucher = state.store.vouchers.get(code);
  if (!voucher) throw notFound('voucher', code);
  const body = (req.body ?? {}) as Rec;
  const customer =
    body.customer && typeof body.customer === 'object'
      ? body.customer.id
        ? state.store.customers.get(body.customer.id)
        : first(state.store.customers, (c) => c.source_id === body.customer.source_id)
      : undefined;
  const tracking = typeof body.tracking_id === 'string' ? body.tracking_id : trackingId(customer?.source_id ?? body.customer?.source_id);
  const invalid = (key: string, reason: string, message: string, details: string): Rec => ({
    valid: false,
    code,
    reason,
    error: { code: 400, key, message, details, request_id: req.requestId },
    tracking_id: tracking,
    metadata: voucher.metadata ?? {},
  });

  const inactive = inactiveReason(voucher, state.now());
  if (inactive) return invalid(inactive.key, inactive.reason, inactive.message, inactive.details);

  const result: Rec = {
    valid: true,
    code,
    applicable_to: { object: 'list', data_ref: 'data', data: [], total: 0 },
    inapplicable_to: { object: 'list', data_ref: 'data', data: [], total: 0 },
    campaign: voucher.campaign,
    campaign_id: voucher.campaign_id,
    metadata: voucher.metadata ?? {},
    start_date: voucher.start_date,
    expiration_date: voucher.expiration_date,
    tracking_id: tracking,
  };
  if (voucher.type === 'DISCOUNT_VOUCHER') {
    result.discount = voucher.discount;
    if (body.order) result.order = calculateOrder(state, body.order, discountOn(voucher.discount, calculateOrder(state, body.order).total_amount));
  } else if (voucher.type === 'GIFT_VOUCHER') {
    const balance: number = voucher.gift?.balance ?? 0;
    if (balance <= 0) return invalid('gift_amount_exceeded', 'gift amount exceeded', 'Gift amount exceeded', `${code} has no credit left`);
    result.gift = { amount: voucher.gift.amount, balance, effect: voucher.gift.effect ?? 'APPLY_TO_ORDER' };
    if (body.order) result.order = calculateOrder(state, body.order, Math.min(balance, calculateOrder(state, body.order).total_amount));
  } else {
    const balance: number = voucher.loyalty_card?.balance ?? 0;
    const rewardId = body.reward?.id;
    const assignment =
      typeof rewardId === 'string'
        ? first(state.store.rewardAssignments, (a) => a.reward_id === rewardId && a.related_object_id === voucher.campaign_id)
        : undefined;
    if (typeof rewardId === 'string' && !assignment) throw notFound('reward', rewardId);
    const cost = Number(assignment?.parameters?.loyalty?.points ?? 0);
    if (cost > balance)
      return invalid(
        'loyalty_card_points_exceeded',
        'loyalty card points exceeded',
        'Loyalty card points exceeded',
        `${code} has ${balance} points; the reward costs ${cost}`,
      );
    result.loyalty = { points_cost: cost };
    if (assignment) result.reward = { id: rewardId, assignment_id: assignment.id, points: cost };
    if (body.order) result.order = calculateOrder(state, body.order);
  }
  if (body.session && voucher.type !== 'LOYALTY_CARD') {
    result.session = { key: `ssn_${state.ids.letters(24)}`, type: 'LOCK', ttl: 7, ttl_unit: 'DAYS', ...body.session };
  }
  return result;
}

/** The mock's routes for creating and validating vouchers. */
export const voucherHandlers = {
  'vouchers.create': { method: 'POST', path: '/v1/vouchers/{code}', auth: 'server', handle: createVoucher },
  'vouchers.validate': { method: 'POST', path: '/v1/vouchers/{code}/validate', auth: 'server', handle: validateVoucher },
} satisfies MockHandlers;
