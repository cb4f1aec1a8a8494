/**
 * `instanceof` across the two copies of promokit one Node process may hold: its CommonJS build
 * (`require('promokit')`, by one dependency) beside its ESM build (`import`, by another). Every
 * error class the package exports, from either copy, is judged against every exported error class
 * of the other: an instance of the class of the same name and of each class it extends, of no
 * other. Then a real failure of a call made by the CommonJS copy, over a node:http server on
 * 127.0.0.1, is caught and decided by the ESM copy; and hostile values (a forged name, a `Proxy`
 * that throws or whose prototype chain never ends) are no instance and throw nothing.
 */
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type Module = Record<string, unknown>;
type ErrorClass = abstract new (...args: never[]) => Error;

const dist = join(import.meta.dirname, '..', '..', 'dist');
let esm: Module;
let cjs: Module;
/** The names of the error classes the package exports (every class whose instances are errors). */
let names: string[];

beforeAll(async () => {
  esm = (await import(pathToFileURL(join(dist, 'index.js')).href)) as Module;
  cjs = createRequire(import.meta.url)(join(dist, 'index.cjs')) as Module;
  names = Object.keys(esm).filter((name) => typeof esm[name] === 'function' && (esm[name] as { prototype?: unknown }).prototype instanceof Error);
});

const classOf = (module: Module, name: string) => module[name] as ErrorClass;

describe('every exported error class, across the CommonJS and ESM copies', () => {
  it('the two copies are two (their classes differ) and export the same error classes', () => {
    expect(names.length).toBeGreaterThan(20);
    expect(names).toContain('RateLimitError');
    for (const name of names) {
      expect(cjs[name], name).toBeTypeOf('function');
      expect(cjs[name], name).not.toBe(esm[name]);
    }
  });

  it("an error of one copy is an instance of the other's class of its name and of each class that one extends, of no other", () => {
    let judged = 0;
    for (const [from, to] of [
      [cjs, esm],
      [esm, cjs],
    ] as const) {
      for (const name of names) {
        const error = Object.create(classOf(from, name).prototype) as object;
        for (const other of names) {
          // What the copy's own classes say of each other is the truth the other copy must agree with.
          const expected = Object.create(classOf(to, name).prototype) instanceof classOf(to, other);
          expect(error instanceof classOf(to, other), `${name} instanceof ${other}`).toBe(expected);
          judged++;
        }
        expect(error instanceof classOf(to, name), name).toBe(true);
        expect(error instanceof classOf(to, 'PromokitError'), name).toBe(true);
      }
    }
    expect(judged).toBe(2 * names.length * names.length);
  });

  it("a user's subclass of one copy's class is an instance of the other's classes it extends", () => {
    const Base = classOf(cjs, 'NotFoundError') as unknown as new (...args: unknown[]) => Error;
    class MissingMember extends Base {}
    const error = Object.create(MissingMember.prototype) as object;
    expect(error instanceof classOf(esm, 'NotFoundError')).toBe(true);
    expect(error instanceof classOf(esm, 'ApiError')).toBe(true);
    expect(error instanceof classOf(esm, 'RateLimitError')).toBe(false);
  });
});

describe('a real failure crosses the copies', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '3600' });
      response.end(JSON.stringify({ code: 429, key: 'too_many_requests', message: 'Too many requests' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("a 429 of a call by the CommonJS copy is the ESM copy's RateLimitError, and its retryDecision reads it", async () => {
    const Client = cjs.Client as new (options: object) => { loyalties: { getMember(id: string): Promise<unknown> } };
    const client = new Client({ baseUrl: url, appId: 'app', appToken: 'token', accessToken: 'access', maxRetryDelay: 100, logLevel: 'off' });
    const error = await client.loyalties.getMember('LOYAL-1').then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error, String(error)).toBeInstanceOf(classOf(cjs, 'RateLimitError'));
    expect(error instanceof classOf(esm, 'RateLimitError')).toBe(true);
    expect(error instanceof classOf(esm, 'ApiError')).toBe(true);
    expect(error instanceof classOf(esm, 'PromokitError')).toBe(true);
    expect(error instanceof classOf(esm, 'NotFoundError')).toBe(false);
    const retryDecision = esm.retryDecision as (error: unknown) => unknown;
    expect(retryDecision(error)).toEqual({ action: 'retry', delayMs: 3_600_000 });
  });
});

describe('hostile values are no instance and throw nothing', () => {
  it('a forged constructor name, a Proxy that throws, a prototype chain that never ends, primitives', () => {
    const RateLimitError = classOf(esm, 'RateLimitError');
    class Forged {}
    Object.defineProperty(Forged, 'name', { value: 'RateLimitError' });
    const throwing = new Proxy(
      {},
      {
        getPrototypeOf() {
          throw new Error('no prototype for you');
        },
      },
    );
    let depth = 0;
    const endless: object = new Proxy(
      {},
      {
        getPrototypeOf: () => {
          depth++;
          return endless;
        },
      },
    );
    for (const value of [new Forged(), { constructor: { name: 'RateLimitError' } }, throwing, 'RateLimitError', 429, null, undefined])
      expect(value instanceof RateLimitError).toBe(false);
    expect(endless instanceof RateLimitError).toBe(false);
    expect(depth).toBeLessThan(200);
  });
});
