/**
 * The browser build's response check (see response-check.ts and scripts/browser-build.mjs): the
 * same verdicts (`off` returns the body unchecked, `strict` and a body that is no record throw
 * `ResponseValidationError`, `warn` returns the body as received and logs each kind of deviation
 * once), without the counts a server `Client` keeps for `responseDeviations()`, which
 * `ClientEvents` does not have.
 *
 * @module
 */
import { ResponseValidationError, describeIssues, formatPath, type Issue } from './errors.js';
import type { Log } from './log.js';
import type { ResponseSchema, ValidationMode } from './response-check.js';

/** The kinds of deviation a client has logged: `operation path`. */
export class DeviationRecord {
  readonly kinds = new Map<string, number>();
}

/** Checks a response body against its schema in `mode`; see response-check.ts. */
export function checkResponse<T>(mode: ValidationMode, operation: string, schema: ResponseSchema<T>, body: unknown, log: Log, record: DeviationRecord): T {
  const result = mode === 'off' ? { success: true as const } : schema.safeParse(body);
  if (result.success) return body as T;
  const issues: Issue[] = result.error.issues.map((i) => ({ path: i.path.map((p) => (typeof p === 'number' ? p : String(p))), message: i.message }));
  if (mode === 'strict' || issues.some((issue) => issue.path.length === 0)) throw new ResponseValidationError(operation, issues, body);
  const fresh = issues.filter(({ path }) => {
    const key = `${operation} ${formatPath(path.map((p) => (typeof p === 'number' ? '*' : p)))}`;
    return !record.kinds.has(key) && !!record.kinds.set(key, 1);
  });
  if (fresh.length > 0) log.write('warn', `promokit: ${operation}: response does not match its schema, returned as received: ${describeIssues(fresh, 5)}`);
  return body as T;
}

/** The JSON a 2xx body holds; a body that is not JSON breaks the response's contract. */
export function parseJson(text: string, operation: string): unknown {
  const body = parseBody(text);
  if (body === text) throw new ResponseValidationError(operation, [{ path: [], message: text === '' ? 'the response body is empty' : 'the response body is not valid JSON' }], text);
  return body;
}

/** The parsed JSON of a body, or its raw text when it is not JSON. */
export function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
