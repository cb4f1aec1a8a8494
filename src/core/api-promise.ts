/**
 * `APIPromise`: what single-record methods return. Awaited, it gives the parsed body, as before;
 * `.withResponse()` gives the body and the final HTTP response.
 *
 * @module
 */

/**
 * What `.withResponse()` resolves with.
 * @category Client
 */
export interface WithResponse<T> {
  /** The parsed, checked response body: what awaiting the call gives. */
  data: T;
  /** The final HTTP response: status and headers (its body already read). */
  response: Response;
}

/**
 * A `Promise` of the parsed response body, plus {@link APIPromise.withResponse}:
 *
 * ```ts
 * const member = await client.loyalties.getMember('LOYAL-1');
 * const { data, response } = await client.loyalties.getMember('LOYAL-1').withResponse();
 * console.log(response.status, response.headers.get('x-request-id'), data.loyalty_card?.points);
 * ```
 *
 * Reading status, headers and request ids: [Observability](../../docs/observability.md).
 *
 * @category Client
 */
export interface APIPromise<T> extends Promise<T> {
  /**
   * The parsed body and the final HTTP response (status, headers; its body already read). Rejects
   * with the same error as the call.
   */
  withResponse(): Promise<WithResponse<T>>;
}

/** @internal Builds the {@link APIPromise} of a call from what the pipeline resolves with. */
export function apiPromise<T>(call: Promise<WithResponse<T>>): APIPromise<T> {
  const promise = call.then((result) => result.data) as APIPromise<T>;
  // The caller who takes the response handles the call's rejection there: the body promise's
  // own rejection is then no "unhandled rejection".
  promise.withResponse = () => (promise.catch(() => {}), call);
  return promise;
}
