/**
 * What a newcomer reads when a call goes wrong through no fault of the service: a 401 names the
 * options and environment variables to check, per credentials group; an id of spaces is refused
 * before anything is sent, like an empty one; a port fetch refuses to reach keeps its "bad port"
 * reason, and says nothing was sent. Over a real node:http server on 127.0.0.1.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AuthenticationError, Client, ConnectionError, InvalidRequestError } from '../../src/index.js';
import { startRecorder, type Recorder } from '../helpers/recorder.js';

const keys = { appId: 'app-id', appToken: 'app-token-secret', logLevel: 'off' } as const;

let server: Recorder | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A service that answers every request 401, as the service does for credentials it does not know. */
async function refusing(): Promise<Recorder> {
  server = await startRecorder(() => ({ status: 401, body: { code: 401, key: 'unauthorized', message: 'Unauthorized' } }));
  return server;
}

describe('a 401 names what to check', () => {
  it.each([
    [
      'a server call',
      (c: Client) => c.loyalties.getMember('L1'),
      ['appId, appToken, accessToken', 'PROMOKIT_APP_ID, PROMOKIT_APP_TOKEN, PROMOKIT_ACCESS_TOKEN'],
    ],
    ['token introspection', (c: Client) => c.oauth.introspect('opaque-token'), ['appId, appToken options', 'PROMOKIT_APP_ID, PROMOKIT_APP_TOKEN)']],
    [
      'a client-side event',
      (c: Client) => c.clientEvents.track({ event: 'signed_up', customer: { source_id: 'c-1' } }),
      ['clientApplicationId, clientToken, accessToken', 'PROMOKIT_CLIENT_APPLICATION_ID, PROMOKIT_CLIENT_TOKEN, PROMOKIT_ACCESS_TOKEN'],
    ],
  ] as const)('%s: the options of its credentials group and their environment variables', async (_name, call, [options, env]) => {
    const { url } = await refusing();
    const client = new Client({
      baseUrl: url,
      ...keys,
      accessToken: 'access-token-secret',
      clientApplicationId: 'client-app',
      clientToken: 'client-token-secret',
      origin: 'https://shop.example.com',
    });
    const error = (await call(client).catch((e: unknown) => e)) as AuthenticationError;
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.message).toContain(`check the ${options}`);
    expect(error.message).toContain(env);
    expect(error.outcome).toBe('rejected');
  });
});

describe('an id of spaces', () => {
  it.each(['   ', '\t', ' \n '])('%j is refused like an empty one, naming the parameter, and nothing is sent', async (id) => {
    server = await startRecorder(() => ({ body: {} }));
    const client = new Client({ baseUrl: server.url, ...keys, accessToken: 'access-token-secret' });
    const error = (await client.loyalties.getMember(id).catch((e: unknown) => e)) as InvalidRequestError;
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error.message).toMatch(/memberId.*must be a non-empty string, not only spaces/);
    expect(error.outcome).toBe('not_sent');
    expect(server.sent).toHaveLength(0);
  });
});

describe('a port fetch will not reach', () => {
  it('keeps the "bad port" reason, is not retried, and says nothing was sent', async () => {
    // Port 6000 (X11) is on the fetch standard's list of blocked ports: fetch refuses it itself.
    const client = new Client({ baseUrl: 'http://127.0.0.1:6000', ...keys, accessToken: 'access-token-secret', maxRetryDelay: 10 });
    const error = (await client.loyalties.getMember('L1').catch((e: unknown) => e)) as ConnectionError;
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toMatch(/bad port/);
    expect(error.outcome).toBe('not_sent');
  });
});
