/**
 * `ClientEvents`: custom events sent with client-side keys, from browsers or servers. This module
 * is the whole of the `promokit/client-side` entry's behaviour and imports only the core.
 *
 * @module
 */
import { apiPromise, type APIPromise, type WithResponse } from '../core/pagination.js';
import type { AccessToken } from '../core/credentials.js';
import { commonOptionRules, credentialRule, type CommonOptions } from '../core/config.js';
import { checkedOptions, trueOrFalse, type OptionRules } from '../core/inputs.js';
import { acknowledgmentSchema, eventCopy, storefrontNow } from '../core/runtime.js';
import { failureError } from '../core/outcome.js';
import { loadChunk } from '../core/lazy.js';
import type { Issue } from '../core/errors.js';
import type { CustomEventMetadata, CustomEventName } from '../core/metadata.js';
import type { EventSender, Operation, OutgoingCall, Relies, RequestOptions } from '../core/call.js';
import type { EventAcknowledgment } from '../schemas/event.js';
import type { CustomerInput } from './inputs/customer.js';
import type { SubClientGuide } from './guide.js';

/**
 * Options of {@link ClientEvents}: client-side keys only, never the server's app token.
 * @category Client events
 */
export interface ClientEventsOptions extends CommonOptions {
  /** Client-side application ID, sent as `X-Client-Application-Id`. Env: `PROMOKIT_CLIENT_APPLICATION_ID`. */
  clientApplicationId?: string | undefined;
  /** Client-side token, sent as `X-Client-Token`. Env: `PROMOKIT_CLIENT_TOKEN`. */
  clientToken?: string | undefined;
  /**
   * Also sent as `Authorization: Bearer …` when given. `false` (the server `Client`'s app keys
   * alone) is refused here with a `ConfigurationError`: this endpoint takes the client-side keys.
   */
  accessToken?: AccessToken | undefined;
  /**
   * The `origin` header (scheme, host and port of the caller, e.g. `https://shop.example.com`).
   * Required outside browsers; in a browser it is ignored, because the browser sends its own
   * `Origin` and forbids scripts to set it. Env: `PROMOKIT_ORIGIN`.
   */
  origin?: string | undefined;
  /**
   * `true`: once the page is hidden (the visitor switches tab, navigates away or closes it), each
   * event is sent with `keepalive`, so it survives the page, and is not retried. Its body must be
   * under 64 KB. The cross-origin request this makes needs the service's CORS preflight: see the
   * browser guide. Default `false`.
   */
  keepaliveWhenHidden?: boolean | undefined;
}

/**
 * The fields of every custom event but its name and metadata: see {@link TrackEventParams}.
 * @category Client events
 */
export interface TrackEventFields {
  /** The customer the event is about. */
  customer: CustomerInput;
  /** The referral code and referrer, when this event converts a referral. */
  referral?: { code?: string | undefined; referrer_id?: string | undefined } | undefined;
  /** The loyalty card the event is attributed to, for earning rules based on this event. */
  loyalty?: { code?: string | undefined } | undefined;
}

/**
 * Params of {@link ClientEvents.track}: `event`, the name of a custom event defined in the
 * project's event schema (1 to 300 characters), its `customer`, and its `metadata`, checked by
 * the service against the event's metadata schema.
 *
 * With {@link CustomEventTypes} declared, a union with one member per declared event: `event` is
 * one of its names and `metadata` that event's type (required when the type has a required key).
 * Without it, any name with any metadata.
 * @category Client events
 */
export type TrackEventParams<E extends CustomEventName = CustomEventName> = E extends unknown
  ? TrackEventFields & { event: E } & ({} extends CustomEventMetadata<E>
        ? { metadata?: CustomEventMetadata<E> | undefined }
        : { metadata: CustomEventMetadata<E> })
  : never;

/**
 * Sends custom events with client-side keys (`POST /client/v1/events`). Safe in a browser bundle:
 * it needs only the client application ID and token.
 *
 * ```ts
 * const events = new ClientEvents({ baseUrl, clientApplicationId, clientToken });
 * await events.track({ event: 'newsletter_subscribed', customer: { source_id: 'cust-42' } });
 * ```
 *
 * Keys, origin and bundling: [The browser entry](../../docs/browser-entry.md).
 *
 * @category Client
 * @category Client events
 */
export class ClientEvents {
  /** How its events are sent: the storefront's send path, or the server `Client`'s pipeline for its `clientEvents`. */
  readonly #send: EventSender;
  readonly #keepaliveWhenHidden: boolean;

  constructor(givenOptions: ClientEventsOptions = {}) {
    // A copy, each option read once, checked against its rule: the client uses nothing else.
    const options = checkedOptions('ClientEvents', clientEventsOptionRules, givenOptions);
    // Its own send path (runtime.ts): its settings checked now (a bad `baseUrl`, given or from the
    // environment, a header name or a credential that cannot be sent throws here).
    this.#send =
      handedOver ?? (storefrontNow(options, 'ClientEvents', () => loadChunk('storefront-send', () => import('../core/storefront-send.js'))) as EventSender);
    this.#keepaliveWhenHidden = options.keepaliveWhenHidden === true;
  }

  /**
   * Sends one custom event. Returns the service's acknowledgment (`object: 'event'`, the event
   * name in `type`, the customer). Not retried on 5xx or timeouts: a repeated event could earn
   * points twice.
   *
   * @throws InvalidRequestError when `event` is not a string of 1 to 300 characters, `customer`
   * is missing, or `customer`, `referral`, `loyalty` or `metadata` is not an object; nothing is sent.
   *
   * @example
   * ```ts
   * // POST /client/v1/events
   * // (in a browser, the same call on a `new ClientEvents({ … })` from 'promokit/client-side')
   * const ack = await client.clientEvents.track({
   *   event: 'newsletter_subscribed',
   *   customer: { source_id: 'cust-42' },
   *   metadata: { list: 'weekly' },
   * });
   * console.log(ack.type);
   * ```
   */
  track<E extends CustomEventName>(params: TrackEventParams<E>, options?: RequestOptions): APIPromise<EventAcknowledgment<E>> {
    return apiPromise(this.#track(params, options));
  }

  async #track<E extends CustomEventName>(params: TrackEventParams<E>, options: RequestOptions | undefined): Promise<WithResponse<EventAcknowledgment<E>>> {
    // A copy, each field read once: the checks and the wire see the same event.
    const issues: Issue[] = [];
    const event = eventCopy(params, issues);
    // Refused, nothing sent: the error's words loaded with the typed errors, on first use (in a
    // browser, the rules it breaks are found then too: its check here names none).
    if (event === undefined) throw await failureError((module) => module.invalidRequest(track.name, issues, params));
    const call: OutgoingCall<EventAcknowledgment<E>> = {
      ...track,
      body: JSON.stringify(event),
      type: 'application/json',
      // Records an event, which earning rules may turn into points: never sent twice blindly.
      idempotent: false,
      effect: 'create',
      // The runtime's: in a browser, whether it matches alone (the whole pipeline says how it does not).
      schema: acknowledgmentSchema(),
    };
    // Leaving the page: an event that must survive it goes with keepalive, once (no retry can run
    // on a page that is gone).
    if (
      ((options as RequestOptions | undefined)?.keepalive || this.#keepaliveWhenHidden) &&
      (globalThis as { document?: { visibilityState?: string } }).document?.visibilityState === 'hidden'
    ) {
      options = { ...options, keepalive: true, maxRetries: 0 };
    }
    return this.#send(call, options);
  }

  // No `[inspectSymbol]`/`toJSON`: they would only add bytes to every storefront bundle. The
  // secrets sit in private fields, which neither `util.inspect` nor `JSON.stringify` shows.
}

/** What `track` sends, as its record in {@link clientEventOperations} states it. */
const track = { name: 'clientEvents.track', method: 'POST', path: '/client/v1/events', auth: 'client' } as const;

/**
 * The one operation of {@link ClientEvents}, as the registry lists it (resources/registry.ts). The
 * class builds its call from these facts itself, so a storefront bundle carries none of the
 * server's encoding, and checks its answer with its schema itself (client-event-responses.ts
 * holds it for the registry): no loader of its responses, since the server's pipeline never sends
 * it.
 */
export const clientEventOperations: {
  readonly 'clientEvents.track': Omit<Operation<EventAcknowledgment, TrackEventParams>, 'responses'> & { readonly name: 'clientEvents.track' };
} = /* @__PURE__ */ (() => ({
  'clientEvents.track': {
    ...track,
    // Records an event, which earning rules may turn into points: never sent twice blindly.
    effect: 'create',
    trace: 'no-event-list',
    encoding: 'json',
  },
}))();

/**
 * Where `client.clientEvents` stands in the documentation: the reference's category of its class, and
 * what each method is for, in the order the home page lists them (`npm run operations` writes both).
 */
export const clientEventGuide: SubClientGuide<keyof typeof clientEventOperations> = {
  category: 'Client events',
  tasks: {
    'clientEvents.track': 'send a custom event (also from a browser)',
  },
};

/**
 * The response fields each operation of `client.clientEvents` relies on (the tolerance policy, see
 * {@link Relies}): read by the documentation and the tests, never at run time.
 */
export const clientEventRelies: Relies<keyof typeof clientEventOperations> = {
  'clientEvents.track': [],
};

/** The rules of every option of {@link ClientEventsOptions}, one each. */
export const clientEventsOptionRules: OptionRules<ClientEventsOptions> = {
  ...commonOptionRules,
  clientApplicationId: credentialRule,
  clientToken: credentialRule,
  origin: credentialRule,
  keepaliveWhenHidden: trueOrFalse,
};

/** The sender {@link clientEventsWith} hands to the constructor it calls; `undefined` at any other time. */
let handedOver: EventSender | undefined;

/**
 * A `ClientEvents` that sends with `sender`: the server `Client`'s `clientEvents`, whose events go
 * through its client's pipeline (log, deviation record, hooks, fetch, limits and 429 pause,
 * timeouts, the client-side group of its credentials). The same class as `new ClientEvents()`.
 * @internal
 */
export function clientEventsWith(sender: EventSender): ClientEvents {
  handedOver = sender;
  try {
    return new ClientEvents();
  } finally {
    handedOver = undefined;
  }
}
