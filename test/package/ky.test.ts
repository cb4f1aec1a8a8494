/**
 * The ky every build bundles is the ky installed, 2.x, as published: no module of it replaced,
 * stubbed or cut, in the ESM, the CommonJS and the browser builds. And the built package, run over
 * a real node:http server on 127.0.0.1, gets from it everything promokit asks of ky: retries with
 * the wait promokit names (a `Retry-After` included), a spend sent once, a timeout per attempt, a
 * shared limiter asked again before each retry (ky's `beforeRetry` hook), and a call's fetch
 * options handed to fetch.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { Agent } from 'undici';
import { describe, expect, it } from 'vitest';
import { useRecorders } from '../helpers/recorder.js';
import { json, keys, member } from '../hostile/servers.js';

const serve = useRecorders().startRaw;
const root = join(import.meta.dirname, '..', '..');
const dist = join(root, 'dist');
const ky = join(root, 'node_modules', 'ky');

/** Fails with the one thing to do when dist/ is missing. */
function built(): void {
  if (!existsSync(join(dist, 'index.js'))) throw new Error('dist/ is missing: run `npm run build` (npm test does it) first');
}

/** ky's modules that its entry reaches, as paths from the root (`node_modules/ky/distribution/…`). */
function kyModules(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, target] of readFileSync(file, 'utf8').matchAll(/^(?:import|export)\b[^;]*?from '(\.[^']+)';$/gms)) visit(join(dirname(file), target!));
  };
  visit(join(ky, 'distribution', 'index.js'));
  return [...seen].map((file) => relative(root, file).split('\\').join('/')).sort();
}

/** The string literals of a module's code (comments and import lines left out). */
function literals(file: string): string[] {
  const code = readFileSync(join(root, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/^(?:import|export)\b[^;]*from '[^']*';$/gms, '');
  return [...code.matchAll(/'([^'\\\n]{6,})'/g)].map((m) => m[1]!);
}

describe('the ky in the build', () => {
  it('is ky 2.x, each of its modules bundled as published in the ESM, CommonJS and browser builds', () => {
    built();
    const { version } = JSON.parse(readFileSync(join(ky, 'package.json'), 'utf8')) as { version: string };
    expect(version).toMatch(/^2\./);
    const modules = kyModules();
    expect(modules.length).toBeGreaterThan(10);
    const files = readdirSync(dist, { recursive: true })
      .map(String)
      .filter((file) => /\.c?js$/.test(file));
    // esbuild heads each bundled module with its path: a stand-in would show its own.
    const carriers = files.filter((file) => readFileSync(join(dist, file), 'utf8').includes('// node_modules/ky/'));
    expect(carriers.map((file) => file.replace(/-\w{8}\./, '.').replace(/^browser[\\/]/, 'browser/'))).toEqual(
      expect.arrayContaining(['distribution.js', 'distribution.cjs']),
    );
    expect(carriers.filter((file) => file.startsWith('browser'))).toHaveLength(1);
    expect(carriers).toHaveLength(3);
    for (const file of carriers) {
      const text = readFileSync(join(dist, file), 'utf8');
      const bundled = [...text.matchAll(/^\/\/ (node_modules\/ky\/\S+)$/gm)].map((m) => m[1]).sort();
      expect(bundled, file).toEqual(modules);
      // Every string of every module is there: a cut branch would take its messages with it.
      for (const module of modules) for (const literal of literals(module)) expect(text, `${file}: ${module}`).toContain(literal);
    }
    for (const file of files) expect(readFileSync(join(dist, file), 'utf8'), file).not.toMatch(/^\/\/ scripts\//m);
  });
});

describe('the built package on ky 2', () => {
  it('retries a read after 503s, waiting the Retry-After it names; a spend is sent once', async () => {
    built();
    const { Client } = (await import(join(dist, 'index.js'))) as typeof import('../../src/index.js');
    const at: number[] = [];
    const service = await serve((_request, res, n) => {
      at.push(performance.now());
      if (n <= 2) json(res, 503, { code: 503 }, { 'retry-after': '1' });
      else json(res, 200, member);
    });
    const client = new Client({ baseUrl: service.url, ...keys, logLevel: 'off' });
    await expect(client.loyalties.getMember('LOYAL-H1')).resolves.toMatchObject({ id: member.id });
    expect(service.sent).toHaveLength(3);
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(950);
    const spend = await client.loyalties.redeemReward('LOYAL-H1', { reward: { id: 'rew_1' } }).catch((e: unknown) => e);
    expect(spend).toMatchObject({ name: 'ResponseValidationError' });
    expect(service.sent).toHaveLength(4);
  });

  it("bounds each attempt with its timeout, asks a shared limiter again before each retry, and hands fetch a call's dispatcher", async () => {
    built();
    const { Client } = (await import(join(dist, 'index.js'))) as typeof import('../../src/index.js');
    const service = await serve((_request, res, n) => {
      if (n === 1) return; // never answered
      if (n === 2) json(res, 429, { code: 429 }, { 'retry-after': '0' });
      else json(res, 200, member);
    });
    let asked = 0;
    const limiter = { acquire: async () => void asked++ };
    const dispatched: string[] = [];
    const dispatcher = new Agent().compose((dispatch) => (options, handler) => (dispatched.push(String(options.path)), dispatch(options, handler)));
    const client = new Client({ baseUrl: service.url, ...keys, logLevel: 'off', limiter, timeout: 300, maxRetryDelay: 0 });
    await expect(client.loyalties.getMember('LOYAL-H1', {}, { fetchOptions: { dispatcher } })).resolves.toMatchObject({ id: member.id });
    expect(service.sent).toHaveLength(3);
    expect(asked).toBe(3);
    expect(dispatched).toHaveLength(3);
    await dispatcher.close();
  });

  it('works from CommonJS: require() of the built package sends a call through ky', async () => {
    built();
    const { createRequire } = await import('node:module');
    const { Client } = createRequire(import.meta.url)(join(dist, 'index.cjs')) as typeof import('../../src/index.js');
    const service = await serve((_request, res) => json(res, 200, member));
    const client = new Client({ baseUrl: service.url, ...keys, logLevel: 'off' });
    await expect(client.loyalties.getMember('LOYAL-H1')).resolves.toMatchObject({ id: member.id });
    expect(service.sent).toHaveLength(1);
  });
});
