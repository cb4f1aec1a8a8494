import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { InvalidRequestError } from '../../src/index.js';
import { BASE_URL, seen, server, testClient, useMockApi } from '../helpers/mock-api.js';

useMockApi();

const member = { id: 'v_1', code: 'x', type: 'LOYALTY_CARD', object: 'voucher', created_at: '2026-01-01T00:00:00Z' };

describe('path segments are URL-encoded exactly once', () => {
  const codes: Array<[string, string]> = [
    ['100%OFF', '100%25OFF'],
    ['a/b', 'a%2Fb'],
    ['#hash', '%23hash'],
    ['what?', 'what%3F'],
    ['two words', 'two%20words'],
    ['ŻÓŁW-ÉTÉ', '%C5%BB%C3%93%C5%81W-%C3%89T%C3%89'],
    ['%2F', '%252F'],
    ['a+b&c=d', 'a%2Bb%26c%3Dd'],
  ];

  for (const [code, wire] of codes) {
    it(`sends ${JSON.stringify(code)} as ${wire}`, async () => {
      server.use(http.get(`${BASE_URL}/*`, () => HttpResponse.json(member)));
      await testClient().loyalties.getMember(code, { campaign_id: 'camp 1/x' });
      expect(seen).toHaveLength(1);
      expect(seen[0]!.path).toBe(`/v1/loyalties/camp%201%2Fx/members/${wire}`);
      // Decoding once gives back exactly what the caller passed.
      expect(decodeURIComponent(seen[0]!.path.split('/').pop()!)).toBe(code);
    });
  }

  it.each(['', '.', '..'])('refuses the path value %j before sending', async (code) => {
    server.use(http.get(`${BASE_URL}/*`, () => HttpResponse.json(member)));
    const error = await testClient()
      .loyalties.getMember(code)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as InvalidRequestError).issues[0]!.path).toEqual(['memberId']);
    expect(seen).toHaveLength(0);
  });
});

describe('query strings', () => {
  it('serialises nested filters in bracket notation and leaves out undefined values', async () => {
    server.use(
      http.get(`${BASE_URL}/v1/loyalties/:campaignId/transactions`, () => HttpResponse.json({ object: 'list', data_ref: 'data', data: [], has_more: false })),
    );
    await testClient().loyalties.listTransactions('camp_1', {
      limit: 5,
      order: '-id',
      starting_after_id: undefined,
      filters: { id: { conditions: { $in: ['vtx_1', 'vtx 2'] } }, junction: 'and' },
    });
    expect(seen[0]!.search).toBe('limit=5&order=-id&filters[id][conditions][$in][0]=vtx_1&filters[id][conditions][$in][1]=vtx%202&filters[junction]=and');
  });
});
