/**
 * Tenants stay apart. A client made by `withOptions()` for another tenant (other app or client
 * keys) or another service (another origin) never sends the parent's bearer token with them: it
 * must restate `accessToken`. An option given as `undefined` inherits. One tenant's 429 pauses its
 * own calls, not another's; a clone whose keys the service refuses refreshes a shared token once,
 * not once per call.
 */
import { describe, expect, it } from 'vitest';
import { clientOptionRules } from '../../src/client.js';
import { cachedAccessToken, Client, ConfigurationError, RateLimitError, type ClientOptions } from '../../src/index.js';
import { useRecorders } from '../helpers/recorder.js';
import { json, keys, member, settle } from './servers.js';
import { useFigures } from './table.js';

const serve = useRecorders().startRaw;
const record = useFigures('hostile/tenants');

const tenantB = {
  appId: 'app-id-B',
  appToken: 'app-token-SECRET-B',
  clientApplicationId: 'client-app-B',
  clientToken: 'client-token-SECRET-B',
  accessToken: 'access-token-SECRET-B',
};

describe('withOptions: another tenant or service restates its accessToken', () => {
  it('each of appId, appToken, clientApplicationId, clientToken and the baseUrl origin, changed without accessToken: ConfigurationError naming accessToken; with it: the clone sends its own token', async () => {
    const service = await serve((request, res) => json(res, 200, member));
    const parent = new Client({ baseUrl: service.url, ...keys, logLevel: 'off' });
    const changes: Array<[string, ClientOptions]> = [
      ['appId', { appId: tenantB.appId }],
      ['appToken', { appToken: tenantB.appToken }],
      ['clientApplicationId', { clientApplicationId: tenantB.clientApplicationId }],
      ['clientToken', { clientToken: tenantB.clientToken }],
      ['baseUrl (another origin)', { baseUrl: 'https://eu.api.example.com' }],
    ];
    let refused = 0;
    for (const [label, change] of changes) {
      expect(() => parent.withOptions(change), label).toThrow(ConfigurationError);
      try {
        parent.withOptions(change);
      } catch (error) {
        expect(error, label).toMatchObject({ option: 'accessToken' });
        expect((error as Error).message).not.toContain(keys.accessToken);
        refused++;
      }
      expect(() => parent.withOptions({ ...change, accessToken: tenantB.accessToken }), label).not.toThrow();
    }
    // Not another tenant: the same value restated, another path of the same origin, other settings.
    for (const same of [{ appId: keys.appId }, { baseUrl: `${service.url}/eu` }, { timeout: 5_000, headers: { 'x-a': '1' } }] as ClientOptions[])
      expect(() => parent.withOptions(same)).not.toThrow();
    const tenant = parent.withOptions({ appId: tenantB.appId, appToken: tenantB.appToken, accessToken: tenantB.accessToken });
    await tenant.loyalties.getMember('LOYAL-H1');
    expect(service.sent[0]!.headers).toMatchObject({ 'x-app-id': tenantB.appId, authorization: `Bearer ${tenantB.accessToken}` });
    record(
      'tenants-restate-token',
      `${changes.length} changes of tenant or service without \`accessToken\`: ${refused} refused with \`ConfigurationError\` naming \`accessToken\`; with it, the clone sent its own token; 3 changes that are no new tenant allowed`,
    );
  });

  it('a parent whose token comes from the environment: the same rule', () => {
    const previous = process.env.PROMOKIT_ACCESS_TOKEN;
    process.env.PROMOKIT_ACCESS_TOKEN = 'env-token-SECRET-1234';
    try {
      const { accessToken, ...noToken } = keys;
      void accessToken;
      const parent = new Client({ baseUrl: 'https://api.example.com', ...noToken });
      expect(() => parent.withOptions({ appToken: tenantB.appToken })).toThrow(/accessToken/);
    } finally {
      if (previous === undefined) delete process.env.PROMOKIT_ACCESS_TOKEN;
      else process.env.PROMOKIT_ACCESS_TOKEN = previous;
    }
  });
});

describe('an option given as undefined inherits', () => {
  it('every option of Client, given as undefined to withOptions: the clone calls the same service with the same keys and settings', async () => {
    const service = await serve((request, res) => json(res, 200, member));
    const parent = new Client({ baseUrl: service.url, ...keys, logLevel: 'off', headers: { 'x-tenant': 'a' } });
    let checked = 0;
    for (const option of Object.keys(clientOptionRules)) {
      const clone = parent.withOptions({ [option]: undefined });
      await clone.loyalties.getMember('LOYAL-H1');
      const sent = service.sent.at(-1)!;
      expect(sent.headers, option).toMatchObject({
        'x-app-id': keys.appId,
        'x-app-token': keys.appToken,
        authorization: `Bearer ${keys.accessToken}`,
        'x-tenant': 'a',
      });
      checked++;
    }
    record('tenants-undefined-inherits', `${checked} options given as \`undefined\`: each clone sent the parent's keys, token and headers`);
  });

  it("maxConcurrency: undefined shares the parent's rateLimit window: 20 calls of parent and clone, never more than 10 in any second", async () => {
    const arrivals: number[] = [];
    const service = await serve((_request, res) => {
      arrivals.push(performance.now());
      json(res, 200, member);
    });
    const parent = new Client({ baseUrl: service.url, ...keys, logLevel: 'off', rateLimit: { requests: 10, perMs: 1_000 } });
    const clone = parent.withOptions({ maxConcurrency: undefined });
    await Promise.all(Array.from({ length: 10 }, () => [parent.loyalties.getMember('L'), clone.loyalties.getMember('L')]).flat());
    expect(arrivals).toHaveLength(20);
    // Two windows of their own would let all 20 in at once; one window spaces the 11th a second
    // after the 1st (less the spread of the way from a start to the service's clock).
    const gaps = arrivals.slice(10).map((at, i) => Math.round(at - arrivals[i]!));
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(900);
    let most = 0;
    for (let i = 0; i < arrivals.length; i++) most = Math.max(most, arrivals.filter((at) => at >= arrivals[i]! && at < arrivals[i]! + 900).length);
    record(
      'tenants-undefined-window',
      `20 calls of a parent and its \`maxConcurrency: undefined\` clone under 10 per second: the 11th arrived ~${Math.min(...gaps)} ms or more after the 1st; at most ~${most} in any 900 ms`,
    );
  }, 10_000);
});

describe("one tenant's 429 and 401s stay its own", () => {
  it("tenant A's 429 with Retry-After: 3600: A's next calls refused at once, unsent; tenant B's 10 of 10 sent", async () => {
    const service = await serve((request, res) => {
      if (request.headers['x-app-id'] === keys.appId) json(res, 429, { code: 429 }, { 'retry-after': '3600' });
      else json(res, 200, member);
    });
    const parent = new Client({ baseUrl: service.url, ...keys, logLevel: 'off' });
    const tenant = parent.withOptions(tenantB);
    await expect(parent.loyalties.getMember('L')).rejects.toBeInstanceOf(RateLimitError);
    const results = await Promise.all(Array.from({ length: 10 }, () => settle(tenant.loyalties.getMember('L'))));
    expect(results.filter((r) => r.error === undefined)).toHaveLength(10);
    const { error } = await settle(parent.loyalties.getMember('L'));
    expect(error).toMatchObject({ outcome: 'not_sent' });
    expect(service.sent.filter((r) => r.headers['x-app-id'] === keys.appId)).toHaveLength(1);
    record(
      'tenants-pause',
      `tenant A answered 429 (Retry-After: 3600): A's next call refused unsent; tenant B: ${results.filter((r) => r.error === undefined).length} of 10 calls sent and answered`,
    );
  });

  it("a clone whose keys get 401s, sharing the parent's cachedAccessToken: 20 calls fetch 2 tokens for the clone, not 21; the parent's token is not touched", async () => {
    const service = await serve((request, res) => {
      if (request.headers['x-app-token'] === 'wrong-app-token') json(res, 401, { code: 401, key: 'unauthorized' });
      else json(res, 200, member);
    });
    let fetched = 0;
    const accessToken = cachedAccessToken(async () => ({ token: `shared-token-${++fetched}-abcdef`, expiresIn: 900 }));
    const parent = new Client({ baseUrl: service.url, ...keys, accessToken, logLevel: 'off' });
    await parent.loyalties.getMember('L');
    const clone = parent.withOptions({ appToken: 'wrong-app-token', accessToken });
    const results: unknown[] = [];
    for (let i = 0; i < 20; i++) results.push((await settle(clone.loyalties.getMember('L'))).error);
    expect(results.every((e) => (e as { status?: number }).status === 401)).toBe(true);
    // Each clone made per call, as a server handling requests would: still no refresh per call.
    for (let i = 0; i < 5; i++) await settle(parent.withOptions({ appToken: 'wrong-app-token', accessToken }).loyalties.getMember('L'));
    const parentSent = service.sent.filter((sent) => sent.headers['x-app-token'] !== 'wrong-app-token').map((sent) => sent.headers.authorization);
    await parent.loyalties.getMember('L');
    // One for the parent; for the clone's credentials, a token of their own and one refresh.
    expect(fetched).toBe(3);
    expect(new Set(parentSent)).toEqual(new Set(['Bearer shared-token-1-abcdef']));
    record(
      'tenants-401-refresh',
      `20 calls of a clone whose keys are refused, then 5 clones made per call: ${fetched} tokens fetched (the parent's; the clone's credentials' own, and one refresh); the parent's calls answered with its own token`,
    );
  });
});
