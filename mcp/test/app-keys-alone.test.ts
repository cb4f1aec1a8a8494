// createServer takes a promokit Client or its options, whatever they are: `accessToken: false`
// (the app keys alone) among them. Its tools then send X-App-Id and X-App-Token without a token.
import { createMockService } from 'promokit/testing';
import { describe, expect, it } from 'vitest';
import { createServer } from '../src/index.js';
import { connect } from './harness.js';

describe('a server made from Client options with accessToken: false', () => {
  it.each([true, false])('reads with the app keys alone when the service takes them (appKeysAlone: %s)', async (appKeysAlone) => {
    const mock = createMockService({ now: '2026-03-18T09:30:00Z', appKeysAlone });
    const { accessToken: _unused, ...keys } = mock.credentials;
    const server = await createServer({ client: { fetch: mock.fetch, baseUrl: mock.baseUrl, ...keys, accessToken: false, maxRetries: 0 }, ledger: 'memory' });
    const mcp = await connect(server.factory, 'memory');
    try {
      const result = (await mcp.callTool({ name: 'get_member', arguments: { member_id: mock.ids.members.ada } })) as {
        isError?: boolean;
        structuredContent: { data: { loyalty_card?: { points?: number }; error?: { name: string; status: number } } };
      };
      if (appKeysAlone) {
        expect(result.isError).not.toBe(true);
        expect(result.structuredContent.data.loyalty_card?.points).toBe(1250);
      } else {
        // The service that wants a bearer token refuses the pair: the typed error, as for any read.
        expect(result.isError).toBe(true);
        expect(result.structuredContent.data.error).toMatchObject({ name: 'AuthenticationError', status: 401 });
      }
      expect(mock.requests).toHaveLength(1);
    } finally {
      await mcp.close();
      await server.close();
    }
  });
});
