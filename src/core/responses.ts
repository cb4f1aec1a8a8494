/**
 * Checking responses: each body against its operation's schema, in the client's validation mode,
 * and the record of the ways responses broke their schemas in `warn` mode.
 *
 * @module
 */
import { ResponseValidationError, type Issue } from './errors.js';

/**
 * What promokit does with a response that breaks its schema.
 *
 * The modes compared: [Validation modes](../../docs/validation-modes.md).
 *
 * @category Client
 */
export type ValidationMode = 'strict' | 'warn' | 'off';

/**
 * A response schema: anything with zod's `safeParse`, as `client.request({ schema })` takes.
 * @category Client
 */
export interface ResponseSchema<T> {
  /** Checks `data`: its value typed `T` on success, the broken rules (field path and message) otherwise. */
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
  /**
   * The shape of a field path as deviations record it: array indices and the keys of map-like
   * fields as `*` (`redemptions.*.date`), so one way of breaking the schema is one deviation
   * however many records have it. Without it, array indices alone become `*`.
   */
  pathShape?(path: ReadonlyArray<string | number>): string;
  /**
   * True when promokit decides on the field at `path` (the tolerance policy: the fields a schema
   * requires): broken, it fails the call in `warn` mode too. Without it, only the body itself does.
   */
  decides?(path: ReadonlyArray<string | number>): boolean;
  /**
   * The numbers of a body that were read rounded (integers past 2^53 - 1), refused in `strict`
   * mode. The SDK's schemas and any zod schema have it.
   */
  inexact?(body: unknown): Issue[];
}

/**
 * The key of a response schema's loader of what its paths and numbers mean: a schema of promokit's
 * (behind the fast path) reads `pathShape`, `decides` and `inexact` once it has loaded them, and
 * the pipeline awaits the loader before asking any of them.
 * @internal
 */
export const readyToRead: unique symbol = Symbol('promokit.readyToRead');

/** A response schema, and the loader of what it says of paths and numbers when it has one ({@link readyToRead}). */
export type ReadableSchema<T> = ResponseSchema<T> & { [readyToRead]?: (() => Promise<void>) | undefined };

/**
 * One way responses broke their schema in `warn` mode: the operation, the field path (array
 * indices shown as `*`, so `data.*.id` is one deviation however many records have it) and the
 * number of responses that had it. Only the first was logged.
 * @category Client
 */
export interface ResponseDeviation {
  /** The operation, named `subClient.method` as the reference names methods. */
  operation: string;
  /** The field path, e.g. `voucher.discount.percent_off` or `data.*.id`; `(root)` for the body as a whole. */
  path: string;
  /** Times it was seen, the logged first one included (a record list counts each record that has it). */
  count: number;
}

/** The most kinds of deviation (operation and field path) a client records; the rest are counted together. */
export const DEVIATION_KINDS_LIMIT = 100;

/**
 * The deviations a client (and the clients made from it with `withOptions()`) has seen in `warn`
 * mode: `operation path` → times seen, one entry per kind, at most {@link DEVIATION_KINDS_LIMIT}.
 */
export class DeviationRecord {
  /** Times each kind was seen; only its first was logged. */
  readonly kinds = new Map<string, number>();
  /** Deviations of kinds past the limit: counted, not recorded one by one. */
  dropped = 0;
}

/**
 * The deviations a client has seen in `warn` mode, first seen first; past
 * {@link DEVIATION_KINDS_LIMIT} kinds, one last entry with operation and path `*` counts the rest.
 */
export function deviationsOf(record: DeviationRecord): ResponseDeviation[] {
  const recorded = [...record.kinds].map(([key, count]) => {
    const space = key.indexOf(' ');
    return { operation: key.slice(0, space), path: key.slice(space + 1), count };
  });
  return record.dropped > 0 ? [...recorded, { operation: '*', path: '*', count: record.dropped }] : recorded;
}

/** The error for a 2xx body `text` that is not JSON (or empty): it breaks the response's contract. */
export function notJson(operation: string, text: string): ResponseValidationError {
  return new ResponseValidationError(
    operation,
    [{ path: [], message: text === '' ? 'the response body is empty' : 'the response body is not valid JSON' }],
    text,
  );
}

/** The parsed JSON of a body, or its raw text when it is not JSON (an HTML error page). */
export function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
