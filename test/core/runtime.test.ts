// The runtime seam: src/core/runtime.ts (Node) and src/core/runtime.browser.ts (what the browser
// build puts in its place) export the same names with the same types, and both run here, in Node,
// so the browser side is tested on every machine (the Chromium tests run it in a page too).
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ResponseValidationError, type Issue } from '../../src/core/errors.js';
import { Log, type Logger } from '../../src/core/log.js';
import { checkResponse } from '../../src/core/outcome.js';
import { DeviationRecord, type ResponseSchema } from '../../src/core/responses.js';
import * as browserSide from '../../src/core/runtime.browser.js';
import * as nodeSide from '../../src/core/runtime.js';

// A type that differs, a name added or left out on one side: `tsc -p test` fails here.
expectTypeOf<typeof browserSide>().toEqualTypeOf<typeof nodeSide>();

const sides = { node: nodeSide, browser: browserSide } as const;

/** A schema of `{ id: string }`, zod-like. */
const idSchema: ResponseSchema<{ id: string }> = {
  safeParse: (data) =>
    typeof (data as { id?: unknown } | null)?.id === 'string'
      ? { success: true, data: data as { id: string } }
      : { success: false, error: { issues: [{ path: ['id'], message: 'expected a string' }] } },
};

function recordingLog(): { log: Log; warnings: string[] } {
  const warnings: string[] = [];
  const logger: Logger = { debug: () => undefined, info: () => undefined, warn: (message) => void warnings.push(message), error: () => undefined };
  return { log: new Log(logger, 'warn'), warnings };
}

describe('the runtime seam', () => {
  it('has the same exports on both sides', () => {
    expect(Object.keys(browserSide).sort()).toEqual(Object.keys(nodeSide).sort());
  });

  describe.each(Object.entries(sides))('%s side', (_, side) => {
    it('copies plain data as JSON sends it', () => {
      const issues: Issue[] = [];
      const value = { code: 'SPRING15', amount: 1200, items: [{ sku: 'mug', quantity: 2 }], when: new Date('2026-11-25T00:00:00Z'), gone: undefined };
      expect(side.plainCopy(value, issues)).toEqual(JSON.parse(JSON.stringify(value)));
      expect(issues).toEqual([]);
    });

    it.each([
      ['a BigInt', { n: 1n }],
      ['NaN', { n: Number.NaN }],
      ['Infinity', { n: Number.POSITIVE_INFINITY }],
      ['a Map', { m: new Map() }],
      ['an Invalid Date', { d: new Date('nope') }],
      ['a function', { idempotent: () => true }],
      ['a Symbol', { auth: Symbol('server') }],
    ])('refuses %s, with an issue', (_, value) => {
      const issues: Issue[] = [];
      side.plainCopy(value, issues);
      expect(issues).toHaveLength(1);
      expect(issues[0]!.message).toMatch(/^must be/);
    });

    it('reads a body', async () => {
      const text = await side.readBody(new Response('{"ok":true}'), 1_000, { operation: 'x', method: 'GET', host: 'h', attempts: 1, status: 200 });
      expect(text).toBe('{"ok":true}');
    });

    it('gives each call a signal that aborts with the caller’s, with its reason', () => {
      const caller = new AbortController();
      const call = side.callSignal(caller.signal);
      caller.abort(new Error('stop'));
      expect(call.signal.aborted).toBe(true);
      expect((call.signal.reason as Error).message).toBe('stop');
      call.done();
    });

    it('loads ky', async () => {
      expect(typeof (await side.loadKy())).toBe('function');
    });

    it('lets a Latin-1 header value through and refuses one that is not', () => {
      expect(side.isHeaderValue('Bearer abc')).toBe(true);
      expect(side.isHeaderValue('caf\u00e9')).toBe(true);
      expect(side.isHeaderValue('\u20ac')).toBe(false);
      expect(side.isHeaderValue(42)).toBe(false);
    });

    it('takes an option as given when it is given', () => {
      expect(side.optionOrEnv('app_1', 'appId')).toBe('app_1');
    });
  });

  describe('what differs', () => {
    it('Node refuses the headers fetch will not send; the browser leaves them to its fetch', () => {
      expect(() => nodeSide.checkHeaders({ connection: 'close' }, 'Client', 'the credentials')).toThrow(/connection/);
      expect(() => browserSide.checkHeaders({ connection: 'close' }, 'Client', 'the credentials')).not.toThrow();
    });

    it('Node tells a refused connection (nothing sent); the browser cannot', () => {
      const refused = Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
      expect(nodeSide.nothingWasSent(refused)).toBe(true);
      expect(nodeSide.failureCode(refused)).toBe('ECONNREFUSED');
      expect(browserSide.nothingWasSent(refused)).toBe(false);
      expect(browserSide.failureCode(refused)).toBeUndefined();
    });

    it('Node bounds a body by maxResponseBytes; the browser reads it as fetch gives it', async () => {
      const context = { operation: 'x', method: 'GET', host: 'h', attempts: 1, status: 200 };
      await expect(nodeSide.readBody(new Response('x'.repeat(100)), 10, context)).rejects.toThrow(/maxResponseBytes/);
      await expect(browserSide.readBody(new Response('x'.repeat(100)), 10, context)).resolves.toHaveLength(100);
    });

    it('Node reads the environment; a browser has none', () => {
      process.env.PROMOKIT_APP_ID = 'from-env';
      try {
        expect(nodeSide.optionOrEnv(undefined, 'appId')).toBe('from-env');
        expect(browserSide.optionOrEnv(undefined, 'appId')).toBeUndefined();
      } finally {
        delete process.env.PROMOKIT_APP_ID;
      }
    });

    it('neither side takes Node for a browser', () => {
      expect(nodeSide.isBrowser()).toBe(false);
      expect(browserSide.isBrowser()).toBe(false);
    });
  });
});

describe('the response check (the same on both sides; a deviation judged by the failure module)', () => {
  it('checks a response in strict mode: a broken body throws ResponseValidationError', async () => {
    const { log } = recordingLog();
    expect(await checkResponse('strict', 'vouchers.get', idSchema, { id: 'v_1' }, log, new DeviationRecord())).toEqual({ id: 'v_1' });
    await expect(checkResponse('strict', 'vouchers.get', idSchema, { id: 1 }, log, new DeviationRecord())).rejects.toThrow(ResponseValidationError);
  });

  it('in warn mode returns a broken body as received and logs each kind of deviation once', async () => {
    const { log, warnings } = recordingLog();
    const record = new DeviationRecord();
    const body = { id: 1 };
    expect(await checkResponse('warn', 'vouchers.get', idSchema, body, log, record)).toBe(body);
    await checkResponse('warn', 'vouchers.get', idSchema, { id: 2 }, log, record);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('vouchers.get: response does not match its schema');
  });
});
