/**
 * Bad settings: a value that would split a request (CR, LF or NUL in a credential, `origin` or a
 * header), credentials in the `baseUrl`, and per-call bounds no timer can hold are refused where
 * they are given, naming the option, with nothing sent. A header a `request` hook cannot send is
 * the hook's error, logged, and the call goes on.
 */
import { describe, expect, it } from 'vitest';
import { ClientEvents, type ClientEventsOptions } from '../../src/client-side.js';
import { Client, ConfigurationError, type ClientOptions } from '../../src/index.js';
import { useRecorders } from '../helpers/recorder.js';
import { json, keys, member, settle } from './servers.js';
import { useFigures } from './table.js';

const serve = useRecorders().startRaw;
const record = useFigures('hostile/settings');

/** What `build` threw, or `undefined`. */
function thrownBy(build: () => unknown): unknown {
  try {
    build();
    return undefined;
  } catch (error) {
    return error;
  }
}

describe('refused at construction', () => {
  it('CR, LF or NUL in a credential, origin or header value, and user:password@ in baseUrl: ConfigurationError naming the option', () => {
    const base = { baseUrl: 'https://api.example.com', ...keys };
    const cases: Array<[option: string, options: ClientOptions]> = [];
    for (const bad of ['\r', '\n', '\0']) {
      for (const option of ['appId', 'appToken', 'accessToken', 'clientApplicationId', 'clientToken', 'origin'] as const) {
        cases.push([option, { ...base, [option]: `${keys[option]}${bad}X-Injected: 1` }]);
      }
      cases.push(['headers', { ...base, headers: { 'x-correlation-id': `order-1${bad}X-Injected: 1` } }]);
    }
    cases.push(['headers', { ...base, headers: { 'x bad name': 'value' } }]);
    cases.push(['baseUrl', { ...base, baseUrl: 'https://user:hunter2-SECRET@api.example.com' }]);
    cases.push(['baseUrl', { ...base, baseUrl: 'https://tok-SECRET@api.example.com' }]);

    let refused = 0;
    for (const [option, options] of cases) {
      const { appId, appToken, ...clientSide } = options;
      const builders: Array<() => unknown> = [() => new Client(options)];
      // The browser entry takes the client-side options only (an accessToken, never false: none here).
      if (option !== 'appId' && option !== 'appToken') builders.push(() => new ClientEvents(clientSide as ClientEventsOptions));
      for (const build of builders) {
        const error = thrownBy(build);
        expect(error, `${option}: ${JSON.stringify(options[option as keyof ClientOptions])}`).toBeInstanceOf(ConfigurationError);
        expect((error as ConfigurationError).option).toBe(option);
        expect((error as Error).message).toContain(`the ${option} option must be`);
        // The refused value is not repeated: it may be a secret.
        expect((error as Error).message).not.toContain('X-Injected');
        expect((error as Error).message).not.toContain('SECRET');
        refused++;
      }
      void appId;
      void appToken;
    }
    record(
      'settings-construction',
      `${refused} constructions (\`Client\` and \`ClientEvents\`) refused with \`ConfigurationError\` naming the option: 6 credential options, \`headers\` (CR, LF, NUL; a bad name), \`baseUrl\` with \`user:password@\` and with \`token@\`; none repeats the value`,
    );
  });
});

describe('per-call bounds', () => {
  it('timeout: 1e12, timeout: NaN and maxRetries: Infinity are refused before anything is sent', async () => {
    const service = await serve((_request, res) => json(res, 200, member));
    const client = new Client({ baseUrl: service.url, ...keys, logLevel: 'off' });
    const refused: string[] = [];
    for (const [option, options] of [
      ['timeout', { timeout: 1e12 }],
      ['timeout', { timeout: Number.NaN }],
      ['maxRetries', { maxRetries: Number.POSITIVE_INFINITY }],
      ['timeout', { timeout: -1 }],
    ] as const) {
      for (const call of [
        () => client.loyalties.getMember('LOYAL-H1', {}, options),
        () => client.loyalties.redeemReward('LOYAL-H1', { reward: { id: 'rew_1' } }, options),
      ]) {
        const { error } = await settle(call());
        expect(error, JSON.stringify(options)).toBeInstanceOf(ConfigurationError);
        expect(error).toMatchObject({ option, outcome: 'not_sent' });
        refused.push(option);
      }
    }
    expect(service.sent).toHaveLength(0);
    // The same client still works with bounds a timer can hold.
    await expect(client.loyalties.getMember('LOYAL-H1', {}, { timeout: 2_147_483_647, maxRetries: 10 })).resolves.toMatchObject({ id: member.id });
    record(
      'settings-call-options',
      `${refused.length} calls (\`timeout\` 1e12, NaN and -1; \`maxRetries\` Infinity; a read and a spend each) refused with \`ConfigurationError\`; requests sent: 0`,
    );
  });
});

describe('a header a request hook cannot send', () => {
  it("an invalid name or a value with CR LF is logged as the hook's error, and the call succeeds without it", async () => {
    const service = await serve((_request, res) => json(res, 200, member));
    const results: string[] = [];
    let logged = 0;
    for (const [name, value] of [
      ['x bad name', 'v'],
      ['x-trace', 'a\r\nX-Injected: 1'],
    ] as const) {
      const warnings: string[] = [];
      const client = new Client({
        baseUrl: service.url,
        ...keys,
        logger: { debug: () => undefined, info: () => undefined, warn: (line: string) => warnings.push(line), error: () => undefined },
        hooks: {
          request: (event) => {
            event.setHeader('x-before', 'set first');
            event.setHeader(name, value);
          },
        },
      });
      const before = service.sent.length;
      await expect(client.loyalties.getMember('LOYAL-H1')).resolves.toMatchObject({ id: member.id });
      await expect(client.loyalties.getMember('LOYAL-H1')).resolves.toMatchObject({ id: member.id });
      const sent = service.sent.slice(before);
      expect(sent).toHaveLength(2);
      for (const request of sent) {
        expect(request.headers['x-injected']).toBeUndefined();
        expect(request.headers['x-trace']).toBeUndefined();
        // The hook threw: nothing it set is applied.
        expect(request.headers['x-before']).toBeUndefined();
      }
      // Logged once as the hook's error, however many calls it failed.
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/the request hook threw.*setHeader/);
      expect(warnings[0]).not.toMatch(/[\r\n]/);
      logged += warnings.length;
      results.push('ok', 'ok');
    }
    record(
      'settings-hook-header',
      `${results.length} of 4 calls succeeded (an invalid name, a CR LF value; two calls each); ${logged} warning lines (one per hook); the header sent: 0 times`,
    );
  });
});
