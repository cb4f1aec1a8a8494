/**
 * Decisions from our own records. `retryDecision` and `client.reconcile` read the record of the
 * call kept beside its error (attempts, how far it got, the status answered, what it may do to
 * the service's state), never a field of the error, which any code that holds it can rewrite (a
 * wrapper that "normalises" errors, a queue that rebuilds them). So: real failures over a
 * node:http server on 127.0.0.1, for a spend, a read and an idempotent write, each with its
 * `outcome`, `status`, `retryAfter` and `headers` rewritten every hostile way, decide as they did
 * untouched; errors made by hand, of every error class, with any fields, never decide `retry`
 * when they may have been applied, and reconcile reads nothing for them; and every delay is a
 * whole number of milliseconds from 0 to a day.
 */
import { describe, expect, it } from 'vitest';
import * as sdk from '../../src/index.js';
import { Client, PromokitError, retryDecision, type RetryDecision } from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';
import { useRecorders } from '../helpers/recorder.js';
import { ERROR_OF_EACH_CLASS, json, keys, member, settle } from './servers.js';
import { useFigures } from './table.js';

const serve = useRecorders().startRaw;
const record = useFigures('hostile/records');

const DAY = 86_400_000;

/** A decision's delay, when it has one, is a whole number of ms from 0 to a day. */
function expectBounded(decision: RetryDecision, label: string): void {
  if (decision.action !== 'retry') return;
  expect(Number.isInteger(decision.delayMs), label).toBe(true);
  expect(decision.delayMs, label).toBeGreaterThanOrEqual(0);
  expect(decision.delayMs, label).toBeLessThanOrEqual(DAY);
}

/** The fields a caller can rewrite, with every hostile value. */
const REWRITES: Array<[string, unknown[]]> = [
  ['outcome', ['not_sent', 'rejected', 'unknown', 'bogus', undefined, null, 0]],
  ['status', [200, 400, 408, 429, 503, Number.NaN, -1, '503', undefined]],
  ['retryAfter', [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -5, 1e12, '3', null, undefined, 0]],
  ['headers', [{ 'retry-after': 'Infinity' }, { 'retry-after': '-1' }, { 'retry-after': '99999999999' }, {}, null]],
  ['attempts', [0, -1, Number.NaN]],
];

describe('a real error, its fields rewritten', () => {
  it('every answer and fault, for a spend, a read and an idempotent write, every field rewritten every way: the decision of the untouched error', async () => {
    const answers: Array<[string, (res: import('node:http').ServerResponse) => void]> = [
      ['503 with Retry-After: 3', (res) => json(res, 503, { code: 503, key: 'x' }, { 'retry-after': '3' })],
      ['500', (res) => json(res, 500, { code: 500, key: 'x' })],
      ['429 with Retry-After: 3', (res) => json(res, 429, { code: 429, key: 'x' }, { 'retry-after': '3' })],
      ['429 with Retry-After: 200000 (past maxRetryDelay)', (res) => json(res, 429, { code: 429, key: 'x' }, { 'retry-after': '200000' })],
      ['408', (res) => json(res, 408, { code: 408, key: 'x' })],
      ['400', (res) => json(res, 400, { code: 400, key: 'x' })],
      ['a reset', (res) => res.socket?.destroy()],
      ['a 200 that breaks its schema', (res) => json(res, 200, { nothing: 'here' })],
    ];
    let rewritten = 0;
    let errors = 0;
    for (const [label, answer] of answers) {
      const service = await serve((_request, res) => answer(res));
      const client = new Client({ baseUrl: service.url, ...keys, logLevel: 'off', validation: 'strict', maxRetries: 0 });
      for (const [kind, call] of [
        ['a spend', () => client.loyalties.redeemReward('LOYAL-H1', { reward: { id: 'rew_1' } })],
        ['a read', () => client.loyalties.getMember('LOYAL-H1')],
        ['an idempotent write', () => client.promotions.updateStack('camp_1', 'stack_1', { name: 'n', tiers: { ids: ['t1'] } })],
      ] as const) {
        const { error } = await settle(call());
        expect(error, `${label}, ${kind}`).toBeInstanceOf(PromokitError);
        const untouched = retryDecision(error);
        expectBounded(untouched, `${label}, ${kind}`);
        errors++;
        for (const [field, values] of REWRITES) {
          for (const value of values) {
            const original = (error as unknown as Record<string, unknown>)[field];
            (error as unknown as Record<string, unknown>)[field] = value;
            const decision = retryDecision(error);
            expect(decision, `${label}, ${kind}, ${field} = ${String(value)}`).toEqual(untouched);
            expectBounded(decision, `${label}, ${kind}, ${field} = ${String(value)}`);
            (error as unknown as Record<string, unknown>)[field] = original;
            rewritten++;
          }
        }
      }
    }
    record(
      'records-rewritten',
      `${errors} real errors (8 answers × a spend, a read, an idempotent write), ${rewritten} rewrites of outcome, status, retryAfter, headers, attempts: every decision the untouched error's; every delay 0 to a day`,
    );
  });

  it("client.reconcile of a spend's real 503 whose outcome was rewritten (not_sent, rejected, bogus): the check runs as for the untouched error", async () => {
    const mock = createMockService();
    const server = await mock.listen();
    try {
      const client = new Client({ baseUrl: server.url, ...mock.credentials, logLevel: 'off', maxRetries: 0 });
      const results: string[] = [];
      for (const outcome of [undefined, 'not_sent', 'rejected', 'bogus']) {
        // One redemption of the reward at a time: two alike since the call would be cannot_tell.
        mock.reset();
        mock.inject({ operation: 'loyalties.redeemReward', fault: 'commit-then-reset' });
        const { error } = await settle(client.loyalties.redeemReward(mock.ids.members.ada, { reward: { id: mock.ids.rewards.espresso } }));
        if (outcome !== undefined) (error as { outcome: unknown }).outcome = outcome;
        const result = await client.reconcile(error);
        expect(result.status, String(outcome)).toBe('applied');
        results.push(result.status);
      }
      record(
        'records-reconcile',
        `a redemption applied then its answer dropped, its outcome left or rewritten to not_sent, rejected, bogus: ${results.join(', ')}`,
      );
    } finally {
      await server.close();
    }
  });
});

/** The classes whose error may come from a call the service applied: by hand, never `retry`. */
const MAY_BE_APPLIED = [
  'CallError',
  'ConnectionError',
  'TimeoutError',
  'RedirectError',
  'ResponseTooLargeError',
  'ResponseValidationError',
  'LimiterError',
  'InternalServerError',
];

describe('an error made by hand', () => {
  it('has a maker for every error class the package exports', () => {
    const classes = Object.entries(sdk)
      .filter(([, value]) => typeof value === 'function' && (value === sdk.PromokitError || value.prototype instanceof sdk.PromokitError))
      .map(([name]) => name);
    expect(classes.filter((name) => !(name in ERROR_OF_EACH_CLASS))).toEqual([]);
  });

  it('of every class, with any fields: never a retry when it may have been applied, every delay 0 to a day, and reconcile reads nothing', async () => {
    const service = await serve((_request, res) => json(res, 200, member));
    const client = new Client({ baseUrl: service.url, ...keys, logLevel: 'off' });
    let made = 0;
    const byAction: Record<string, number> = {};
    for (const [name, make] of Object.entries(ERROR_OF_EACH_CLASS)) {
      for (const [field, values] of REWRITES) {
        for (const value of values) {
          const error = make({ [field]: value });
          (error as unknown as Record<string, unknown>)[field] = value;
          const decision = retryDecision(error);
          expectBounded(decision, `${name}, ${field} = ${String(value)}`);
          if (MAY_BE_APPLIED.includes(name)) expect(decision.action, `${name}, ${field} = ${String(value)}`).not.toBe('retry');
          byAction[decision.action] = (byAction[decision.action] ?? 0) + 1;
          const result = await client.reconcile(error);
          expect(result.status, name).toBe('cannot_tell');
          made++;
        }
      }
    }
    expect(service.sent).toHaveLength(0);
    record(
      'records-forged',
      `${made} errors made by hand (${Object.keys(ERROR_OF_EACH_CLASS).length} classes × ${REWRITES.reduce((n, [, v]) => n + v.length, 0)} field values): ${Object.entries(
        byAction,
      )
        .map(([action, count]) => `${count} ${action}`)
        .join(', ')}; none a retry of a class that may have been applied; reconcile: cannot_tell each, requests sent: 0`,
    );
  });
});
