/**
 * Async actions that run: `mock.createAsyncAction()` creates one that moves `ENQUEUED` →
 * `IN_PROGRESS` (progress rising) → `DONE` or `FAILED`, one step per read of
 * `GET /v1/async-actions/{id}`, so code that waits for an action can be tested read by read.
 *
 * @module
 */
import type { AsyncActionResult, AsyncActionType } from '../schemas/async-action.js';
import { applySeed } from './seed.js';
import { iso, type MockState, type Rec } from './store.js';

/** Options of `mock.createAsyncAction()`. */
export interface MockAsyncActionOptions {
  /** The action's `type`. Default `CAMPAIGN.VOUCHERS_IMPORT`. */
  type?: AsyncActionType;
  /** How many reads answer `ENQUEUED` (progress 0) first. Default 1. */
  enqueuedReads?: number;
  /** The `progress` of each read that answers `IN_PROGRESS`, in order, each 0 to 100. Default `[25, 50, 75]`. */
  progress?: number[];
  /** How it ends: `DONE` (progress 100) or `FAILED` (progress as last read). Default `DONE`. */
  outcome?: 'DONE' | 'FAILED';
  /** The `result` of the final read. Default: a voucher import's counts for `DONE`, a failure message for `FAILED`. */
  result?: AsyncActionResult;
}

/** Creates the action in the store (as its first read will show it) and its run; returns the stored record. */
export function createAsyncActionRun(state: MockState, options: MockAsyncActionOptions = {}): Rec {
  const { type = 'CAMPAIGN.VOUCHERS_IMPORT', enqueuedReads = 1, progress = [25, 50, 75], outcome = 'DONE' } = options;
  const fail = (rule: string) => new TypeError(`mock.createAsyncAction: ${rule}`);
  if (!(Number.isInteger(enqueuedReads) && enqueuedReads >= 0)) throw fail(`enqueuedReads must be a whole number, 0 or more; got ${String(enqueuedReads)}`);
  if (!Array.isArray(progress) || progress.some((p) => !(Number.isFinite(p) && p >= 0 && p <= 100)))
    throw fail('progress must be an array of numbers from 0 to 100');
  if (outcome !== 'DONE' && outcome !== 'FAILED') throw fail(`outcome must be DONE or FAILED; got ${String(outcome)}`);
  const result =
    options.result ??
    (outcome === 'DONE'
      ? { message: 'Import finished', done_count: 100, failed_count: 0, failed: [] }
      : { message: 'The import file could not be read', done_count: 0, failed_count: 0, failed: [] });
  const steps: Rec[] = [
    ...Array.from({ length: enqueuedReads }, () => ({ status: 'ENQUEUED', operation_status: 'UNKNOWN', progress: 0, result: {} })),
    ...progress.map((p) => ({ status: 'IN_PROGRESS', operation_status: 'UNKNOWN', progress: p, result: {} })),
    { status: outcome, operation_status: outcome === 'DONE' ? 'SUCCESS' : 'FAILED', progress: outcome === 'DONE' ? 100 : (progress.at(-1) ?? 0), result },
  ];
  const [record] = applySeed(state, { asyncActions: [{ type, processing_time: 0, ...steps[0] }] }).asyncActions as [Rec];
  state.asyncActionRuns.set(record.id, { steps, reads: 0 });
  return record;
}

/** The next state of a running action, stored and returned; `undefined` for an action that is not running. */
export function readAsyncActionRun(state: MockState, id: string): Rec | undefined {
  const run = state.asyncActionRuns.get(id);
  const record = state.store.asyncActions.get(id);
  if (!run || !record) return undefined;
  const step = run.steps[Math.min(run.reads, run.steps.length - 1)]!;
  run.reads += 1;
  const now = state.now();
  Object.assign(record, step, { updated_at: iso(now), processing_time: Math.max(0, now.getTime() - Date.parse(record.created_at)) });
  return record;
}
