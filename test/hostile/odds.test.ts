/**
 * Smaller ways to turn a call against its caller: `asyncActions.waitFor` answered with nothing or
 * with another action's record, one `AbortSignal` shared by hundreds of calls, a token that cannot
 * be sent as given, amounts that cannot be sent exactly. Each ends in a typed error, and the
 * refused inputs send nothing.
 */
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { AbortError, Client, InvalidRequestError, ResponseValidationError, type ValidationMode } from '../../src/index.js';
import { json, keys, member, settle, useServers } from './servers.js';
import { useFigures } from './table.js';

const serve = useServers();
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
      names.push(`${mode}: \`${(error as Error).name}\` after ${ms} ms`);
    }
    record('waitfor-null', names.join('; '));
  });

  it('on the record of another action: ResponseValidationError naming id, not resolved', async () => {
    const { client, service } = await actionsAnswering({ id: 'aa_someone_else', object: 'async_action', type: 'CAMPAIGN.VOUCHERS_IMPORT', status: 'DONE', progress: 100, created_at: '2026-03-18T09:30:00Z', result: { message: 'done' } });
    const names: string[] = [];
    for (const mode of ['strict', 'warn', 'off'] as const) {
      const { error } = await settle(client(mode).asyncActions.waitFor('aa_hostile_1', { interval: 10, timeout: 5_000 }));
      expect(error, mode).toBeInstanceOf(ResponseValidationError);
      expect((error as ResponseValidationError).issues[0]!.path).toEqual(['id']);
      names.push(mode);
    }
    expect(service.requests).toHaveLength(3);
    record('waitfor-other-id', `\`ResponseValidationError\` naming \`id\` in ${names.length} of 3 modes, after 1 read each`);
  });
});

describe('one AbortSignal shared by 200 calls', () => {
  it('prints no MaxListenersExceededWarning: the caller\'s signal gets one listener', async () => {
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
      await expect.poll(() => service.requests.length, { timeout: 10_000 }).toBe(200);
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
      record('shared-signal', `200 calls in flight: ${listeners} \`abort\` listener on the caller's signal; 100 resolved, 100 \`AbortError\` at the abort; \`MaxListenersExceededWarning\`: ${exceeded.length}`);
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
    expect(service.requests).toHaveLength(0);
    // A well-formed token with a surrogate pair is sent.
    await expect(client.oauth.introspect('token-🎟️')).resolves.toMatchObject({ active: false });
    expect(service.requests).toHaveLength(1);
    record('introspect-surrogate', `${tokens.length} of ${tokens.length} tokens refused with \`InvalidRequestError\` (\`access_token\`); requests sent: 0 (then 1 for a well-formed token)`);
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
      const paths = (error as InvalidRequestError).issues.map((i) => i.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('').slice(1).replace(/\.\[/g, '['));
      expect(paths, field).toEqual([field]);
      expect((error as Error).message, field).toContain('2^53 - 1');
    }
    expect(service.requests).toHaveLength(0);
    // The largest exact integer is sent.
    await client.orders.create({ source_id: 'o-1', amount: 2 ** 53 - 1 });
    expect(service.requests).toHaveLength(1);
    record('amount-2-53', `${refused.length} of ${refused.length} calls refused with \`InvalidRequestError\` naming the field (2^53, 2^53 + 1, 1e300, -2^60); requests sent: 0 (then 1 for 2^53 - 1)`);
  });
});
