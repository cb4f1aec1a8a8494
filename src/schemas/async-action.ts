/**
 * Asynchronous actions: bulk operations the service runs in the background (service interface
 * §2.14).
 *
 * @module
 */
import * as z from 'zod/mini';
import type { ListEnvelope } from '../core/pagination.js';
import { lazy, listOf, nullishStrings, openEnum, type ShapeOf } from './base.js';

/**
 * The bulk operation an {@link AsyncAction} runs, named `RESOURCE.OPERATION`, e.g.
 * `CAMPAIGN.VOUCHERS_IMPORT` or `CUSTOMERS.IMPORT_CSV`. Open: any other string the service starts
 * sending is accepted.
 * @category Async actions
 */
export type AsyncActionType =
  | 'CAMPAIGN.VOUCHERS_IMPORT'
  | 'CAMPAIGN.VOUCHERS_IMPORT_CSV'
  | 'CAMPAIGN.VOUCHERS_UPDATE'
  | 'CAMPAIGN.VOUCHERS_DELETE'
  | 'CAMPAIGN.VOUCHERS_GENERATE'
  | 'CAMPAIGNS.METADATA_KEY_PURGE'
  | 'CUSTOMERS.IMPORT_CSV'
  | 'CUSTOMERS.BULK_UPDATE'
  | 'CUSTOMERS.METADATA_UPDATE'
  | 'CUSTOMERS.METADATA_KEY_PURGE'
  | 'PRODUCTS.BULK_UPDATE'
  | 'PRODUCTS.METADATA_UPDATE'
  | 'PRODUCTS.METADATA_KEY_PURGE'
  | 'PRODUCTS.IMPORT_CSV'
  | 'SKUS.IMPORT_CSV'
  | 'VOUCHERS.IMPORT'
  | 'VOUCHERS.IMPORT_CSV'
  | 'VOUCHERS.BULK_UPDATE'
  | 'VOUCHERS.METADATA_UPDATE'
  | 'VOUCHERS.METADATA_KEY_PURGE'
  | 'ORDERS.IMPORT'
  | 'ORDERS.METADATA_KEY_PURGE'
  | (string & {});

/**
 * Where an {@link AsyncAction} stands: `ENQUEUED` (waiting), `IN_PROGRESS`, then `DONE` or
 * `FAILED`. Closed: the protocol fixes these four, and `asyncActions.waitFor` decides on them.
 * @category Async actions
 */
export type AsyncActionStatus = 'ENQUEUED' | 'IN_PROGRESS' | 'DONE' | 'FAILED';

/**
 * One entry of a bulk operation that failed (`result.failed` of an {@link AsyncAction}).
 * @category Async actions
 */
export interface AsyncActionFailure {
  /** The code of the entry that failed (a voucher import: the voucher code). */
  code?: string | null;
  /** Why it failed. */
  reason?: string | null;
}

/**
 * The outcome of a finished async action. Its fields depend on the action `type`; the ones below
 * are those of a voucher import, and others are kept as received.
 * @category Async actions
 */
export interface AsyncActionResult {
  /** Summary of the outcome. */
  message?: string | null;
  /** The entries that failed, each with the code and the reason. */
  failed?: AsyncActionFailure[] | null;
  /** Number of entries processed successfully. */
  done_count?: number | null;
  /** Number of entries that failed. */
  failed_count?: number | null;
}

/** Schema of {@link AsyncActionResult}. */
export const asyncActionResultSchema: () => z.ZodMiniType<AsyncActionResult> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    message: z.nullish(z.string()),
    failed: z.nullish(
      z.array(
        z.looseObject({
          ...nullishStrings('code', 'reason'),
        } satisfies ShapeOf<AsyncActionFailure>),
      ),
    ),
    done_count: z.nullish(z.number()),
    failed_count: z.nullish(z.number()),
  } satisfies ShapeOf<AsyncActionResult>),
);

/**
 * A bulk operation run in the background, with its status, progress and (when read by ID)
 * result. `id` and `status` are always there; any other field may be absent or null.
 * @category Async actions
 */
export interface AsyncAction {
  /** `aa_…` */
  id: string;
  /** The bulk operation, e.g. `CAMPAIGN.VOUCHERS_IMPORT`, `CUSTOMERS.IMPORT_CSV`. */
  type?: AsyncActionType | null;
  /** `ENQUEUED`, `IN_PROGRESS`, `DONE` or `FAILED`. */
  status: AsyncActionStatus;
  /** Outcome of the operation: `SUCCESS`, `FAILED` or `UNKNOWN`. */
  operation_status?: 'SUCCESS' | 'FAILED' | 'UNKNOWN' | (string & {}) | null;
  /** When the action was scheduled, ISO 8601 date-time. */
  created_at?: string | null;
  /** When the action was last updated, ISO 8601 date-time. */
  updated_at?: string | null;
  /** ID of the request that started the action. */
  request_id?: string | null;
  /** Run time, in milliseconds. */
  processing_time?: number | null;
  /** Percent done, 0 to 100. */
  progress?: number | null;
  /** The outcome; only on a single action read by ID, never in the list. */
  result?: AsyncActionResult | null;
  /** Always `async_action`. */
  object?: string | null;
}

/** The fields of an async action: the shape of {@link AsyncAction}. */
const asyncActionFields = () => ({
  id: z.string(),
  type: z.nullish(openEnum()),
  status: z.literal(['ENQUEUED', 'IN_PROGRESS', 'DONE', 'FAILED']),
  operation_status: z.nullish(openEnum()),
  ...nullishStrings('created_at', 'updated_at', 'request_id'),
  processing_time: z.nullish(z.number()),
  progress: z.nullish(z.number()),
  result: z.nullish(asyncActionResultSchema()),
  object: z.nullish(z.string()),
});

/** Schema of {@link AsyncAction}. */
export const asyncActionSchema: () => z.ZodMiniType<AsyncAction> = /* @__PURE__ */ lazy(() =>
  z.looseObject(asyncActionFields() satisfies ShapeOf<AsyncAction>),
);

/**
 * An async action as the list shows it: without `result`, and with `created_at` always there,
 * because the list pages by it (the next page holds the actions created before the last one).
 * @category Async actions
 */
export interface ListedAsyncAction extends AsyncAction {
  /** When the action was scheduled, ISO 8601 date-time. */
  created_at: string;
}

/**
 * A list of async actions, held under `async_actions` (records carry no `result`).
 * @category Async actions
 */
export interface AsyncActionList extends ListEnvelope {
  /** The actions. */
  async_actions?: ListedAsyncAction[] | null;
}

/** Schema of {@link AsyncActionList}. */
export const asyncActionListSchema: () => z.ZodMiniType<AsyncActionList> = /* @__PURE__ */ lazy(() =>
  listOf(z.looseObject({ ...asyncActionFields(), created_at: z.string() } satisfies ShapeOf<ListedAsyncAction>), 'async_actions'),
);
