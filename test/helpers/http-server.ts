/**
 * Servers on 127.0.0.1 for tests over real sockets: `listenOnLoopback` starts any `node:http`
 * server there and stops it with every open socket, `refusedUrl` gives a port where nothing
 * listens; and recognisable credentials and bodies. To record what the SDK sends, use
 * ./recorder.ts, which listens through `listenOnLoopback`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A server listening on 127.0.0.1, as {@link listenOnLoopback} gives it. */
export interface Loopback {
  /** `http://127.0.0.1:PORT`, also its origin. */
  url: string;
  /** Stops the server and drops every open socket. */
  close(): Promise<void>;
}

/**
 * Starts `server` on an ephemeral port of 127.0.0.1 and keeps track of its sockets, so that
 * `close()` stops it without waiting for a client to hang up.
 */
export async function listenOnLoopback(server: Server): Promise<Loopback> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/** A URL on 127.0.0.1 where nothing listens: connecting is refused. */
export async function refusedUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** Credentials with recognisable secret values, for leak checks. */
export const credentials = {
  appId: 'app-id-OBS',
  appToken: 'app-token-SECRET-obs-1',
  accessToken: 'access-token-SECRET-obs-2',
  clientApplicationId: 'client-app-OBS',
  clientToken: 'client-token-SECRET-obs-3',
  origin: 'https://shop.example.com',
} as const;

/** The client-side keys among {@link credentials}: what a `ClientEvents` takes (a server key is refused there). */
export const clientCredentials = {
  accessToken: credentials.accessToken,
  clientApplicationId: credentials.clientApplicationId,
  clientToken: credentials.clientToken,
  origin: credentials.origin,
} as const;

/** The secret values among {@link credentials}. */
export const secretValues = [credentials.appToken, credentials.accessToken, credentials.clientToken];

/** A loyalty member body. */
export const member = { id: 'v_1', code: 'L1', type: 'LOYALTY_CARD', object: 'voucher', created_at: '2026-01-01T00:00:00Z', loyalty_card: { points: 42 } };

/** An event acknowledgment body. */
export const ack = { object: 'event', type: 'e', customer: { id: 'cust_1', object: 'customer' }, referral: null, loyalty: null, metadata: {} };
