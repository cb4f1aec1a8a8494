/**
 * Text from the service made safe for a message or a log line: a hostile or broken service must
 * not be able to forge log lines (CR, LF), drive a terminal (ANSI escapes) or flood a log.
 *
 * @module
 */

/** Longest piece of service text a message quotes, in characters. */
export const QUOTED_TEXT_LIMIT = 300;

/** `text` with every control character escaped (`\u000a`), cut to `max` characters with `…`. */
export function printable(text: string, max = QUOTED_TEXT_LIMIT): string {
  const escaped = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return escaped.length > max ? `${escaped.slice(0, max)}…` : escaped;
}
