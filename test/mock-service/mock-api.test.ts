/**
 * The mock's own API: seeding, reading, resetting, the clock, the request log, the HTTP server's
 * lifecycle, and what importing promokit/testing loads.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { Client, NotFoundError } from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';
import { endpointCount } from '../../src/resources/registry.js';
import { failure, NOW, serverHeaders } from './transports.js';

const clientFor = (mock: ReturnType<typeof createMockService>) =>
  new Client({ fetch: mock.fetch, baseUrl: mock.baseUrl, ...mock.credentials, logLevel: 'off', validation: 'strict', maxRetries: 0 });

describe('createMockService', () => {
  it('seeds partial records with defaults, and the client reads them', async () => {
    const mock = createMockService({ now: NOW });
    mock.seed({
      customers: [{ id: 'cust_test_1', source_id: 'test-user', name: 'Test User' }],
      vouchers: [
        { code: 'TEST-CARD', type: 'LOYALTY_CARD', loyalty_card: { points: 999 }, campaign_id: mock.ids.campaigns.coffeeClub, holder_id: 'cust_test_1' },
      ],
    });
    const member = await clientFor(mock).loyalties.getMember('TEST-CARD', { campaign_id: mock.ids.campaigns.coffeeClub });
    expect(member).toMatchObject({
      code: 'TEST-CARD',
      object: 'voucher',
      campaign: 'Coffee Club Rewards',
      holder_id: 'cust_test_1',
      loyalty_card: { points: 999, balance: 999 },
    });
    const held = await clientFor(mock).customers.listRedeemables('test-user');
    expect(held.data.map((h) => h.redeemable?.voucher?.code)).toEqual(['TEST-CARD']);
  });

  it('get() returns a copy: changing it does not change the mock', () => {
    const mock = createMockService();
    const card = mock.get('vouchers', mock.ids.members.ada)!;
    card.loyalty_card!.points = 1;
    expect(mock.get('vouchers', mock.ids.members.ada)!.loyalty_card!.points).toBe(1250);
    expect(mock.get('vouchers', card.id)?.code).toBe(mock.ids.members.ada);
    expect(mock.get('customers', 'shop-user-1001')?.name).toBe('Ada Lovelace');
    expect(mock.get('campaigns', 'Coffee Club Rewards')?.id).toBe(mock.ids.campaigns.coffeeClub);
  });

  it('reset() drops every change and restarts the ID sequence, keeping the records option', async () => {
    const mock = createMockService({ records: { vouchers: [{ code: 'KEPT', type: 'DISCOUNT_VOUCHER' }] } });
    const ids = mock.ids;
    const client = clientFor(mock);
    const created = await client.vouchers.create('GONE', { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 1 } });
    await client.loyalties.redeemReward(mock.ids.members.ada, { reward: { id: mock.ids.rewards.espresso } });
    mock.reset();
    expect(mock.get('vouchers', 'GONE')).toBeUndefined();
    expect(mock.get('vouchers', 'KEPT')).toBeDefined();
    expect(mock.get('vouchers', mock.ids.members.ada)?.loyalty_card?.points).toBe(1250);
    expect(mock.requests).toHaveLength(0);
    expect(mock.ids).toEqual(ids);
    const again = await client.vouchers.create('GONE', { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 1 } });
    expect(again.id).toBe(created.id);
  });

  it('gives the same IDs on every run', () => {
    expect(createMockService().ids).toEqual(createMockService().ids);
  });

  it('with seed: false starts empty but still accepts its credentials', async () => {
    const mock = createMockService({ seed: false });
    expect(mock.list('vouchers')).toEqual([]);
    expect(() => mock.ids).toThrow(/seed: false/);
    expect(await failure(clientFor(mock).locations.get('loc_1'))).toBeInstanceOf(NotFoundError);
    expect(await clientFor(mock).oauth.introspect(mock.credentials.accessToken)).toMatchObject({ active: true });
  });

  it('the now option moves the clock validity is judged by', async () => {
    const atLunch = createMockService({ now: '2026-03-21T12:00:00Z' }); // a Saturday, noon
    const client = clientFor(atLunch);
    expect(await client.vouchers.validate(atLunch.ids.vouchers.lunchHours)).toMatchObject({ valid: true });
    expect(await client.vouchers.validate(atLunch.ids.vouchers.weekendOnly)).toMatchObject({ valid: true });
    let now = new Date('2026-03-21T12:00:00Z');
    const moving = createMockService({ now: () => now });
    const token = moving.issueToken({ expiresIn: 60 });
    expect(await clientFor(moving).oauth.introspect(token)).toMatchObject({ active: true, expires_in: 60 });
    now = new Date(now.getTime() + 61_000);
    expect(await clientFor(moving).oauth.introspect(token)).toEqual({ active: false });
  });

  it('takes other credentials', async () => {
    const mock = createMockService({ credentials: { appId: 'my-app', appToken: 'my-secret' } });
    expect(mock.credentials.appId).toBe('my-app');
    expect((await clientFor(mock).locations.get(mock.ids.location)).id).toBe(mock.ids.location);
  });

  it('logs every request with the operation, path and status', async () => {
    const mock = createMockService();
    await clientFor(mock).vouchers.validate(mock.ids.vouchers.valid);
    await failure(clientFor(mock).locations.get('loc_nope'));
    expect(mock.requests).toEqual([
      { operation: 'vouchers.validate', method: 'POST', path: '/v1/vouchers/SPRING15/validate', search: '', status: 200 },
      { operation: 'locations.get', method: 'GET', path: '/v1/locations/loc_nope', search: '', status: 404 },
    ]);
  });

  it('answers an unknown path with 404 and a known path with the wrong method with 405', async () => {
    const mock = createMockService();
    const unknown = await mock.fetch(`${mock.baseUrl}/v1/nothing-here`, { headers: serverHeaders(mock) });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({
      code: 404,
      key: 'not_found',
      details: `No operation at GET /v1/nothing-here: the mock serves the ${endpointCount()} operations promokit types and the routes added with mock.route()`,
    });
    const wrong = await mock.fetch(`${mock.baseUrl}/v1/orders`, { headers: serverHeaders(mock) });
    expect(wrong.status).toBe(405);
  });

  it('answers a body that is not JSON with 400 invalid_payload', async () => {
    const mock = createMockService();
    const response = await mock.fetch(`${mock.baseUrl}/v1/orders`, { method: 'POST', headers: serverHeaders(mock), body: '{"items": [' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ key: 'invalid_payload' });
  });

  it('mock.fetch rejects at once when the signal is already aborted', async () => {
    const mock = createMockService();
    const error = await failure(mock.fetch(`${mock.baseUrl}/v1/orders`, { signal: AbortSignal.abort() }));
    expect((error as Error).name).toBe('AbortError');
  });

  it('listen() serves on 127.0.0.1, and close() stops the server', async () => {
    const mock = createMockService();
    const server = await mock.listen();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.port).toBeGreaterThan(0);
    const response = await fetch(`${server.url}/v1/locations/${mock.ids.location}`, { headers: serverHeaders(mock) });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toMatch(/^v-/);
    await server.close();
    await server.close();
    await expect(fetch(`${server.url}/v1/locations/${mock.ids.location}`)).rejects.toThrow();
  });

  it('two servers of one mock share its records', async () => {
    const mock = createMockService();
    const [a, b] = await Promise.all([mock.listen(), mock.listen()]);
    try {
      const creds = { ...mock.credentials, logLevel: 'off' as const, maxRetries: 0 };
      await new Client({ baseUrl: a.url, ...creds }).vouchers.create('SHARED-1', { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 100 } });
      expect(await new Client({ baseUrl: b.url, ...creds }).vouchers.validate('SHARED-1')).toMatchObject({ valid: true });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('importing promokit/testing', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
    });
  const sources = files(join(__dirname, '../../src/testing'));

  it('has no static import of msw or of a Node built-in', () => {
    expect(sources.length).toBeGreaterThan(5);
    for (const file of sources) {
      const text = readFileSync(file, 'utf8');
      // Import statements only: doc comments show users `import { http } from 'msw'`.
      expect(text, file).not.toMatch(/^\s*(import|export)\b[^;]*?from\s+['"](msw|node:[^'"]+|http|fs|net)['"]/m);
      expect(text, file).not.toMatch(/^[^*/]*\bimport\(\s*['"](msw|node:)/m);
    }
  });

  it('works for .fetch and .listen when msw cannot be loaded', async () => {
    vi.resetModules();
    vi.doMock('msw', () => {
      throw new Error('Cannot find package msw');
    });
    try {
      const testing = await import('../../src/testing/index.js');
      const mock = testing.createMockService();
      expect((await clientFor(mock).locations.get(mock.ids.location)).name).toBe('Berlin flagship store');
      const server = await mock.listen();
      await server.close();
    } finally {
      vi.doUnmock('msw');
    }
  });
});

describe('promokit/testing outside Node', () => {
  it('bundles for the browser and answers through mock.fetch in a context with only Web APIs', async () => {
    const { build } = await import('esbuild');
    const { runInContext, createContext } = await import('node:vm');
    const bundle = await build({
      entryPoints: [join(__dirname, '../../src/testing/index.ts')],
      bundle: true,
      platform: 'browser',
      format: 'iife',
      globalName: 'promokitTesting',
      write: false,
      logLevel: 'silent',
    });
    expect(bundle.warnings).toEqual([]);
    // No process, no require, no Node built-ins: what an edge worker or a browser offers.
    const context = createContext({ Request, Response, Headers, URL, URLSearchParams, structuredClone, TextEncoder, DOMException, AbortSignal });
    runInContext(bundle.outputFiles[0]!.text, context);
    const testing = (context as { promokitTesting: typeof import('../../src/testing/index.js') }).promokitTesting;
    const mock = testing.createMockService();
    const response = await mock.fetch(`${mock.baseUrl}/v1/locations/${mock.ids.location}`, { headers: serverHeaders(mock) });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { name: string }).name).toBe('Berlin flagship store');
    await expect(mock.listen()).rejects.toThrow(/mock\.listen\(\) needs node:http/);
  });
});
