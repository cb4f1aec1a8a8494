/**
 * Loading ky in the browser build of `promokit/client-side` (the `browser` export condition):
 * imported at once, since a lazy import would only add the bundler's module wrappers to every
 * storefront bundle. Same interface as `load.ts`.
 *
 * @module
 */
import ky from 'ky';

/** ky's default instance. */
export async function loadKy(): Promise<typeof ky> {
  return ky;
}
