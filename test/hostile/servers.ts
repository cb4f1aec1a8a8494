/**
 * What the hostile suite shares: recognisable credentials and the secrets among them, a JSON
 * answer for the servers of test/helpers/recorder.ts (`startRaw`, which hands a test the raw
 * response so it can redirect, stream without end, inflate, or never answer), and a timer for
 * what a call settles with.
 */
import type { ServerResponse } from 'node:http';
import * as sdk from '../../src/index.js';
import type { PromokitError } from '../../src/index.js';
import { credentials } from '../helpers/http-server.js';

export { credentialHeaders } from '../helpers/keys.js';

/** Writes a JSON answer. */
export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers }).end(text);
}

/** Every credential option, with recognisable values; the secrets are {@link secrets}. */
export const keys = credentials;

/** The secret values among {@link keys}: none may reach an error, a log line or another origin. */
export const secrets: readonly string[] = [keys.appToken, keys.accessToken, keys.clientToken];

/** A loyalty member, as `loyalties.getMember` answers. */
export const member = {
  id: 'v_hostile_1',
  code: 'LOYAL-H1',
  type: 'LOYALTY_CARD',
  object: 'voucher',
  created_at: '2026-01-01T00:00:00Z',
  loyalty_card: { points: 120 },
};

/** Settles with what `promise` rejects with (or `undefined` if it resolves), and the milliseconds it took. */
export async function settle(promise: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  return { error, ms: Math.round(performance.now() - started) };
}

/** A Proxy whose every trap throws (reading, listing or testing a key): reading it at all fails. */
export function throwingProxy(): object {
  const trap = (): never => {
    throw new Error('trap');
  };
  return new Proxy({}, { get: trap, ownKeys: trap, has: trap });
}

/**
 * An error of each class the package exports, made by hand (no call kept beside it), from
 * `fields` (an `ApiError`'s `headers` among them). test/hostile/records.test.ts holds that every
 * exported class has one.
 */
export const ERROR_OF_EACH_CLASS: Record<string, (fields?: Record<string, unknown>) => PromokitError> = {
  PromokitError: (f = {}) => new sdk.PromokitError('x', f),
  ConfigurationError: () => new sdk.ConfigurationError('timeout', 'x'),
  InvalidRequestError: () => new sdk.InvalidRequestError('x', []),
  CallError: (f = {}) => new sdk.CallError('x', f),
  ConnectionError: (f = {}) => new sdk.ConnectionError('x', f),
  TimeoutError: (f = {}) => new sdk.TimeoutError('x', f),
  AbortError: (f = {}) => new sdk.AbortError('x', f),
  RedirectError: (f = {}) => new sdk.RedirectError('x', f),
  ResponseTooLargeError: (f = {}) => new sdk.ResponseTooLargeError('x', f),
  ResponseValidationError: () => new sdk.ResponseValidationError('x', [], {}),
  LimiterError: () => new sdk.LimiterError('x', 'y'),
  PaginationLimitError: () => new sdk.PaginationLimitError('x', 100),
  PaginationStalledError: () => new sdk.PaginationStalledError('x', 'y'),
  ToArrayLimitError: () => new sdk.ToArrayLimitError('x', 10),
  NoNextPageError: () => new sdk.NoNextPageError('x'),
  AsyncActionFailedError: () => new sdk.AsyncActionFailedError({ id: 'aa_1', status: 'FAILED' } as never),
  ...Object.fromEntries(
    (
      [
        ['ApiError', 418],
        ['BadRequestError', 400],
        ['AuthenticationError', 401],
        ['PermissionDeniedError', 403],
        ['NotFoundError', 404],
        ['ConflictError', 409],
        ['UnprocessableEntityError', 422],
        ['RateLimitError', 429],
        ['InternalServerError', 503],
      ] as const
    ).map(([name, status]) => [
      name,
      (f: Record<string, unknown> = {}) =>
        new (sdk[name] as typeof sdk.ApiError)({ status, operation: 'x', body: {}, headers: (f.headers as Record<string, string>) ?? {} }),
    ]),
  ),
};
