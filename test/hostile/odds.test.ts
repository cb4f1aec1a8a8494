/**
 * Smaller ways to turn a call against its caller: `asyncActions.waitFor` answered with nothing or
 * with another action's record, one `AbortSignal` shared by hundreds of calls, a token that cannot
 * be sent as given, amounts that cannot be sent exactly. Each ends in a typed error, and the
 * refused inputs send nothing.
 */
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import {
  AbortError,
  AuthenticationError,
  Client,
  ConfigurationError,
  InvalidRequestError,
  ResponseValidationError,
  type ValidationMode,
} from '../../src/index.js';
import { useRecorders } from '../helpers/recorder.js';
import { json, keys, member, settle } from './servers.js';
import { useFigures } from './table.js';

const serve = useRecorders().startRaw;
const record = useFigures('hostile/odds');

/** A service whose async action reads answer `body`. */
async function actionsAnswering(body: unknown) {
  const service = await serve((_request, res) => json(res, 200, body));
  const client = (validation: ValidationMode) => new Client({ baseUrl: service.url, ...keys, validation, logLevel: 'off' });
  return { service, client };
}

describe('asyncActions.waitFor', () => {
  it('on a null body: a typed error in every validation mode', async () => {
    const { client } = await actionsAnswering(null);
    const names: string[] = [];
    for (const mode of ['strict', 'warn', 'off'] as const) {
      const { error, ms } = await settle(client(mode).asyncActions.waitFor('aa_hostile_1', { interval: 10, timeout: 5_000 }));
      expect(error, mode).toBeInstanceOf(ResponseValidationError);
      // At once: not after polling until the deadline.
      expect(ms, mode).toBeLessThan(2_000);
      names.push(`${mode}: \`${(error as Error).name}\` after ~${ms} ms`);
    }
    record('waitfor-null', names.join('; '));
  });

  it('on the record of another action: ResponseValidationError naming id, not resolved', async () => {
    const { client, service } = await actionsAnswering({
      id: 'aa_someone_else',
      object: 'async_action',
      type: 'CAMPAIGN.VOUCHERS_IMPORT',
      status: 'DONE',
      progress: 100,
      created_at: '2026-03-18T09:30:00Z',
      result: { message: 'done' },
    });
    const names: string[] = [];
    for (const mode of ['strict', 'warn', 'off'] as const) {
      const { error } = await settle(client(mode).asyncActions.waitFor('aa_hostile_1', { interval: 10, timeout: 5_000 }));
      expect(error, mode).toBeInstanceOf(ResponseValidationError);
      expect((error as ResponseValidationError).issues[0]!.path).toEqual(['id']);
      names.push(mode);
    }
    expect(service.sent).toHaveLength(3);
    record('waitfor-other-id', `\`ResponseValidationError\` naming \`id\` in ${names.length} of 3 modes, after 1 read each`);
  });
});

describe('one AbortSignal shared by 200 calls', () => {
  it("prints no MaxListenersExceededWarning: the caller's signal gets one listener", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      const held: Array<() => void> = [];
      const service = await serve((_request, res) => void held.push(() => json(res, 200, member)));
      const client = new Client({ baseUrl: service.url, ...keys, maxRetries: 0, logLevel: 'off' });
      const controller = new AbortController();
      const calls = Array.from({ length: 200 }, (_, i) => settle(client.loyalties.getMember(`LOYAL-${i}`, {}, { signal: controller.signal })));
      // Every call in flight, the service holding its answer.
      await expect.poll(() => service.sent.length, { timeout: 10_000 }).toBe(200);
      const listeners = getEventListeners(controller.signal, 'abort').length;
      expect(listeners).toBe(1);
      // Half are answered; then the caller aborts the rest.
      for (const answer of held.splice(0, 100)) answer();
      await Promise.all(calls.slice(0, 100));
      controller.abort();
      const settled = await Promise.all(calls);
      expect(settled.slice(0, 100).every((s) => s.error === undefined)).toBe(true);
      expect(settled.slice(100).every((s) => s.error instanceof AbortError)).toBe(true);
      // Warnings are emitted on a later tick.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const exceeded = warnings.filter((w) => w.includes('MaxListenersExceeded'));
      expect(exceeded).toEqual([]);
      record(
        'shared-signal',
        `200 calls in flight: ${listeners} \`abort\` listener on the caller's signal; 100 resolved, 100 \`AbortError\` at the abort; \`MaxListenersExceededWarning\`: ${exceeded.length}`,
      );
    } finally {
      process.off('warning', onWarning);
    }
  });
});

describe('input that cannot be sent as given', () => {
  it('a lone surrogate in the oauth.introspect token: InvalidRequestError naming access_token, nothing sent', async () => {
    const service = await serve((_request, res) => json(res, 200, { active: false }));
    const client = new Client({ baseUrl: service.url, ...keys, logLevel: 'off' });
    const tokens = ['b3a1f0c2\ud800', '\udc00b3a1f0c2', 'b3a1\udfff\ud800f0c2'];
    for (const token of tokens) {
      const { error } = await settle(client.oauth.introspect(token));
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect((error as InvalidRequestError).issues.map((i) => i.path.join('.'))).toEqual(['access_token']);
      expect((error as Error).message).toContain('lone surrogate');
    }
    expect(service.sent).toHaveLength(0);
    // A well-formed token with a surrogate pair is sent.
    await expect(client.oauth.introspect('token-🎟️')).resolves.toMatchObject({ active: false });
    expect(service.sent).toHaveLength(1);
    record(
      'introspect-surrogate',
      `${tokens.length} of ${tokens.length} tokens refused with \`InvalidRequestError\` (\`access_token\`); requests sent: 0 (then 1 for a well-formed token)`,
    );
  });

  it('amounts of 2^53 and more: InvalidRequestError naming the field, nothing sent', async () => {
    const service = await serve((_request, res) => json(res, 200, { id: 'ord_1', valid: true, code: 'SUMMER-10' }));
    const client = new Client({ baseUrl: service.url, ...keys, logLevel: 'off' });
    const refused: Array<[string, Promise<unknown>]> = [
      ['amount', client.orders.create({ source_id: 'o-1', amount: 2 ** 53 })],
      ['items[0].price', client.orders.create({ source_id: 'o-1', items: [{ quantity: 1, price: 9_007_199_254_740_993 }] })],
      ['order.amount', client.vouchers.validate('SUMMER-10', { order: { amount: 1e300 } })],
      ['order.amount', client.loyalties.redeemReward('LOYAL-H1', { reward: { id: 'rew_1' }, order: { amount: -(2 ** 60) } })],
    ];
    for (const [field, call] of refused) {
      const { error } = await settle(call);
      expect(error, field).toBeInstanceOf(InvalidRequestError);
      const paths = (error as InvalidRequestError).issues.map((i) =>
        i.path
          .map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`))
          .join('')
          .slice(1)
          .replace(/\.\[/g, '['),
      );
      expect(paths, field).toEqual([field]);
      expect((error as Error).message, field).toContain('2^53 - 1');
    }
    expect(service.sent).toHaveLength(0);
    // The largest exact integer is sent.
    await client.orders.create({ source_id: 'o-1', amount: 2 ** 53 - 1 });
    expect(service.sent).toHaveLength(1);
    record(
      'amount-2-53',
      `${refused.length} of ${refused.length} calls refused with \`InvalidRequestError\` naming the field (2^53, 2^53 + 1, 1e300, -2^60); requests sent: 0 (then 1 for 2^53 - 1)`,
    );
  });
});

describe('the smaller items of the second adversarial pass', () => {
  it('200,000 bad order items: a message of a few lines naming the first 20, the count of the rest; nothing sent', async () => {
    const service = await serve((_request, res) => json(res, 200, {}));
    const client = new Client({ baseUrl: service.url, ...keys, logLevel: 'off' });
    const items = Array.from({ length: 200_000 }, () => ({ quantity: 'many' as unknown as number }));
    const { error } = await settle(client.orders.create({ source_id: 'o-big', items }));
    expect(error).toBeInstanceOf(InvalidRequestError);
    const { message } = error as Error;
    expect(message.length).toBeLessThan(4_000);
    expect(message).toMatch(/and \d+ more$/);
    expect(service.sent).toHaveLength(0);
    record(
      'message-200k-items',
      `${(error as InvalidRequestError).issues.length.toLocaleString('en-US')} issues; message ${message.length} characters; requests sent: 0`,
    );
  });

  it('an integer past 2^53 - 1 in a response, in strict mode: ResponseValidationError naming it; in warn mode, returned', async () => {
    const text =
      '{"id":"v_1","code":"LOYAL-H1","object":"voucher","type":"LOYALTY_CARD","created_at":"2026-01-01T00:00:00Z","loyalty_card":{"points":9007199254740993}}';
    const service = await serve((_request, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(text));
    const strict = await settle(new Client({ baseUrl: service.url, ...keys, validation: 'strict', logLevel: 'off' }).loyalties.getMember('LOYAL-H1'));
    expect(strict.error).toBeInstanceOf(ResponseValidationError);
    expect((strict.error as Error).message).toContain('loyalty_card.points');
    await expect(new Client({ baseUrl: service.url, ...keys, validation: 'warn', logLevel: 'off' }).loyalties.getMember('LOYAL-H1')).resolves.toMatchObject({
      id: 'v_1',
    });
    record('response-2-53', 'strict: `ResponseValidationError` naming `loyalty_card.points`; warn: returned as parsed');
  });

  it('a 401 whose fresh token cannot be had: the message says the call was answered 401, outcome rejected, one attempt', async () => {
    const service = await serve((_request, res) => json(res, 401, { code: 401, key: 'unauthorized' }));
    let n = 0;
    const client = new Client({
      baseUrl: service.url,
      ...keys,
      logLevel: 'off',
      accessToken: () => (++n === 1 ? 'first-token-abcdef' : Promise.reject(new Error('token endpoint down'))),
    });
    const { error } = await settle(client.loyalties.redeemReward('LOYAL-H1', { reward: { id: 'rew_1' } }));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toMatchObject({ outcome: 'rejected' });
    expect((error as Error).message).toContain('the call was answered 401 and not sent again');
    expect((error as Error).message).not.toContain('nothing was sent');
    expect(service.sent).toHaveLength(1);
    record(
      'fresh-token-fails',
      '`ConfigurationError` naming `accessToken`, `outcome: rejected`, the message saying the call was answered 401; requests sent: 1',
    );
  });

  it("another SDK's argument order (strings where a params object belongs), from plain JavaScript: refused naming the call shape, nothing sent", async () => {
    const service = await serve((_request, res) => json(res, 200, member));
    const client = new Client({ baseUrl: service.url, ...keys, logLevel: 'off' }) as unknown as Record<
      string,
      Record<string, (...args: unknown[]) => Promise<unknown>>
    >;
    const orders: Array<[string, () => Promise<unknown>, RegExp]> = [
      [
        'getMember(campaignId, memberId)',
        () => client.loyalties!.getMember!('camp_1', 'LOYAL-H1'),
        /loyalties\.getMember\(memberId, \{ …fields \}\); got a string/,
      ],
      [
        'redeemReward(campaignId, memberId, params)',
        () => client.loyalties!.redeemReward!('camp_1', 'LOYAL-H1', { reward: { id: 'rew_1' } }),
        /loyalties\.redeemReward\(memberId, \{ …fields \}\)/,
      ],
      [
        'listMemberPendingPoints(campaignId, memberId)',
        () => client.loyalties!.listPendingPoints!('camp_1', 'LOYAL-H1').then((p) => p),
        /loyalties\.listPendingPoints/,
      ],
      ['createTier(campaignId, [tier])', () => client.promotions!.createTier!('camp_1', [{ name: 'x' }]), /got an array/],
    ];
    for (const [label, call, words] of orders) {
      const { error } = await settle(call());
      expect(error, label).toBeInstanceOf(InvalidRequestError);
      expect((error as Error).message, label).toMatch(words);
    }
    expect(service.sent).toHaveLength(0);
    record(
      'vendor-argument-order',
      `${orders.length} calls in another SDK's argument order refused with \`InvalidRequestError\` naming promokit's call shape; requests sent: 0`,
    );
  });

  it('a non-retried retryable call says why: a 503 to a read asking for more than maxRetryDelay', async () => {
    const service = await serve((_request, res) => json(res, 503, { code: 503 }, { 'retry-after': '120' }));
    const client = new Client({ baseUrl: service.url, ...keys, maxRetryDelay: 1_000, logLevel: 'off' });
    const { error } = await settle(client.loyalties.getMember('LOYAL-H1'));
    expect((error as Error).message).toContain('not retried: the service asked to wait 120 s, longer than maxRetryDelay (1000 ms)');
    expect(service.sent).toHaveLength(1);
    void AuthenticationError;
    record('not-retried-says-why', '503 with `Retry-After: 120`, `maxRetryDelay: 1000`: sent once; the message says it was not retried and why');
  });
});
