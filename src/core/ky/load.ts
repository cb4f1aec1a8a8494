/**
 * Loading ky. Here, on the first request rather than at import: ky's module setup probes
 * `Request` and streams, which makes Node load its whole fetch implementation (about 60 ms);
 * deferred, importing promokit stays cheap and the first request pays what a bare `fetch` pays on
 * its first call too. Browser builds use `load.browser.ts` instead (see scripts/browser-build.mjs), where
 * that probe costs nothing and a lazy import only adds bytes.
 *
 * @module
 */
let ky: Promise<typeof import('./default.js')> | undefined;

/** ky's default instance, imported on the first call. */
export async function loadKy(): Promise<typeof import('ky').default> {
  return (await (ky ??= import('./default.js'))).default;
}
