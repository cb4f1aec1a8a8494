/**
 * Reading the wait a response asks for: one strict parser, shared by the retry policy (retry.ts),
 * the pause after a 429 (pause.ts) and `RateLimitError.retryAfter`, so every place reads a header
 * the same way. ky never reads it itself: the retry policy tells ky each delay.
 *
 * @module
 */

/** The longest wait read from a header, in milliseconds: a day. Any longer ask is read as a day. */
export const LONGEST_ASKED_WAIT = 86_400_000;


/**
 * The wait a response asks for before the next request, in milliseconds, from `Retry-After`, else
 * the `RateLimit-Reset` family: a whole number of seconds (digits only; one past 2024 as epoch
 * seconds is a moment), or an HTTP date (IMF-fixdate or RFC 850: ending `GMT`). `undefined`
 * without such a header; `NaN` when the value is neither (`soon`, `-1`, `1.5`, `0x10`, `1e400`,
 * `Infinity`), which RFC 9110 says to ignore.
 * A moment already past is a wait of 0; any wait is at most {@link LONGEST_ASKED_WAIT}.
 */
export function retryAfterMs(header: (name: string) => string | null | undefined): number | undefined {
  const value = (header('retry-after') ?? header('ratelimit-reset') ?? header('x-ratelimit-retry-after') ?? header('x-ratelimit-reset') ?? header('x-rate-limit-reset'))?.trim();
  if (!value) return undefined;
  let ms: number;
  if (/^\d+$/.test(value)) {
    ms = Number(value) * 1000;
    if (ms >= 1_704_067_200_000 && ms < 1e14) ms -= Date.now();
  } else if (/ GMT$/.test(value)) {
    ms = Date.parse(value) - Date.now();
  } else {
    return Number.NaN;
  }
  return Number.isNaN(ms) ? ms : Math.min(Math.max(0, ms), LONGEST_ASKED_WAIT);
}
