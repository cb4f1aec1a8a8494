import { describe, expect, it, vi } from 'vitest';
import { Client, type ClientOptions } from '../../src/index.js';
import { secrets } from '../helpers/mock-api.js';

const action = { id: 'aa_1', status: 'DONE', progress: 100, created_at: '2026-11-01T10:00:00Z', object: 'async_action' };

function logger() {
  return { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
}

/** A client whose every call is answered with `body(path)`, without any network. */
function clientAnswering(body: (path: string) => unknown, options: ClientOptions = {}): Client {
  return new Client({
    baseUrl: 'https://api.promokit.test',
    ...secrets,
    origin: 'https://shop.example.com',
    maxRetries: 0,
    fetch: async (input) =>
      new Response(JSON.stringify(body(new URL(input instanceof Request ? input.url : String(input)).pathname)), {
        headers: { 'content-type': 'application/json' },
      }),
    ...options,
  });
}

describe('warn mode logs each deviation once per client', () => {
  it('1,000 calls with the same deviation log one warning, and the count says 1,000', async () => {
    const log = logger();
    const client = clientAnswering(() => ({ ...action, progress: 'half' }), { logger: log });
    for (let i = 0; i < 1000; i++) await client.asyncActions.get('aa_1');
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![0]).toContain('asyncActions.get');
    expect(log.warn.mock.calls[0]![0]).toContain('progress');
    expect(client.responseDeviations()).toEqual([{ operation: 'asyncActions.get', path: 'progress', count: 1000 }]);
  });

  it('logs a new field path or operation again, naming only what is new, and logs nothing of the body', async () => {
    const log = logger();
    let body: unknown = { ...action, progress: 'half' };
    const client = clientAnswering((path) => (path === '/v1/locations/loc_1' ? { id: 'loc_1', name: 7 } : body), { logger: log });
    await client.asyncActions.get('aa_1');
    body = { ...action, progress: 'half', type: 3 };
    await client.asyncActions.get('aa_1');
    await client.asyncActions.get('aa_1');
    await client.locations.get('loc_1');
    const messages = log.warn.mock.calls.map((c) => c[0] as string);
    expect(messages).toHaveLength(3);
    expect(messages[1]).toContain('type');
    expect(messages[1]).not.toContain('progress');
    expect(messages[2]).toContain('locations.get');
    for (const message of messages) expect(message).not.toMatch(/half|aa_1|loc_1/);
    expect(client.responseDeviations()).toEqual([
      { operation: 'asyncActions.get', path: 'progress', count: 3 },
      { operation: 'asyncActions.get', path: 'type', count: 2 },
      { operation: 'locations.get', path: 'name', count: 1 },
    ]);
  });

  it('counts the records of a list as one deviation, whatever their index', async () => {
    const log = logger();
    const page = {
      object: 'list',
      data_ref: 'async_actions',
      async_actions: [action, { ...action, id: 'aa_2', progress: 'x' }, { ...action, id: 'aa_3', progress: 'y' }],
    };
    const client = clientAnswering(() => page, { logger: log });
    await client.asyncActions.list();
    await client.asyncActions.list();
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![0]).toContain('async_actions[1].progress');
    expect(client.responseDeviations()).toEqual([{ operation: 'asyncActions.list', path: 'async_actions.*.progress', count: 4 }]);
  });

  it('is per client: another client logs the same deviation once more', async () => {
    const log = logger();
    const answer = () => ({ ...action, progress: 'half' });
    const first = clientAnswering(answer, { logger: log });
    const second = clientAnswering(answer, { logger: log });
    await first.asyncActions.get('aa_1');
    await second.asyncActions.get('aa_1');
    await first.asyncActions.get('aa_1');
    expect(log.warn).toHaveBeenCalledTimes(2);
    expect(first.responseDeviations()[0]!.count).toBe(2);
    expect(second.responseDeviations()[0]!.count).toBe(1);
  });

  it('counts client.clientEvents with the rest of its client', async () => {
    const log = logger();
    const client = clientAnswering(() => ({ object: 'event', type: 5 }), { logger: log, clientApplicationId: 'app', clientToken: 'token' });
    await client.clientEvents.track({ event: 'e', customer: { source_id: 'c' } });
    await client.clientEvents.track({ event: 'e', customer: { source_id: 'c' } });
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(client.responseDeviations()).toEqual([{ operation: 'clientEvents.track', path: 'type', count: 2 }]);
  });

  it('counts nothing in strict mode, which throws instead', async () => {
    const client = clientAnswering(() => ({ ...action, progress: 'half' }), { validation: 'strict', logLevel: 'off' });
    await expect(client.asyncActions.get('aa_1')).rejects.toThrow('progress');
    expect(client.responseDeviations()).toEqual([]);
  });

  it('keeps the deviations out of the logs below warn level, but still counts them', async () => {
    const log = logger();
    const client = clientAnswering(() => ({ ...action, progress: 'half' }), { logger: log, logLevel: 'error' });
    await client.asyncActions.get('aa_1');
    expect(log.warn).not.toHaveBeenCalled();
    expect(client.responseDeviations()).toEqual([{ operation: 'asyncActions.get', path: 'progress', count: 1 }]);
  });
});
