/**
 * A credential header in a call's `headers` is refused before anything is sent, with a
 * `ConfigurationError` that says where other credentials belong: `client.withOptions()` on the
 * server `Client`, the client options on a `ClientEvents`. Other headers go through. Over a
 * stand-in fetch and a node:http service.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Client, ClientEvents, ConfigurationError } from '../../src/index.js';
import { credentialHeaders, clientKeys, keys } from '../helpers/keys.js';
import { recorders, type Recorder } from '../helpers/recorder.js';

let recorder: Recorder | undefined;
afterEach(async () => {
  await recorder?.close();
  recorder = undefined;
});

const ack = { object: 'event', type: 'signed_up', customer: { id: 'cust_1', object: 'customer' }, referral: null, loyalty: null, metadata: {} };
/** Each credential header as written in lower case, in its usual case and in upper case. */
const spellings = credentialHeaders.flatMap((name) => [name, name.replace(/(^|-)\w/g, (c) => c.toUpperCase()), name.toUpperCase()]);

describe.each(recorders)('a credential header per call, over %s', (_name, start) => {
  async function clientFor(): Promise<Client> {
    recorder = await start(() => ({ body: { id: 'v_1', code: 'L1', object: 'voucher' } }));
    return new Client({ baseUrl: recorder.url, ...keys, fetch: recorder.fetch, validation: 'off', logLevel: 'off' });
  }

  it.each(spellings)('%s is refused with a ConfigurationError pointing to withOptions, nothing sent', async (name) => {
    const client = await clientFor();
    for (const call of [
      () => client.loyalties.getMember('L1', {}, { headers: { [name]: 'other-tenant-key' } }),
      () => client.request({ method: 'GET', path: '/v1/campaigns' }, { headers: { [name]: 'other-tenant-key' } }),
      () => client.clientEvents.track({ event: 'e', customer: { id: 'c' } }, { headers: { [name]: 'other-tenant-key' } }),
    ]) {
      const error = (await call().catch((e: unknown) => e)) as ConfigurationError;
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error.option).toBe('headers');
      expect(error.message).toContain(`free of credential headers (${name})`);
      expect(error.message).toContain('client.withOptions({ appToken, accessToken, … })');
      expect(error.message).not.toContain('other-tenant-key');
    }
    expect(recorder!.sent).toHaveLength(0);
  });

  it('on a ClientEvents of its own, the message points to its client options', async () => {
    recorder = await start(() => ({ body: ack }));
    const events = new ClientEvents({ baseUrl: recorder.url, ...clientKeys, fetch: recorder.fetch });
    const error = (await events
      .track({ event: 'e', customer: { id: 'c' } }, { headers: { 'X-Client-Token': 'x' } })
      .catch((e: unknown) => e)) as ConfigurationError;
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.message).toContain('set credentials with the client options');
    expect(recorder.sent).toHaveLength(0);
  });

  it('other headers of a call are sent, beside the client credentials', async () => {
    const client = await clientFor();
    await client.loyalties.getMember('L1', {}, { headers: { 'x-correlation-id': 'order-1234', 'X-Tenant': 't1' } });
    const [sent] = recorder!.sent;
    expect(sent!.headers['x-correlation-id']).toBe('order-1234');
    expect(sent!.headers['x-tenant']).toBe('t1');
    expect(sent!.headers['x-app-token']).toBe(keys.appToken);
  });

  it('the client headers option refuses them too, when the client is built', () => {
    for (const name of credentialHeaders) {
      expect(() => new Client({ baseUrl: 'https://api.example.com', headers: { [name]: 'x' } })).toThrow(ConfigurationError);
      expect(() => new ClientEvents({ baseUrl: 'https://api.example.com', headers: { [name]: 'x' } })).toThrow(ConfigurationError);
    }
  });
});
