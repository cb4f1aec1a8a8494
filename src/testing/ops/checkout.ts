/**
 * The checkout (CHECKOUT.md §3.1, §3.2, §3.6 to §3.8, §4.1, §4.2): stacked validation and
 * redemption under the stacking rules, session locks, a voucher's redemption history, releasing
 * a lock, and qualifications computed from the mock's own records.
 *
 * What the mock does, where the service's documents leave it open:
 *
 * - A redeemable is applicable when its voucher (or tier, and the tier's campaign) is usable now
 *   (`active`, dates, days, hours, quantity), a gift card has the credits and a loyalty card the
 *   points for its reward. Discounts apply in turn to what the order has left to pay.
 * - Stacking rules: the mock's defaults are the service's (30 redeemables, 5 applied, 1 per
 *   category, 1 exclusive, `ALL` mode, requested order, `REDEEM_ANYWAY`, `WITH_ORDER`); the
 *   `stackingRules` option of `createMockService` changes them. A redeemable's category is its
 *   voucher's (or tier's) `category_id`, else its campaign's.
 * - `valid` is false when a redeemable is inapplicable (`ALL`) or none applies (`PARTIAL`).
 * - A session lock holds one redemption of each applicable voucher and tier, the gift credits
 *   and the loyalty points it uses; it counts against every other session's validations and
 *   redemptions until a redemption under its key consumes it, `DELETE …/sessions/{key}` releases
 *   it (per voucher), or its `ttl` runs out on the mock's clock. The same key re-targets its lock.
 * - A redemption of one redeemable is one record without a parent (`redemptions.rollback` undoes
 *   it); of several, a parent and one child per applied redeemable (`rollbackStackable` undoes
 *   them). An inapplicable redeemable leaves a `FAILURE` record (`rf_…`) of its own.
 *
 * @module
 */
import { calculateOrder, discountOn, inactiveReason, movePoints, simpleCustomer, snapshot, trackingId, upsertCustomer } from '../domain.js';
import { badRequest, notFound, type MockRequest } from '../http.js';
import { intParam } from '../lists.js';
import type { MockHandlers } from '../router.js';
import { find, first, iso, put, where, type MockState, type Rec } from '../store.js';

/** The stacking rules the mock applies when `createMockService` is given none (the service's defaults). */
export const defaultStackingRules: Readonly<Rec> = Object.freeze({
  redeemables_limit: 30,
  applicable_redeemables_limit: 5,
  applicable_redeemables_per_category_limit: 1,
  applicable_redeemables_category_limits: {},
  applicable_exclusive_redeemables_limit: 1,
  applicable_exclusive_redeemables_per_category_limit: 1,
  exclusive_categories: [],
  joint_categories: [],
  redeemables_application_mode: 'ALL',
  redeemables_sorting_rule: 'REQUESTED_ORDER',
  redeemables_products_application_mode: 'STACK',
  redeemables_no_effect_rule: 'REDEEM_ANYWAY',
  no_effect_skip_categories: [],
  no_effect_redeem_anyway_categories: [],
  redeemables_rollback_order_mode: 'WITH_ORDER',
});

/** The stacking rules in force. */
export function stackingRulesOf(state: MockState): Rec {
  return { ...defaultStackingRules, ...state.stackingRules };
}

// ---- sessions ------------------------------------------------------------------------------

const unitMs: Record<string, number> = {
  DAYS: 86_400_000,
  HOURS: 3_600_000,
  MINUTES: 60_000,
  SECONDS: 1000,
  MILLISECONDS: 1,
  MICROSECONDS: 0.001,
  NANOSECONDS: 0.000_001,
};

/** The sessions whose `ttl` has not run out on the mock's clock; the others are dropped. */
export function liveSessions(state: MockState): Rec[] {
  const now = state.now().getTime();
  for (const [key, session] of state.store.sessions) if (Date.parse(session.expires_at) <= now) state.store.sessions.delete(key);
  return [...state.store.sessions.values()];
}

/** What the live sessions other than `ownKey` hold on `id` (a voucher's or tier's id): units, credits, points. */
function heldByOthers(state: MockState, id: string, ownKey: string | undefined): { units: number; credits: number; points: number } {
  const held = { units: 0, credits: 0, points: 0 };
  for (const session of liveSessions(state)) {
    if (session.key === ownKey) continue;
    for (const lock of session.locks as Rec[]) {
      if (lock.id !== id) continue;
      held.units += 1;
      held.credits += Number(lock.credits ?? 0);
      held.points += Number(lock.points ?? 0);
    }
  }
  return held;
}

// ---- the request ---------------------------------------------------------------------------

/** One redeemable to evaluate: a voucher or a tier (a stack is its tiers), with its position. */
interface Item {
  object: 'voucher' | 'promotion_tier';
  id: string;
  gift?: Rec | undefined;
  reward?: Rec | undefined;
  index: number;
}

/**
 * The redeemables of a stacked request, checked as the service checks them: 400
 * `invalid_payload` for a missing `object` or `id` (or more than 30), `duplicated_redeemables`,
 * and `invalid_redeemables` for a stack with anything else. A stack becomes its tiers.
 */
function itemsOf(state: MockState, body: Rec): Item[] {
  const list = body.redeemables;
  if (!Array.isArray(list) || list.length === 0) throw badRequest('invalid_payload', 'redeemables: 1 to 30 redeemables are required', 'Invalid payload');
  const limit = Number(stackingRulesOf(state).redeemables_limit ?? 30);
  if (list.length > Math.min(30, limit))
    throw badRequest('invalid_payload', `redeemables: at most ${Math.min(30, limit)} per request; got ${list.length}`, 'Invalid payload');
  const seen = new Set<string>();
  list.forEach((raw, index) => {
    const r = raw as Rec;
    if (!r || typeof r !== 'object' || typeof r.id !== 'string' || r.id === '' || !['voucher', 'promotion_tier', 'promotion_stack'].includes(r.object))
      throw badRequest('invalid_payload', `redeemables[${index}] needs an object (voucher, promotion_tier or promotion_stack) and an id`, 'Invalid payload');
    const key = `${r.object} ${r.id}`;
    if (seen.has(key)) throw badRequest('duplicated_redeemables', `redeemables[${index}] (${key}) is sent twice`, 'Duplicated redeemables');
    seen.add(key);
  });
  const stacks = list.filter((r) => (r as Rec).object === 'promotion_stack');
  if (stacks.length > 0 && list.length > 1)
    throw badRequest('invalid_redeemables', 'A promotion stack cannot be combined with other redeemables', 'Invalid redeemables');
  if (stacks.length === 1) {
    const stack = state.store.stacks.get((stacks[0] as Rec).id);
    if (!stack) throw notFound('promotion_stack', (stacks[0] as Rec).id);
    return ((stack.tiers?.ids ?? []) as string[]).map((id, index) => ({ object: 'promotion_tier', id, index }));
  }
  return list.map((raw, index) => {
    const r = raw as Rec;
    return { object: r.object, id: r.id, gift: r.gift, reward: r.reward, index };
  });
}

/** The order a request names: a stored one (by `source_id` or `id`) as stored, else as sent. */
function orderInput(state: MockState, body: Rec): Rec {
  const given = body.order && typeof body.order === 'object' ? (body.order as Rec) : {};
  const stored =
    (typeof given.id === 'string' && state.store.orders.get(given.id)) ||
    (typeof given.source_id === 'string' && first(state.store.orders, (o) => o.source_id === given.source_id));
  return stored ? { ...snapshot(stored), metadata: given.metadata ?? stored.metadata, status: given.status ?? stored.status } : given;
}

/** The service's error for an inapplicable redeemable. */
function failure(code: number, key: string, message: string, details: string, resource?: { id: string; type: string }): Rec {
  return { code, key, message, details, ...(resource ? { resource_id: resource.id, resource_type: resource.type } : {}) };
}

/** One redeemable, evaluated alone against what the order has left to pay. */
interface Verdict {
  item: Item;
  /** The voucher or tier; absent when unknown. */
  record?: Rec | undefined;
  campaign?: Rec | undefined;
  error?: Rec | undefined;
  result: Rec;
  /** What it takes off the order, in the smallest currency unit. */
  off: number;
  credits: number;
  points: number;
  reward?: Rec | undefined;
  category: string | null;
}

/** Evaluates one redeemable: applicable (with what it gives), or its error. */
function evaluate(state: MockState, item: Item, remaining: number, ownKey: string | undefined): Verdict {
  const base = { item, result: {}, off: 0, credits: 0, points: 0, category: null };
  const now = state.now();
  if (item.object === 'promotion_tier') {
    const tier = state.store.tiers.get(item.id);
    if (!tier)
      return {
        ...base,
        error: failure(404, 'not_found', 'Resource not found', `Cannot find promotion_tier with id ${item.id}`, { id: item.id, type: 'promotion_tier' }),
      };
    const campaign = state.store.campaigns.get(tier.campaign_id);
    const category = tier.category_id ?? campaign?.category_id ?? null;
    const window = (r: Rec | undefined) =>
      !r || (r.active !== false && !(r.start_date && now < new Date(r.start_date)) && !(r.expiration_date && now > new Date(r.expiration_date)));
    if (!window(tier) || !window(campaign))
      return {
        ...base,
        record: tier,
        campaign,
        category,
        error: failure(400, 'promotion_inactive', 'Promotion inactive', `${item.id} is not active now`, { id: item.id, type: 'promotion_tier' }),
      };
    const discount = tier.action?.discount ?? null;
    const off = discountOn(discount, remaining);
    return { ...base, record: tier, campaign, category, result: { discount }, off };
  }
  const voucher = find(state.store, 'vouchers', item.id);
  if (!voucher)
    return { ...base, error: failure(404, 'not_found', 'Resource not found', `Cannot find voucher with id ${item.id}`, { id: item.id, type: 'voucher' }) };
  const campaign = voucher.campaign_id ? state.store.campaigns.get(voucher.campaign_id) : undefined;
  const category = voucher.category_id ?? campaign?.category_id ?? null;
  const at = { ...base, record: voucher, campaign, category };
  const asVoucher = { id: voucher.code, type: 'voucher' };
  const inactive = inactiveReason(voucher, now);
  if (inactive) return { ...at, error: failure(400, inactive.key, inactive.message, inactive.details, asVoucher) };
  const held = heldByOthers(state, voucher.id, ownKey);
  const quantity = voucher.redemption?.quantity;
  if (typeof quantity === 'number' && (voucher.redemption.redeemed_quantity ?? 0) + held.units >= quantity)
    return {
      ...at,
      error: failure(
        400,
        'quantity_exceeded',
        'Quantity exceeded',
        `${voucher.code} allows ${quantity} redemptions; ${voucher.redemption.redeemed_quantity ?? 0} made, ${held.units} held by session locks`,
        asVoucher,
      ),
    };
  if (voucher.type === 'GIFT_VOUCHER') {
    const available = Number(voucher.gift?.balance ?? 0) - held.credits;
    const asked = item.gift?.credits;
    const credits = asked === undefined ? Math.min(available, remaining) : Number(asked);
    if (available <= 0 || credits > available || !(credits >= 0))
      return {
        ...at,
        error: failure(
          400,
          'gift_amount_exceeded',
          'Gift amount exceeded',
          `${voucher.code} has ${Math.max(0, available)} credits free; ${credits} asked`,
          asVoucher,
        ),
      };
    return { ...at, result: { gift: { balance: voucher.gift.balance, credits } }, off: Math.min(credits, remaining), credits };
  }
  if (voucher.type === 'LOYALTY_CARD') {
    const rewardId = item.reward?.id;
    if (typeof rewardId !== 'string')
      return { ...at, error: failure(400, 'missing_reward', 'Missing reward', `${voucher.code} is a loyalty card: name the reward`, asVoucher) };
    const reward = state.store.rewards.get(rewardId);
    const assignment = first(state.store.rewardAssignments, (a) => a.reward_id === rewardId && a.related_object_id === voucher.campaign_id);
    if (!reward || !assignment)
      return {
        ...at,
        error: failure(404, 'not_found', 'Resource not found', `Cannot find reward with id ${rewardId} in the card's campaign`, {
          id: rewardId,
          type: 'reward',
        }),
      };
    const available = Number(voucher.loyalty_card?.balance ?? voucher.loyalty_card?.points ?? 0) - held.points;
    let points = Number(item.reward?.points ?? assignment.parameters?.loyalty?.points ?? 0);
    let off = 0;
    if (reward.type === 'COIN') {
      const coin = reward.parameters?.coin ?? {};
      const pointsRatio = Number(coin.points_ratio ?? 1);
      const exchangeRatio = Number(coin.exchange_ratio ?? 1);
      const needed = Math.ceil((remaining * pointsRatio) / exchangeRatio);
      points = Math.min(item.reward?.points ?? needed, needed);
      off = Math.min(remaining, Math.floor((points * exchangeRatio) / pointsRatio));
    }
    if (points > available)
      return {
        ...at,
        error: failure(
          400,
          'loyalty_card_points_exceeded',
          'Loyalty card points exceeded',
          `${voucher.code} has ${Math.max(0, available)} points free; ${points} needed`,
          asVoucher,
        ),
      };
    return { ...at, result: { loyalty_card: { points } }, off, points, reward };
  }
  const discount = voucher.discount ?? null;
  return { ...at, result: { discount }, off: discountOn(discount, remaining) };
}

/** A redeemable as an answer lists it, by its verdict and status. */
function answerItem(v: Verdict, status: string, details?: { key: string; message: string }, requestId?: string): Rec {
  const named = {
    id: v.item.object === 'voucher' ? (v.record?.code ?? v.item.id) : v.item.id,
    object: v.item.object,
    ...(v.record ? { campaign_name: v.campaign?.name ?? null, campaign_id: v.campaign?.id ?? null, name: v.record.name ?? v.record.code ?? null } : {}),
  };
  if (status === 'APPLICABLE') {
    const empty = { object: 'list', data_ref: 'data', data: [], total: 0 };
    return {
      status,
      ...named,
      result: v.result,
      applicable_to: empty,
      inapplicable_to: structuredClone(empty),
      metadata: v.record?.metadata ?? {},
      categories: [],
    };
  }
  if (status === 'INAPPLICABLE')
    return { status, ...named, result: { error: { ...v.error, request_id: requestId }, details: { key: v.error?.key, message: v.error?.message } } };
  return { status, ...named, result: { details } };
}

/** The outcome of a stacked request: each redeemable's status, the discounts, the order. */
interface Stacked {
  verdicts: Array<{ verdict: Verdict; status: 'APPLICABLE' | 'INAPPLICABLE' | 'SKIPPED'; details?: { key: string; message: string } }>;
  applied: Verdict[];
  order: Rec;
  valid: boolean;
}

/** Applies the stacking rules to a request's redeemables, under session `ownKey` (its own lock does not count against it). */
function stack(state: MockState, body: Rec, ownKey: string | undefined): Stacked {
  const rules = stackingRulesOf(state);
  const items = itemsOf(state, body);
  const input = orderInput(state, body);
  const total = Number(calculateOrder(state, input).total_amount ?? 0);
  const inList = (name: string, category: string | null) => category !== null && Array.isArray(rules[name]) && rules[name].includes(category);
  // Hierarchy first (lower first), then the order requested.
  const ordered =
    rules.redeemables_sorting_rule === 'CATEGORY_HIERARCHY'
      ? [...items].sort((a, b) => hierarchyOf(state, a) - hierarchyOf(state, b) || a.index - b.index)
      : items;
  const out: Stacked['verdicts'] = [];
  const applied: Verdict[] = [];
  let remaining = total;
  let exclusiveApplied = 0;
  const perCategory = new Map<string, number>();
  const skip = (verdict: Verdict, key: string, message: string) => out.push({ verdict, status: 'SKIPPED', details: { key, message } });
  for (const item of ordered) {
    const verdict = evaluate(state, item, remaining, ownKey);
    if (verdict.error) {
      out.push({ verdict, status: 'INAPPLICABLE' });
      continue;
    }
    const category = verdict.category;
    const exclusive = inList('exclusive_categories', category);
    const joint = inList('joint_categories', category);
    if (applied.length >= Number(rules.applicable_redeemables_limit ?? 5)) {
      skip(verdict, 'applicable_redeemables_limit_exceeded', `At most ${rules.applicable_redeemables_limit} redeemables apply`);
      continue;
    }
    const categoryLimit =
      category === null ? Infinity : Number(rules.applicable_redeemables_category_limits?.[category] ?? rules.applicable_redeemables_per_category_limit ?? 1);
    if (category !== null && !joint && (perCategory.get(category) ?? 0) >= categoryLimit) {
      skip(verdict, 'applicable_redeemables_per_category_limit_exceeded', `At most ${categoryLimit} redeemables of category ${category} apply`);
      continue;
    }
    if (exclusive && exclusiveApplied >= Number(rules.applicable_exclusive_redeemables_limit ?? 1)) {
      skip(verdict, 'applicable_exclusive_redeemables_limit_exceeded', `At most ${rules.applicable_exclusive_redeemables_limit} exclusive redeemables apply`);
      continue;
    }
    // An exclusive redeemable applies alone, but for other exclusive or joint ones.
    const alone =
      exclusiveApplied > 0 || (exclusive && applied.some((a) => !inList('exclusive_categories', a.category) && !inList('joint_categories', a.category)));
    if (alone && !exclusive && !joint) {
      skip(verdict, 'exclusion_rules_not_met', 'An exclusive redeemable applies alone');
      continue;
    }
    if (alone && exclusive) {
      skip(verdict, 'exclusion_rules_not_met', 'An exclusive redeemable applies alone, and others apply already');
      continue;
    }
    const noEffect = verdict.off === 0 && verdict.credits === 0 && verdict.points === 0;
    const skipNoEffect =
      (rules.redeemables_no_effect_rule === 'SKIP' && !inList('no_effect_redeem_anyway_categories', category)) || inList('no_effect_skip_categories', category);
    if (noEffect && skipNoEffect) {
      skip(verdict, 'no_effect', 'It has no effect on this order');
      continue;
    }
    out.push({ verdict, status: 'APPLICABLE' });
    applied.push(verdict);
    remaining -= verdict.off;
    if (exclusive) exclusiveApplied += 1;
    if (category !== null) perCategory.set(category, (perCategory.get(category) ?? 0) + 1);
  }
  const failed = out.some((v) => v.status === 'INAPPLICABLE');
  // In ALL mode one inapplicable redeemable fails the request: nothing applies.
  if (failed && rules.redeemables_application_mode !== 'PARTIAL') {
    for (const v of out)
      if (v.status === 'APPLICABLE')
        Object.assign(v, { status: 'SKIPPED', details: { key: 'preceding_validation_failed', message: 'Another redeemable is inapplicable' } });
    applied.length = 0;
  }
  const off = applied.reduce((sum, v) => sum + v.off, 0);
  const order = calculateOrder(state, input, off);
  // The answer lists them in the order requested.
  out.sort((a, b) => a.verdict.item.index - b.verdict.item.index);
  return { verdicts: out, applied, order, valid: applied.length > 0 && (!failed || rules.redeemables_application_mode === 'PARTIAL') };
}

function hierarchyOf(state: MockState, item: Item): number {
  const record = item.object === 'voucher' ? find(state.store, 'vouchers', item.id) : state.store.tiers.get(item.id);
  const hierarchy = record?.categories?.[0]?.hierarchy ?? record?.hierarchy;
  return typeof hierarchy === 'number' ? hierarchy : 1;
}

/** The items of an answer, split by status. */
function split(state: Stacked, requestId: string): Rec {
  const redeemables = state.verdicts.map((v) => answerItem(v.verdict, v.status, v.details, requestId));
  return {
    redeemables,
    skipped_redeemables: redeemables.filter((r) => r.status === 'SKIPPED'),
    inapplicable_redeemables: redeemables.filter((r) => r.status === 'INAPPLICABLE'),
  };
}

/** The session a request asks for, or `undefined`; a 400 for a malformed one. */
function sessionOf(body: Rec): Rec | undefined {
  const s = body.session;
  if (s === undefined || s === null) return undefined;
  if (typeof s !== 'object' || (s.type !== undefined && s.type !== 'LOCK')) throw badRequest('invalid_payload', 'session.type must be LOCK', 'Invalid payload');
  if (s.key !== undefined && (typeof s.key !== 'string' || s.key === ''))
    throw badRequest('invalid_payload', 'session.key must be a non-empty string', 'Invalid payload');
  if (s.ttl !== undefined && !(typeof s.ttl === 'number' && s.ttl > 0))
    throw badRequest('invalid_payload', 'session.ttl must be a positive number', 'Invalid payload');
  if (s.ttl_unit !== undefined && !(s.ttl_unit in unitMs))
    throw badRequest('invalid_payload', `session.ttl_unit must be one of ${Object.keys(unitMs).join(', ')}`, 'Invalid payload');
  return s;
}

/** Takes (or re-targets) the lock of session `key` on what `applied` uses. */
function lock(state: MockState, given: Rec, key: string, applied: Verdict[]): Rec {
  const ttl = Number(given.ttl ?? 7);
  const unit = String(given.ttl_unit ?? 'DAYS');
  const now = state.now();
  const locks = applied.map((v) => ({
    object: v.item.object,
    id: v.record!.id,
    ...(v.item.object === 'voucher' ? { code: v.record!.code } : {}),
    ...(v.credits ? { credits: v.credits } : {}),
    ...(v.points ? { points: v.points } : {}),
  }));
  if (locks.length > 0)
    put(state.store, 'sessions', {
      key,
      type: 'LOCK',
      ttl,
      ttl_unit: unit,
      created_at: iso(now),
      expires_at: iso(new Date(now.getTime() + ttl * unitMs[unit]!)),
      locks,
      object: 'session',
    });
  return { key, type: 'LOCK', ttl, ttl_unit: unit };
}

function validateStacked(state: MockState, req: MockRequest): Rec {
  const body = (req.body ?? {}) as Rec;
  const session = sessionOf(body);
  const key = session ? (session.key ?? `ssn_${state.ids.letters(24)}`) : undefined;
  // The same key re-targets its lock: the lock it held is given back first.
  if (key) state.store.sessions.delete(key);
  const result = stack(state, body, key);
  const customer = body.customer && typeof body.customer === 'object' ? (body.customer as Rec) : undefined;
  return {
    id: state.ids.next('valid_'),
    valid: result.valid,
    ...split(result, req.requestId),
    order: result.order,
    tracking_id: typeof body.tracking_id === 'string' ? body.tracking_id : trackingId(customer?.source_id),
    ...(session && key ? { session: lock(state, session, key, result.valid ? result.applied : []) } : {}),
    stacking_rules: stackingRulesOf(state),
  };
}

// ---- redemption ----------------------------------------------------------------------------

/** A redemption record of the request, as stored. */
function record(state: MockState, fields: Rec, context: Rec): Rec {
  return put(state.store, 'redemptions', {
    id: state.ids.next(fields.result === 'FAILURE' ? 'rf_' : 'r_'),
    object: 'redemption',
    date: iso(state.now()),
    customer_id: context.customer?.id ?? null,
    tracking_id: context.tracking,
    metadata: snapshot(context.metadata),
    amount: 0,
    redemption: null,
    result: 'SUCCESS',
    status: 'SUCCEEDED',
    ...(context.key ? { session: { key: context.key } } : {}),
    related_redemptions: { rollbacks: [], redemptions: [] },
    order: snapshot(context.order),
    channel: { channel_id: state.credentials.appId, channel_type: 'API' },
    customer: context.customer ? simpleCustomer(context.customer) : null,
    ...fields,
  });
}

/** Spends what a redemption takes: a redemption of the voucher or tier, credits, points. */
function spend(state: MockState, v: Verdict, id: string): void {
  const r = v.record!;
  if (v.item.object === 'promotion_tier') {
    const summary = (r.summary ??= { redemptions: { total_redeemed: 0 } });
    summary.redemptions.total_redeemed = (summary.redemptions?.total_redeemed ?? 0) + 1;
    return;
  }
  r.redemption.redeemed_quantity = (r.redemption.redeemed_quantity ?? 0) + 1;
  if (v.credits > 0) {
    r.gift.balance -= v.credits;
    r.gift.subtracted_amount = (r.gift.subtracted_amount ?? 0) + v.credits;
  }
  if (v.points > 0) {
    movePoints(state, r, 'POINTS_REDEMPTION', -v.points, { redemption: { id }, reward: v.reward ? { id: v.reward.id, name: v.reward.name } : null });
    r.redemption.redeemed_points = (r.redemption.redeemed_points ?? 0) + v.points;
  }
  r.updated_at = iso(state.now());
}

function redeemStacked(state: MockState, req: MockRequest): Rec {
  const body = (req.body ?? {}) as Rec;
  const session = sessionOf(body);
  const key: string | undefined = session?.key;
  const result = stack(state, body, key);
  const customer = body.customer && typeof body.customer === 'object' ? upsertCustomer(state, body.customer) : undefined;
  const context = {
    customer,
    tracking: typeof body.tracking_id === 'string' ? body.tracking_id : trackingId(customer?.source_id),
    metadata: body.metadata && typeof body.metadata === 'object' ? body.metadata : {},
    order: result.order,
    key,
  };
  const answer = split(result, req.requestId);
  // Each inapplicable redeemable leaves a failed record of its own.
  for (const v of result.verdicts.filter((x) => x.status === 'INAPPLICABLE')) {
    const of = v.verdict.record;
    record(
      state,
      {
        result: 'FAILURE',
        status: 'FAILED',
        failure_code: v.verdict.error?.key,
        failure_message: v.verdict.error?.details,
        related_object_type: v.verdict.item.object,
        related_object_id: of?.id ?? v.verdict.item.id,
        ...(v.verdict.item.object === 'voucher' ? { voucher: of ? snapshot(of) : null } : { promotion_tier: of ? snapshot(of) : null }),
        order: null,
        customer: null,
      },
      context,
    );
  }
  if (result.applied.length === 0) return { redemptions: [], order: result.order, ...omitAll(answer) };
  const parent =
    result.applied.length > 1
      ? record(state, { related_object_type: 'redemption', related_object_id: null, amount: result.applied.reduce((s, v) => s + v.off, 0) }, context)
      : undefined;
  if (parent) parent.related_object_id = parent.id;
  const children = result.applied.map((v) => {
    const id = state.ids.next('r_');
    spend(state, v, id);
    return record(
      state,
      {
        id,
        redemption: parent?.id ?? null,
        amount: v.credits || v.points || v.off,
        related_object_type: v.item.object,
        related_object_id: v.record!.id,
        ...(v.item.object === 'voucher' ? { voucher: { ...snapshot(v.record!), holder: null } } : { promotion_tier: snapshot(v.record!) }),
        ...(v.credits ? { gift: { amount: v.credits } } : {}),
        ...(v.points ? { loyalty_card: { points: v.points } } : {}),
        ...(v.reward ? { reward: snapshot(v.reward) } : {}),
      },
      context,
    );
  });
  const head = parent ?? children[0]!;
  const orderId = keepOrder(state, result.order, head, children, parent !== undefined);
  // A redemption under a session releases it.
  if (key) state.store.sessions.delete(key);
  const order = orderId ? { ...result.order, id: orderId } : result.order;
  return { redemptions: children.map(snapshot), ...(parent ? { parent_redemption: snapshot(parent) } : {}), order, ...omitAll(answer) };
}

/** The parts of an answer's split besides `redeemables`. */
function omitAll(answer: Rec): Rec {
  return { inapplicable_redeemables: answer.inapplicable_redeemables, skipped_redeemables: answer.skipped_redeemables };
}

/** The order of a redemption, stored (by `source_id` or `id`) with the redemption under its id; the id it is kept under. */
function keepOrder(state: MockState, order: Rec, head: Rec, children: Rec[], stacked: boolean): string | undefined {
  if (!order.source_id && !order.id) return undefined;
  const stored = (order.id && state.store.orders.get(order.id)) || (order.source_id && first(state.store.orders, (o) => o.source_id === order.source_id));
  const now = iso(state.now());
  const kept = put(state.store, 'orders', {
    ...(stored ?? { created_at: now, redemptions: {} }),
    ...snapshot(order),
    id: stored?.id ?? state.ids.next('ord_'),
    updated_at: stored ? now : null,
    object: 'order',
  });
  kept.redemptions = {
    ...(stored?.redemptions ?? {}),
    [head.id]: {
      date: head.date,
      related_object_type: head.related_object_type,
      related_object_id: head.related_object_id,
      ...(stacked ? { stacked: children.map((c) => c.id) } : {}),
    },
  };
  for (const r of [head, ...children]) if (r.order) r.order.id = kept.id;
  return kept.id;
}

// ---- a voucher's history and its locks -----------------------------------------------------

function voucherRedemptions(state: MockState, req: MockRequest): Rec {
  const voucher = find(state.store, 'vouchers', req.params.code!);
  if (!voucher) throw notFound('voucher', req.params.code!);
  const entries = [
    ...where(state.store.redemptions, (r) => r.related_object_id === voucher.id),
    ...where(state.store.rollbacks, (r) => r.related_object_id === voucher.id),
  ];
  entries.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.id < b.id ? 1 : -1));
  return {
    quantity: voucher.redemption?.quantity ?? null,
    redeemed_quantity: voucher.redemption?.redeemed_quantity ?? 0,
    object: 'list',
    url: `/v1/vouchers/${encodeURIComponent(voucher.code)}/redemptions?page=1&limit=10`,
    data_ref: 'redemption_entries',
    total: entries.length,
    redemption_entries: entries.map(snapshot),
  };
}

function releaseSession(state: MockState, req: MockRequest): undefined {
  const voucher = find(state.store, 'vouchers', req.params.code!);
  if (!voucher) throw notFound('voucher', req.params.code!);
  const key = req.params.sessionKey!;
  const session = liveSessions(state).find((s) => s.key === key);
  const held = session ? (session.locks as Rec[]).filter((l) => l.id === voucher.id) : [];
  if (!session || held.length === 0) throw notFound('session', key);
  session.locks = (session.locks as Rec[]).filter((l) => l.id !== voucher.id);
  if (session.locks.length === 0) state.store.sessions.delete(key);
  return undefined;
}

// ---- qualifications ------------------------------------------------------------------------

const scenarios = [
  'ALL',
  'CUSTOMER_WALLET',
  'AUDIENCE_ONLY',
  'PRODUCTS',
  'PRODUCTS_DISCOUNT',
  'PROMOTION_STACKS',
  'PRODUCTS_BY_CUSTOMER',
  'PRODUCTS_DISCOUNT_BY_CUSTOMER',
];

/** A discount that names a product or SKU of the order. */
function namesProductOf(discount: Rec | null | undefined, order: Rec): boolean {
  if (!discount) return false;
  const ids = new Set((order.items as Rec[] | undefined)?.flatMap((i) => [i.product_id, i.sku_id, i.product?.id, i.source_id]).filter(Boolean));
  const named = [
    discount.unit_type,
    discount.product?.id,
    discount.sku?.id,
    ...(Array.isArray(discount.units) ? discount.units.map((u: Rec) => u.unit_type) : []),
  ];
  return named.some((id) => typeof id === 'string' && ids.has(id));
}

function qualifications(state: MockState, req: MockRequest): Rec {
  const body = (req.body ?? {}) as Rec;
  const options = (body.options && typeof body.options === 'object' ? body.options : {}) as Rec;
  const scenario = body.scenario ?? 'ALL';
  if (!scenarios.includes(scenario)) throw badRequest('invalid_payload', `scenario must be one of ${scenarios.join(', ')}`, 'Invalid payload');
  const limit = intParam({ limit: options.limit }, 'limit', 1, 50, 5);
  const sorting = options.sorting_rule ?? 'DEFAULT';
  if (!['DEFAULT', 'BEST_DEAL', 'LEAST_DEAL'].includes(sorting))
    throw badRequest('invalid_payload', 'options.sorting_rule must be DEFAULT, BEST_DEAL or LEAST_DEAL', 'Invalid payload');
  const after = options.starting_after ?? null;
  if (after !== null && Number.isNaN(Date.parse(after)))
    throw badRequest('invalid_payload', 'options.starting_after must be an ISO 8601 date-time', 'Invalid payload');
  const input = orderInput(state, body);
  const order = calculateOrder(state, input);
  const total = Number(order.total_amount ?? 0);
  const given = body.customer && typeof body.customer === 'object' ? (body.customer as Rec) : undefined;
  const customer = given ? find(state.store, 'customers', given.id ?? given.source_id ?? '') : undefined;
  const held = new Set(customer ? where(state.store.redeemables, (h) => h.customer_id === customer.id).map((h) => h.redeemable_id) : []);

  const wallet = scenario === 'CUSTOMER_WALLET' || scenario.endsWith('_BY_CUSTOMER');
  const products = scenario.startsWith('PRODUCTS');
  const candidates: Array<{ item: Item; created_at: string; stack?: Rec }> = [];
  if (scenario !== 'PROMOTION_STACKS') {
    for (const v of state.store.vouchers.values()) {
      if (wallet ? !held.has(v.id) : scenario !== 'AUDIENCE_ONLY' && scenario !== 'PRODUCTS' && scenario !== 'PRODUCTS_DISCOUNT' && !held.has(v.id)) continue;
      if (products && !namesProductOf(v.discount, order)) continue;
      if (v.type === 'LOYALTY_CARD') continue; // a card needs a reward to qualify with
      candidates.push({ item: { object: 'voucher', id: v.code, index: 0 }, created_at: v.created_at });
    }
    if (scenario !== 'CUSTOMER_WALLET')
      for (const t of state.store.tiers.values()) {
        if (products && !namesProductOf(t.action?.discount, order)) continue;
        candidates.push({ item: { object: 'promotion_tier', id: t.id, index: 0 }, created_at: t.created_at });
      }
  }
  if (scenario === 'ALL' || scenario === 'PROMOTION_STACKS')
    for (const s of state.store.stacks.values())
      candidates.push({ item: { object: 'promotion_tier', id: s.id, index: 0 }, created_at: s.created_at, stack: s });

  const qualified: Rec[] = [];
  for (const c of candidates) {
    if (c.stack) {
      const tiers = ((c.stack.tiers?.ids ?? []) as string[]).map((id) => evaluate(state, { object: 'promotion_tier', id, index: 0 }, total, undefined));
      if (tiers.length === 0 || tiers.some((t) => t.error)) continue;
      qualified.push({
        id: c.stack.id,
        object: 'promotion_stack',
        created_at: c.stack.created_at,
        name: c.stack.name ?? null,
        campaign_id: c.stack.campaign_id ?? null,
        result: {},
        redeemables: tiers.map((t) => ({
          id: t.item.id,
          object: 'promotion_tier',
          created_at: t.record!.created_at,
          result: t.result,
          name: t.record!.name ?? null,
        })),
        deal: tiers.reduce((s, t) => s + t.off, 0),
      });
      continue;
    }
    const v = evaluate(state, c.item, total, undefined);
    if (v.error) continue;
    qualified.push({
      id: c.item.id,
      object: c.item.object,
      created_at: c.created_at,
      result: v.result,
      order: calculateOrder(state, input, v.off),
      applicable_to: { object: 'list', data_ref: 'data', data: [], total: 0 },
      inapplicable_to: { object: 'list', data_ref: 'data', data: [], total: 0 },
      metadata: v.record?.metadata ?? {},
      categories: [],
      banner: v.record?.banner ?? null,
      name: v.record?.name ?? v.record?.code ?? null,
      campaign_name: v.campaign?.name ?? null,
      campaign_id: v.campaign?.id ?? null,
      deal: v.off + v.credits,
    });
  }
  // Newest first, the time cursor's order; then each page by the sorting rule.
  qualified.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a.id < b.id ? 1 : -1));
  const rest = after === null ? qualified : qualified.filter((q) => Date.parse(q.created_at) < Date.parse(after));
  const page = rest.slice(0, limit);
  if (sorting !== 'DEFAULT') page.sort((a, b) => (sorting === 'BEST_DEAL' ? b.deal - a.deal : a.deal - b.deal));
  const hasMore = rest.length > limit;
  const last = rest[Math.min(limit, rest.length) - 1];
  return {
    redeemables: {
      object: 'list',
      data_ref: 'data',
      data: page.map(({ deal: _deal, ...q }) => q),
      total: page.length,
      has_more: hasMore,
      ...(hasMore && last ? { more_starting_after: last.created_at } : {}),
    },
    tracking_id: typeof body.tracking_id === 'string' ? body.tracking_id : trackingId(customer?.source_id ?? given?.source_id),
    order,
    stacking_rules: stackingRulesOf(state),
  };
}

/** The mock's routes of the checkout. */
export const checkoutHandlers = {
  'validations.validate': { method: 'POST', path: '/v1/validations', auth: 'server', handle: validateStacked },
  'qualifications.check': { method: 'POST', path: '/v1/qualifications', auth: 'server', handle: qualifications },
  'redemptions.redeem': { method: 'POST', path: '/v1/redemptions', auth: 'server', handle: redeemStacked },
  'vouchers.getRedemptions': { method: 'GET', path: '/v1/vouchers/{code}/redemption', auth: 'server', handle: voucherRedemptions },
  'vouchers.releaseSession': { method: 'DELETE', path: '/v1/vouchers/{code}/sessions/{sessionKey}', auth: 'server', handle: releaseSession },
} satisfies MockHandlers;
