import { describe, expect, it } from 'vitest';
import { BadRequestError, NotFoundError } from '../../src/index.js';
import { importDone, listedAction } from '../fixtures/async-actions.js';
import { json, respond, secrets, seen, testClient, useMockApi } from '../helpers/mock-api.js';
import { refusal } from './rejections.js';

useMockApi();

describe('asyncActions.get', () => {
  it('GETs /v1/async-actions/{id} and parses the action with its result', async () => {
    respond('get', '/v1/async-actions/aa_0b7a4f2c8e1d', json(importDone));
    const action = await testClient({ validation: 'strict' }).asyncActions.get('aa_0b7a4f2c8e1d');
    const req = seen[0]!;
    expect([req.method, req.path, req.search, req.body]).toEqual(['GET', '/v1/async-actions/aa_0b7a4f2c8e1d', '', '']);
    expect(req.headers).toMatchObject({ 'x-app-id': secrets.appId, 'x-app-token': secrets.appToken, authorization: `Bearer ${secrets.accessToken}` });
    expect(action).toEqual(importDone);
    expect(action.result?.failed_count).toBe(1);
  });

  it('maps 404 to NotFoundError', async () => {
    respond('get', '/v1/async-actions/aa_missing', json({ code: 404, key: 'not_found', message: 'Resource not found', resource_type: 'async_action' }, 404));
    await expect(testClient().asyncActions.get('aa_missing')).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('asyncActions.list', () => {
  it('GETs /v1/async-actions with limit and end_date and reads records under async_actions', async () => {
    const records = [listedAction(1), listedAction(2)];
    respond('get', '/v1/async-actions', json({ object: 'list', data_ref: 'async_actions', async_actions: records, has_more: false }));
    const page = await testClient({ validation: 'strict' }).asyncActions.list({ limit: 2, end_date: '2026-11-21T00:00:00Z' });
    expect(seen[0]!.method).toBe('GET');
    expect(seen[0]!.path).toBe('/v1/async-actions');
    expect(seen[0]!.search).toBe('limit=2&end_date=2026-11-21T00%3A00%3A00Z');
    expect(page.data).toEqual(records);
    expect(page.hasNextPage()).toBe(false);
  });

  it('maps a 400 invalid_query_params to BadRequestError', async () => {
    respond('get', '/v1/async-actions', json({ code: 400, key: 'invalid_query_params', message: 'Invalid query params' }, 400));
    await expect(testClient().asyncActions.list()).rejects.toBeInstanceOf(BadRequestError);
  });

  it.each([
    [{ end_date: 'yesterday' }, 'end_date'],
    [{ end_date: '2026-13-01' }, 'end_date'],
    [{ limit: 101 }, 'limit'],
  ])('refuses %j naming %s before sending', async (params, field) => {
    const error = await refusal(testClient().asyncActions.list(params as never));
    expect(error.issues[0]!.path).toEqual([field]);
    expect(seen).toHaveLength(0);
  });
});
