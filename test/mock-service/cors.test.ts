/**
 * `mock.listen()` is reachable from any page a browser on this machine opens, so its CORS
 * answers let pages on this machine (localhost, 127.0.0.1, [::1]) read them, and no other
 * origin unless `allowOrigins` names it; a request addressed to another host name (DNS
 * rebinding) is refused. `mock.fetch` and msw follow the same origin rule.
 */
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockService, type ListenOptions, type MockServer } from '../../src/testing/index.js';
import { serverHeaders } from './transports.js';

const servers: MockServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(options?: ListenOptions) {
  const mock = createMockService();
  const server = await mock.listen(options);
  servers.push(server);
  /** The preflight and the answer a page on `origin` gets, as its browser sees their CORS headers. */
  const from = async (origin: string) => {
    const preflight = await fetch(`${server.url}/v1/locations/${mock.ids.location}`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization, x-app-id, x-app-token' },
    });
    const response = await fetch(`${server.url}/v1/locations/${mock.ids.location}`, { headers: { ...serverHeaders(mock), origin } });
    expect(response.status).toBe(200);
    return {
      preflight: preflight.headers.get('access-control-allow-origin'),
      preflightHeaders: preflight.headers.get('access-control-allow-headers'),
      response: response.headers.get('access-control-allow-origin'),
      vary: response.headers.get('vary'),
    };
  };
  return { mock, server, from };
}

const loopback = ['http://localhost:5173', 'http://127.0.0.1:3000', 'http://[::1]:8080', 'http://localhost', 'https://localhost:8443'];
const elsewhere = [
  'https://evil.example',
  'http://localhost.evil.example',
  'http://127.0.0.1.nip.io:3000',
  'http://192.168.1.20:5173',
  'null',
  'file://',
  'http://localhost:5173/path',
];

describe('mock.listen() CORS', () => {
  it.each(loopback)('lets a page on %s read its answers', async (origin) => {
    const { from } = await serve();
    expect(await from(origin)).toMatchObject({ preflight: origin, preflightHeaders: expect.stringContaining('x-app-token'), response: origin, vary: 'Origin' });
  });

  it.each(elsewhere)('gives a page on %s no Access-Control-Allow-Origin', async (origin) => {
    const { from } = await serve();
    expect(await from(origin)).toEqual({ preflight: null, preflightHeaders: null, response: null, vary: 'Origin' });
  });

  it('opens to the origins allowOrigins lists, and keeps the others closed', async () => {
    const { from } = await serve({ allowOrigins: ['https://app.example.test', 'http://qa.example.test:8080'] });
    expect(await from('https://app.example.test')).toMatchObject({ preflight: 'https://app.example.test', response: 'https://app.example.test' });
    expect(await from('http://qa.example.test:8080')).toMatchObject({ response: 'http://qa.example.test:8080' });
    expect(await from('http://qa.example.test:8081')).toMatchObject({ preflight: null, response: null });
    expect(await from('https://evil.example')).toMatchObject({ preflight: null, response: null });
    expect(await from('http://localhost:5173')).toMatchObject({ response: 'http://localhost:5173' });
  });

  it("opens to every origin with allowOrigins: '*'", async () => {
    const { from } = await serve({ allowOrigins: '*' });
    expect(await from('https://evil.example')).toMatchObject({ preflight: 'https://evil.example', response: 'https://evil.example' });
  });

  it.each([
    [['https://app.example.test/']],
    [['app.example.test']],
    [['ftp://files.example.test']],
    ['everything'],
    [[42]],
    [['https://user@app.example.test']],
  ])('refuses allowOrigins %j with a TypeError', async (allowOrigins) => {
    const mock = createMockService();
    await expect(mock.listen({ allowOrigins } as unknown as ListenOptions)).rejects.toThrow(TypeError);
    await expect(mock.listen({ allowOrigins } as unknown as ListenOptions)).rejects.toThrow(/allowOrigins must be '\*' or an array of origins/);
  });

  it('refuses a request addressed to another host name (DNS rebinding), unless allowOrigins names it', async () => {
    const get = (server: MockServer, host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${server.url}/v1/locations/loc_1`, { headers: { host } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
    const { server } = await serve();
    expect(await get(server, 'rebound.evil.example:8080')).toBe(403);
    expect(await get(server, `localhost:${server.port}`)).toBe(401); // reached the mock: no credentials sent
    expect(await get(server, `[::1]:${server.port}`)).toBe(401);
    const { server: opened } = await serve({ allowOrigins: ['http://dev.example.test:5173'] });
    expect(await get(opened, 'dev.example.test:4000')).toBe(401);
    expect(await get(opened, 'rebound.evil.example')).toBe(403);
  });
});

describe('mock.fetch and mock.handle (behind msw) follow the same origin rule', () => {
  it('mock.fetch and mock.handle answer CORS for loopback origins only', async () => {
    const mock = createMockService();
    const url = `${mock.baseUrl}/v1/locations/${mock.ids.location}`;
    const local = await mock.fetch(url, { headers: { ...serverHeaders(mock), origin: 'http://localhost:5173' } });
    expect(local.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const other = await mock.handle(new Request(url, { headers: { ...serverHeaders(mock), origin: 'https://evil.example' } }));
    expect(other.status).toBe(200);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
