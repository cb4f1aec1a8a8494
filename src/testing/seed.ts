/**
 * Seeding: turns partial records into complete ones (IDs, `object`, timestamps, counters), so a
 * test can write `mock.seed({ vouchers: [{ code: 'X', type: 'DISCOUNT_VOUCHER', active: false }] })`
 * and get a voucher the service could have sent.
 *
 * @module
 */
import { addHolder, calculateOrder } from './domain.js';
import { buildTier } from './ops/promotions.js';
import { buildVoucher } from './ops/vouchers.js';
import { collectionKeys, iso, put, type CollectionName, type MockState, type Rec } from './store.js';

type Normalizer = (state: MockState, input: Rec) => Rec;

const at = (state: MockState) => iso(state.now());

/** Fills `id` (with `prefix`), `object` and `created_at` when missing. */
function basic(prefix: string, object: string, defaults: (state: MockState) => Rec = () => ({})): Normalizer {
  return (state, input) => ({ id: input.id ?? state.ids.next(prefix), ...defaults(state), object, created_at: at(state), ...input });
}

const normalizers: Record<CollectionName, Normalizer> = {
  campaigns: basic('camp_', 'campaign', () => ({ campaign_type: 'DISCOUNT_COUPONS', active: true, start_date: null, expiration_date: null })),
  customers: basic('cust_', 'customer', () => ({ source_id: null, name: null, email: null, metadata: {}, updated_at: null })),
  products: basic('prod_', 'product', () => ({ source_id: null, price: null, attributes: [], metadata: {}, image_url: null, updated_at: null })),
  rewards: basic('rew_', 'reward', () => ({ type: 'MATERIAL', parameters: {}, metadata: {}, updated_at: null })),
  rewardAssignments: basic('rewa_', 'reward_assignment', () => ({ related_object_type: 'campaign', updated_at: null })),
  transactions: (state, input) => ({
    id: input.id ?? state.ids.next('vtx_'),
    source_id: null,
    source: 'API',
    reason: null,
    related_transaction_id: null,
    details: {},
    created_at: at(state),
    ...input,
  }),
  pendingPoints: (state, input) => ({ id: input.id ?? state.ids.next('lopp_'), details: {}, created_at: at(state), ...input }),
  redemptions: (state, input) => ({
    id: input.id ?? state.ids.next('r_'),
    object: 'redemption',
    date: at(state),
    metadata: {},
    redemption: null,
    result: 'SUCCESS',
    status: 'SUCCEEDED',
    channel: { channel_id: state.credentials.appId, channel_type: 'API' },
    ...input,
  }),
  rollbacks: (state, input) => ({
    id: input.id ?? state.ids.next('rr_'),
    object: 'redemption_rollback',
    date: at(state),
    result: 'SUCCESS',
    status: 'SUCCEEDED',
    ...input,
  }),
  orders: (state, input) => {
    const { items: _items, ...fields } = input;
    const computed = calculateOrder(state, input, Number(input.discount_amount ?? 0));
    return {
      ...computed,
      id: input.id ?? state.ids.next('ord_'),
      created_at: at(state),
      updated_at: null,
      customer_id: null,
      referrer_id: null,
      redemptions: {},
      ...fields,
      items: computed.items,
      object: 'order',
    };
  },
  publications: basic('pub_', 'publication', () => ({ metadata: {}, channel: 'API', source_id: null, result: 'SUCCESS', vouchers_id: [] })),
  redeemables: basic('rh_', 'customer_redeemable', () => ({ redeemable_object: 'voucher', holder_role: 'OWNER' })),
  templates: basic('camp_tpl_', 'campaign_template', () => ({ campaign_type: 'DISCOUNT_COUPONS', updated_at: null })),
  tiers: (state, input) => {
    const campaign = state.store.campaigns.get(input.campaign_id);
    if (!campaign) throw new Error(`mock.seed: tier ${input.name ?? input.id ?? ''} names campaign_id ${String(input.campaign_id)}, which is not seeded`);
    return buildTier(state, campaign, input);
  },
  stacks: basic('stack_', 'promotion_stack', () => ({ category_id: null, categories: [], tiers: { ids: [], hierarchy_mode: 'MANUAL' }, updated_at: null })),
  asyncActions: basic('aa_', 'async_action', (state) => ({
    status: 'DONE',
    operation_status: 'SUCCESS',
    progress: 100,
    processing_time: 0,
    request_id: `v-${state.ids.letters(12)}`,
    updated_at: at(state),
    result: {},
  })),
  locations: basic('loc_', 'location', () => ({ updated_at: null })),
  events: basic('evcus_', 'event', () => ({ referral: null, loyalty: null, metadata: {} })),
  sessions: (state, input) => ({
    type: 'LOCK',
    ttl: 7,
    ttl_unit: 'DAYS',
    created_at: at(state),
    expires_at: iso(new Date(state.now().getTime() + 7 * 86_400_000)),
    locks: [],
    ...input,
    object: 'session',
  }),
  tokens: (state, input) => ({ client_id: state.credentials.appId, scope: 'api', expires_at: Math.floor(state.now().getTime() / 1000) + 3600, ...input }),
  vouchers: (state, input) => buildVoucher(state, input),
  binnedVouchers: (state, input) => buildVoucher(state, input),
  metadataSchemas: basic('ms_', 'metadata_schema', () => ({ properties: {}, allow_defined_only: false, updated_at: null })),
};

/** Records to add, by collection (the public, typed form is `MockSeedInput`). */
export type SeedRecords = { [K in CollectionName]?: Rec[] };

/** Order that lets records refer to ones seeded in the same call (a tier to its campaign, a voucher holder to a customer). */
const order: CollectionName[] = [
  'tokens',
  'campaigns',
  'customers',
  'products',
  'rewards',
  'rewardAssignments',
  'templates',
  'tiers',
  'stacks',
  'vouchers',
  'transactions',
  'pendingPoints',
  'orders',
  'redemptions',
  'rollbacks',
  'publications',
  'redeemables',
  'asyncActions',
  'locations',
  'events',
  'binnedVouchers',
  'metadataSchemas',
  'sessions',
];

/** Adds the records to the store; returns them as stored. */
export function applySeed(state: MockState, input: SeedRecords): { [K in CollectionName]?: Rec[] } {
  const added: { [K in CollectionName]?: Rec[] } = {};
  for (const name of Object.keys(input) as CollectionName[]) {
    if (!Object.hasOwn(collectionKeys, name))
      throw new Error(`mock.seed: unknown collection ${String(name)}; known: ${Object.keys(collectionKeys).join(', ')}`);
  }
  for (const name of order) {
    const records = input[name];
    if (!records) continue;
    if (!Array.isArray(records)) throw new Error(`mock.seed: ${name} must be an array of records`);
    added[name] = records.map((raw) => {
      if ((name === 'vouchers' || name === 'binnedVouchers') && typeof raw.code !== 'string') throw new Error('mock.seed: every voucher needs a code');
      if (name === 'metadataSchemas' && (typeof raw.related_object !== 'string' || raw.related_object === ''))
        throw new Error('mock.seed: every metadata schema needs a related_object (the kind of record, or the name of a custom schema)');
      if (name === 'tokens' && typeof raw.access_token !== 'string') throw new Error('mock.seed: every token needs an access_token');
      if (name === 'sessions' && typeof raw.key !== 'string') throw new Error('mock.seed: every session needs a key');
      const record = put(state.store, name, normalizers[name](state, structuredClone(raw)));
      if (name === 'vouchers' && typeof record.holder_id === 'string') {
        const holder = state.store.customers.get(record.holder_id);
        if (holder) addHolder(state, record, holder);
      }
      return record;
    });
  }
  return added;
}
