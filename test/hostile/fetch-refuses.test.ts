/**
 * What fetch refuses, promokit refuses first. Headers fetch will not send (they describe the
 * connection or the body framing: `connection`, `transfer-encoding`, `content-length`, …) and
 * values that are not Latin-1 text fail fetch itself; sent on a spend, that failure would read as
 * a network failure with an `unknown` outcome though no byte left. Each is refused where it is
 * given, as a `ConfigurationError` with nothing sent: in the client's `headers`, a call's
 * `headers`, a static `accessToken`, a token function's token; a hook's `setHeader` has it logged
 * as the hook's error and the call goes on without it.
 */
import { describe, expect, it } from 'vitest';
import { Client, ConfigurationError, InvalidRequestError } from '../../src/index.js';
import { useRecorders } from '../helpers/recorder.js';
import { json, keys, member, settle } from './servers.js';
import { useFigures } from './table.js';

const serve = useRecorders().startRaw;
const record = useFigures('hostile/fetch-refuses');

const REFUSED = [
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'expect',
  'content-length',
  'host',
  'te',
  'trailer',
  'proxy-connection',
  'http2-settings',
  'Transfer-Encoding',
];
const NOT_LATIN1 = ['café ☕', 'token-✓', '\u{1F600}'];

describe('headers fetch will not send', () => {
  it("each, in the client headers, a call's headers and a hook: refused first, nothing sent, never a ConnectionError", async () => {
    const service = await serve((_request, res) => json(res, 200, member));
    let refused = 0;
    const warnings: string[] = [];
    for (const name of REFUSED) {
      const value = name.toLowerCase() === 'content-length' ? '5' : 'close';
      expect(() => new Client({ baseUrl: service.url, ...keys, headers: { [name]: value } }), name).toThrow(ConfigurationError);
      refused++;
      const client = new Client({ baseUrl: service.url, ...keys, logLevel: 'off' });
      for (const call of [
        () => client.loyalties.getMember('LOYAL-H1', {}, { headers: { [name]: value } }),
        () => client.loyalties.redeemReward('LOYAL-H1', { reward: { id: 'rew_1' } }, { headers: { [name]: value } }),
      ]) {
        const { error } = await settle(call());
        expect(error, name).toBeInstanceOf(ConfigurationError);
        expect(error, name).toMatchObject({ option: 'headers', outcome: 'not_sent' });
        expect((error as Error).message).toContain('fetch will not send');
        refused++;
      }
      const hooked = new Client({
        baseUrl: service.url,
        ...keys,
        logger: { debug() {}, info() {}, warn: (line: string) => void warnings.push(line), error() {} },
        hooks: { request: (event) => event.setHeader(name, value) },
      });
      await expect(hooked.loyalties.getMember('LOYAL-H1')).resolves.toMatchObject({ id: member.id });
    }
    expect(service.sent).toHaveLength(REFUSED.length);
    expect(warnings).toHaveLength(REFUSED.length);
    record(
      'fetch-refuses-headers',
      `${REFUSED.length} header names × the client headers, a read's and a spend's headers: ${refused} refused with \`ConfigurationError\`, nothing sent; set by a hook: ${warnings.length} logged, each call answered without it`,
    );
  });
});

describe('values that are not Latin-1', () => {
  it("in a header, a static accessToken and a token function's token: ConfigurationError, nothing sent", async () => {
    const service = await serve((_request, res) => json(res, 200, member));
    let refused = 0;
    for (const text of NOT_LATIN1) {
      expect(() => new Client({ baseUrl: service.url, ...keys, headers: { 'x-note': text } })).toThrow(ConfigurationError);
      expect(() => new Client({ baseUrl: service.url, ...keys, accessToken: text })).toThrow(ConfigurationError);
      const client = new Client({ baseUrl: service.url, ...keys, accessToken: () => text, logLevel: 'off' });
      const { error } = await settle(client.loyalties.redeemReward('LOYAL-H1', { reward: { id: 'rew_1' } }));
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error).toMatchObject({ option: 'accessToken', outcome: 'not_sent' });
      const call = await settle(new Client({ baseUrl: service.url, ...keys, logLevel: 'off' }).loyalties.getMember('L', {}, { headers: { 'x-note': text } }));
      expect(call.error).toBeInstanceOf(ConfigurationError);
      refused += 4;
    }
    expect(service.sent).toHaveLength(0);
    record(
      'fetch-refuses-latin1',
      `${NOT_LATIN1.length} values × a client header, a static token, a token function, a call header: ${refused} refused with \`ConfigurationError\`; requests sent: 0`,
    );
  });
});

/** Values of the fields fetch options may set, the ones fetch refuses among them (what Node's fetch itself says decides which). */
const FETCH_VALUES: Record<string, unknown[]> = {
  mode: ['cors', 'same-origin', 'no-cors', 'navigate', 'websocket', 'bogus', 1, null],
  credentials: ['omit', 'same-origin', 'include', 'bogus', null],
  cache: ['default', 'no-store', 'reload', 'no-cache', 'force-cache', 'only-if-cached', 'bogus', null],
  referrerPolicy: ['', 'no-referrer', 'unsafe-url', 'bogus'],
  referrer: ['', 'about:client', 'not a url', 'client'],
  priority: ['high', 'low', 'auto'],
  integrity: ['', 'sha256-abc'],
  dispatcher: [5, {}, null],
};

/** Whether Node's fetch fails a request to `url` with these fetch options (undici's own verdict), or sends one whose answer cannot be read. */
async function fetchFails(url: string, init: Record<string, unknown>): Promise<boolean> {
  try {
    const response = await fetch(url, init as RequestInit);
    await response.text();
    // An answer a no-cors request gets in a browser cannot be read: promokit counts it refused too.
    return init.mode === 'no-cors';
  } catch {
    return true;
  }
}

describe('fetch options fetch refuses', () => {
  it("each value of each field, as a client's option and a call's, for a read and a spend: refused first, naming the field, nothing sent; every value fetch takes goes through", async () => {
    const service = await serve((_request, res) => json(res, 200, member));
    let refused = 0;
    let accepted = 0;
    for (const [field, values] of Object.entries(FETCH_VALUES)) {
      for (const value of values) {
        const fetchOptions = { [field]: value };
        const before = service.sent.length;
        const fails = await fetchFails(`${service.url}/probe`, fetchOptions);
        const probes = service.sent.length - before;
        const label = `${field}: ${JSON.stringify(value)}`;
        const client = () => new Client({ baseUrl: service.url, ...keys, logLevel: 'off', validation: 'off', fetchOptions: fetchOptions as never });
        const plain = new Client({ baseUrl: service.url, ...keys, logLevel: 'off', validation: 'off' });
        const calls = [
          () => plain.loyalties.getMember('LOYAL-H1', {}, { fetchOptions: fetchOptions as never }),
          () => plain.loyalties.redeemReward('LOYAL-H1', { reward: { id: 'rew_1' } }, { fetchOptions: fetchOptions as never }),
        ];
        if (fails) {
          expect(client, label).toThrow(ConfigurationError);
          expect(client, label).toThrow(/the fetchOptions option must be/);
          for (const call of calls) {
            const { error } = await settle(call());
            expect(error, label).toBeInstanceOf(ConfigurationError);
            expect(error, label).toMatchObject({ option: 'fetchOptions', outcome: 'not_sent' });
            expect((error as Error).message, label).toContain(field);
            refused++;
          }
          expect(service.sent.length - before - probes, label).toBe(0);
        } else {
          expect(client, label).not.toThrow();
          for (const call of calls) await expect(call(), label).resolves.toBeDefined();
          accepted++;
        }
      }
    }
    record(
      'fetch-refuses-options',
      `${Object.values(FETCH_VALUES).flat().length} values of ${Object.keys(FETCH_VALUES).length} fields, Node's fetch the judge: ${refused} calls refused with \`ConfigurationError\` naming the field (nothing sent), every refused value refused as a client option too; ${accepted} values fetch takes went through`,
    );
  });

  it('client.request: a GET with a body or a form is refused, naming the field, nothing sent', async () => {
    const service = await serve((_request, res) => json(res, 200, member));
    const client = new Client({ baseUrl: service.url, ...keys, logLevel: 'off' });
    let refused = 0;
    for (const extra of [{ body: { a: 1 } }, { body: 'text' }, { body: null }, { form: { a: 'b' } }]) {
      const { error } = await settle(client.request({ method: 'GET', path: '/v1/vouchers/X', ...extra } as never));
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect(error).toMatchObject({ outcome: 'not_sent', issues: [{ path: [Object.keys(extra)[0]], message: expect.stringContaining('GET') }] });
      refused++;
    }
    expect(service.sent).toHaveLength(0);
    await expect(client.request({ method: 'POST', path: '/v1/vouchers/X', body: { a: 1 } })).resolves.toBeDefined();
    record(
      'fetch-refuses-get-body',
      `${refused} GETs with a body or a form: ${refused} refused with \`InvalidRequestError\` naming the field; requests sent: 0`,
    );
  });
});
