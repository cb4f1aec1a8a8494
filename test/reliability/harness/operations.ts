/**
 * Every public operation, as the reliability suite calls it: its class (what the retry policy
 * treats it as), how to call it with a per-call key, the path the server must see, and a body
 * that passes the operation's schema in `strict` mode.
 */
import type { Client, RequestOptions } from '../../../src/index.js';
import { operationNames } from '../../../src/resources/registry.js';
import { operationTestData } from '../../operations/index.js';
import type { Echo } from './server.js';

/** The columns of the fault matrix. */
export const CLASSES = [
  'GET',
  'PUT',
  'validation',
  'introspection',
  'redemption',
  'rollback',
  'order',
  'publication',
  'voucher create',
  'tier create',
  'tier setup',
  'event',
  'session validation',
  'join_once publication',
  'DELETE',
  'idempotent POST',
  'upsert',
  'keyless create',
  'guarded rollback',
] as const;

export type OperationClass = (typeof CLASSES)[number];

/**
 * The classes the retry policy may send twice: reads, an idempotent write, and a publication with
 * `join_once` (the service answers every repeat with the customer's one code). Every other class
 * spends, creates, records or locks something.
 */
export const IDEMPOTENT_CLASSES: ReadonlySet<OperationClass> = new Set([
  'GET',
  'PUT',
  'validation',
  'introspection',
  'join_once publication',
  'DELETE',
  'idempotent POST',
  'upsert',
  'guarded rollback',
]);

/**
 * The columns of the outcome table: the classes grouped by what a repeat would do. `spend or
 * create` is every class that is sent once (a repeat could spend or create twice) but the
 * session-locking validation, which has a column of its own.
 */
export const OUTCOME_GROUPS = {
  read: ['GET', 'validation', 'introspection'],
  'idempotent write': ['PUT', 'DELETE', 'idempotent POST', 'upsert', 'guarded rollback'],
  'spend or create': ['redemption', 'rollback', 'order', 'publication', 'voucher create', 'tier create', 'tier setup', 'event', 'keyless create'],
  'session-locking validate': ['session validation'],
  'join_once publication': ['join_once publication'],
} as const satisfies Record<string, readonly OperationClass[]>;

export type OutcomeGroup = keyof typeof OUTCOME_GROUPS;

/** What a class is, in the words of the retry policy. */
export const CLASS_KIND: Record<OperationClass, string> = {
  GET: 'read',
  PUT: 'idempotent write',
  validation: 'read-only POST',
  introspection: 'read-only POST',
  redemption: 'spending POST',
  rollback: 'spending POST',
  order: 'spending POST',
  publication: 'spending POST',
  'voucher create': 'spending POST',
  'tier create': 'spending POST',
  'tier setup': 'spending POST',
  event: 'spending POST',
  'session validation': 'session-locking POST',
  'join_once publication': 'POST safe to repeat',
  DELETE: 'idempotent write (answers 204 without a body)',
  'idempotent POST': 'idempotent write',
  upsert: 'idempotent write (an upsert by `source_id` or `id`)',
  'keyless create': 'spending POST (without `source_id` or `id`: a new record each call)',
  'guarded rollback': 'idempotent POST (a repeat is refused as already done)',
};

export interface OperationCase {
  /** `subClient.method`, plus a variant when one method has two paths. */
  name: string;
  class: OperationClass;
  /** Calls the operation; `key` goes into the path where the operation has a path parameter. */
  call(client: Client, key: string, options: RequestOptions): Promise<unknown>;
  /** The path the server must receive for `key` (percent-encoded as on the wire). */
  path(key: string): string;
  /** A response body valid in `strict` mode. */
  body: Record<string, unknown>;
}

/**
 * Every case of the fault matrix, in the registry's order: the `faults` of each operation's record
 * (test/operations/), one case or more (a variant of its path or its params, named in parentheses).
 */
export const OPERATIONS: readonly OperationCase[] = operationNames.flatMap((name) => operationTestData[name].faults);

/**
 * The first operation of each class, in the order of {@link CLASSES}: the ones the fault matrix
 * also runs over a real socket (every operation runs in process).
 */
export const ONE_PER_CLASS: readonly OperationCase[] = CLASSES.map((cls) => OPERATIONS.find((op) => op.class === cls)!);

/** The `echo` the server put in a result (a plain response, or a list page's envelope). */
export function echoOf(result: unknown): Echo | undefined {
  const r = result as { echo?: Echo; body?: { echo?: Echo } } | undefined;
  return r?.echo ?? r?.body?.echo;
}
