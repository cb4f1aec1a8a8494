/**
 * Stands in, in every build (scripts/browser-build.mjs, `leanKy`), for ky's entry module. ky's default instance wraps its `Ky.create` with the
 * merging of instance defaults, the method shortcuts (`ky.get`, …) and `ky.extend`, none of which
 * promokit uses: its one call (src/core/send.ts) passes complete options. So the browser build
 * calls ky's `Ky.create` itself, and a storefront ships ky's request path without the rest.
 *
 * @module
 */
import { Ky } from 'promokit:ky-core';

/** ky's request function, as its default instance calls it with no defaults. */
export default (input: string, options: object): Promise<Response> => Ky.create(input, options);
