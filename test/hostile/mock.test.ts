/**
 * The mock service turned against its host: `mock.listen()` is a real HTTP server on 127.0.0.1,
 * reachable from any page a browser on this machine opens. A query key such as `__proto__[x]`
 * must write to no prototype, and CORS must let only pages on this machine read its answers.
 * One case each over the wire; test/mock-service/ covers every transport and origin.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '../../src/index.js';
import { createMockService, type MockServer } from '../../src/testing/index.js';
import { useFigures } from './table.js';

const record = useFigures('hostile/mock');

const servers: MockServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  delete (Object.prototype as Record<string, unknown>).x;
});

async function listening() {
  const mock = createMockService();
  const server = await mock.listen();
  servers.push(server);
  return { mock, server };
}

describe('mock.listen() over HTTP', () => {
  it('a query key __proto__[x] or constructor[prototype][x] writes to no prototype', async () => {
    const { mock, server } = await listening();
    const own = Object.getOwnPropertyNames(Object.prototype).sort();
    const c = mock.credentials;
    const path = `/v1/loyalties/${mock.ids.campaigns.coffeeClub}/transactions?__proto__[x]=polluted&constructor[prototype][x]=polluted&__proto__.x=polluted&limit=5`;
    const response = await fetch(`${server.url}${path}`, {
      headers: { 'x-app-id': c.appId, 'x-app-token': c.appToken, authorization: `Bearer ${c.accessToken}` },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    // And the SDK's own bracket notation, through a client of the listening mock.
    const client = new Client({ baseUrl: server.url, ...c, logLevel: 'off' });
    const page = await client.loyalties.listTransactions(mock.ids.campaigns.coffeeClub, {
      limit: 5,
      filters: JSON.parse('{"__proto__":{"x":"polluted"}}') as Record<string, unknown>,
    });
    expect(page.data.length).toBeGreaterThan(0);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(own);
    record(
      'mock-proto',
      `2 requests (a raw query with 3 hostile keys, an SDK list with a \`__proto__\` filter): 200 each; properties added to \`Object.prototype\`: ${Object.getOwnPropertyNames(Object.prototype).length - own.length}`,
    );
  });

  it('answers CORS for loopback origins only', async () => {
    const { mock, server } = await listening();
    const allowed = async (origin: string) => {
      const preflight = await fetch(`${server.url}/v1/locations/${mock.ids.location}`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization, x-app-id, x-app-token' },
      });
      return preflight.headers.get('access-control-allow-origin');
    };
    const loopback = ['http://localhost:5173', 'http://127.0.0.1:3000', 'http://[::1]:8080'];
    const others = ['https://evil.example', 'http://localhost.evil.example', 'http://192.168.1.20:5173', 'null'];
    for (const origin of loopback) expect(await allowed(origin), origin).toBe(origin);
    for (const origin of others) expect(await allowed(origin), origin).toBeNull();
    record(
      'mock-cors',
      `preflights granted: ${loopback.length} of ${loopback.length} loopback origins, 0 of ${others.length} others (\`https://evil.example\`, \`http://localhost.evil.example\`, a LAN address, \`null\`)`,
    );
  });
});

describe('mock.listen() binds this machine only', () => {
  it('every host other machines could reach is refused unless dangerouslyAllowRemote is true; the loopback ones listen', async () => {
    const mock = createMockService();
    const reachable = ['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', '203.0.113.7', 'example.test', ''];
    for (const host of reachable) {
      await expect(mock.listen({ host }), host).rejects.toThrow(TypeError);
      await expect(mock.listen({ host }), host).rejects.toThrow(/reachable from other machines.*dangerouslyAllowRemote/);
    }
    for (const bad of [{ host: 1 }, { host: ['0.0.0.0'] }, { dangerouslyAllowRemote: 'true' }, { host: '0.0.0.0', dangerouslyAllowRemote: 1 }]) {
      await expect(mock.listen(bad as never), JSON.stringify(bad)).rejects.toThrow(TypeError);
    }
    // Told otherwise, the check is passed: a TEST-NET address this machine does not have fails to bind, as Node says.
    const told = await mock.listen({ host: '203.0.113.7', dangerouslyAllowRemote: true }).then(
      (server) => server.close().then(() => 'listened'),
      (error: NodeJS.ErrnoException) => error.code,
    );
    expect(told).toBe('EADDRNOTAVAIL');
    let listened = 0;
    for (const host of [undefined, '127.0.0.1', 'localhost', '::1']) {
      const server = await mock.listen(host === undefined ? {} : { host });
      servers.push(server);
      const response = await fetch(`${server.url}/v1/loyalties/members/LOYAL-1`, { headers: { 'x-app-id': 'nobody' } });
      expect(response.status).toBe(401);
      listened++;
    }
    record(
      'mock-listen-host',
      `${reachable.length} hosts other machines could reach: ${reachable.length} refused with \`TypeError\`; ${listened} loopback hosts listened and answered`,
    );
  });
});
