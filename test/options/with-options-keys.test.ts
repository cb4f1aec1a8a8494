/**
 * `client.withOptions()` makes a new `Client` with the options given over the parent's: it sends
 * its own keys and settings while the parent goes on sending its own, unchanged. Over a stand-in
 * fetch and a node:http service.
 */
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { Client, ConfigurationError, type ClientOptions } from '../../src/index.js';
import { credentialsOf, groupHeaders, keys } from '../helpers/keys.js';
import { recorders, type Recorder } from '../helpers/recorder.js';

let recorder: Recorder | undefined;
afterEach(async () => {
  await recorder?.close();
  recorder = undefined;
});

const tenantB = { appId: 'app-id-B', appToken: 'app-token-SECRET-B', accessToken: 'access-token-SECRET-B' } as const;
const member = { id: 'v_1', code: 'L1', object: 'voucher', loyalty_card: { points: 1 } };

describe.each(recorders)('withOptions over %s', (_name, start) => {
  async function parentFor(options: ClientOptions = {}): Promise<Client> {
    recorder = await start(() => ({ body: member }));
    return new Client({ baseUrl: recorder.url, ...keys, fetch: recorder.fetch, validation: 'off', logLevel: 'off', ...options });
  }

  it('the clone sends its own keys; the parent, before and after, its own: the service sees both', async () => {
    const parent = await parentFor();
    await parent.loyalties.getMember('L1');
    const tenant = parent.withOptions(tenantB);
    await tenant.loyalties.getMember('L1');
    await parent.loyalties.getMember('L1');
    await tenant.request({ method: 'POST', path: '/v1/oauth/introspect', form: { access_token: 't' }, auth: 'app' });
    expect(recorder!.sent.map(credentialsOf)).toEqual([
      groupHeaders.server,
      { 'x-app-id': tenantB.appId, 'x-app-token': tenantB.appToken, authorization: `Bearer ${tenantB.accessToken}` },
      groupHeaders.server,
      { 'x-app-id': tenantB.appId, 'x-app-token': tenantB.appToken },
    ]);
  });

  it('keeps every option it does not set: headers, fetchOptions, client-side keys', async () => {
    const parent = await parentFor({ headers: { 'x-tenant-region': 'eu' } });
    const tenant = parent.withOptions({ appToken: tenantB.appToken, accessToken: keys.accessToken });
    await tenant.loyalties.getMember('L1');
    await tenant.clientEvents.track({ event: 'signed_up', customer: { source_id: 'c-1' } });
    const [call, event] = recorder!.sent;
    expect(call!.headers['x-tenant-region']).toBe('eu');
    expect(credentialsOf(call!)).toEqual({ ...groupHeaders.server, 'x-app-token': tenantB.appToken });
    expect(credentialsOf(event!)).toEqual(groupHeaders.client);
  });

  it('a clone with another baseUrl and timeout sends there; the parent does not follow', async () => {
    const parent = await parentFor();
    const moved = parent.withOptions({ baseUrl: `${recorder!.url}/eu`, timeout: 5_000, headers: { 'x-clone': '1' } });
    await moved.loyalties.getMember('L1');
    await parent.loyalties.getMember('L1');
    expect(recorder!.sent.map((s) => [s.path, s.headers['x-clone']])).toEqual([
      ['/eu/v1/loyalties/members/L1', '1'],
      ['/v1/loyalties/members/L1', undefined],
    ]);
  });

  it('changes neither the parent nor the options objects', async () => {
    const parent = await parentFor();
    const before = { json: JSON.stringify(parent), shown: inspect(parent) };
    const changes = { ...tenantB };
    const clone = parent.withOptions(changes);
    expect(clone).toBeInstanceOf(Client);
    expect(clone).not.toBe(parent);
    expect(changes).toEqual(tenantB);
    expect({ json: JSON.stringify(parent), shown: inspect(parent) }).toEqual(before);
    expect(parent.withOptions({})).not.toBe(parent);
  });

  it('refuses a bad option like new Client(), naming it', async () => {
    const parent = await parentFor();
    expect(() => parent.withOptions({ timeout: -1 })).toThrow(ConfigurationError);
    expect(() => parent.withOptions({ headers: { Authorization: 'Bearer x' } })).toThrow(/headers/);
    expect(() => parent.withOptions({ rateLimit: { requests: 0, perMs: 1000 } })).toThrow(/rateLimit/);
  });

  it('the clone shows none of its secrets either', async () => {
    const parent = await parentFor();
    const clone = parent.withOptions(tenantB);
    for (const shown of [JSON.stringify(clone), inspect(clone, { depth: 10 })]) {
      for (const secret of [tenantB.appToken, tenantB.accessToken, keys.appToken, keys.clientToken]) expect(shown).not.toContain(secret);
    }
  });
});
