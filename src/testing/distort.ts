/**
 * The `'distort'` fault of `mock.inject()`: the service acts as it should, but its answers bend the
 * way real deployments' do, for code that reads them back (`client.reconcile` above all) to be tested
 * against: fields left out, `null` or stored differently, a `Date` header off, pages that ignore
 * `limit`, a `total` and a `has_more` that lie, records repeated or reordered. The mock's records
 * stay the truth (`mock.store`, `mock.list()`): only the answers differ.
 *
 * @module
 */

/**
 * How a `'distort'` fault bends the answers it meets. Record fields are dot-separated paths
 * (`order.source_id`, `metadata`), in each record of a list answer, or in the record answered.
 */
export interface MockDistortion {
  /** Fields left out of each record. */
  omit?: readonly string[] | undefined;
  /** Fields answered `null`. */
  nullify?: readonly string[] | undefined;
  /** String fields answered lower-cased, as a service that stores them so (emails). */
  lowercase?: readonly string[] | undefined;
  /** String fields answered cut to their first this many characters. */
  cut?: { readonly fields: readonly string[]; readonly length: number } | undefined;
  /** Milliseconds added to the `Date` header (negative: behind), whatever the mock's clock says. */
  dateOffsetMs?: number | undefined;
  /** Records a list page holds, whatever `limit` asks (1 to 100). */
  pageSize?: number | undefined;
  /** Added to a list's `total` (negative: under-reported; never below 0). */
  totalOffset?: number | undefined;
  /** A list's `has_more`, answered this whatever is true. */
  hasMore?: boolean | undefined;
  /** Each record of a page answered twice. */
  repeat?: boolean | undefined;
  /** The records of each page in reverse order. */
  reverse?: boolean | undefined;
}

const names = ['omit', 'nullify', 'lowercase', 'cut', 'dateOffsetMs', 'pageSize', 'totalOffset', 'hasMore', 'repeat', 'reverse'];

const isPaths = (value: unknown): boolean => Array.isArray(value) && value.every((path) => typeof path === 'string' && path !== '');

/** Checks a distortion; a `TypeError` names the first field that breaks its rule. */
export function checkDistortion(value: unknown): MockDistortion {
  const fail = (rule: string) => new TypeError(`mock.inject: distort${rule}`);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw fail(
      " must be an object { omit?, nullify?, lowercase?, cut?, dateOffsetMs?, pageSize?, totalOffset?, hasMore?, repeat?, reverse? } with fault 'distort'",
    );
  const given = value as Record<string, unknown>;
  const unknown = Object.keys(given).filter((name) => !names.includes(name));
  if (unknown.length > 0) throw fail(` has no option ${unknown.slice(0, 5).join(', ')}; its options are ${names.join(', ')}`);
  for (const name of ['omit', 'nullify', 'lowercase'])
    if (given[name] !== undefined && !isPaths(given[name])) throw fail(`.${name} must be an array of dot-separated field paths`);
  const cut = given.cut as Record<string, unknown> | undefined;
  if (cut !== undefined && !(isPaths(cut?.fields) && Number.isInteger(cut?.length) && (cut?.length as number) >= 0))
    throw fail('.cut must be { fields: an array of field paths, length: a whole number, 0 or more }');
  for (const name of ['dateOffsetMs', 'totalOffset'])
    if (given[name] !== undefined && !Number.isInteger(given[name])) throw fail(`.${name} must be a whole number`);
  if (given.pageSize !== undefined && !(Number.isInteger(given.pageSize) && (given.pageSize as number) >= 1 && (given.pageSize as number) <= 100))
    throw fail('.pageSize must be a whole number from 1 to 100');
  for (const name of ['hasMore', 'repeat', 'reverse'])
    if (given[name] !== undefined && typeof given[name] !== 'boolean') throw fail(`.${name} must be true or false`);
  return structuredClone(given) as MockDistortion;
}

/** The request as the distorted service reads it: its `limit` replaced by its own page size. */
export function distortedRequest(request: Request, distortion: MockDistortion): Request {
  if (distortion.pageSize === undefined || request.method !== 'GET') return request;
  const url = new URL(request.url);
  url.searchParams.set('limit', String(distortion.pageSize));
  return new Request(url, request);
}

/** Changes the field at `path` of `record` with `change` (its parent and the last key), when its parent is there. */
function at(record: unknown, path: string, change: (parent: Record<string, unknown>, key: string) => void): void {
  const keys = path.split('.');
  let parent = record;
  for (const key of keys.slice(0, -1)) parent = typeof parent === 'object' && parent !== null ? (parent as Record<string, unknown>)[key] : undefined;
  if (typeof parent === 'object' && parent !== null && !Array.isArray(parent)) change(parent as Record<string, unknown>, keys[keys.length - 1]!);
}

/** One record as the distorted service answers it. */
function bent(record: unknown, distortion: MockDistortion): unknown {
  for (const path of distortion.lowercase ?? [])
    at(record, path, (parent, key) => {
      if (typeof parent[key] === 'string') parent[key] = parent[key].toLowerCase();
    });
  const cut = distortion.cut;
  for (const path of cut?.fields ?? [])
    at(record, path, (parent, key) => {
      if (typeof parent[key] === 'string') parent[key] = parent[key].slice(0, cut!.length);
    });
  for (const path of distortion.nullify ?? []) at(record, path, (parent, key) => void (key in parent && (parent[key] = null)));
  for (const path of distortion.omit ?? []) at(record, path, (parent, key) => void delete parent[key]);
  return record;
}

/** An answer's JSON body as the distorted service answers it: each record of a list (or the record) bent, the list's envelope lying. */
export function distortedBody(body: unknown, distortion: MockDistortion): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const envelope = body as Record<string, unknown>;
  const key = typeof envelope.data_ref === 'string' ? envelope.data_ref : undefined;
  const records = key ? envelope[key] : undefined;
  if (!key || !Array.isArray(records)) return bent(body, distortion);
  let page = records.map((record) => bent(record, distortion));
  if (distortion.reverse) page = page.reverse();
  if (distortion.repeat) page = page.flatMap((record) => [record, structuredClone(record)]);
  const lied: Record<string, unknown> = { ...envelope, [key]: page };
  if (distortion.totalOffset !== undefined && typeof envelope.total === 'number') lied.total = Math.max(0, envelope.total + distortion.totalOffset);
  if (distortion.hasMore !== undefined) lied.has_more = distortion.hasMore;
  return lied;
}

/** A response as the distorted service answers it: its JSON body distorted, its `Date` off. */
export async function distorted(response: Response, distortion: MockDistortion): Promise<Response> {
  const headers = new Headers(response.headers);
  const date = headers.get('date');
  if (distortion.dateOffsetMs !== undefined && date !== null) headers.set('date', new Date(Date.parse(date) + distortion.dateOffsetMs).toUTCString());
  if (response.status === 204) return new Response(null, { status: 204, headers });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, { status: response.status, headers });
  }
  headers.delete('content-length');
  return new Response(JSON.stringify(distortedBody(body, distortion)), { status: response.status, headers });
}
