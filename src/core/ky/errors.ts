/**
 * Recognising ky's errors without importing ky: the pipeline loads ky only on the first request
 * (see `http.ts`), so its classes are not at hand for `instanceof`. ky names its errors.
 *
 * @module
 */

/** ky's error for a non-2xx response: carries the `Response`. */
export function isKyHttpError(error: unknown): error is Error & { response: Response } {
  return error instanceof Error && error.name === 'HTTPError' && typeof (error as { response?: { status?: unknown } }).response?.status === 'number';
}

/** ky's error for an attempt that outlived its `timeout`. */
export function isKyTimeout(error: unknown): error is Error {
  return error instanceof Error && error.name === 'TimeoutError' && 'request' in error;
}
