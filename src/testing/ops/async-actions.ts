/**
 * Async actions: read one with its `result`; list them newest first, `limit` at a time, each page
 * reaching back before `end_date` (service interface §4.14, §4.20). The list has no cursor: the
 * next page is asked for with `end_date` set to the last record's `created_at`.
 *
 * @module
 */
import { readAsyncActionRun } from '../async-action-runs.js';
import { badRequest, notFound } from '../http.js';
import { intParam } from '../lists.js';
import type { MockHandlers } from '../router.js';

/** The mock's routes for async actions: `asyncActions.get` and `asyncActions.list`. */
export const asyncActionHandlers = {
  'asyncActions.get': {
    method: 'GET',
    path: '/v1/async-actions/{asyncActionId}',
    auth: 'server',
    handle(state, req) {
      const action = readAsyncActionRun(state, req.params.asyncActionId!) ?? state.store.asyncActions.get(req.params.asyncActionId!);
      if (!action) throw notFound('async_action', req.params.asyncActionId!);
      return action;
    },
  },
  'asyncActions.list': {
    method: 'GET',
    path: '/v1/async-actions',
    auth: 'server',
    handle(state, req) {
      const limit = intParam(req.query, 'limit', 1, 100, 10);
      const raw = req.query.end_date;
      let before = Number.POSITIVE_INFINITY;
      if (raw !== undefined) {
        before = typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}/.test(raw) ? Date.parse(raw) : Number.NaN;
        if (Number.isNaN(before))
          throw badRequest('invalid_query_params', `end_date must be an ISO 8601 date or date-time; got ${String(raw)}`, 'Invalid query params');
      }
      const older = [...state.store.asyncActions.values()]
        .filter((a) => Date.parse(a.created_at) < before)
        .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || (a.id < b.id ? 1 : -1));
      const page = older.slice(0, limit).map(({ result: _result, ...listed }) => listed);
      return { object: 'list', data_ref: 'async_actions', async_actions: page, has_more: older.length > limit };
    },
  },
} satisfies MockHandlers;
