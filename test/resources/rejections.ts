/** The error a call rejects with, for the resource tests to assert on. */
import { expect } from 'vitest';
import { InvalidRequestError } from '../../src/index.js';

/** The error `call` rejects with, checked to be a `type`: the test fails if the call resolves or rejects with anything else. */
export async function rejection<E>(call: Promise<unknown>, type: abstract new (...args: never[]) => E): Promise<E> {
  const error = await call.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(type);
  return error as E;
}

/** The {@link InvalidRequestError} of a call the SDK refuses. */
export function refusal(call: Promise<unknown>): Promise<InvalidRequestError> {
  return rejection(call, InvalidRequestError);
}
