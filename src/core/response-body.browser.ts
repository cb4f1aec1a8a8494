/**
 * The browser build's `readBody` (see response-body.ts and scripts/browser-build.mjs): the body
 * read whole. `maxResponseBytes` is an option of the server `Client`; a storefront's events get
 * a small acknowledgment from the shop's own service, and the browser bounds a tab's memory.
 *
 * @module
 */

/** The body's text. */
export function readBody(response: Response): Promise<string> {
  return response.text();
}
