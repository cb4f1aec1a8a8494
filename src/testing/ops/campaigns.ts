/**
 * Campaigns (LONG-TAIL.md §3.1, §3.2): listed page by page (1–100), most recent first, and one
 * read by its ID or its name, with its promotion tiers and validation rules. The store keeps a campaign as the seed gave it; the service's shape is
 * made when it is read.
 *
 * @module
 */
import { findCampaign, snapshot } from '../domain.js';
import { badRequest, type MockRequest } from '../http.js';
import { applyFilters, boolParam, intParam, orderParam } from '../lists.js';
import type { MockHandlers } from '../router.js';
import { where, type MockState, type Rec } from '../store.js';

/** The campaign's setup of its vouchers, as the service answers with it (`voucher`). */
function voucherView(voucher: Rec | undefined): Rec | undefined {
  if (!voucher) return undefined;
  const { prefix, postfix, length, ...rest } = snapshot(voucher);
  const size = typeof length === 'number' ? length : 8;
  return {
    redemption: { quantity: null },
    is_referral_code: false,
    ...rest,
    code_config: {
      length: size,
      charset: '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ',
      pattern: `${prefix ?? ''}${'#'.repeat(size)}${postfix ?? ''}`,
      ...(prefix === undefined ? {} : { prefix }),
      ...(postfix === undefined ? {} : { postfix }),
    },
  };
}

/** A campaign as the service lists it (`CampaignBase`): every required field, none of the mock's own. */
export function campaignView(state: MockState, campaign: Rec): Rec {
  const { earning_rules: _rules, voucher, ...fields } = snapshot(campaign);
  const standalone = campaign.campaign_type === 'PROMOTION';
  const voucherSetup = voucherView(voucher);
  return {
    type: standalone ? 'STATIC' : 'AUTO_UPDATE',
    ...(voucherSetup ? { voucher: voucherSetup } : {}),
    auto_join: campaign.campaign_type === 'LOYALTY_PROGRAM',
    join_once: campaign.campaign_type === 'LOYALTY_PROGRAM',
    use_voucher_metadata_schema: true,
    vouchers_count: where(state.store.vouchers, (v) => v.campaign_id === campaign.id).length,
    metadata: {},
    category_id: null,
    categories: [],
    creation_status: 'DONE',
    vouchers_generation_status: 'DONE',
    protected: false,
    ...fields,
  };
}

/** `GET /v1/campaigns/{campaignId}`: the campaign by ID or name, with its tiers and validation rules. */
function getCampaign(state: MockState, req: MockRequest): Rec {
  const campaign = findCampaign(state, req.params.campaignId!);
  const tiers = where(state.store.tiers, (t) => t.campaign_id === campaign.id).map((t) => snapshot(t));
  return {
    ...campaignView(state, campaign),
    ...(campaign.campaign_type === 'PROMOTION' ? { promotion: { object: 'list', data_ref: 'tiers', tiers, total: tiers.length, has_more: false } } : {}),
    validation_rules_assignments: { object: 'list', data_ref: 'data', data: [], total: 0 },
  };
}

const CAMPAIGN_TYPES = ['PROMOTION', 'GIFT_VOUCHERS', 'REFERRAL_PROGRAM', 'DISCOUNT_COUPONS', 'LOYALTY_PROGRAM'];
const STATUSES = ['DONE', 'IN_PROGRESS', 'FAILED', 'DRAFT', 'MODIFYING'];

/** A query parameter that is absent or one of `values`; 400 naming the choices otherwise. */
function choice(query: Rec, name: string, values: readonly string[]): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !values.includes(value))
    throw badRequest('invalid_query_params', `Query parameter ${name} must be one of ${values.join(', ')}`, 'Invalid query params');
  return value;
}

/**
 * `GET /v1/campaigns`: most recent first unless `order` says otherwise, filtered by kind, status,
 * referral and `filters` (`campaigns` is the name), page by page (1–100) with `total`;
 * `categories` only with `expand=category`.
 */
function listCampaigns(state: MockState, req: MockRequest): Rec {
  const { query } = req;
  const limit = intParam(query, 'limit', 1, 100, 10);
  const page = intParam(query, 'page', 1, 100, 1);
  const { compare } = orderParam(query, ['created_at', 'updated_at'], '-created_at');
  const type = choice(query, 'campaign_type', CAMPAIGN_TYPES);
  const status = choice(query, 'campaign_status', STATUSES);
  const expand = choice(query, 'expand', ['category', 'access_settings_assignments']);
  const referral = boolParam(query, 'is_referral_code');
  const { campaigns: byName, ...filters } = (query.filters ?? {}) as Rec;
  const views = [...state.store.campaigns.values()].map((c) => campaignView(state, c));
  const kept = applyFilters(
    views.filter(
      (c) =>
        (type === undefined || c.campaign_type === type) &&
        (status === undefined || c.creation_status === status) &&
        (referral === undefined || (c.campaign_type === 'REFERRAL_PROGRAM') === referral),
    ),
    byName === undefined ? filters : { ...filters, name: byName },
  ).sort(compare);
  const campaigns = kept.slice((page - 1) * limit, page * limit).map((c) => (expand === 'category' ? c : { ...c, categories: [] }));
  return { object: 'list', data_ref: 'campaigns', campaigns, total: kept.length };
}

/** The mock's routes for campaigns. */
export const campaignHandlers = {
  'campaigns.list': { method: 'GET', path: '/v1/campaigns', auth: 'server', handle: listCampaigns },
  'campaigns.get': { method: 'GET', path: '/v1/campaigns/{campaignId}', auth: 'server', handle: getCampaign },
} satisfies MockHandlers;
