import { inspect } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { Client } from '../../src/index.js';
import { json, respond, secrets, testClient, useMockApi } from '../helpers/mock-api.js';

useMockApi();

const member = { id: 'v_1', code: 'L1', type: 'LOYALTY_CARD', object: 'voucher', created_at: '2026-01-01T00:00:00Z' };

function recordingLogger() {
  const lines: string[] = [];
  const put = (...args: unknown[]) => lines.push(args.map((a) => (typeof a === 'string' ? a : inspect(a, { depth: 10 }))).join(' '));
  return { lines, logger: { debug: vi.fn(put), info: vi.fn(put), warn: vi.fn(put), error: vi.fn(put) } };
}

describe('logging', () => {
  it('at debug level logs requests and responses with secret headers redacted', async () => {
    respond('get', '/v1/loyalties/members/L1', json({}, 503), json(member));
    respond('post', '/client/v1/events', json({ object: 'event', type: 'e', customer: {}, referral: null, loyalty: null, metadata: {} }));
    const { lines, logger } = recordingLogger();
    const client = testClient({ logger, logLevel: 'debug' });
    await client.loyalties.getMember('L1');
    await client.clientEvents.track({ event: 'e', customer: { id: 'c' } });
    const all = lines.join('\n');
    expect(all).toContain('GET https://api.promokit.test/v1/loyalties/members/L1');
    expect(all).toContain('[redacted]');
    expect(all).toContain('retry 1');
    for (const secret of [secrets.appToken, secrets.accessToken, secrets.clientToken]) expect(all).not.toContain(secret);
  });

  it('logs nothing at level off', async () => {
    respond('get', '/v1/loyalties/members/L1', json({ id: 'L1', code: 'L1', type: 'LOYALTY_CARD', loyalty_card: 5 }));
    const { lines, logger } = recordingLogger();
    await testClient({ logger, logLevel: 'off' }).loyalties.getMember('L1');
    expect(lines).toEqual([]);
  });
});

describe('secrets stay out of inspected and serialised clients', () => {
  it('util.inspect and JSON.stringify of the client and its sub-clients show no secret', () => {
    const client = testClient();
    const texts = [
      inspect(client, { depth: 20, showHidden: true }),
      JSON.stringify(client),
      inspect(client.loyalties, { depth: 20, showHidden: true }),
      JSON.stringify(client.loyalties),
      inspect(client.clientEvents, { depth: 20, showHidden: true }),
      JSON.stringify(client.clientEvents),
    ];
    for (const text of texts) {
      for (const secret of [secrets.appToken, secrets.accessToken, secrets.clientToken]) expect(text).not.toContain(secret);
    }
    expect(texts[0]).toContain('https://api.promokit.test');
    expect(texts[0]).toContain('[redacted]');
  });

  it('a function access token is never called by inspect', () => {
    const token = vi.fn(() => 'x');
    inspect(new Client({ baseUrl: 'https://a.test', accessToken: token }));
    expect(token).not.toHaveBeenCalled();
  });
});
