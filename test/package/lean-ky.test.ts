/**
 * The ky every build bundles has the parts promokit never reaches cut out
 * (scripts/lib/ky-cuts.mjs). The cuts fail the build loudly on another ky, and the built package,
 * run over a real node:http server on 127.0.0.1, still does everything promokit asks of ky:
 * retries with the delay promokit names (a `Retry-After` included), a spend sent once, a timeout
 * per attempt, a shared limiter's `beforeRetry` hook, and a call's fetch options.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { transformSync } from 'esbuild';
import { Agent } from 'undici';
import { describe, expect, it } from 'vitest';
import { cutKy, KY_CUTS, KY_VERSION } from '../../scripts/lib/ky-cuts.mjs';
import { existsSync } from 'node:fs';
import { useRecorders } from '../helpers/recorder.js';
import { json, keys, member } from '../hostile/servers.js';

const serve = useRecorders().startRaw;
const root = join(import.meta.dirname, '..', '..');
const kyFile = join(root, 'node_modules', 'ky', 'distribution', 'core', 'Ky.js');

describe('the cuts', () => {
  it('apply to the installed ky: each anchor found once, the file still JavaScript', () => {
    const { version } = JSON.parse(readFileSync(join(root, 'node_modules', 'ky', 'package.json'), 'utf8')) as { version: string };
    expect(version).toBe(KY_VERSION);
    const cut = cutKy(readFileSync(kyFile, 'utf8'), version);
    expect(() => transformSync(cut, { loader: 'js', format: 'esm' })).not.toThrow();
    for (const [, first] of KY_CUTS) expect(cut).not.toContain(first);
  });

  it('fail loudly, naming the cut or the version, on a ky they were not written for', () => {
    const source = readFileSync(kyFile, 'utf8');
    expect(() => cutKy(source, '2.1.0')).toThrow(/written for ky 1\.14\.3, and ky 2\.1\.0 is installed/);
    const [what, first] = KY_CUTS[0]!;
    expect(() => cutKy(source.replace(first, '/* moved */'), KY_VERSION)).toThrow(new RegExp(`the cut of ky's ${what}`));
  });
});

describe('the built package on the cut ky', () => {
  it('retries a read after 503s, waiting the Retry-After it names; a spend is sent once', async () => {
    if (!existsSync(join(root, 'dist', 'index.js'))) throw new Error('dist/ is missing: run `npm run build` (npm test does it) first');
    const { Client } = (await import(join(root, 'dist', 'index.js'))) as typeof import('../../src/index.js');
    const at: number[] = [];
    const service = await serve((request, res, n) => {
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
    const { Client } = (await import(join(root, 'dist', 'index.js'))) as typeof import('../../src/index.js');
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
});
