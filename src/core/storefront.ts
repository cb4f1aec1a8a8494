/**
 * The sender of a `ClientEvents` of its own: its settings checked as the client is built (a bad
 * `baseUrl`, given or from the environment, a header name or a credential that cannot be sent
 * throws there), then the storefront's send path (storefront-send.ts). The browser build carries
 * that path at once (runtime.browser.ts); Node's loads it with the client's first event, a chunk
 * of its own, so that a server program that never builds a `ClientEvents` of its own (the server
 * `Client`'s `clientEvents` sends through its client's pipeline) loads none of it. A chunk that
 * cannot be loaded rejects the call with a `ConfigurationError` naming it, nothing sent; the next
 * call tries again.
 *
 * @module
 */
import type { EventSender } from './call.js';
import type { CommonOptions } from './config.js';
import { loadChunk } from './lazy.js';
import type { SettingOptions } from './inputs.js';
import { storefrontNow } from './runtime.js';

/**
 * The sender of a `ClientEvents` built from its options (copied and checked against their rules),
 * its client-side credential settings with their environment fallbacks. Throws
 * `ConfigurationError` on a bad `baseUrl`, a header name or a credential that cannot be sent.
 */
export function storefront(options: CommonOptions & SettingOptions): EventSender {
  // The browser build's path at once; else Node's chunk, loaded by the first event (runtime.ts).
  return storefrontNow(options, 'ClientEvents', () => loadChunk('storefront-send', () => import('./storefront-send.js'))) as EventSender;
}
