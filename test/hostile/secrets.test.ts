/**
 * Secrets per call: every credential a call sent, and every token the client held recently, is
 * scrubbed from what the call produces, whatever the service echoes back and whichever call's
 * token it echoes: token functions rotate, a cached token is refreshed between two calls in
 * flight, a `ClientEvents` sends its own bearer. Checked in the message, `toJSON()`,
 * `util.inspect`, the error hook's event and the error's fields, for every kind of answer.
 */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ClientEvents } from '../../src/client-side.js';
import { cachedAccessToken, Client, PromokitError, type Hooks } from '../../src/index.js';
import { useRecorders, type Recorder } from '../helpers/recorder.js';
import { json, keys, settle } from './servers.js';
import { useFigures } from './table.js';

const serve = useRecorders().startRaw;
const record = useFigures('hostile/secrets');

/** Every answer kind that carries service text into an error. */
const ANSWERS: Array<[label: string, status: number]> = [
  ['400', 400],
  ['401', 401],
  ['404', 404],
  ['422', 422],
  ['429', 429],
  ['500', 500],
  ['503', 503],
  ['a 200 whose body breaks its schema (strict)', 200],
];

/**
 * A service that remembers every bearer token it was sent and echoes all of them (the older ones
 * too) in the error body, a header and a body key, with the answer `next()` names.
 */
async function echoing(next: () => number): Promise<Recorder> {
  const seen: string[] = [];
  return serve((request, res) => {
    const bearer = String(request.headers.authorization ?? '').slice(7);
    if (bearer && !seen.includes(bearer)) seen.push(bearer);
    const status = next();
    const echo = seen.join(' and ');
    const body =
      status === 200
        ? { id: 1, [`key-${echo}`]: echo, object: echo, customer: echo }
        : { code: status, key: `bad-${echo}`, message: `token ${echo} refused`, details: echo, request_id: echo };
    json(res, status, body, { 'x-echo': echo, 'retry-after': '3600' });
  });
}

/** Everything a reader can see of an error: message, JSON, inspect, and its fields. */
function rendered(error: unknown): string {
  const e = error as PromokitError & Record<string, unknown>;
  return [e.message, JSON.stringify(e), inspect(e, { depth: 10 }), JSON.stringify(e.headers ?? {}), JSON.stringify(e.body ?? {})].join('\n');
}

describe('the tokens of other calls in flight', () => {
  it('a token function that rotates per call, two calls in flight, each answer echoing both tokens: neither in any error, any field, any hook event', async () => {
    let answer = 0;
    const service = await echoing(() => ANSWERS[Math.floor(answer++ / 2) % ANSWERS.length]![1]);
    const events: unknown[] = [];
    const hooks: Hooks = { error: (event) => void events.push(event) };
    let n = 0;
    const tokens: string[] = [];
    const accessToken = () => {
      const token = `rotating-token-SECRET-${++n}-abcdef`;
      tokens.push(token);
      return token;
    };
    const client = new Client({ baseUrl: service.url, ...keys, accessToken, validation: 'strict', logLevel: 'off', maxRetries: 0, hooks });
    let errors = 0;
    for (const [label] of ANSWERS) {
      // Two calls at once: the answer to each echoes the other's token too.
      const results = await Promise.all([settle(client.loyalties.getMember('LOYAL-H1')), settle(client.loyalties.getMember('LOYAL-H2'))]);
      for (const { error } of results) {
        expect(error, label).toBeInstanceOf(PromokitError);
        const text = rendered(error);
        for (const token of tokens) expect(text, `${label}: ${token}`).not.toContain(token);
        for (const secret of [keys.appToken]) expect(text, label).not.toContain(secret);
        errors++;
      }
    }
    const hookText = inspect(events, { depth: 10 }) + JSON.stringify(events);
    for (const token of tokens) expect(hookText).not.toContain(token);
    record(
      'secrets-in-flight',
      `${errors} errors over ${ANSWERS.length} kinds of answer echoing the tokens of both calls in flight (${tokens.length} tokens): tokens found in messages, \`toJSON()\`, \`inspect\`, fields and ${events.length} hook events: 0`,
    );
  });

  it('cachedAccessToken refreshed between two calls: the older token, echoed to the newer call, is scrubbed', async () => {
    let answer = 0;
    const service = await echoing(() => (answer++ === 0 ? 401 : 503));
    let issued = 0;
    const tokens: string[] = [];
    const accessToken = cachedAccessToken(async () => {
      const token = `cached-token-SECRET-${++issued}-abcdef`;
      tokens.push(token);
      return { token, expiresIn: 900 };
    });
    const client = new Client({ baseUrl: service.url, ...keys, accessToken, logLevel: 'off', maxRetries: 0 });
    // The first call's 401 refreshes the token; its resend (and the next call) carry the newer one.
    const first = await settle(client.loyalties.getMember('LOYAL-H1'));
    const second = await settle(client.loyalties.getMember('LOYAL-H1'));
    expect(tokens).toHaveLength(2);
    for (const { error } of [first, second]) for (const token of tokens) expect(rendered(error)).not.toContain(token);
    record('secrets-cached-refresh', `${tokens.length} tokens issued (a 401 between them); both echoed in every later answer; found in errors: 0`);
  });
});

describe('ClientEvents scrubs its bearer', () => {
  it.each(ANSWERS)('%s echoing the bearer: not in the error', async (label, status) => {
    const service = await echoing(() => status);
    const events = new ClientEvents({
      baseUrl: service.url,
      clientApplicationId: keys.clientApplicationId,
      clientToken: keys.clientToken,
      origin: keys.origin,
      accessToken: keys.accessToken,
      validation: 'strict',
      logLevel: 'off',
      maxRetries: 0,
    });
    const { error } = await settle(events.track({ event: 'signed_up', customer: { source_id: 'c-1' } }));
    expect(error, label).toBeInstanceOf(PromokitError);
    expect(rendered(error), label).not.toContain(keys.accessToken);
    if (label === '400')
      record('secrets-client-events', `${ANSWERS.length} kinds of answer echoing the bearer of a \`ClientEvents\`: found in the error 0 times`);
  });
});
