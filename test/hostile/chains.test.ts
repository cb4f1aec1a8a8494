/**
 * Every rendering, the whole chain. A secret (the app token, the bearer token a call sent, one a
 * token function returned before) reaches an error through its `cause`: what user code threw (a
 * fetch wrapper quoting the request's headers, a token function naming the token it failed to
 * refresh, a limiter quoting its settings, a schema quoting a value the service echoed), at any
 * depth, in any field, in any shape (an error with a cause chain, a cycle, an `AggregateError`,
 * a field, a name, a stack, a string, a null-prototype object, a Proxy), wrapping an error of any
 * class. None may show it, in any letter case: not the message, the stack, `String()`,
 * `toJSON()`, `JSON.stringify`, `util.inspect` (hidden properties included), the error hook's
 * event, nor any log line.
 */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { Client, PromokitError, type ErrorEvent, type Logger, type StandardSchemaV1 } from '../../src/index.js';
import { useRecorders } from '../helpers/recorder.js';
import { ERROR_OF_EACH_CLASS, json, keys } from './servers.js';
import { useFigures } from './table.js';

const serve = useRecorders().startRaw;
const record = useFigures('hostile/chains');

/** Every way a value can carry `secret`, as something user code throws. */
function carriers(secret: string): Array<[string, () => unknown]> {
  const deep = () => new Error('outer', { cause: new Error('middle', { cause: new Error(`deep ${secret}`) }) });
  return [
    ['an Error whose message holds it', () => new Error(`failed with ${secret}`)],
    ['three causes deep', deep],
    [
      'in a cycle of causes',
      () => {
        const a = new Error('a') as Error & { cause?: unknown };
        const b = new Error(`b ${secret}`, { cause: a });
        a.cause = b;
        return a;
      },
    ],
    ['in an AggregateError', () => new AggregateError([new Error('first'), new Error(`second ${secret}`)], 'all failed')],
    ['in a field', () => Object.assign(new Error('failed'), { config: { token: secret }, code: 'E_FIELD' })],
    ['in its name', () => Object.assign(new Error('failed'), { name: `Error ${secret}` })],
    ['in its stack', () => Object.assign(new Error('failed'), { stack: `Error: failed\n    at ${secret} (file.js:1:1)` })],
    ['in upper case', () => new Error(`FAILED ${secret.toUpperCase()}`)],
    ['a string', () => `failed with ${secret}`],
    ['a null-prototype object', () => Object.assign(Object.create(null), { message: `failed ${secret}` })],
    ['a Proxy of an error', () => new Proxy(new Error(`proxied ${secret}`), {})],
    ['promokit errors of every class, nested, the innermost cause holding it', () => wrapEach(secret)],
    ['a Symbol whose description holds it', () => Symbol(`failed with ${secret}`)],
    ['a function whose name holds it', () => Object.defineProperty(() => undefined, 'name', { value: `call ${secret}` })],
  ];
}

/**
 * Text that holds a secret after `pad` characters, for every `pad` up to 480 in steps of 9 (less
 * than a secret's length): each place that bounds what it quotes (40, 255, 300 characters, …) cuts
 * some of them inside the secret, before it is scrubbed; as an error, and one pad in three as a
 * Symbol.
 */
function cutCarriers(secret: string): Array<[string, () => unknown]> {
  return Array.from({ length: 54 }, (_, i) => i * 9).flatMap((pad): Array<[string, () => unknown]> => {
    const text = `${'x'.repeat(pad)} ${secret}`;
    const error: [string, () => unknown] = [`an Error, the secret after ${pad} characters`, () => new Error(text)];
    return pad % 27 === 0 ? [error, [`a Symbol, the secret after ${pad} characters`, () => Symbol(text)]] : [error];
  });
}

/** An `Error` whose cause is an error of every promokit class in turn, each with `secret` in its own cause. */
function wrapEach(secret: string): Error {
  let cause: unknown = new Error(`innermost ${secret}`);
  for (const make of Object.values(ERROR_OF_EACH_CLASS)) {
    const error = make();
    Object.defineProperty(error, 'cause', { value: cause, writable: true, configurable: true });
    cause = error;
  }
  return new Error('wrapped', { cause });
}

/** Everything a reader of `error` can see. */
function renderings(error: unknown): string[] {
  const e = error as PromokitError;
  return [
    e.message,
    String(e.stack),
    String(e),
    JSON.stringify(e),
    JSON.stringify(e.toJSON()),
    inspect(e, { depth: Number.POSITIVE_INFINITY }),
    inspect(e, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
  ];
}

/** A logger of every level that keeps every line, data included. */
function keeping(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const keep = (...parts: unknown[]) => void lines.push(inspect(parts, { depth: Number.POSITIVE_INFINITY }));
  return { logger: { debug: keep, info: keep, warn: keep, error: keep }, lines };
}

const standard = (validate: (value: unknown) => unknown): StandardSchemaV1 => ({ '~standard': { version: 1, vendor: 'test', validate } }) as StandardSchemaV1;

describe('a secret in the cause chain of an error', () => {
  it.each([
    ['every carrier', carriers, 'chains-cause'],
    ['text cut short at every length', cutCarriers, 'chains-cut'],
  ] as const)(
    '%s, from every place user code runs, against a service that echoes every credential: in no rendering, no hook event, no log line, not even its start',
    async (_what, carriersOf, figure) => {
      // The service echoes what it was sent: the bearer token and the app token, in its answers.
      const service = await serve((sent, res) => {
        const echo = `${String(sent.headers.authorization)} ${String(sent.headers['x-app-token'])}`;
        json(res, 200, {
          id: 'v_1',
          object: 'voucher',
          code: 'LOYAL-1',
          type: 'LOYALTY_CARD',
          created_at: '2026-01-01T00:00:00Z',
          echo,
          metadata: { note: echo },
        });
      });
      let issued = 0;
      const tokens: string[] = [];
      const accessToken = () => {
        const token = `rotating-SECRET-token-${++issued}-abcdef`;
        tokens.push(token);
        return token;
      };
      const last = () => tokens[tokens.length - 1]!;
      /** The places user code runs, each throwing what `carry` makes of a secret it holds. */
      const places: Array<[string, (carry: (secret: string) => unknown) => { client: Client; call: (client: Client) => Promise<unknown> }]> = [
        [
          'a fetch that throws, quoting the bearer token it was given',
          (carry) => ({
            client: client({ fetch: async (request: Request) => Promise.reject(carry(String(request.headers.get('authorization')))) }),
            call: (c) => c.loyalties.redeemReward('LOYAL-1', { reward: { id: 'rew_1' } }),
          }),
        ],
        [
          'a token function that fails naming the token it refreshes',
          (carry) => {
            let calls = 0;
            return {
              client: client({ accessToken: () => (calls++ === 0 ? accessToken() : Promise.reject(carry(last()))), maxRetries: 0 }),
              call: async (c) => {
                await c.loyalties.getMember('LOYAL-1');
                return c.loyalties.getMember('LOYAL-1');
              },
            };
          },
        ],
        [
          'a limiter that fails quoting its settings (the app token)',
          (carry) => ({
            client: client({ limiter: { acquire: async () => Promise.reject(carry(keys.appToken)) } }),
            call: (c) => c.loyalties.getMember('LOYAL-1'),
          }),
        ],
        [
          "client.request's schema, quoting the body the service echoed",
          (carry) => ({
            client: client({}),
            call: (c) =>
              c.request({
                method: 'GET',
                path: '/v1/loyalties/members/LOYAL-1',
                schema: {
                  safeParse: (body: unknown) => {
                    throw carry(String((body as { echo: string }).echo));
                  },
                },
              }),
          }),
        ],
        [
          'a metadata schema of the answer, quoting the metadata the service echoed',
          (carry) => ({
            client: client({
              metadataSchemas: {
                voucher: standard((value) => {
                  if ((value as { note?: string }).note?.includes('Bearer')) throw carry(String((value as { note: string }).note));
                  return { value };
                }),
              },
            }),
            call: (c) => c.loyalties.getMember('LOYAL-1'),
          }),
        ],
      ];
      const { logger, lines } = keeping();
      const events: ErrorEvent[] = [];
      function client(options: object): Client {
        return new Client({
          baseUrl: service.url,
          ...keys,
          accessToken,
          logger,
          logLevel: 'debug',
          hooks: { error: (event) => void events.push(event) },
          ...options,
        });
      }
      const classes = new Set<string>();
      let checked = 0;
      for (const [place, make] of places) {
        for (const [carrier] of carriersOf('x')) {
          const { client: c, call } = make((secret) => carriersOf(secret).find(([name]) => name === carrier)![1]());
          const [firstEvent, firstLine] = [events.length, lines.length];
          const error = await call(c).then(
            () => undefined,
            (e: unknown) => e,
          );
          expect(error, `${place}, ${carrier}`).toBeInstanceOf(PromokitError);
          classes.add((error as Error).name);
          // What this call rendered, logged and reported.
          const seen = [
            ...renderings(error),
            ...events.slice(firstEvent).map((event) => inspect(event, { depth: Number.POSITIVE_INFINITY })),
            ...lines.slice(firstLine),
          ]
            .join('\n')
            .toLowerCase();
          // Not even its first 14 characters (past the header names that start like it): text cut short inside a secret keeps none of it.
          for (const secret of [...tokens, keys.appToken, keys.clientToken])
            expect(seen, `${place}, ${carrier}: ${secret}`).not.toContain(secret.slice(0, 14).toLowerCase());
          checked++;
        }
      }
      record(
        figure,
        `${checked} errors (${places.length} places user code runs × ${carriersOf('x').length} ways to carry a secret), of ${classes.size} classes (${[...classes].sort().join(', ')}): each in 7 renderings, its error event and ${lines.length} log lines: secrets shown: 0`,
      );
    },
    120_000,
  );
});

describe("a secret in a schema's issues", () => {
  it('an issue message or path segment quoting the echoed token at every length up to 600 characters: not even its start in `issues` or any rendering', async () => {
    const service = await serve((sent, res) => {
      const echo = String(sent.headers.authorization);
      json(res, 200, { id: 'v_1', object: 'voucher', code: 'LOYAL-1', type: 'LOYALTY_CARD', created_at: '2026-01-01T00:00:00Z', metadata: { note: echo } });
    });
    const token = 'issue-SECRET-token-abcdefghijklmnopqrstuvwxyz';
    let checked = 0;
    for (let pad = 0; pad <= 600; pad += 9) {
      for (const where of ['message', 'path'] as const) {
        const quoting = standard((value) => {
          const text = `${'x'.repeat(pad)} ${String((value as { note?: string }).note)}`;
          return { issues: [where === 'message' ? { message: text, path: ['note'] } : { message: 'is wrong', path: [text] }] };
        });
        const client = new Client({
          baseUrl: service.url,
          ...keys,
          accessToken: token,
          metadataSchemas: { voucher: quoting as StandardSchemaV1<unknown, Record<string, unknown>> },
          validation: 'strict',
        });
        const error = await client.loyalties.getMember('LOYAL-1').then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error, `${where}, after ${pad}`).toBeInstanceOf(PromokitError);
        const seen = [...renderings(error), inspect((error as { issues?: unknown }).issues, { depth: Number.POSITIVE_INFINITY })].join('\n').toLowerCase();
        expect(seen, `${where}, after ${pad}`).not.toContain(token.slice(0, 14).toLowerCase());
        checked++;
      }
    }
    expect(checked).toBe(134);
  });
});

describe('a cause of megabytes', () => {
  it('a token function failing with a 10 MB message holding a secret at its end: the error renders bounded, the secret in none of it', async () => {
    const service = await serve((_sent, res) => json(res, 200, {}));
    const huge = `${'x'.repeat(10_000_000)} ${keys.appToken}`;
    const client = new Client({
      baseUrl: service.url,
      ...keys,
      accessToken: () => Promise.reject(new Error(huge, { cause: new Error(huge) })),
      logLevel: 'off',
    });
    const error = await client.loyalties.getMember('LOYAL-1').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PromokitError);
    const shown = renderings(error);
    const longest = Math.max(...shown.map((text) => text.length));
    expect(longest).toBeLessThan(100_000);
    expect(shown.join('\n').toLowerCase()).not.toContain(keys.appToken.toLowerCase());
    expect(service.sent).toHaveLength(0);
    // The longest rendering holds stack frames, whose file paths vary with where the project is: ~.
    record(
      'chains-megabytes',
      `a 10 MB message, and a 10 MB cause, each ending in the app token: the longest rendering ~${longest.toLocaleString('en-US')} characters; secrets shown: 0`,
    );
  });
});
