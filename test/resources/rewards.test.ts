import { describe, expect, it } from 'vitest';
import { NotFoundError, PaginationLimitError } from '../../src/index.js';
import { rewardAssignment } from '../fixtures/rewards.js';
import { json, respond, seen, serverHeaders, testClient, useMockApi } from '../helpers/mock-api.js';
import { refusal } from './rejections.js';

useMockApi();

describe('rewards.listAssignments', () => {
  it('GETs /v1/rewards/{rewardId}/assignments with limit and page and parses the page with its total', async () => {
    const data = [rewardAssignment(4), rewardAssignment(5), rewardAssignment(6)];
    respond('get', '/v1/rewards/rew_FreeLatte01/assignments', json({ object: 'list', data_ref: 'data', data, total: 9 }));
    const page = await testClient({ validation: 'strict' }).rewards.listAssignments('rew_FreeLatte01', { limit: 3, page: 2 });
    const req = seen[0]!;
    expect([req.method, req.path, req.search, req.body]).toEqual(['GET', '/v1/rewards/rew_FreeLatte01/assignments', 'limit=3&page=2', '']);
    expect(req.headers).toMatchObject(serverHeaders);
    expect(page.data).toEqual(data);
    expect(page.total).toBe(9);
    expect(page.data[1]!.parameters?.loyalty?.points).toBe(200);
    expect(page.data[2]!.parameters).toBeUndefined();
    expect(page.hasNextPage()).toBe(true);
  });

  it('encodes an odd reward ID once and sends no query string without params', async () => {
    respond('get', '/v1/rewards/:rewardId/assignments', json({ object: 'list', data_ref: 'data', data: [], total: 0 }));
    const page = await testClient({ validation: 'strict' }).rewards.listAssignments('rew 1/2?#');
    expect(seen[0]!.path).toBe('/v1/rewards/rew%201%2F2%3F%23/assignments');
    expect(seen[0]!.search).toBe('');
    expect(page.hasNextPage()).toBe(false);
  });

  it('iterates page by page until total is reached', async () => {
    respond(
      'get',
      '/v1/rewards/rew_1/assignments',
      json({ object: 'list', data_ref: 'data', data: [rewardAssignment(1), rewardAssignment(2)], total: 3 }),
      json({ object: 'list', data_ref: 'data', data: [rewardAssignment(3)], total: 3 }),
    );
    const all = await testClient().rewards.listAssignments('rew_1', { limit: 2 }).toArray();
    expect(all.map((a) => a.id)).toEqual([1, 2, 3].map((n) => rewardAssignment(n).id));
    expect(seen.map((r) => r.search)).toEqual(['limit=2', 'limit=2&page=2']);
  });

  it('throws PaginationLimitError past page 100 while records remain, instead of stopping silently', async () => {
    respond(
      'get',
      '/v1/rewards/rew_1/assignments',
      json({ object: 'list', data_ref: 'data', data: [rewardAssignment(1)], total: 500 }),
      json({ object: 'list', data_ref: 'data', data: [rewardAssignment(2)], total: 500 }),
    );
    const seenIds: string[] = [];
    const error = await (async () => {
      for await (const a of testClient().rewards.listAssignments('rew_1', { limit: 1, page: 99 })) seenIds.push(a.id);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationLimitError);
    expect(seenIds).toEqual([rewardAssignment(1).id, rewardAssignment(2).id]);
    expect(seen.map((r) => r.search)).toEqual(['limit=1&page=99', 'limit=1&page=100']);
  });

  it('stops without error at page 100 when no records remain', async () => {
    respond('get', '/v1/rewards/rew_1/assignments', json({ object: 'list', data_ref: 'data', data: [rewardAssignment(1)], total: 100 }));
    const page = await testClient().rewards.listAssignments('rew_1', { limit: 1, page: 100 });
    expect(page.hasNextPage()).toBe(false);
  });

  it('maps 404 to NotFoundError', async () => {
    respond('get', '/v1/rewards/rew_gone/assignments', json({ code: 404, key: 'not_found', message: 'Resource not found', resource_type: 'reward' }, 404));
    await expect(testClient().rewards.listAssignments('rew_gone')).rejects.toBeInstanceOf(NotFoundError);
  });

  it.each([
    [{ page: 0 }, 'page'],
    [{ page: 101 }, 'page'],
    [{ page: 1.5 }, 'page'],
    [{ limit: 0 }, 'limit'],
    [{ limit: 101 }, 'limit'],
  ])('refuses %j naming %s, with nothing sent', async (params, field) => {
    const error = await refusal(testClient().rewards.listAssignments('rew_1', params as never));
    expect(error.issues.map((i) => i.path.join('.'))).toEqual([field]);
    expect(seen).toHaveLength(0);
  });
});
