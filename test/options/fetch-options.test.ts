/**
 * `fetchOptions` reach fetch on every attempt: from the `Client`, from a `ClientEvents`, and per
 * call, where a call's own win key by key. The request's own keys (`method`, `body`, `headers`,
 * `signal`, `redirect`, `keepalive`) are refused wherever `fetchOptions` are given; ky's own
 * options given there reach no ky: the call goes where and as the client says.
 * Over a stand-in fetch, and over a node:http service with an undici dispatcher that counts what
 * Node's own fetch hands it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Agent, type Dispatcher } from 'undici';
import { Client, ClientEvents, ConfigurationError, type FetchOptions } from '../../src/index.js';
import { clientKeys, keys } from '../helpers/keys.js';
import { recordingFetch, startRecorder, type Recorder } from '../helpers/recorder.js';

let recorder: Recorder | undefined;
let agent: Dispatcher | undefined;
afterEach(async () => {
  await recorder?.close();
  await agent?.close();
  recorder = agent = undefined;
});

const member = { id: 'v_1', code: 'L1', object: 'voucher' };
const ack = { object: 'event', type: 'signed_up', customer: { id: 'cust_1', object: 'customer' }, referral: null, loyalty: null, metadata: {} };
const unavailableTwice = (_: unknown, n: number) => (n <= 2 ? { status: 503, body: { code: 503 } } : { body: member });

/** A client on a recording fetch that answers every call with a member, with the client's `fetchOptions`. */
function recordedClient(fetchOptions: Record<string, unknown>): Client {
  recorder = recordingFetch(() => ({ body: member }));
  return new Client({ baseUrl: recorder.url, ...keys, fetch: recorder.fetch, validation: 'off', fetchOptions });
}

describe('over a stand-in fetch', () => {
  /** What reached fetch for each attempt: the init's own keys, and the Request's `cache`. */
  const seen = (r: Recorder) => r.sent.map((s) => ({ marker: s.init?.marker, cache: s.request!.cache, referrerPolicy: s.request!.referrerPolicy }));

  it("the client's fetchOptions reach fetch on every attempt of a retried call", async () => {
    recorder = recordingFetch(unavailableTwice);
    const client = new Client({
      baseUrl: recorder.url,
      ...keys,
      fetch: recorder.fetch,
      validation: 'off',
      maxRetryDelay: 0,
      logLevel: 'off',
      fetchOptions: { cache: 'no-store', marker: 'client' },
    });
    await client.loyalties.getMember('L1');
    expect(seen(recorder)).toEqual(Array(3).fill({ marker: 'client', cache: 'no-store', referrerPolicy: '' }));
  });

  it("a call's fetchOptions win key by key over the client's, for that call only", async () => {
    const client = recordedClient({ cache: 'no-store', marker: 'client' });
    await client.loyalties.getMember('L1', {}, { fetchOptions: { marker: 'call', referrerPolicy: 'no-referrer' } });
    await client.request({ method: 'GET', path: '/v1/campaigns' }, { fetchOptions: { cache: 'reload' } });
    await client.loyalties.getMember('L1');
    expect(seen(recorder!)).toEqual([
      { marker: 'call', cache: 'no-store', referrerPolicy: 'no-referrer' },
      { marker: 'client', cache: 'reload', referrerPolicy: '' },
      { marker: 'client', cache: 'no-store', referrerPolicy: '' },
    ]);
  });

  it('a ClientEvents takes them too, per client and per call; client.clientEvents has its Client’s', async () => {
    recorder = recordingFetch(() => ({ body: ack }));
    const events = new ClientEvents({ baseUrl: recorder.url, ...clientKeys, fetch: recorder.fetch, fetchOptions: { marker: 'events', cache: 'no-store' } });
    await events.track({ event: 'signed_up', customer: { source_id: 'c-1' } });
    await events.track({ event: 'signed_up', customer: { source_id: 'c-1' } }, { fetchOptions: { marker: 'call' } });
    const client = new Client({ baseUrl: recorder.url, ...keys, fetch: recorder.fetch, fetchOptions: { marker: 'client' } });
    await client.clientEvents.track({ event: 'signed_up', customer: { source_id: 'c-1' } });
    expect(seen(recorder).map((s) => [s.marker, s.cache])).toEqual([
      ['events', 'no-store'],
      ['call', 'no-store'],
      ['client', 'default'],
    ]);
  });

  it('a clone made by withOptions takes its own fetchOptions; the parent keeps its', async () => {
    recorder = recordingFetch(() => ({ body: member }));
    const parent = new Client({ baseUrl: recorder.url, ...keys, fetch: recorder.fetch, validation: 'off', fetchOptions: { marker: 'parent' } });
    await parent.withOptions({ fetchOptions: { marker: 'clone' } }).loyalties.getMember('L1');
    await parent.loyalties.getMember('L1');
    expect(seen(recorder).map((s) => s.marker)).toEqual(['clone', 'parent']);
  });

  it('the client cannot be talked out of its own settings by fetchOptions', async () => {
    const client = recordedClient({ credentials: 'include', mode: 'cors' });
    await client.loyalties.getMember('L1');
    const [sent] = recorder!.sent;
    expect(sent!.method).toBe('GET');
    expect(sent!.request!.redirect).toBe('manual');
    expect(sent!.request!.credentials).toBe('include');
    expect(sent!.headers['x-app-token']).toBe(keys.appToken);
  });
});

describe('the pipeline’s own keys are refused', () => {
  const owned = ['method', 'body', 'headers', 'signal', 'redirect', 'keepalive'] as const;
  const value = { method: 'DELETE', body: '{}', headers: { 'x-app-token': 'x' }, signal: AbortSignal.timeout(1_000), redirect: 'follow', keepalive: true };
  const bad = (name: (typeof owned)[number]) => ({ [name]: value[name] }) as unknown as FetchOptions;

  it.each(owned)('%s: by new Client(), new ClientEvents() and withOptions(), naming fetchOptions and the key', (name) => {
    for (const build of [
      () => new Client({ baseUrl: 'https://api.example.com', fetchOptions: bad(name) }),
      () => new ClientEvents({ baseUrl: 'https://api.example.com', fetchOptions: bad(name) }),
      () => new Client({ baseUrl: 'https://api.example.com' }).withOptions({ fetchOptions: bad(name) }),
    ]) {
      let error: unknown;
      try {
        build();
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error).toMatchObject({ option: 'fetchOptions', message: expect.stringContaining(`free of ${name}`) });
    }
  });

  it.each(owned)('%s: per call, rejected before fetch is called', async (name) => {
    recorder = recordingFetch(() => ({ body: member }));
    const client = new Client({ baseUrl: recorder.url, ...keys, fetch: recorder.fetch });
    const events = new ClientEvents({ baseUrl: recorder.url, ...clientKeys, fetch: recorder.fetch });
    for (const call of [
      () => client.loyalties.getMember('L1', {}, { fetchOptions: bad(name) }),
      () => client.request({ method: 'GET', path: '/v1/campaigns' }, { fetchOptions: bad(name) }),
      () => events.track({ event: 'e', customer: { id: 'c' } }, { fetchOptions: bad(name) }),
    ]) {
      await expect(call()).rejects.toMatchObject({ name: 'ConfigurationError', option: 'fetchOptions' });
    }
    expect(recorder.sent).toHaveLength(0);
  });

  // ky would act on its own options rather than hand them to fetch: a prefix or a baseUrl would
  // send the credentials to another host, throwHttpErrors: false would return a 5xx's body as a
  // result, retry would send it again. Every option of ky 2's (and ky 1's prefixUrl, which ky 2
  // refuses with an error).
  const kyOwned = [
    'prefixUrl',
    'prefix',
    'baseUrl',
    'retry',
    'timeout',
    'totalTimeout',
    'fetch',
    'searchParams',
    'json',
    'parseJson',
    'stringifyJson',
    'hooks',
    'throwHttpErrors',
    'onDownloadProgress',
    'onUploadProgress',
    'context',
  ];

  it.each(kyOwned)("ky's %s in fetchOptions reaches no ky: the call goes where and as the client says", async (name) => {
    const value = {
      prefixUrl: 'https://elsewhere.example.com',
      prefix: 'https://elsewhere.example.com',
      baseUrl: 'https://elsewhere.example.com',
      retry: { limit: 3, methods: ['get'], statusCodes: [500], shouldRetry: () => true },
      timeout: 1,
      totalTimeout: 1,
      fetch: async () => new Response('{"forged":true}'),
      searchParams: { stolen: '1' },
      json: { injected: true },
      parseJson: () => ({ forged: true }),
      stringifyJson: () => '{"forged":true}',
      hooks: { beforeRequest: [() => new Response('{"forged":true}')] },
      throwHttpErrors: false,
      onDownloadProgress: () => undefined,
      onUploadProgress: () => undefined,
      context: { forged: true },
    }[name];
    const fetchOptions = { [name]: value } as unknown as FetchOptions;
    recorder = recordingFetch(() => ({ status: 500, body: { code: 500 } }));
    for (const client of [
      new Client({ baseUrl: recorder.url, ...keys, fetch: recorder.fetch, fetchOptions, maxRetries: 0 }),
      new Client({ baseUrl: recorder.url, ...keys, fetch: recorder.fetch, maxRetries: 0 }),
    ]) {
      const before = recorder.sent.length;
      // A 500 still rejects (throwHttpErrors: false changed nothing), and no hook answered for the service.
      await expect(client.loyalties.getMember('L1', {}, { fetchOptions })).rejects.toMatchObject({ name: 'InternalServerError' });
      const sent = recorder.sent.slice(before);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.request!.url).toBe(`${recorder.url}/v1/loyalties/members/L1`);
      expect(sent[0]!.request!.method).toBe('GET');
    }
    await expect(
      new Client({ baseUrl: recorder.url, ...keys, fetch: recorder.fetch, maxRetries: 0 }).orders.create({ source_id: 'o-1' }, { fetchOptions }),
    ).rejects.toBeDefined();
    expect(JSON.parse(recorder.sent.at(-1)!.body)).toEqual({ source_id: 'o-1' });
  });

  it('fetchOptions that are not an object are refused', () => {
    for (const fetchOptions of ['no-store', 42, null, [1]]) {
      expect(() => new Client({ fetchOptions: fetchOptions as unknown as FetchOptions })).toThrow(/fetchOptions/);
    }
  });
});

describe("over a node:http service, through Node's own fetch", () => {
  /** An undici Agent whose every dispatch is counted: proof that fetch was handed it. */
  function countingAgent(): { dispatcher: Dispatcher; dispatched: string[] } {
    const dispatched: string[] = [];
    const dispatcher = new Agent().compose((dispatch) => (options, handler) => {
      dispatched.push(`${options.method} ${options.path}`);
      return dispatch(options, handler);
    });
    agent = dispatcher;
    return { dispatcher, dispatched };
  }

  it("the client's dispatcher carries every attempt of a retried call", async () => {
    recorder = await startRecorder(unavailableTwice);
    const { dispatcher, dispatched } = countingAgent();
    const client = new Client({ baseUrl: recorder.url, ...keys, validation: 'off', maxRetryDelay: 0, logLevel: 'off', fetchOptions: { dispatcher } });
    await client.loyalties.getMember('L1');
    expect(recorder.sent).toHaveLength(3);
    expect(dispatched).toEqual(Array(3).fill('GET /v1/loyalties/members/L1'));
  });

  it("a call's dispatcher wins over the client's; the next call is back on the client's", async () => {
    recorder = await startRecorder(() => ({ body: member }));
    const forClient = countingAgent();
    const clientAgent = agent;
    const forCall = countingAgent();
    const client = new Client({ baseUrl: recorder.url, ...keys, validation: 'off', fetchOptions: { dispatcher: forClient.dispatcher } });
    await client.request({ method: 'GET', path: '/v1/campaigns' }, { fetchOptions: { dispatcher: forCall.dispatcher } });
    await client.request({ method: 'GET', path: '/v1/vouchers' });
    expect(forCall.dispatched).toEqual(['GET /v1/campaigns']);
    expect(forClient.dispatched).toEqual(['GET /v1/vouchers']);
    await clientAgent?.close();
  });

  it('a ClientEvents hands its dispatcher to fetch too', async () => {
    recorder = await startRecorder(() => ({ body: ack }));
    const { dispatcher, dispatched } = countingAgent();
    const events = new ClientEvents({ baseUrl: recorder.url, ...clientKeys, fetchOptions: { dispatcher } });
    await events.track({ event: 'signed_up', customer: { source_id: 'c-1' } });
    expect(dispatched).toEqual(['POST /client/v1/events']);
    expect(recorder.sent).toHaveLength(1);
  });
});
