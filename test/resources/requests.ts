/** The request a resource test's call sent, checked the way the tests of JSON bodies share. */
import { expect } from 'vitest';
import { jsonServerHeaders, seen, type Seen } from '../helpers/mock-api.js';

/**
 * The first request sent, checked to be a POST to `path` with no query, with the headers of a
 * server call with a JSON body, and with `body` as that JSON.
 */
export function postedJson(path: string, body: unknown): Seen {
  const req = seen[0]!;
  expect([req.method, req.path, req.search]).toEqual(['POST', path, '']);
  expect(req.headers).toMatchObject(jsonServerHeaders);
  expect(JSON.parse(req.body)).toEqual(body);
  return req;
}
