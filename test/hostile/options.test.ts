/**
 * Types are not checks: a JavaScript caller, a JSON config or an environment variable gives
 * `'false'`, `'1'`, `0`, `null`, `{}` or a Proxy where a typed option belongs. Every option of
 * `Client`, `ClientEvents`, `RequestOptions` and `client.request()` is declared once with its rule
 * (the tables the clients check against), and each declared option is fed every such value here:
 * a value the option's type does not allow is refused, naming the option, with nothing sent.
 */
import { describe, expect, it } from 'vitest';
import { clientOptionRules } from '../../src/client.js';
import { ClientEvents } from '../../src/client-side.js';
import { requestOptionRules } from '../../src/core/request-options.js';
import { clientEventsOptionRules } from '../../src/resources/client-events.js';
import { Client, ConfigurationError, InvalidRequestError } from '../../src/index.js';
import { useRecorders } from '../helpers/recorder.js';
import { json, keys, member, settle, throwingProxy } from './servers.js';
import { useFigures } from './table.js';

const serve = useRecorders().startRaw;
const record = useFigures('hostile/options');

/** The values a config file, an environment variable or a careless caller gives. */
const WRONG = { "'false'": 'false', "'1'": '1', '0': 0, null: null, '{}': {}, 'a Proxy': throwingProxy(), "''": '' } as const;
type Wrong = keyof typeof WRONG;

/**
 * The values of `WRONG` that each option's type does allow (its kind, stated here apart from the
 * rules under test): every other value must be refused.
 */
const allowed: Record<string, readonly Wrong[]> = {
  maxRetries: ['0'],
  maxRetryDelay: ['0'],
  headers: ['{}'],
  fetchOptions: ['{}'],
  hooks: ['{}'],
  // No schemas at all: nothing to check.
  metadataSchemas: ['{}'],
  eventSchemas: ['{}'],
  // Credentials may be empty strings: a missing one is reported by the first call that needs it.
  appId: ["'false'", "'1'", "''"],
  appToken: ["'false'", "'1'", "''"],
  clientApplicationId: ["'false'", "'1'", "''"],
  clientToken: ["'false'", "'1'", "''"],
  origin: ["'false'", "'1'", "''"],
  accessToken: ["'false'", "'1'", "''"],
};

/** Whether building `build` threw a ConfigurationError naming `option`. */
function refusal(build: () => unknown): unknown {
  try {
    build();
    return undefined;
  } catch (error) {
    return error;
  }
}

describe('every option of Client and ClientEvents, fed the wrong types', () => {
  it.each([
    ['Client', clientOptionRules, (options: object) => new Client({ baseUrl: 'https://api.example.com', ...keys, ...options })],
    [
      'ClientEvents',
      clientEventsOptionRules,
      (options: object) =>
        new ClientEvents({
          baseUrl: 'https://api.example.com',
          clientApplicationId: 'a',
          clientToken: 'token-1234',
          origin: 'https://shop.example.com',
          ...options,
        }),
    ],
  ] as const)('%s: each wrong value refused with a ConfigurationError naming the option', (owner, rules, build) => {
    let refused = 0;
    for (const option of Object.keys(rules)) {
      for (const [label, value] of Object.entries(WRONG) as Array<[Wrong, unknown]>) {
        const error = refusal(() => build({ [option]: value }));
        if (allowed[option]?.includes(label)) {
          expect(error, `${owner} ${option}: ${label}`).toBeUndefined();
          continue;
        }
        expect(error, `${owner} ${option}: ${label}`).toBeInstanceOf(ConfigurationError);
        expect((error as ConfigurationError).option, `${owner} ${option}: ${label}`).toBe(option);
        expect((error as Error).message).toContain(option);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(Object.keys(rules).length * 4);
    record(
      owner === 'Client' ? 'options-client' : 'options-client-events',
      `${Object.keys(rules).length} options × ${Object.keys(WRONG).length} values: ${refused} refused with \`ConfigurationError\` naming the option, the rest allowed by the option's type`,
    );
  });

  it('a name no client knows (a typo, a server key given to ClientEvents) is refused, not ignored', () => {
    expect(refusal(() => new Client({ timout: 5 } as never))).toMatchObject({ option: 'timout' });
    expect(refusal(() => new ClientEvents({ appToken: 'server-secret' } as never))).toMatchObject({ option: 'appToken' });
    expect(refusal(() => new Client({ __proto__: { timeout: -1 } } as never))).toBeUndefined();
  });

  it('a getter is read once: the value checked is the value used', () => {
    let reads = 0;
    const options = {
      baseUrl: 'https://api.example.com',
      ...keys,
      get timeout() {
        reads++;
        return reads === 1 ? 10_000 : -1;
      },
    };
    expect(() => new Client(options)).not.toThrow();
    expect(reads).toBe(1);
  });
});

describe('every RequestOptions option, fed the wrong types, per call', () => {
  it('a read and a spend: refused with a ConfigurationError naming the option; nothing sent', async () => {
    const service = await serve((_request, res) => json(res, 200, member));
    const client = new Client({ baseUrl: service.url, ...keys, logLevel: 'off' });
    let refused = 0;
    for (const option of Object.keys(requestOptionRules)) {
      for (const [label, value] of Object.entries(WRONG) as Array<[Wrong, unknown]>) {
        if (allowed[option]?.includes(label)) continue;
        for (const call of [
          () => client.loyalties.getMember('LOYAL-H1', {}, { [option]: value }),
          () => client.loyalties.redeemReward('LOYAL-H1', { reward: { id: 'rew_1' } }, { [option]: value }),
        ]) {
          const { error } = await settle(call());
          expect(error, `${option}: ${label}`).toBeInstanceOf(ConfigurationError);
          expect(error, `${option}: ${label}`).toMatchObject({ option, outcome: 'not_sent' });
          refused++;
        }
      }
    }
    // The options object itself: not an object, or unreadable.
    for (const options of ['fast', 1, throwingProxy()]) {
      const { error } = await settle(client.loyalties.getMember('LOYAL-H1', {}, options as never));
      expect(error).toBeInstanceOf(ConfigurationError);
      refused++;
    }
    expect(service.sent).toHaveLength(0);
    record(
      'options-call',
      `${Object.keys(requestOptionRules).length} options × wrong values × a read and a spend, and 3 options objects that are none: ${refused} calls refused with \`ConfigurationError\`; requests sent: ${service.sent.length}`,
    );
  });
});

describe('every field of client.request, fed the wrong types', () => {
  const fields = ['method', 'path', 'pathParams', 'query', 'form', 'auth', 'idempotent', 'schema'] as const;
  const base = { method: 'POST', path: '/v1/vouchers/{code}/redemption', pathParams: { code: 'SPRING15' } } as const;

  it("idempotent: 'false', auth: 'admin' and every other wrong value: InvalidRequestError naming the field, nothing sent", async () => {
    const service = await serve((_request, res) => json(res, 503, { code: 503 }));
    const client = new Client({ baseUrl: service.url, ...keys, logLevel: 'off' });
    let refused = 0;
    const values: Array<[string, unknown]> = [...Object.entries(WRONG), ["'admin'", 'admin'], ['true as a string', 'true']];
    for (const field of fields) {
      for (const [label, value] of values) {
        // `{}` is an empty object of strings: fine for pathParams, query and form.
        if (label === '{}' && (field === 'query' || field === 'form' || field === 'pathParams')) continue;
        const { error } = await settle(client.request({ ...base, [field]: value } as never));
        expect(error, `${field}: ${label}`).toBeInstanceOf(InvalidRequestError);
        expect(
          (error as InvalidRequestError).issues.map((i) => i.path[0]),
          `${field}: ${label}`,
        ).toContain(field);
        expect(error).toMatchObject({ outcome: 'not_sent' });
        refused++;
      }
    }
    const { error } = await settle(client.request({ ...base, params: { code: 'x' } } as never));
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(service.sent).toHaveLength(0);
    // A POST stated idempotent: false (a boolean) is sent once whatever the 503s.
    await settle(client.request({ ...base, idempotent: false }));
    expect(service.sent).toHaveLength(1);
    record(
      'options-request',
      `${fields.length} fields × ${values.length} values: ${refused} requests refused with \`InvalidRequestError\` naming the field (\`idempotent: 'false'\` and \`auth: 'admin'\` among them); sent: 0; \`idempotent: false\` after 503s: sent ${service.sent.length} time`,
    );
  });
});
