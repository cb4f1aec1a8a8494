/**
 * `Client`: the server-side entry point. Holds the options, resolves environment fallbacks and
 * wires the sub-clients to one shared request pipeline.
 *
 * @module
 */
import { Credentials } from './core/credentials.js';
import { apiPromise, type APIPromise } from './core/pagination.js';
import { commonOptionRules, credentialRule, hooksRule, pipelineConfig, type CommonOptions, type Gate } from './core/config.js';
import { checkedOptions, mergeHeaders, trueOrFalse, type OptionRules } from './core/inputs.js';
import { clientSettings, isBrowser, optionOrEnv } from './core/runtime.js';
import type { CustomListRequest, CustomRequest } from './core/custom-request.js';
import { ConfigurationError } from './core/errors.js';
import type { LimitOptions } from './core/limit-options.js';
import { limitOptionRules, limitsGate } from './core/limits.js';
import { loadChunk } from './core/lazy.js';
import { inspectSymbol } from './core/log.js';
import type { RequestOptions } from './core/call.js';
import { PagePromise } from './core/pagination.js';
import type { ReconcileResult } from './resources/reconcile.js';
import { deviationsOf, type DeviationRecord, type ResponseDeviation } from './core/responses.js';
import { Transport } from './core/transport.js';
import { send } from './core/send.js';
import { metadataSchemasRule } from './core/metadata.js';
import { type ClientEvents, clientEventsWith } from './resources/client-events.js';
// joins:imports
import { AsyncActions } from './resources/async-actions.js';
import { Customers } from './resources/customers.js';
import { Locations } from './resources/locations.js';
import { Loyalties } from './resources/loyalties.js';
import { OAuth } from './resources/oauth.js';
import { Orders } from './resources/orders.js';
import { Promotions } from './resources/promotions.js';
import { Publications } from './resources/publications.js';
import { Redemptions } from './resources/redemptions.js';
import { Validations } from './resources/validations.js';
import { Qualifications } from './resources/qualifications.js';
import { Rewards } from './resources/rewards.js';
import { Templates } from './resources/templates.js';
import { Vouchers } from './resources/vouchers.js';
import { Products } from './resources/products.js';
import { Campaigns } from './resources/campaigns.js';
import { ServiceMetadataSchemas } from './resources/metadata-schemas.js';
import { Skus } from './resources/skus.js';
// /joins

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
  /**
   * `true` lets a `Client` be built in a browser. Its keys can spend points, so a page that ships
   * them hands them to every visitor: in a storefront, use `ClientEvents` from
   * `promokit/client-side`, with client-side keys only. Default `false`: in a browser,
   * `new Client()` throws a `ConfigurationError`. Node, Bun, Deno and edge workers are not browsers.
   */
  dangerouslyAllowBrowser?: boolean | undefined;
}

/** What a client made by `withOptions()` shares with the client it was made from. */
interface Shared {
  deviations: DeviationRecord;
  gate: Gate;
  /** Credential sets a fresh token did not cure (see `Credentials`). */
  uncured: Set<string>;
}

/** What `withOptions()` hands over: the parent's shared state, and the options the child sets. */
interface Inherited extends Shared {
  changes: ClientOptions;
}

/** What {@link Client.withOptions} hands to the constructor it calls; `undefined` at any other time. */
let inheriting: Inherited | undefined;

/** The options that make a client's own limits, instead of sharing its parent's. */
const limitOptions: ReadonlyArray<keyof LimitOptions> = ['maxConcurrency', 'rateLimit', 'limiter', 'limiterTimeout'];

/**
 * The rules of every option of {@link ClientOptions}, one each: the options both clients take,
 * the limits, and the server's own. An option without a rule does not compile; a name without
 * one is refused at run time.
 * @internal
 */
export const clientOptionRules: OptionRules<ClientOptions> = {
  ...commonOptionRules,
  hooks: hooksRule,
  metadataSchemas: metadataSchemasRule(),
  ...limitOptionRules,
  appId: credentialRule,
  appToken: credentialRule,
  clientApplicationId: credentialRule,
  clientToken: credentialRule,
  origin: credentialRule,
  dangerouslyAllowBrowser: trueOrFalse,
};

/** The options whose change makes another tenant: a clone that changes one must restate `accessToken`. */
const tenantOptions = ['appId', 'appToken', 'clientApplicationId', 'clientToken'] as const;

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
  // joins:properties
  /** Loyalty programs: members, points, transactions, rewards and their redemption. */
  readonly loyalties: Loyalties;
  /** Asynchronous actions: imports, bulk updates and purges the service runs in the background. */
  readonly asyncActions: AsyncActions;
  /** OAuth token introspection. Uses the app keys only (`X-App-Id`, `X-App-Token`), no access token. */
  readonly oauth: OAuth;
  /** Vouchers: gift vouchers, discount vouchers and loyalty cards. */
  readonly vouchers: Vouchers;
  /** Redemptions and their rollback. */
  readonly redemptions: Redemptions;
  /** Stacked validation: whether vouchers, promotion tiers or a promotion stack can be used together on an order, and the discounts they give. */
  readonly validations: Validations;
  /** Eligibility: the vouchers, promotion tiers and stacks a customer and an order qualify for. */
  readonly qualifications: Qualifications;
  /** Orders: the purchases vouchers and promotions apply to. */
  readonly orders: Orders;
  /** Publications: vouchers assigned to customers. */
  readonly publications: Publications;
  /** Campaign templates: saved campaign configurations that promotion tiers can be created from. */
  readonly templates: Templates;
  /** Promotion campaigns: their tiers (discounts with their own rules) and stacks of tiers. */
  readonly promotions: Promotions;
  /** Customers: who they are and their metadata; the vouchers they hold as owner, referrer or referee. */
  readonly customers: Customers;
  /** Rewards: what loyalty points buy, and the campaigns they are offered in. */
  readonly rewards: Rewards;
  /** Locations: circles and polygons usable in validation rules. */
  readonly locations: Locations;
  /** Products: your catalog, which order items and rewards refer to. */
  readonly products: Products;
  /** The metadata schemas the service holds for your project (not the client's own run-time schemas, its `metadataSchemas` option, which `metadataSchemasFrom()` builds from these). */
  readonly metadataSchemas: ServiceMetadataSchemas;
  /** Campaigns: the discount coupons, gift cards, loyalty programs, promotions and referral programs whose vouchers or tiers share one setup. */
  readonly campaigns: Campaigns;
  /** SKUs: the variants of your products, read without naming their product. */
  readonly skus: Skus;
  // /joins
  /** Custom events with the client-side keys (`clientApplicationId`, `clientToken`, `origin`). */
  readonly clientEvents: ClientEvents;
  readonly #core: Transport;
  readonly #options: ClientOptions;
  readonly #shared: Shared;

  constructor(givenOptions: ClientOptions = {}) {
    const inherited = inheriting;
    inheriting = undefined;
    // A copy, each option read once, checked against its rule: the client uses nothing else.
    const options = checkedOptions('Client', clientOptionRules, givenOptions);
    if (isBrowser() && options.dangerouslyAllowBrowser !== true) {
      throw new ConfigurationError(
        'dangerouslyAllowBrowser',
        "Client: in a browser its keys, which can spend points, reach every visitor; use ClientEvents from 'promokit/client-side', or pass dangerouslyAllowBrowser: true on a page that is not public",
      );
    }
    this.#options = options;
    // One set of credentials for every group (`clientEvents` and `request({ auth: 'client' })`
    // included): each is checked here, and each secret is scrubbed from the errors of every call.
    const credentials = new Credentials(
      {
        appId: optionOrEnv(options.appId, 'appId'),
        appToken: optionOrEnv(options.appToken, 'appToken'),
        ...clientSettings(options),
      },
      'Client',
      inherited?.uncured,
    );
    const config = pipelineConfig(options, credentials, 'Client');
    config.credentialsAdvice = 'other credentials need a client of their own: client.withOptions({ appToken, accessToken, … })';
    // A client made by withOptions() shares its parent's deviation record, and its limits and 429
    // pauses (each tenant's its own) unless it sets limit options of its own.
    if (inherited) config.deviations = inherited.deviations;
    config.gate = inherited && !limitOptions.some((name) => name in inherited.changes) ? inherited.gate : limitsGate(options, config.maxRetryDelay);
    const origin = config.baseUrl && new URL(config.baseUrl).origin;
    config.tenant = (auth) => `${origin} ${credentials.tenant(auth)}`;
    credentials.serve(origin ?? '');
    this.#shared = { deviations: config.deviations, gate: config.gate, uncured: credentials.uncuredRecord };
    const core = new Transport(config);
    this.#core = core;
    // joins:construction
    this.loyalties = new Loyalties(core);
    this.asyncActions = new AsyncActions(core);
    this.oauth = new OAuth(core);
    this.vouchers = new Vouchers(core);
    this.redemptions = new Redemptions(core);
    this.validations = new Validations(core);
    this.qualifications = new Qualifications(core);
    this.orders = new Orders(core);
    this.publications = new Publications(core);
    this.templates = new Templates(core);
    this.promotions = new Promotions(core);
    this.customers = new Customers(core);
    this.rewards = new Rewards(core);
    this.locations = new Locations(core);
    this.products = new Products(core);
    this.metadataSchemas = new ServiceMetadataSchemas(core);
    this.campaigns = new Campaigns(core);
    this.skus = new Skus(core);
    // /joins
    // The same log, deviation record, hooks, limits, 429 pause and credentials as every other call
    // of this client; its own metadata and event schemas, when it has them, checked first (their
    // module loaded on first use).
    const events = { ...config };
    this.clientEvents = clientEventsWith(async (call, given) =>
      events.schemas
        ? (await loadChunk('user-schema-check', () => import('./core/user-schema-check.js'))).sendEvent(events, call, given as RequestOptions | undefined)
        : send(events, call, given),
    );
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
    return deviationsOf(this.#shared.deviations);
  }

  /**
   * A new client with these options over this one's: another tenant's keys, another region's
   * `baseUrl`, another timeout. This client is not changed. The new one shares this one's limits
   * (`maxConcurrency`, `rateLimit`, `limiter`), its pause after a 429 and its record of response
   * deviations, unless it sets limit options of its own. Cheap enough to make per request.
   *
   * ```ts
   * const tenant = client.withOptions({ appId: tenantKeys.appId, appToken: tenantKeys.appToken, accessToken: tenantToken });
   * await tenant.loyalties.getMember('LOYAL-1');
   * ```
   *
   * @throws ConfigurationError when an option is bad, like `new Client()`.
   */
  withOptions(options: ClientOptions): Client {
    // A copy, each option read once and checked; an option given as `undefined` inherits.
    const changes = checkedOptions('Client.withOptions', clientOptionRules, options);
    for (const name of Object.keys(changes) as Array<keyof ClientOptions>) if (changes[name] === undefined) delete changes[name];
    const parent = this.#options;
    const setting = (name: (typeof tenantOptions)[number] | 'accessToken' | 'baseUrl', from: ClientOptions) =>
      optionOrEnv(from[name] as string | undefined, name);
    // Another tenant's keys, or another origin, with this client's bearer token would send one
    // tenant's token with another's keys, or to another service: the token must be restated.
    const changed = tenantOptions.filter((name) => name in changes && changes[name] !== setting(name, parent));
    if ('baseUrl' in changes && originOf(changes.baseUrl) !== originOf(setting('baseUrl', parent))) changed.push('baseUrl' as never);
    if (changed.length > 0 && !('accessToken' in changes) && setting('accessToken', parent) !== undefined) {
      throw new ConfigurationError(
        'accessToken',
        `Client.withOptions: a change of ${changed.join(', ')} makes a client of another tenant or service, so it needs its own accessToken: pass it with them (this client's token stays with this client)`,
      );
    }
    inheriting = { ...this.#shared, changes };
    try {
      // Headers add to the parent's, header by header: a name the clone sets, in any letter case, wins.
      return new Client({ ...parent, ...changes, headers: mergeHeaders([parent.headers, changes.headers]) });
    } finally {
      inheriting = undefined;
    }
  }

  /**
   * Calls an endpoint promokit does not wrap, through the same pipeline as every method:
   * credentials, retries, limits, hooks, typed errors, and the client's validation mode when a
   * `schema` is given. `path` is a template of the service's own (`/v1/…`, `{name}` filled from
   * `pathParams`, encoded), so a call can never go to another host. A POST or PATCH is sent once
   * (never re-sent after a 5xx or a timeout) unless `idempotent: true` says a repeat is safe.
   *
   * ```ts
   * const rule = await client.request<{ id: string; name: string }>({ method: 'GET', path: '/v1/validation-rules/{validationRuleId}', pathParams: { validationRuleId: 'val_1' } });
   * ```
   *
   * Calling endpoints promokit does not wrap: [The escape hatch](../docs/escape-hatch.md).
   *
   * @throws InvalidRequestError when `path` is not a path of the service, or another field is
   * bad; nothing is sent.
   */
  request<T = unknown>(request: CustomRequest<T>, options?: RequestOptions): APIPromise<T> {
    // The escape hatch is loaded on its first use: most programs never call it.
    return apiPromise(loadChunk('custom-request', () => import('./core/custom-request.js')).then(({ sendCustom }) => sendCustom(this.#core, request, options)));
  }

  /**
   * Walks a list endpoint promokit does not wrap: the same {@link PagePromise} as the built-in
   * lists (`await` for the first page, `for await` over every record, `.toArray({ max })`), its
   * next page asked for the way `paging` names.
   *
   * ```ts
   * for await (const rule of client.requestList<{ id: string }>({ path: '/v1/validation-rules', query: { limit: 100 }, paging: 'page' })) console.log(rule.id);
   * ```
   */
  requestList<T = unknown>(request: CustomListRequest, options?: RequestOptions): PagePromise<T, Record<string, unknown>> {
    // The escape hatch is loaded on its first use; a bad request rejects the first page, unsent.
    const walk = loadChunk('custom-request', () => import('./core/custom-request.js')).then(({ customListWalk }) =>
      customListWalk<T>(
        request,
        (spec) => this.request(spec, options),
        (error) => this.#core.secured(error),
      ),
    );
    // Its refusal is the first page's, whenever that is asked for: never an unhandled rejection meanwhile.
    walk.catch(() => undefined);
    return new PagePromise<T, Record<string, unknown>>(async () => (await walk)(), 'client.requestList');
  }

  /**
   * After a call whose `outcome` is `unknown` (`retryDecision(error)` says `reconcile`): looks for
   * its trace with the operations the service offers, and says whether the service applied it:
   * `applied` (with the `record` that proves it), `not_found` (no trace as of `asOf`) or
   * `cannot_tell` (with the `reason`). `applied` only on the call's own identity (its
   * `promokit_marker`, added unless `marker: false`; its order `source_id`; its key), never on a
   * record only like it; `not_found` only when every record that could be the call's carries a
   * field with another value. Checks `loyalties.redeemReward` (the card's transactions),
   * `publications.create` (the customer's redeemables), `orders.create` with a `source_id` (the
   * order sent again, which names the one already made), `vouchers.create` (the code read back),
   * `customers.create` without a `source_id` (the customers), `redemptions.redeem` (the
   * redemptions, by marker or order `source_id`), `redemptions.rollback` (the redemption's
   * rollbacks) and `validations.validate` with a session (its lock released under its key); never
   * sends anything that could apply the call a second time. Looks only for a call
   * this client made (not one of another client, another tenant perhaps). Its reads use
   * `options` and this client's limits, timeout and retries, and a walk stops after 1,000
   * records. Rejects only with a `ConfigurationError` for bad `options` (nothing read) and with
   * the `AbortError` of `options.signal`; any other failure is a `cannot_tell`.
   *
   * ```ts
   * const result = await client.reconcile(error);
   * if (result.status === 'not_found') await client.loyalties.redeemReward('LOYAL-1', { reward: { id: 'rew_free_coffee' } });
   * ```
   *
   * What each check reads, and when sending again after `not_found` is safe:
   * [After an unknown outcome](../docs/after-an-unknown-outcome.md).
   */
  reconcile(error: unknown, options?: RequestOptions): Promise<ReconcileResult> {
    return loadChunk('reconcile', () => import('./resources/reconcile.js')).then(
      ({ reconcileFailedCall }) => reconcileFailedCall(this, error, options, this.#core),
      // The check could not even start: no answer it could give, and the failure to say why.
      (cause: unknown): ReconcileResult => ({ status: 'cannot_tell', reason: `the check could not start: ${(cause as Error).message}`, cause }),
    );
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

/** The origin of a base URL, or the URL as given when it is none (the constructor refuses it then). */
function originOf(baseUrl: string | undefined): string | undefined {
  return baseUrl && URL.canParse(baseUrl) ? new URL(baseUrl).origin : baseUrl;
}
