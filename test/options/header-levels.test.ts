/**
 * Headers are set at four levels: the client's `headers`, a `withOptions()` clone's, one call's,
 * and the credentials. Header names are case-insensitive: whatever the letter case at each level,
 * one header is sent, with the value of the most specific level (a call over its clone over the
 * client), never two spellings joined (`a, b`). Credentials (and the client-side keys' `Origin`)
 * are set by the credential options alone: no level names one, in any letter case. Over a
 * node:http service on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, ClientEvents, ConfigurationError, type RequestOptions } from '../../src/index.js';
import { clientKeys, credentialHeaders, keys } from '../helpers/keys.js';
import { startRecorder, type Recorder } from '../helpers/recorder.js';

let recorder: Recorder;
beforeAll(async () => {
  recorder = await startRecorder((sent) =>
    sent.path.startsWith('/client/')
      ? { body: { object: 'event', type: 'e', customer: { id: 'cust_1', object: 'customer' }, referral: null, loyalty: null, metadata: {} } }
      : { body: { id: 'v_1', code: 'L1', object: 'voucher' } },
  );
});
afterAll(() => recorder.close());

/** Every letter case a header name is written in: lower, each word capitalised, upper, mixed. */
function spellings(name: string): string[] {
  const mixed = [...name].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join('');
  return [name.toLowerCase(), name.replace(/(^|-)\w/g, (c) => c.toUpperCase()), name.toUpperCase(), mixed];
}

type Level = 'client' | 'withOptions' | 'call';
/** The levels, the least specific first. */
const levels: Level[] = ['client', 'withOptions', 'call'];

/** Headers set at some levels: each level's object, or none. */
type Set = Partial<Record<Level, Record<string, string>>>;

/** Sends one call with the headers of `set` at their levels; resolves with the headers the service saw. */
async function sendWith(set: Set, call: (client: Client, options: RequestOptions) => Promise<unknown> = (c, o) => c.loyalties.getMember('L1', {}, o)) {
  const base = new Client({ baseUrl: recorder.url, ...keys, validation: 'off', logLevel: 'off', ...(set.client && { headers: set.client }) });
  const client = set.withOptions ? base.withOptions({ headers: set.withOptions }) : base;
  const before = recorder.sent.length;
  await call(client, set.call ? { headers: set.call } : {});
  expect(recorder.sent).toHaveLength(before + 1);
  return recorder.sent[before]!.headers;
}

/** Every pair of levels, the less specific first, and all three together. */
const combinations: Level[][] = [...levels.flatMap((a, i) => levels.slice(i + 1).map((b) => [a, b])), levels];

describe('a header set at more than one level is sent once, with the most specific value', () => {
  const cases = combinations.flatMap((combination) =>
    spellings('User-Agent').flatMap((first) => spellings('User-Agent').map((second) => ({ levels: combination.join(' < '), combination, first, second }))),
  );
  it.each(cases)('$levels ($first, then $second)', async ({ combination, first, second }) => {
    // The least specific level writes `first`, every other `second`; each its own value.
    const set: Set = {};
    combination.forEach((level, i) => (set[level] = { [i === 0 ? first : second]: `${level}/1` }));
    const seen = await sendWith(set);
    expect(seen['user-agent']).toBe(`${combination[combination.length - 1]}/1`);
  });

  it.each(levels)('the %s level alone is sent as set, beside the other levels headers', async (level) => {
    const others = Object.fromEntries(levels.filter((l) => l !== level).map((l) => [l, { [`X-From-${l}`]: l }]));
    const seen = await sendWith({ ...others, [level]: { 'X-Trace': `${level}-trace`, ...others[level] } } as Set);
    expect(seen['x-trace']).toBe(`${level}-trace`);
    for (const l of levels.filter((l) => l !== level)) expect(seen[`x-from-${l.toLowerCase()}`]).toBe(l);
  });

  it.each(levels.flatMap((level) => spellings('Accept').map((name) => ({ level, name }))))(
    'the default Accept gives way to $name at the $level level',
    async ({ level, name }) => {
      const seen = await sendWith({ [level]: { [name]: 'application/vnd.example+json' } });
      expect(seen.accept).toBe('application/vnd.example+json');
    },
  );

  it.each(spellings('Content-Type'))("a call's %s wins over the body's content type; the client's gives way to it", async (name) => {
    const post = (client: Client, options: RequestOptions) => client.request({ method: 'POST', path: '/v1/orders', body: { id: 'o' } }, options);
    expect((await sendWith({ client: { [name]: 'text/plain' } }, post))['content-type']).toBe('application/json');
    expect((await sendWith({ call: { [name]: 'application/merge-patch+json' } }, post))['content-type']).toBe('application/merge-patch+json');
  });

  it('a ClientEvents sends its own headers once, a call over the client', async () => {
    for (const first of spellings('X-Storefront'))
      for (const second of spellings('X-Storefront')) {
        const events = new ClientEvents({ baseUrl: recorder.url, ...clientKeys, headers: { [first]: 'client' } });
        const before = recorder.sent.length;
        await events.track({ event: 'e', customer: { id: 'c' } }, { headers: { [second]: 'call' } });
        expect(recorder.sent[before]!.headers['x-storefront']).toBe('call');
      }
  });
});

describe('one level naming a header twice, in two letter cases', () => {
  it.each(levels)('at the %s level: sent once, the value named last', async (level) => {
    const seen = await sendWith({ [level]: { 'X-Tenant': 'a', 'x-tenant': 'b' } });
    expect(seen['x-tenant']).toBe('b');
  });
});

describe('no level sets a credential header, in any letter case', () => {
  const cases = levels.flatMap((level) => [...credentialHeaders, 'origin'].flatMap((header) => spellings(header).map((name) => ({ level, name }))));
  it.each(cases)('$name at the $level level: refused, nothing sent', async ({ level, name }) => {
    const before = recorder.sent.length;
    for (const call of [
      (client: Client, options: RequestOptions) => client.loyalties.getMember('L1', {}, options),
      (client: Client, options: RequestOptions) => client.clientEvents.track({ event: 'e', customer: { id: 'c' } }, options),
    ]) {
      const error = (await sendWith({ [level]: { [name]: 'other-tenant-SECRET' } }, call).catch((e: unknown) => e)) as ConfigurationError;
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error.option).toBe('headers');
      // A clone's headers reach the check merged with its parent's, their names in lower case.
      expect(error.message.toLowerCase()).toContain(`free of credential headers (${name.toLowerCase()})`);
      expect(error.message).not.toContain('other-tenant-SECRET');
    }
    expect(recorder.sent).toHaveLength(before);
  });

  it.each(spellings('origin'))('%s on a ClientEvents, or on one of its calls: refused, nothing sent', async (name) => {
    const before = recorder.sent.length;
    expect(() => new ClientEvents({ baseUrl: recorder.url, ...clientKeys, headers: { [name]: 'https://elsewhere.example' } })).toThrow(ConfigurationError);
    const events = new ClientEvents({ baseUrl: recorder.url, ...clientKeys });
    const error = await events.track({ event: 'e', customer: { id: 'c' } }, { headers: { [name]: 'https://elsewhere.example' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(recorder.sent).toHaveLength(before);
  });

  it('the keys sent are the credential options, each once', async () => {
    const seen = await sendWith({ client: { 'X-Client': '1' }, withOptions: { 'X-Clone': '1' }, call: { 'X-Call': '1' } });
    expect([seen['x-app-id'], seen['x-app-token'], seen.authorization]).toEqual([keys.appId, keys.appToken, `Bearer ${keys.accessToken}`]);
    expect([seen['x-client'], seen['x-clone'], seen['x-call']]).toEqual(['1', '1', '1']);
  });
});
