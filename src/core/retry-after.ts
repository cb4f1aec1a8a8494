/**
 * Reading the wait a response asks for: one parser, shared by the retry policy (retry.ts) and the
 * pause after a 429 (limits.ts), so both read a header the same way ky does.
 *
 * @module
 */

/**
 * The wait a response asks for before the next request, in milliseconds, read exactly as ky reads
 * it when it retries: `Retry-After` (seconds, or an HTTP date), else the `RateLimit-Reset` family;
 * a number past 2024 is a timestamp. `undefined` without such a header; `NaN` when unreadable
 * (`soon`, `Infinity`, `1e400`), which RFC 9110 says to ignore: the retry policy then backs off
 * as usual and the limits do not pause.
 */
export function retryAfterMs(header: (name: string) => string | null | undefined): number | undefined {
  const value = header('retry-after') ?? header('ratelimit-reset') ?? header('x-ratelimit-retry-after') ?? header('x-ratelimit-reset') ?? header('x-rate-limit-reset');
  if (!value) return undefined;
  const after = Number(value) * 1000;
  const ms = Number.isNaN(after) ? Date.parse(value) - Date.now() : after >= 1_704_067_200_000 ? after - Date.now() : after;
  return Number.isFinite(ms) ? ms : Number.NaN;
}
