import { inspect } from 'node:util';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import * as promokit from '../../src/index.js';
import { json, respond, secrets, testClient, useMockApi } from '../helpers/mock-api.js';

useMockApi();

const { ApiError, PromokitError } = promokit;

describe('error mapping', () => {
  const statuses = [
    [400, promokit.BadRequestError],
    [401, promokit.AuthenticationError],
    [403, promokit.PermissionDeniedError],
    [404, promokit.NotFoundError],
    [409, promokit.ConflictError],
    [422, promokit.UnprocessableEntityError],
    [429, promokit.RateLimitError],
    [500, promokit.InternalServerError],
    [503, promokit.InternalServerError],
    [418, ApiError],
  ] as const;

  for (const [status, Class] of statuses) {
    it(`maps ${status} to ${Class.name} and fills the fields from the error body`, async () => {
      const body = { code: status, key: 'some_key', message: 'Something went wrong', details: 'More detail', request_id: 'req_123' };
      respond('get', '/v1/async-actions/aa_1', json(body, status, { 'x-request-id': 'req_123' }));
      const error = await testClient({ maxRetries: 0 })
        .asyncActions.get('aa_1')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Class);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toBeInstanceOf(PromokitError);
      expect(error).toBeInstanceOf(Error);
      const e = error as InstanceType<typeof ApiError>;
      expect(e.name).toBe(Class.name);
      expect(e).toMatchObject({ status, code: status, key: 'some_key', details: 'More detail', request_id: 'req_123', operation: 'asyncActions.get' });
      expect(e.message).toContain('Something went wrong');
      expect(e.body).toEqual(body);
      expect(e.headers['x-request-id']).toBe('req_123');
    });
  }

  it('keeps the raw text of a non-JSON error body (an HTML 502 page)', async () => {
    const page = '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center></body></html>';
    respond('get', '/v1/async-actions/aa_1', new HttpResponse(page, { status: 502, headers: { 'content-type': 'text/html' } }));
    const error = await testClient({ maxRetries: 0 })
      .asyncActions.get('aa_1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(promokit.InternalServerError);
    const e = error as InstanceType<typeof ApiError>;
    expect(e.status).toBe(502);
    expect(e.body).toBe(page);
    expect(e.key).toBeUndefined();
    expect(e.message).toContain('502 Bad Gateway');
  });

  it('a 2xx body that is not JSON gives ResponseValidationError with the raw text', async () => {
    respond('get', '/v1/async-actions/aa_1', new HttpResponse('{"id": "aa_1", "ty', { status: 200, headers: { 'content-type': 'application/json' } }));
    const error = await testClient({ validation: 'off' })
      .asyncActions.get('aa_1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(promokit.ResponseValidationError);
    expect((error as InstanceType<typeof promokit.ResponseValidationError>).body).toBe('{"id": "aa_1", "ty');
  });

  it('an error body carries no credential in message, stack, JSON or inspect output', async () => {
    respond('get', '/v1/async-actions/aa_1', json({ code: 401, key: 'unauthorized', message: 'Unauthorized' }, 401));
    const error = await testClient()
      .asyncActions.get('aa_1')
      .catch((e: unknown) => e);
    const texts = [String(error), (error as Error).stack ?? '', JSON.stringify(error), inspect(error, { depth: 10, showHidden: true })];
    for (const text of texts) {
      for (const secret of [secrets.appToken, secrets.accessToken, secrets.clientToken]) expect(text).not.toContain(secret);
    }
  });
});
