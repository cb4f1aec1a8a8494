/**
 * The record type of each collection of the mock, for `mock.get()` and `mock.list()`: the SDK's
 * response types where the service has one, and the mock's own shape otherwise.
 *
 * @module
 */
import type {
  AsyncAction,
  CampaignTemplate,
  CustomerRedeemable,
  EventAcknowledgment,
  Location,
  LoyaltyTransaction,
  MetadataSchema,
  Order,
  PendingPoints,
  Product,
  PromotionStack,
  PromotionTier,
  Publication,
  Redemption,
  RedemptionRollback,
  Reward,
  RewardAssignment,
  SimpleCustomer,
  Voucher,
} from '../schemas/index.js';
import type { CollectionName } from './store.js';

/**
 * A campaign as the mock keeps it. The service has no campaign endpoint among the operations promokit types;
 * campaigns are the parents of vouchers, tiers, rewards and transactions.
 */
export interface MockCampaign {
  id: string;
  name: string;
  /** `LOYALTY_PROGRAM`, `DISCOUNT_COUPONS`, `GIFT_VOUCHERS`, `PROMOTION` or `REFERRAL_PROGRAM`. */
  campaign_type: string;
  active?: boolean;
  start_date?: string | null;
  expiration_date?: string | null;
  created_at?: string;
  /** How the mock issues new vouchers of this campaign (publications, `CAMPAIGN` rewards): `type`, `prefix`, `length`, `discount`, `gift`. */
  voucher?: { type?: string; prefix?: string; length?: number; discount?: Record<string, unknown>; gift?: { amount?: number } };
  /** Custom events that earn pending points on a card of this campaign (`POST /client/v1/events` with `loyalty.code`). */
  earning_rules?: Array<{ id: string; event: string; points: number; banner?: string; pending_days?: number }>;
  object: 'campaign';
  [field: string]: unknown;
}

/** An access token the mock knows. */
export interface MockToken {
  access_token: string;
  client_id: string;
  scope: string;
  /** Unix seconds. */
  expires_at: number;
}

/**
 * A session lock a stacked validation took: what it holds of each voucher and tier, until a
 * redemption under its key consumes it, a release, or `expires_at` on the mock's clock.
 */
export interface MockSession {
  /** The session key. */
  key: string;
  type: 'LOCK';
  ttl: number;
  ttl_unit: string;
  created_at: string;
  /** When it lapses, on the mock's clock; a lapsed session is dropped when next looked at. */
  expires_at: string;
  /** One per voucher or tier: its `v_…` or `promo_…` id, a voucher's code, the credits and points held. */
  locks: Array<{ object: 'voucher' | 'promotion_tier'; id: string; code?: string; credits?: number; points?: number }>;
  object: 'session';
}

/** A custom event the mock received: the acknowledgment plus `id`, `origin` and `created_at`. */
export interface MockEvent extends EventAcknowledgment {
  id: string;
  origin: string;
  created_at: string;
}

/**
 * The record type of each collection. Products and rewards are only ever embedded in responses,
 * where their `id` may be absent; the mock's own records always have one.
 */
export interface MockRecords {
  campaigns: MockCampaign;
  vouchers: Voucher;
  customers: SimpleCustomer & { created_at?: string; [field: string]: unknown };
  products: Product & { id: string };
  rewards: Reward & { id: string };
  rewardAssignments: RewardAssignment;
  transactions: LoyaltyTransaction;
  pendingPoints: PendingPoints;
  redemptions: Redemption;
  rollbacks: RedemptionRollback;
  orders: Order;
  publications: Publication;
  redeemables: CustomerRedeemable;
  templates: CampaignTemplate;
  tiers: PromotionTier;
  stacks: PromotionStack;
  asyncActions: AsyncAction;
  locations: Location;
  events: MockEvent;
  sessions: MockSession;
  tokens: MockToken;
  binnedVouchers: Voucher;
  metadataSchemas: MetadataSchema;
}

/** The mock's live records: one `Map` per collection, keyed by code (vouchers), `access_token` (tokens) or ID. */
export type MockStore = { readonly [K in CollectionName]: Map<string, MockRecords[K]> };

/**
 * Records to add to the mock, by collection: partial records, completed with defaults. Vouchers
 * need a `code`, tiers a seeded `campaign_id`, tokens an `access_token`; everything else may be
 * as small as `{}`. A record with the key of an existing one replaces it.
 */
export type MockSeedInput = { [K in CollectionName]?: Array<Partial<MockRecords[K]> & Record<string, unknown>> };
