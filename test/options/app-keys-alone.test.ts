/**
 * `accessToken: false`, the app keys alone: every operation of the registry whose group is `app`
 * or `server` sends exactly `X-App-Id` and `X-App-Token` and no `Authorization` (the cases
 * generated from each operation's records in test/operations/); the client-side endpoint is
 * refused, nothing sent; the keys are required when the client is built; no token is ever asked
 * for, a 401 included; no secret shows in an error, an inspected client or a log line. Over a
 * stand-in fetch and a node:http service on 127.0.0.1.
 */
import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AuthenticationError,
  cachedAccessToken,
  Client,
  ClientEvents,
  ConfigurationError,
  type ClientEventsOptions,
  type ClientOptions,
} from '../../src/index.js';
import { ClientEvents as BrowserClientEvents } from '../../src/client-side.js';
import { operationNames, operationOf } from '../../src/resources/registry.js';
import { operationTestData } from '../operations/index.js';
import { clientKeys, credentialsOf, groupHeaders, keys } from '../helpers/keys.js';
import { recorders, type Recorder, type Sent } from '../helpers/recorder.js';

let recorder: Recorder | undefined;
afterEach(async () => {
  vi.unstubAllEnvs();
  await recorder?.close();
  recorder = undefined;
});

/** Every case of every operation's record, with the operation's credentials group. */
const cases = operationNames.flatMap((name) => operationTestData[name].faults.map((c) => ({ ...c, operation: name, auth: operationOf(name).auth })));
const sentCases = cases.filter((c) => c.auth !== 'client');
const refusedCases = cases.filter((c) => c.auth === 'client');

/** The app keys alone and the client-side keys, with a debug logger that keeps every line. */
function keysAlone(recorder: Recorder, extra: ClientOptions = {}): { client: Client; lines: string[] } {
  const lines: string[] = [];
  const log = (...args: unknown[]) => lines.push(args.map((a) => (typeof a === 'string' ? a : inspect(a, { depth: 10 }))).join(' '));
  const { accessToken: _token, ...rest } = keys;
  const client = new Client({
    baseUrl: recorder.url,
    fetch: recorder.fetch,
    ...rest,
    accessToken: false,
    validation: 'off',
    maxRetries: 0,
    logLevel: 'debug',
    logger: { debug: log, info: log, warn: log, error: log },
    ...extra,
  });
  return { client, lines };
}

/** Every form an object may be printed or serialised in. */
const shown = (value: unknown): string =>
  [
    JSON.stringify(value) ?? '',
    inspect(value, { depth: 10, showHidden: true, getters: true }),
    String(value),
    ...(value instanceof Error ? [value.message, value.stack ?? '', inspect(value.cause, { depth: 10 })] : []),
  ].join('\n');

describe.each(recorders)('accessToken: false over %s', (_name, start) => {
  it(`sends exactly X-App-Id and X-App-Token, no Authorization, on each of the ${sentCases.length} cases of the app and server operations`, async () => {
    expect(sentCases.length).toBeGreaterThan(40);
    let body: unknown;
    recorder = await start(() => ({ body }));
    const { client } = keysAlone(recorder);
    for (const c of sentCases) {
      body = c.body;
      const before = recorder.sent.length;
      await c.call(client, 'key-1', {});
      const received = recorder.sent.slice(before);
      expect(received.length, c.name).toBeGreaterThan(0);
      for (const sent of received) expect(credentialsOf(sent), c.name).toEqual(groupHeaders.app);
    }
  });

  it.each(refusedCases.map((c) => [c.name, c] as const))(
    'refuses %s, the client-side endpoint: a ConfigurationError naming accessToken, nothing sent',
    async (_n, c) => {
      recorder = await start(() => ({ body: c.body }));
      const { client } = keysAlone(recorder);
      const error = (await c.call(client, 'key-1', {}).catch((e: unknown) => e)) as ConfigurationError;
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error.option).toBe('accessToken');
      expect(error.outcome).toBe('not_sent');
      expect(error.message).toBe(
        'Client: the accessToken option is required for /client/v1/events, which accessToken: false refuses; pass it to new Client({ accessToken }) or set PROMOKIT_ACCESS_TOKEN',
      );
      expect(recorder.sent).toHaveLength(0);
    },
  );

  it("client.request sends the keys alone for auth 'server' and 'app', and refuses auth 'client', nothing sent", async () => {
    recorder = await start(() => ({ body: { campaigns: [] } }));
    const { client } = keysAlone(recorder);
    await client.request({ method: 'GET', path: '/v1/campaigns' });
    await client.request({ method: 'POST', path: '/v1/oauth/introspect', form: { token: 't' }, auth: 'app' });
    expect(recorder.sent.map(credentialsOf)).toEqual([groupHeaders.app, groupHeaders.app]);
    const error = (await client
      .request({ method: 'POST', path: '/client/v1/events', body: {}, auth: 'client' })
      .catch((e: unknown) => e)) as ConfigurationError;
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.option).toBe('accessToken');
    expect(recorder.sent).toHaveLength(2);
  });

  it('reads no token from PROMOKIT_ACCESS_TOKEN', async () => {
    vi.stubEnv('PROMOKIT_ACCESS_TOKEN', 'env-token-SECRET-9');
    recorder = await start(() => ({ body: {} }));
    await keysAlone(recorder).client.locations.get('loc_1');
    expect(credentialsOf(recorder.sent[0]!)).toEqual(groupHeaders.app);
  });

  it('a 401 is an AuthenticationError, sent once, no token asked for; no secret in the error, the client or the logs', async () => {
    const fetchToken = vi.fn(async () => ({ token: 'fetched-token-SECRET-5', expiresIn: 3600 }));
    // The service echoes the app token it was sent, in its error body and a header.
    recorder = await start((sent) => ({
      status: 401,
      headers: { 'www-authenticate': `AppKeys token="${sent.headers['x-app-token']}"` },
      body: { code: 401, key: 'unauthorized', message: 'Unauthorized', details: `app token ${sent.headers['x-app-token']} needs a bearer token` },
    }));
    // A parent with a managed token function: its clone of the app keys alone never asks it.
    const parent = keysAlone(recorder, { accessToken: cachedAccessToken(fetchToken) });
    const client = parent.client.withOptions({ accessToken: false });
    const error = (await client.vouchers.get('SUMMER-10').catch((e: unknown) => e)) as AuthenticationError;
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.status).toBe(401);
    expect(error.outcome).toBe('rejected');
    // No token was sent: the advice names the app keys alone.
    expect(error.message).toContain('check the appId, appToken options of new Client() (or PROMOKIT_APP_ID, PROMOKIT_APP_TOKEN)');
    expect(recorder.sent).toHaveLength(1);
    expect(credentialsOf(recorder.sent[0]!)).toEqual(groupHeaders.app);
    expect(fetchToken).not.toHaveBeenCalled();
    // A spend too: a 401 is never followed by a resend.
    await client.loyalties.redeemReward('LOYAL-1', { reward: { id: 'rew_1' } }).catch(() => {});
    expect(recorder.sent).toHaveLength(2);
    expect(fetchToken).not.toHaveBeenCalled();
    for (const text of [shown(error), shown(client), ...parent.lines]) expect(text).not.toContain(keys.appToken);
    expect(parent.lines.join('\n')).toContain('401');
  });

  it('a clone that changes the app keys restates accessToken, as any other tenant does: false again sends its keys alone', async () => {
    recorder = await start(() => ({ body: {} }));
    const { client } = keysAlone(recorder);
    const tenant = { appId: 'app-id-2', appToken: 'app-token-SECRET-7' };
    expect(() => client.withOptions(tenant)).toThrow(expect.objectContaining({ option: 'accessToken' }));
    const clone = client.withOptions({ ...tenant, accessToken: false });
    await clone.locations.get('loc_1');
    expect(credentialsOf(recorder.sent[0]!)).toEqual({ 'x-app-id': 'app-id-2', 'x-app-token': 'app-token-SECRET-7' });
  });
});

describe('accessToken: false, checked when the client is built', () => {
  const base = { baseUrl: 'https://api.example.com' };

  it.each([
    [{ appToken: keys.appToken }, 'appId', 'PROMOKIT_APP_ID'],
    [{ appId: keys.appId }, 'appToken', 'PROMOKIT_APP_TOKEN'],
    [{ appId: '', appToken: '' }, 'appId', 'PROMOKIT_APP_ID'],
    [{}, 'appId', 'PROMOKIT_APP_ID'],
  ] as const)('without the app keys (%o): a ConfigurationError naming %s', (given, option, env) => {
    const error = (() => {
      try {
        new Client({ ...base, ...given, accessToken: false });
      } catch (e) {
        return e as ConfigurationError;
      }
    })();
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error!.option).toBe(option);
    expect(error!.message).toBe(`Client: the ${option} option is required for accessToken: false; pass it to new Client({ ${option} }) or set ${env}`);
    expect(error!.message).not.toContain(keys.appToken);
  });

  it('takes the app keys from the environment', () => {
    vi.stubEnv('PROMOKIT_APP_ID', keys.appId);
    vi.stubEnv('PROMOKIT_APP_TOKEN', keys.appToken);
    expect(() => new Client({ ...base, accessToken: false })).not.toThrow();
  });

  it('refuses an app key that cannot be sent in a header, naming it', () => {
    expect(() => new Client({ ...base, appId: keys.appId, appToken: 'bad\ntoken', accessToken: false })).toThrow(/the appToken option must be/);
  });

  it('refuses true, naming the option and its values', () => {
    expect(() => new Client({ ...base, ...keys, accessToken: true as never })).toThrow(
      'Client: the accessToken option must be a token string of Latin-1 text, or a function returning one',
    );
  });

  it('a token store or a refresher has no option of the client: they belong to the token function false replaces', () => {
    for (const name of ['tokenStore', 'store', 'refreshBeforeMs']) {
      const error = (() => {
        try {
          new Client({ ...base, ...keys, accessToken: false, [name]: {} } as ClientOptions);
        } catch (e) {
          return e as ConfigurationError;
        }
      })();
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error!.option).toBe(name);
    }
  });

  it('ClientEvents, of either entry, refuses false, naming the option, nothing built (and its type has no false)', () => {
    // @ts-expect-error: the options of ClientEvents take no `false`
    const options: ClientEventsOptions = { ...base, ...clientKeys, accessToken: false };
    for (const Events of [ClientEvents, BrowserClientEvents]) {
      const error = (() => {
        try {
          new Events(options);
        } catch (e) {
          return e as ConfigurationError;
        }
      })();
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error!.option).toBe('accessToken');
      expect(error!.message).toBe(`${Events.name}: the accessToken option must be a string of Latin-1 text without control characters`);
    }
  });

  it('the default is unchanged: a client without accessToken refuses a server call, nothing sent', async () => {
    const sent: Sent[] = [];
    const client = new Client({ ...base, appId: keys.appId, appToken: keys.appToken, fetch: async () => (sent.push({} as Sent), new Response('{}')) });
    const error = (await client.locations.get('loc_1').catch((e: unknown) => e)) as ConfigurationError;
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.option).toBe('accessToken');
    expect(sent).toHaveLength(0);
  });
});
