/**
 * A proxy in Node: undici's `ProxyAgent` given as `fetchOptions.dispatcher` sends every request,
 * retries included, through an HTTP CONNECT tunnel. The test starts a small CONNECT proxy on
 * 127.0.0.1 (it opens tunnels to 127.0.0.1 only, and wants a `Proxy-Authorization`) and a test
 * service; the service tells the tunnelled requests by the port they come from, the port of one
 * of the proxy's upstream sockets.
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { ProxyAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { Client, ClientEvents, InternalServerError } from '../../src/index.js';
import { clientKeys, keys } from '../helpers/keys.js';
import { startRecorder, type Recorder, type Sent } from '../helpers/recorder.js';

const proxyAuthorization = `Basic ${Buffer.from('shop:proxy-SECRET-9').toString('base64')}`;

interface Proxy {
  url: string;
  /** The `host:port` of each CONNECT it tunnelled. */
  tunnels: string[];
  /** The `Proxy-Authorization` of each CONNECT. */
  authorizations: Array<string | undefined>;
  /** Local ports of the sockets it opened to the service. */
  upstreamPorts: Set<number>;
  close(): Promise<void>;
}

/** A CONNECT proxy on 127.0.0.1 that tunnels to 127.0.0.1 only, when given the right credentials. */
async function startProxy(): Promise<Proxy> {
  const sockets = new Set<Socket>();
  const proxy: Omit<Proxy, 'url' | 'close'> = { tunnels: [], authorizations: [], upstreamPorts: new Set() };
  const server: Server = createServer((_req, res) => res.writeHead(405).end());
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('connect', (req, client: Socket, head: Buffer) => {
    sockets.add(client);
    proxy.authorizations.push(req.headers['proxy-authorization']);
    const [host, port] = (req.url ?? '').split(':');
    if (req.headers['proxy-authorization'] !== proxyAuthorization) return void client.end('HTTP/1.1 407 Proxy Authentication Required\r\n\r\n');
    if (host !== '127.0.0.1') return void client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
    const upstream = connect(Number(port), host, () => {
      proxy.tunnels.push(req.url!);
      proxy.upstreamPorts.add(upstream.localPort!);
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    ...proxy,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

let service: Recorder | undefined;
let proxy: Proxy | undefined;
let dispatcher: ProxyAgent | undefined;
afterEach(async () => {
  await dispatcher?.close();
  await proxy?.close();
  await service?.close();
  service = proxy = dispatcher = undefined;
});

const member = { id: 'v_1', code: 'L1', object: 'voucher' };
const ack = { object: 'event', type: 'signed_up', customer: { id: 'cust_1', object: 'customer' }, referral: null, loyalty: null, metadata: {} };

/** True when the request came through one of the proxy's tunnels. */
const tunnelled = (sent: Sent) => proxy!.upstreamPorts.has(sent.remotePort!);

describe("a proxy through undici's ProxyAgent as fetchOptions.dispatcher", () => {
  it('every request of a Client goes through the tunnel, each retry included', async () => {
    let reads = 0;
    service = await startRecorder((sent) => (sent.path === '/v1/campaigns' && ++reads <= 2 ? { status: 503, body: { code: 503 } } : { body: member }));
    proxy = await startProxy();
    dispatcher = new ProxyAgent({ uri: proxy.url, token: proxyAuthorization });
    const client = new Client({ baseUrl: service.url, ...keys, validation: 'off', maxRetryDelay: 0, logLevel: 'off', fetchOptions: { dispatcher } });

    await client.loyalties.getMember('L1');
    await client.request({ method: 'GET', path: '/v1/campaigns' }); // 503, 503, then 200
    await expect(client.request({ method: 'POST', path: '/v1/campaigns', body: {} })).resolves.toEqual(member);
    await client.clientEvents.track({ event: 'signed_up', customer: { source_id: 'c-1' } });

    const arrivals = service.sent.map((s) => `${s.method} ${s.path}`);
    expect(arrivals).toEqual([
      'GET /v1/loyalties/members/L1',
      'GET /v1/campaigns',
      'GET /v1/campaigns',
      'GET /v1/campaigns',
      'POST /v1/campaigns',
      'POST /client/v1/events',
    ]);
    expect(service.sent.filter(tunnelled)).toHaveLength(6);
    expect(proxy.tunnels.length).toBeGreaterThanOrEqual(1);
    expect(new Set(proxy.tunnels)).toEqual(new Set([new URL(service.url).host]));
    expect(proxy.authorizations.every((a) => a === proxyAuthorization)).toBe(true);
    // The proxy's credentials go to the proxy, never to the service.
    expect(service.sent.every((s) => s.headers['proxy-authorization'] === undefined)).toBe(true);
  });

  it('a ClientEvents of its own goes through it too', async () => {
    service = await startRecorder(() => ({ body: ack }));
    proxy = await startProxy();
    dispatcher = new ProxyAgent({ uri: proxy.url, token: proxyAuthorization });
    const events = new ClientEvents({ baseUrl: service.url, ...clientKeys, fetchOptions: { dispatcher } });
    await events.track({ event: 'signed_up', customer: { source_id: 'c-1' } });
    expect(service.sent).toHaveLength(1);
    expect(service.sent.filter(tunnelled)).toHaveLength(1);
  });

  it('a client without it goes direct: the proxy sees nothing', async () => {
    service = await startRecorder(() => ({ body: member }));
    proxy = await startProxy();
    const direct = new Client({ baseUrl: service.url, ...keys, validation: 'off' });
    await direct.loyalties.getMember('L1');
    expect(service.sent).toHaveLength(1);
    expect(service.sent.filter(tunnelled)).toHaveLength(0);
    expect(proxy.tunnels).toEqual([]);
  });

  it('a proxy that refuses the tunnel (407) fails the call with a ConnectionError, and the service sees nothing', async () => {
    service = await startRecorder(() => ({ body: member }));
    proxy = await startProxy();
    dispatcher = new ProxyAgent({ uri: proxy.url, token: 'Basic d3Jvbmc6d3Jvbmc=' });
    const client = new Client({ baseUrl: service.url, ...keys, validation: 'off', maxRetries: 0, logLevel: 'off', fetchOptions: { dispatcher } });
    const error = await client.request({ method: 'POST', path: '/v1/campaigns', body: {} }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ name: 'ConnectionError' });
    expect(service.sent).toHaveLength(0);
    expect(proxy.authorizations).toEqual(['Basic d3Jvbmc6d3Jvbmc=']);
  });
});
