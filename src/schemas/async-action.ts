/**
 * Asynchronous actions: bulk operations the service runs in the background (service interface
 * §2.14).
 *
 * @module
 */
import * as z from 'zod/mini';
import { lazy, listOf, openEnum } from './base.js';

/** Schema of {@link AsyncActionResult}. */
export const asyncActionResultSchema = lazy(() =>
  z.looseObject({
    /** Summary of the outcome. */
    message: z.nullish(z.string()),
    /** The entries that failed, each with the code and the reason. */
    failed: z.nullish(
      z.array(
        z.looseObject({
          code: z.nullish(z.string()),
          reason: z.nullish(z.string()),
        }),
      ),
    ),
    /** Number of entries processed successfully. */
    done_count: z.nullish(z.number()),
    /** Number of entries that failed. */
    failed_count: z.nullish(z.number()),
  }),
);

/**
 * The outcome of a finished async action. Its fields depend on the action `type`; the ones below
 * are those of a voucher import, and others are kept as received.
 */
export interface AsyncActionResult extends z.infer<ReturnType<typeof asyncActionResultSchema>> {}

/** Schema of {@link AsyncAction}. */
export const asyncActionSchema = lazy(() =>
  z.looseObject({
    /** `aa_…` */
    id: z.string(),
    /** The bulk operation, e.g. `CAMPAIGN.VOUCHERS_IMPORT`, `CUSTOMERS.IMPORT_CSV`. */
    type: z.nullish(
      openEnum([
        'CAMPAIGN.VOUCHERS_IMPORT',
        'CAMPAIGN.VOUCHERS_IMPORT_CSV',
        'CAMPAIGN.VOUCHERS_UPDATE',
        'CAMPAIGN.VOUCHERS_DELETE',
        'CAMPAIGN.VOUCHERS_GENERATE',
        'CAMPAIGNS.METADATA_KEY_PURGE',
        'CUSTOMERS.IMPORT_CSV',
        'CUSTOMERS.BULK_UPDATE',
        'CUSTOMERS.METADATA_UPDATE',
        'CUSTOMERS.METADATA_KEY_PURGE',
        'PRODUCTS.BULK_UPDATE',
        'PRODUCTS.METADATA_UPDATE',
        'PRODUCTS.METADATA_KEY_PURGE',
        'PRODUCTS.IMPORT_CSV',
        'SKUS.IMPORT_CSV',
        'VOUCHERS.IMPORT',
        'VOUCHERS.IMPORT_CSV',
        'VOUCHERS.BULK_UPDATE',
        'VOUCHERS.METADATA_UPDATE',
        'VOUCHERS.METADATA_KEY_PURGE',
        'ORDERS.IMPORT',
        'ORDERS.METADATA_KEY_PURGE',
      ]),
    ),
    /** `ENQUEUED`, `IN_PROGRESS`, `DONE` or `FAILED`. */
    status: z.nullish(openEnum(['DONE', 'ENQUEUED', 'FAILED', 'IN_PROGRESS'])),
    /** Outcome of the operation: `SUCCESS`, `FAILED` or `UNKNOWN`. */
    operation_status: z.nullish(openEnum(['FAILED', 'SUCCESS', 'UNKNOWN'])),
    /** When the action was scheduled. */
    created_at: z.nullish(z.string()),
    /** When the action was last updated. */
    updated_at: z.nullish(z.string()),
    /** ID of the request that started the action. */
    request_id: z.nullish(z.string()),
    /** Run time, in milliseconds. */
    processing_time: z.nullish(z.number()),
    /** Percent done, 0 to 100. */
    progress: z.nullish(z.number()),
    /** The outcome; only on a single action read by ID, never in the list. */
    result: z.nullish(asyncActionResultSchema()),
    /** Always `async_action`. */
    object: z.string(),
  }),
);

/** A bulk operation run in the background, with its status, progress and (when read by ID) result. */
export interface AsyncAction extends z.infer<ReturnType<typeof asyncActionSchema>> {}

/** Schema of {@link AsyncActionList}. */
export const asyncActionListSchema = lazy(() => listOf(asyncActionSchema(), 'async_actions'));

/** A list of async actions, held under `async_actions` (records carry no `result`). */
export interface AsyncActionList extends z.infer<ReturnType<typeof asyncActionListSchema>> {}
