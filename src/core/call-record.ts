/**
 * What a failed call was, kept beside its error (never on it): `retryDecision` and
 * `client.reconcile` read it. Not exported from the package.
 *
 * @module
 */
/**
 * What a failed call was, kept beside its error (never on it: params may hold personal data, and
 * no field of an error may): enough for `retryDecision` to know whether the call is safe to send
 * again and for `client.reconcile` to look for its trace.
 */
export interface CallRecord {
  /** The operation, `subClient.method`, or `METHOD /path` for `client.request()`. */
  readonly operation: string;
  /** The HTTP method. */
  readonly method: string;
  /** Safe to send twice: a read, a PUT, a read-only POST, or a call stated `idempotent`. */
  readonly idempotent: boolean;
  /** What the call was given: its positional path parameters and its params (a snapshot). */
  readonly input: { readonly path: Readonly<Record<string, string>>; readonly params: unknown } | undefined;
  /** When the call started, by the wall clock: nothing it applied can be older. */
  readonly startedAt: Date;
  /** The pipeline (one per client) that sent it: `client.reconcile` looks with no other tenant's. */
  readonly via?: object;
}

const calls = new WeakMap<object, CallRecord>();

/** Keeps `record` beside `error`, unless the error already has one (an inner call's). */
export function recordCall(error: unknown, record: CallRecord): void {
  if (typeof error === 'object' && error !== null && !calls.has(error)) calls.set(error, record);
}

/** The call a promokit error came from, when it came from one. */
export function callOf(error: unknown): CallRecord | undefined {
  return typeof error === 'object' && error !== null ? calls.get(error) : undefined;
}
