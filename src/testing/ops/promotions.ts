/**
 * Promotions and templates: add a tier to a promotion campaign, update a promotion stack (up to
 * 30 tiers), list campaign templates (records under `data_ref` `campaign_templates`) and set up
 * a tier from a template (service interface §4.5, §4.6, §4.13, §4.19).
 *
 * @module
 */
import { findCampaign, ruleAssignments } from '../domain.js';
import { badRequest, notFound, type MockRequest } from '../http.js';
import { applyFilters, boolParam, cursorPage } from '../lists.js';
import type { MockHandlers } from '../router.js';
import { iso, put, where, type MockState, type Rec } from '../store.js';
import { checkValidity, dateField } from './vouchers.js';

/** Most tiers a promotion stack holds. */
export const MAX_STACK_TIERS = 30;

/** The parent campaign as a tier carries it. */
function campaignSummary(c: Rec): Rec {
  return {
    id: c.id,
    start_date: c.start_date ?? null,
    expiration_date: c.expiration_date ?? null,
    validity_timeframe: c.validity_timeframe ?? null,
    validity_day_of_week: c.validity_day_of_week ?? null,
    validity_hours: c.validity_hours ?? null,
    active: c.active ?? true,
    category_id: c.category_id ?? null,
    categories: c.categories ?? [],
    name: c.name,
    created_at: c.created_at,
    campaign_type: c.campaign_type,
    object: 'campaign',
  };
}

/** A complete promotion tier in `campaign` from a partial one. */
export function buildTier(state: MockState, campaign: Rec, input: Rec): Rec {
  const id: string = input.id ?? state.ids.next('promo_');
  const rules: string[] = Array.isArray(input.validation_rules) ? input.validation_rules : [];
  const { validation_rules: _rules, ...rest } = input;
  const siblings = where(state.store.tiers, (t) => t.campaign_id === campaign.id).length;
  return {
    id,
    created_at: iso(state.now()),
    updated_at: null,
    name: input.name,
    banner: null,
    action: { discount: null },
    metadata: {},
    hierarchy: siblings + 1,
    promotion_id: campaign.promotion_id ?? campaign.id,
    campaign: campaignSummary(campaign),
    campaign_id: campaign.id,
    active: true,
    start_date: null,
    expiration_date: null,
    validity_timeframe: null,
    validity_day_of_week: null,
    validity_hours: null,
    summary: { redemptions: { total_redeemed: 0 }, orders: { total_amount: 0, total_discount_amount: 0 } },
    category_id: null,
    categories: [],
    ...rest,
    validation_rule_assignments: ruleAssignments(state, rules, id, 'promotion_tier'),
    object: 'promotion_tier',
  };
}

function tierInput(body: unknown): Rec {
  if (!body || typeof body !== 'object') throw badRequest('missing_parameters', 'A JSON body with the tier is required', 'Missing parameters');
  const input = body as Rec;
  if (typeof input.name !== 'string' || input.name === '') throw badRequest('missing_parameters', 'name is required', 'Missing parameters');
  checkValidity(input);
  return {
    ...input,
    start_date: dateField(input.start_date, 'start_date'),
    expiration_date: dateField(input.expiration_date, 'expiration_date'),
  };
}

function promotionCampaign(state: MockState, idOrName: string): Rec {
  const campaign = findCampaign(state, idOrName);
  if (campaign.campaign_type !== 'PROMOTION')
    throw badRequest('invalid_payload', `${campaign.id} is a ${campaign.campaign_type} campaign, not a PROMOTION campaign`, 'Invalid payload');
  return campaign;
}

function createTier(state: MockState, req: MockRequest): Rec {
  const campaign = promotionCampaign(state, req.params.campaignId!);
  const { id: _id, ...input } = tierInput(req.body);
  return put(state.store, 'tiers', buildTier(state, campaign, input));
}

function updateStack(state: MockState, req: MockRequest): Rec {
  const campaign = findCampaign(state, req.params.campaignId!);
  const stack = state.store.stacks.get(req.params.stackId!);
  if (!stack || stack.campaign_id !== campaign.id) throw notFound('promotion_stack', req.params.stackId!);
  const body = (req.body ?? {}) as Rec;
  if (body.tiers !== undefined) {
    const ids = body.tiers?.ids;
    if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string'))
      throw badRequest('invalid_payload', 'tiers.ids must be an array of promotion tier IDs', 'Invalid payload');
    if (ids.length > MAX_STACK_TIERS)
      throw badRequest('invalid_payload', `A promotion stack holds up to ${MAX_STACK_TIERS} tiers; got ${ids.length}`, 'Invalid payload');
    for (const id of ids) {
      const tier = state.store.tiers.get(id);
      if (!tier || tier.campaign_id !== campaign.id) throw notFound('promotion_tier', id);
    }
    stack.tiers = { ...stack.tiers, ids, hierarchy_mode: body.tiers.hierarchy_mode ?? stack.tiers?.hierarchy_mode ?? 'MANUAL' };
  }
  if (typeof body.name === 'string') stack.name = body.name;
  if (body.category_id !== undefined) stack.category_id = body.category_id;
  stack.updated_at = iso(state.now());
  return stack;
}

/** A template as the list shows it: without the mock's tier configuration. */
function templateView(t: Rec): Rec {
  const { tier: _tier, ...view } = t;
  return view;
}

function listTemplates(state: MockState, req: MockRequest): Rec {
  const all = [...state.store.templates.values()];
  const includeTotal = boolParam(req.query, 'include_total') === true;
  const records = applyFilters(all, req.query.filters).map(templateView);
  return cursorPage(records, req.query, 'campaign_templates', includeTotal ? { total: all.length } : {});
}

function setupTier(state: MockState, req: MockRequest): Rec {
  const template = state.store.templates.get(req.params.campaignTemplateId!);
  if (!template) throw notFound('campaign_template', req.params.campaignTemplateId!);
  const input = tierInput(req.body);
  if (typeof input.campaign_id !== 'string' || input.campaign_id === '')
    throw badRequest('missing_parameters', 'campaign_id is required', 'Missing parameters');
  const campaign = promotionCampaign(state, input.campaign_id);
  const config: Rec = template.tier ?? {};
  const created = ((config.validation_rules ?? []) as string[]).map(() => ({ id: state.ids.next('val_'), object: 'validation_rules' }));
  const { campaign_id: _c, id: _id, ...overrides } = input;
  const tier = put(
    state.store,
    'tiers',
    buildTier(state, campaign, {
      banner: config.banner ?? null,
      action: config.action ?? { discount: null },
      metadata: config.metadata ?? {},
      ...overrides,
      validation_rules: created.map((r) => r.id),
    }),
  );
  const { validation_rule_assignments: assignments, ...rest } = tier;
  return { created_resources: created, promotion_tier: { ...rest, validation_rules_assignments: assignments.data }, object: 'promotion_tier_setup' };
}

/** The mock's routes for promotion tiers and stacks and campaign templates. */
export const promotionHandlers = {
  'promotions.createTier': { method: 'POST', path: '/v1/promotions/{campaignId}/tiers', auth: 'server', handle: createTier },
  'promotions.updateStack': { method: 'PUT', path: '/v1/promotions/{campaignId}/stacks/{stackId}', auth: 'server', handle: updateStack },
  'templates.list': { method: 'GET', path: '/v1/templates/campaigns', auth: 'server', handle: listTemplates },
  'templates.setupPromotionTier': { method: 'POST', path: '/v1/templates/campaigns/{campaignTemplateId}/tier-setup', auth: 'server', handle: setupTier },
} satisfies MockHandlers;
