/**
 * `Client`: the server-side entry point. Holds the options, resolves environment fallbacks and
 * wires the sub-clients to one shared request pipeline.
 *
 * @module
 */
import { Credentials } from './core/auth.js';
import { checkHookNames, optionOrEnv, pipelineConfig, type CommonOptions } from './core/config.js';
import { limitsGate, type LimitOptions } from './core/limits.js';
import { inspectSymbol, type Log } from './core/log.js';
import { deviationsOf, type ResponseDeviation } from './core/response-check.js';
import { Transport } from './core/transport.js';
import { AsyncActions } from './resources/async-actions.js';
import { ClientEvents, clientEventsOf } from './resources/client-events.js';
import { Customers } from './resources/customers.js';
import { Locations } from './resources/locations.js';
import { Loyalties } from './resources/loyalties.js';
import { OAuth } from './resources/oauth.js';
import { Orders } from './resources/orders.js';
import { Promotions } from './resources/promotions.js';
import { Publications } from './resources/publications.js';
import { Redemptions } from './resources/redemptions.js';
import { Rewards } from './resources/rewards.js';
import { Templates } from './resources/templates.js';
import { Vouchers } from './resources/vouchers.js';
import { essentialFields } from './schemas/tolerance-policy.js';

/**
 * Options of {@link Client}. In Node, options left out fall back to the environment variables
 * `PROMOKIT_BASE_URL`, `PROMOKIT_APP_ID`, `PROMOKIT_APP_TOKEN`, `PROMOKIT_ACCESS_TOKEN`,
 * `PROMOKIT_CLIENT_APPLICATION_ID`, `PROMOKIT_CLIENT_TOKEN` and `PROMOKIT_ORIGIN`. A missing
 * setting is reported by the first request that needs it, naming the option and the variable.
 *
 * `maxConcurrency`, `rateLimit` and `limiter` shape bulk work: they apply to every call of the
 * client, `clientEvents` included. Whatever they are, a 429 with `Retry-After` seen by any call
 * pauses the start of the client's new calls for that long (at most `maxRetryDelay`).
 *
 * Which credential each call uses: [Authentication and tokens](../docs/authentication.md).
 *
 * @category Client
 */
export interface ClientOptions extends CommonOptions, LimitOptions {
  /** API key ID, sent as `X-App-Id`. Env: `PROMOKIT_APP_ID`. */
  appId?: string | undefined;
  /** API key token, sent as `X-App-Token`. Env: `PROMOKIT_APP_TOKEN`. */
  appToken?: string | undefined;
  /** Client-side application ID, used by `client.clientEvents`. Env: `PROMOKIT_CLIENT_APPLICATION_ID`. */
  clientApplicationId?: string | undefined;
  /** Client-side token, used by `client.clientEvents`. Env: `PROMOKIT_CLIENT_TOKEN`. */
  clientToken?: string | undefined;
  /** The `origin` header `client.clientEvents` sends outside browsers. Env: `PROMOKIT_ORIGIN`. */
  origin?: string | undefined;
}

/**
 * The promokit client. Create one per set of credentials and reuse it: it is cheap to call and
 * holds no connection state of its own.
 *
 * ```ts
 * import { Client } from 'promokit';
 * const client = new Client({ baseUrl, appId, appToken, accessToken });
 * const member = await client.loyalties.getMember('LOYAL-123', { campaign_id: 'camp_1' });
 * ```
 *
 * Guides: [Getting started](../docs/getting-started.md), [Authentication and tokens](../docs/authentication.md),
 * [Errors and retries](../docs/errors-and-retries.md) and [Performance](../docs/PERFORMANCE.md).
 *
 * @category Client
 */
export class Client {
  /** Loyalty members, points, pending points, transactions, rewards and redemption. */
  readonly loyalties: Loyalties;
  /** Asynchronous (bulk) actions. */
  readonly asyncActions: AsyncActions;
  /** OAuth token introspection. */
  readonly oauth: OAuth;
  /** Vouchers: creation with a chosen code, and validation against a customer and an order. */
  readonly vouchers: Vouchers;
  /** Redemptions: rollback of stacked redemptions. */
  readonly redemptions: Redemptions;
  /** Orders: creation (or update by `source_id`) with items, customer and referrer. */
  readonly orders: Orders;
  /** Publications: vouchers assigned to customers. */
  readonly publications: Publications;
  /** Campaign templates, and promotion tiers set up from them. */
  readonly templates: Templates;
  /** Promotion tiers and promotion stacks of promotion campaigns. */
  readonly promotions: Promotions;
  /** Customers: the redeemables (vouchers, cards, referral codes) they hold. */
  readonly customers: Customers;
  /** Rewards: their assignments to loyalty campaigns and their cost in points. */
  readonly rewards: Rewards;
  /** Locations: circles and polygons usable in validation rules. */
  readonly locations: Locations;
  /** Custom events with the client-side keys (`clientApplicationId`, `clientToken`, `origin`). */
  readonly clientEvents: ClientEvents;
  readonly #core: Transport;
  readonly #log: Log;

  constructor(options: ClientOptions = {}) {
    const accessToken = options.accessToken ?? optionOrEnv(undefined, 'accessToken');
    const credentials = new Credentials({
      appId: optionOrEnv(options.appId, 'appId'),
      appToken: optionOrEnv(options.appToken, 'appToken'),
      accessToken,
    });
    checkHookNames(options.hooks, 'Client');
    const config = pipelineConfig(options, credentials, 'Client');
    config.gate = limitsGate(options, config.maxRetryDelay, 'Client');
    const core = new Transport(config, essentialFields);
    this.#core = core;
    this.#log = config.log;
    this.loyalties = new Loyalties(core);
    this.asyncActions = new AsyncActions(core);
    this.oauth = new OAuth(core);
    this.vouchers = new Vouchers(core);
    this.redemptions = new Redemptions(core);
    this.orders = new Orders(core);
    this.publications = new Publications(core);
    this.templates = new Templates(core);
    this.promotions = new Promotions(core);
    this.customers = new Customers(core);
    this.rewards = new Rewards(core);
    this.locations = new Locations(core);
    // The same log, deviation record, hooks, limits and 429 pause as every other call of this client.
    this.clientEvents = clientEventsOf(config, options);
  }

  /**
   * The ways responses have broken their schema in `warn` mode (the default), each operation and
   * field path once with how many times it was seen; only the first was logged. Empty in `strict`
   * and `off` modes. Covers every operation of this client, `client.clientEvents` included.
   *
   * ```ts
   * for (const d of client.responseDeviations()) metrics.count('promokit.deviation', d.count, { operation: d.operation, path: d.path });
   * ```
   */
  responseDeviations(): ResponseDeviation[] {
    return deviationsOf(this.#log);
  }

  /** @internal Shows the client's settings without any secret (`util.inspect`). */
  [inspectSymbol](): string {
    return `Client { core: ${this.#core.describe()} }`;
  }

  /** @internal Serialises without secrets (`JSON.stringify`). */
  toJSON(): Record<string, unknown> {
    return { core: this.#core.toJSON() };
  }
}
