/**
 * The service's list envelopes and its two paging styles: cursor lists (`starting_after_id` →
 * `more_starting_after`, sorted by ID) and page lists (`page` + `limit`, with `total`). Query
 * values outside the documented limits are a 400 `invalid_query_params`.
 *
 * @module
 */
import { badRequest } from './http.js';
import type { Rec } from './store.js';

/** Reads an integer query parameter within `min`–`max`; `fallback` when absent. */
export function intParam(query: Rec, name: string, min: number, max: number, fallback: number): number {
  const raw = query[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw badRequest('invalid_query_params', `Query parameter ${name} must be an integer from ${min} to ${max}; got ${String(raw)}`, 'Invalid query params');
  }
  return value;
}

/** Reads a boolean query parameter (`true`/`false`). */
export function boolParam(query: Rec, name: string): boolean | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw badRequest('invalid_query_params', `Query parameter ${name} must be true or false; got ${String(raw)}`, 'Invalid query params');
}

/** A date-time query value (`starting_after`, `start_date`, a window's bound) as a time; 400 naming it (`label`) when it is not one. */
export function timeParam(query: Rec, name: string, label = name): number | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  const time = typeof raw === 'string' ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(time))
    throw badRequest('invalid_query_params', `Query parameter ${label} must be an ISO 8601 date-time; got ${String(raw)}`, 'Invalid query params');
  return time;
}

/**
 * The `name[before]` / `name[after]` window of a query (`created_at`, `updated_at`): whether a
 * record's date-time falls strictly inside it (any value when the query has none); 400 when the
 * window is not sent as such or a bound is no date-time.
 */
export function windowParam(query: Rec, name: string): (value: unknown) => boolean {
  const range = query[name];
  if (range === undefined) return () => true;
  if (typeof range !== 'object' || range === null || Array.isArray(range))
    throw badRequest('invalid_query_params', `Query parameter ${name} must be sent as ${name}[before] or ${name}[after]`, 'Invalid query params');
  const before = timeParam(range, 'before', `${name}[before]`);
  const after = timeParam(range, 'after', `${name}[after]`);
  return (value) => {
    const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
    return (before === undefined || time < before) && (after === undefined || time > after);
  };
}

/**
 * The `order` query of a record list: one of `fields`, ascending, or the same with `-`,
 * descending (`fallback` when absent); 400 naming the choices otherwise. Gives the order and a
 * comparison by that field, as text, ties broken by `tie` (the records' ID, or their code).
 */
export function orderParam(query: Rec, fields: readonly string[], fallback: string, tie = 'id'): { order: string; compare: (a: Rec, b: Rec) => number } {
  const order = query.order ?? fallback;
  const choices = fields.flatMap((field) => [field, `-${field}`]);
  if (typeof order !== 'string' || !choices.includes(order))
    throw badRequest('invalid_query_params', `Query parameter order must be one of ${choices.join(', ')}`, 'Invalid query params');
  const descending = order.startsWith('-');
  const field = descending ? order.slice(1) : order;
  const text = (record: Rec, key: string) => String(record[key] ?? '');
  return {
    order,
    compare: (a, b) => {
      const [x, y] = [text(a, field), text(b, field)];
      const [i, j] = [text(a, tie), text(b, tie)];
      const by = x < y ? -1 : x > y ? 1 : i < j ? -1 : i > j ? 1 : 0;
      return descending ? -by : by;
    },
  };
}

/**
 * One page of a cursor list: records sorted by ID (`order` `id` ascending, the default, or
 * `-id`), starting after `starting_after_id`, `limit` of them.
 */
export function cursorPage(records: Rec[], query: Rec, dataRef = 'data', extra: Rec = {}): Rec {
  const limit = intParam(query, 'limit', 1, 100, 10);
  const order = query.order ?? 'id';
  if (order !== 'id' && order !== '-id')
    throw badRequest('invalid_query_params', `Query parameter order must be id or -id; got ${String(order)}`, 'Invalid query params');
  const descending = order === '-id';
  const sorted = [...records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * (descending ? -1 : 1));
  const after = query.starting_after_id;
  const rest = typeof after === 'string' && after !== '' ? sorted.filter((r) => (descending ? r.id < after : r.id > after)) : sorted;
  const data = rest.slice(0, limit);
  const hasMore = rest.length > limit;
  return {
    object: 'list',
    data_ref: dataRef,
    [dataRef]: data,
    ...extra,
    has_more: hasMore,
    more_starting_after: hasMore ? data[data.length - 1]!.id : null,
  };
}

/** One page of a page list: `limit` records of page `page` (1–100), with `total`. */
export function numberedPage(records: Rec[], query: Rec): Rec {
  const limit = intParam(query, 'limit', 1, 100, 10);
  const page = intParam(query, 'page', 1, 100, 1);
  return { object: 'list', data_ref: 'data', data: records.slice((page - 1) * limit, page * limit), total: records.length };
}

/**
 * Applies `filters[field][conditions][$op]` to records, for the operators the service documents
 * on the fields a list is filtered by. Unknown fields and operators are ignored, as the service
 * ignores unknown query parameters. `filters[junction]` (`and`/`or`) combines the fields.
 */
export function applyFilters(records: Rec[], filters: unknown): Rec[] {
  if (!filters || typeof filters !== 'object') return records;
  const f = filters as Rec;
  const junction = f.junction === 'or' ? 'or' : 'and';
  const tests: Array<(r: Rec) => boolean> = [];
  for (const [field, spec] of Object.entries(f)) {
    if (field === 'junction' || !spec || typeof spec !== 'object') continue;
    const conditions = (spec as Rec).conditions;
    if (!conditions || typeof conditions !== 'object') continue;
    for (const [op, operand] of Object.entries(conditions as Rec)) {
      const test = condition(field, op, operand);
      if (test) tests.push(test);
    }
  }
  if (tests.length === 0) return records;
  return records.filter((r) => (junction === 'and' ? tests.every((t) => t(r)) : tests.some((t) => t(r))));
}

function condition(field: string, op: string, operand: unknown): ((r: Rec) => boolean) | undefined {
  const list = (Array.isArray(operand) ? operand : [operand]).map(String);
  // The record's own field only: a field named like something every object inherits (`toString`) is absent.
  const value = (r: Rec): string | undefined => (!Object.hasOwn(r, field) || r[field] === undefined || r[field] === null ? undefined : String(r[field]));
  switch (op) {
    case '$is':
      return (r) => value(r) === String(operand);
    case '$is_not':
      return (r) => value(r) !== String(operand);
    case '$in':
      return (r) => list.includes(value(r) ?? '');
    case '$not_in':
      return (r) => !list.includes(value(r) ?? '');
    case '$has_value':
      return (r) => value(r) !== undefined;
    case '$is_unknown':
      return (r) => value(r) === undefined;
    case '$starts_with':
      return (r) => (value(r) ?? '').startsWith(String(operand));
    case '$ends_with':
      return (r) => (value(r) ?? '').endsWith(String(operand));
    case '$contains':
      return (r) => (value(r) ?? '').includes(String(operand));
    case '$not_contain':
      return (r) => !(value(r) ?? '').includes(String(operand));
    case '$after':
    case '$more_than':
      return (r) => (value(r) ?? '') > String(operand);
    case '$before':
    case '$less_than':
      return (r) => (value(r) ?? '') < String(operand);
    default:
      return undefined;
  }
}
