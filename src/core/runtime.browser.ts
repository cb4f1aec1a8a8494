/**
 * The runtime seam, the browser's side: what the browser build of `promokit/client-side` uses
 * in place of runtime.ts (scripts/browser-build.mjs). Each export is the browser's way of doing
 * what runtime.ts does in Node, with the same name and type: test/core/runtime.test.ts fails
 * `tsc` (and the suite) when the two sides drift apart, and runs this side in Node.
 *
 * @module
 */
import ky from 'ky';
import { describeValue, type CallContext, type Issue } from './errors.js';
import { isRecord, shallowCopy, type OptionRule, type SettingOptions } from './inputs.js';

export { isHeaderValue } from './inputs.js';
import type { CommonOptions } from './config.js';
import type { CredentialSettings } from './credentials.js';
import { storefrontSender } from './storefront-send.js';
import { checkedEvent } from './event-input.js';
import { fitsAcknowledgment } from './event-acknowledgment.js';
import type { ResponseSchema } from './responses.js';

/** The caller's signal, used by the call as it is. */
export function callSignal(signal: AbortSignal): { signal: AbortSignal; done: () => void } {
  return { signal, done: () => undefined };
}

/** The option as given: no environment variable in a browser. */
export function optionOrEnv(value: string | undefined, _option: string): string | undefined {
  return value;
}

/** Nothing: no environment variable to name in a browser. */
export function envHint(_option: string): string {
  return '';
}

/** No environment variable in a browser. */
export function readEnv(_name: string): string | undefined {
  return undefined;
}

/** The name alone: no environment variable in a browser (used only by the server's messages). */
export function envName(option: string): string {
  return option;
}

/**
 * A page, or a worker of one: the browser sends `Origin` itself. Not a server runtime that loads
 * this build through the `browser` condition (workerd, whose client must send `origin`).
 */
export function isBrowser(): boolean {
  const g = globalThis as { document?: unknown; importScripts?: unknown };
  return typeof g.document === 'object' || typeof g.importScripts === 'function';
}

/** Rule of a `headers` option: an object, copied. */
export function headersRule(): OptionRule {
  return [isRecord, 'an object of headers', shallowCopy];
}

/** Names left to fetch in a browser. */
export function checkHeaders(_headers: Record<string, unknown> | undefined, _owner: string, _credentials: string): void {}

/** Left to fetch in a browser: a browser's client-side keys are checked where they are used. */
export function checkCredentialValues(_settings: object, _owner: string): void {}

/** Left to fetch in a browser. */
export function checkHookHeader(_name: string, _value: unknown): void {}

/** Left to fetch in a browser: it refuses its own before it sends anything. */
export function fetchRefusal(_options: Record<string, unknown>, _fields: readonly string[]): string | undefined {
  return undefined;
}

/** Never known in a browser. */
export function nothingWasSent(_error: unknown): boolean {
  return false;
}

/** Never told in a browser. */
export function failureCode(_error: unknown): string | undefined {
  return undefined;
}

/** The body's text: a browser reads it as fetch gives it (`maxResponseBytes` is a server's bound). */
export function readBody(response: Response, _limit: number, _context: CallContext & { status: number }): Promise<string> {
  return response.text();
}

/**
 * One attempt as the pipeline holds it, handed to the runtime's transport beside ky's `Request`
 * (a browser's sends ky's `Request`).
 */
export interface PlainRequest {
  /** The whole URL, query included. */
  readonly url: string;
  readonly method: string;
  /** The call's headers (names in any case; the last of one name set wins). */
  readonly headers: Record<string, string>;
  /** Headers a request hook set for this attempt, over `headers`. */
  readonly extra?: Record<string, string> | undefined;
  /** The encoded body, when the call has one. */
  readonly body?: string | undefined;
  /** True when ky's `Request` was built without `headers` and `body` (never in a browser). */
  readonly bare?: boolean | undefined;
}

/** Sends one attempt with the browser's `fetch`, ky's request as it is. */
export function transmit(request: Request, init: Record<string, unknown> | undefined, _plain: PlainRequest | undefined): Promise<Response> {
  return fetch(request, init as RequestInit);
}

/** False: a browser's transport sends ky's `Request` as it is. */
export function carriesPlain(_init: Record<string, unknown> | undefined): boolean {
  return false;
}

/** A plain-data copy of `value` as JSON sends it, or `undefined` with the reason it cannot be sent pushed to `issues`. */
export function plainCopy(value: unknown, issues: Issue[], path: Array<string | number> = []): unknown {
  try {
    return value === undefined
      ? value
      : JSON.parse(
          JSON.stringify(value, function (this: Record<string, unknown>, key, v: unknown) {
            // An Invalid Date serialises as null: looked at again only then.
            if ((typeof v === 'number' && !Number.isFinite(v)) || (v === null && Number.isNaN((this[key] as Date | null)?.getTime?.())))
              throw `${String(this[key])}`;
            if (typeof v === 'bigint') throw 'a BigInt';
            if (typeof v === 'function' || typeof v === 'symbol') throw `a ${typeof v}`;
            if (v instanceof Map || v instanceof Set) throw 'a Map or a Set';
            return v;
          }),
        );
  } catch (error) {
    issues.push({ path, message: `must be data JSON can carry, not ${typeof error === 'string' ? error : describeValue(error)}` });
    return undefined;
  }
}

/**
 * The copy of `track`'s params (`ClientEvents`) it sends, each field read once, or `undefined`
 * when it breaks a rule: data JSON can carry ({@link plainCopy}'s refusals), an object, its
 * `event` a string of 1 to 300 characters, its `customer` an object, `referral`, `loyalty` and
 * `metadata` objects when given. `issues` is left empty: the rules broken and their words are
 * found once the event is refused ({@link eventIssuesAgain}, with the typed error, loaded then).
 */
export function eventCopy(params: unknown, _issues: Issue[]): unknown {
  let event: unknown;
  try {
    // JSON.stringify throws on a BigInt and a cycle itself.
    event = JSON.parse(
      JSON.stringify(params, function (this: Record<string, unknown>, key, v: unknown) {
        if (
          (typeof v === 'number' && !Number.isFinite(v)) ||
          (v === null && Number.isNaN((this[key] as Date | null)?.getTime?.())) ||
          typeof v === 'function' ||
          typeof v === 'symbol' ||
          v instanceof Map ||
          v instanceof Set
        )
          throw 0;
        return v;
      }),
    );
  } catch {
    return undefined;
  }
  return isRecord(event) &&
    typeof event.event === 'string' &&
    event.event !== '' &&
    event.event.length <= 300 &&
    isRecord(event.customer) &&
    ['referral', 'loyalty', 'metadata'].every((field) => event[field] === undefined || isRecord(event[field]))
    ? event
    : undefined;
}

/**
 * The rules `track`'s params break, and their words, pushed to `issues` once {@link eventCopy} has
 * refused them (failure.ts's `invalidRequest`, loaded then): `params` read again, so a getter that
 * changed its answer is said to have.
 */
export function eventIssuesAgain(params: unknown, issues: Issue[]): unknown {
  checkedEvent(params, issues, plainCopy);
  if (issues.length === 0) issues.push({ path: [], message: 'must read the same each time (it changed as it was read)' });
  // No copy: the event is refused (Node's, its `eventCopy`, gives back the copy it checked).
  return undefined;
}

/**
 * The schema of an event's acknowledgment as a storefront checks it on every event: whether it
 * matches (event-acknowledgment.ts's `fitsAcknowledgment`), without the issues of one that does not
 * (an empty list): such an acknowledgment is checked again, and reported, by the whole pipeline
 * (event-pipeline.ts), with event-acknowledgment.ts's `acknowledgmentCheck`, loaded then.
 */
export function acknowledgmentSchema(): ResponseSchema<never> {
  return {
    safeParse: (data) => (fitsAcknowledgment(data) ? { success: true, data: data as never } : { success: false, error: { issues: [] } }),
  };
}

/**
 * ky's default instance, imported at once: the lazy import that keeps Node's cold start cheap
 * makes a bundler wrap every module of ky for deferred evaluation (about 160 bytes gzipped).
 */
export async function loadKy(): Promise<typeof ky> {
  return ky;
}

/** The `baseUrl` as given, checked by its rule already: no environment variable in a browser, header names left to fetch. */
export function checkedSettings(options: SettingOptions, _owner: string): string | undefined {
  return options.baseUrl;
}

/** The client-side credential settings of `options`, as given: no environment variable in a browser. */
export function clientSettings<T>(options: SettingOptions<T>): {
  accessToken: T | string | undefined;
  clientApplicationId: string | undefined;
  clientToken: string | undefined;
  origin: string | undefined;
} {
  const { accessToken, clientApplicationId, clientToken, origin } = options;
  return { accessToken, clientApplicationId, clientToken, origin };
}

/**
 * The storefront's send path, carried at once, with the settings as given (checked by their rules
 * already; the credentials' values are left to fetch): a page sends its first event without
 * loading a chunk first (in Node it is one, loaded on first use by `load`: see runtime.ts).
 */
export function storefrontNow(
  options: SettingOptions,
  _owner: string,
  _load: () => Promise<{ storefrontSender(options: never, settings: never, baseUrl: string | undefined): (call: never, given: unknown) => Promise<unknown> }>,
): unknown {
  // The options are the settings: their credentials are read by name, none from the environment.
  return storefrontSender(options as CommonOptions, options as CredentialSettings, options.baseUrl);
}
