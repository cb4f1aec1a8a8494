/**
 * What the tests of `client.reconcile` share: the faults the mock injects, split by whether the
 * service applies the call under them; a call failed under one; the count of an operation's
 * requests; a `not_found` checked; and no unhandled rejection while a file's tests run.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { PromokitError, retryDecision, type ReconcileResult, type RequestOptions } from '../../src/index.js';
import type { MockInjectOptions, MockService } from '../../src/testing/index.js';
import { failure } from '../mock-service/transports.js';

/** A fault, and whether the service applies the call under it. */
export type Fault = { name: string; inject: Omit<MockInjectOptions, 'operation'>; applied: boolean };

/** The faults after which the service has applied the call. */
export const APPLIED: Fault[] = [
  { name: 'commit-then-reset', inject: { fault: 'commit-then-reset' }, applied: true },
  { name: 'malformed-json (a 200 cut short)', inject: { fault: 'malformed-json' }, applied: true },
  { name: 'latency past the timeout', inject: { fault: 'latency', ms: 600 }, applied: true },
];

/** The faults after which it has not. */
export const NOT_APPLIED: Fault[] = [
  { name: 'reset before the body', inject: { fault: 'reset' }, applied: false },
  { name: 'status 503', inject: { fault: 'status', status: 503 }, applied: false },
  { name: 'timeout (no answer)', inject: { fault: 'timeout' }, applied: false },
];

/** Every fault. */
export const FAULTS = [...APPLIED, ...NOT_APPLIED];

/** The requests of `operation` the mock has received. */
export const sent = (mock: MockService, operation: string) => mock.requests.filter((r) => r.operation === operation).length;

/**
 * Runs `call` under `fault`; returns its error, which must be an `unknown` outcome whose decision
 * is `decision` (`reconcile`, the default, for a call that is not safe to repeat; `any` for one
 * that is, whose decision depends on the fault).
 */
export async function failUnder(
  mock: MockService,
  operation: MockInjectOptions['operation'],
  fault: Fault,
  call: (options: RequestOptions) => Promise<unknown>,
  decision: 'reconcile' | 'any' = 'reconcile',
): Promise<PromokitError> {
  mock.inject({ operation, ...fault.inject } as MockInjectOptions);
  // A short timeout for the faults that wait for it; any other call has the client's patient one.
  const waits = fault.inject.fault === 'timeout' || fault.inject.fault === 'latency';
  const error = await failure(call(waits ? { timeout: 400 } : {}));
  expect(error).toBeInstanceOf(PromokitError);
  expect((error as PromokitError).outcome).toBe('unknown');
  if (decision === 'reconcile') expect(retryDecision(error)).toEqual({ action: 'reconcile' });
  return error as PromokitError;
}

/** Asserts a `not_found` whose `asOf` lies within the check. */
export function expectNotFound(result: ReconcileResult, checkStarted: number): void {
  expect(result.status).toBe('not_found');
  const asOf = (result as { asOf: Date }).asOf;
  expect(asOf).toBeInstanceOf(Date);
  expect(asOf.getTime()).toBeGreaterThanOrEqual(checkStarted);
  expect(asOf.getTime()).toBeLessThanOrEqual(Date.now());
}

/** Fails the file when any of its tests leaves an unhandled rejection. */
export function noUnhandledRejection(): void {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);
  beforeAll(() => void process.on('unhandledRejection', onUnhandled));
  afterAll(() => {
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled).toEqual([]);
  });
}
