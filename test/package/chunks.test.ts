/**
 * The chunks loaded on first use, made unloadable: a deployment whose file tracing missed a
 * dynamic `import()` (a serverless bundle, a copy of part of `dist/`). For every chunk the built
 * package loads with `import()`, found in `dist/` (so a chunk added later is covered, or this test
 * fails until it has a scenario), in the ESM and the CJS build: a copy of `dist/` without that one
 * file, imported by a Node process of its own (run with `--unhandled-rejections=strict`) that
 * makes the call needing the chunk against a node:http server on 127.0.0.1. The call rejects with
 * a `ConfigurationError` naming the chunk (`option: 'chunk'`), `not_sent` with nothing sent, but
 * after a 401 (`rejected`, the resend never reported as a network failure) and after a failed
 * attempt (the module of a call's typed error: the outcome the attempt told); `client.reconcile`
 * answers `cannot_tell` with that error as `cause`. And every `import()` of the SDK's sources goes
 * through the one loader that makes that error.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const dist = join(root, 'dist');
const scratch = mkdtempSync(join(tmpdir(), 'promokit-chunks-'));

beforeAll(() => {
  if (!existsSync(join(dist, 'index.js'))) throw new Error('dist/ is missing: run `npm run build` (npm test does it) first');
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Format = 'esm' | 'cjs';

/**
 * The chunks `dist/`'s files of `format` load on first use: file, and the name without its hash.
 * The ESM build loads them with `import()`; the CommonJS build with a `require` in a promise's
 * `then` (rollup's form of an `import()`), or with `import()`.
 */
function lazyChunks(format: Format): Array<{ file: string; name: string }> {
  const extension = format === 'esm' ? '.js' : '.cjs';
  const loads =
    format === 'esm'
      ? /\bimport\(\s*['"]\.\/([\w.-]+)['"]\s*\)/g
      : /\bimport\(\s*['"]\.\/([\w.-]+)['"]\s*\)|\bthen\(function \(\) \{ return require\('\.\/([\w.-]+)'\); \}\)/g;
  const files = new Set<string>();
  for (const file of readdirSync(dist)) {
    if (!file.endsWith(extension)) continue;
    for (const [, imported, required] of readFileSync(join(dist, file), 'utf8').matchAll(loads)) files.add((imported ?? required)!);
  }
  return [...files].sort().map((file) => ({ file, name: file.replace(/-[A-Za-z0-9]{8}\.c?js$/, '') }));
}

/** What a scenario's process prints: how the call settled, and what the service was sent. */
interface Settled {
  error?: { name: string; option?: string; chunk?: string; outcome?: string; message: string; promokit: boolean; decision: unknown };
  result?: { status: string; reason?: string; cause?: { name: string; option?: string; chunk?: string } };
  requests: string[];
  unhandled?: string;
}

/**
 * The call that loads each chunk first, as the body of an async function given `sdk` (the
 * package) and `baseUrl` (a service answering 401 to `/v1/loyalties/members/NEEDS-REFRESH`, 503 to
 * a redemption, 200 with a member otherwise, gzipped to `/v1/loyalties/members/GZIPPED`), returning
 * what the call rejected with, or a result.
 */
const SCENARIOS: Record<string, string> = {
  admission: `return new sdk.Client({ baseUrl, ...keys, maxConcurrency: 1 }).loyalties.getMember('LOYAL-1');`,
  'async-action-wait': `return new sdk.Client({ baseUrl, ...keys }).asyncActions.waitFor('aa_1');`,
  'custom-request': `
    const client = new sdk.Client({ baseUrl, ...keys });
    const list = await client.requestList({ path: '/v1/campaigns', paging: 'page' }).then(() => 'resolved', (e) => e);
    if (!(list instanceof sdk.ConfigurationError) || list.chunk !== 'custom-request') throw new Error('requestList settled otherwise: ' + String(list));
    return client.request({ method: 'GET', path: '/v1/campaigns' });`,
  reconcile: `
    const client = new sdk.Client({ baseUrl, ...keys, maxRetries: 0 });
    const failed = await client.loyalties.redeemReward('LOYAL-1', { reward: { id: 'rew_1' } }).then(() => undefined, (e) => e);
    if (sdk.retryDecision(failed).action !== 'reconcile') throw new Error('the redemption did not fail as it should');
    const result = await client.reconcile(failed);
    return { result: { status: result.status, reason: result.reason, cause: result.cause && { name: result.cause.name, option: result.cause.option, chunk: result.cause.chunk } } };`,
  'user-schema-check': `
    const schema = { '~standard': { version: 1, vendor: 'test', validate: (value) => ({ value }) } };
    const events = await new sdk.Client({ baseUrl, ...keys, eventSchemas: { signed_up: schema } }).clientEvents
      .track({ event: 'signed_up', customer: { source_id: 'c-1' } }).then(() => 'resolved', (e) => e);
    if (!(events instanceof sdk.ConfigurationError) || events.chunk !== 'user-schema-check') throw new Error('track settled otherwise: ' + String(events));
    return new sdk.Client({ baseUrl, ...keys, metadataSchemas: { order: schema } }).orders.create({ source_id: 'o-1', metadata: { a: 1 } });`,
  hooks: `return new sdk.Client({ baseUrl, ...keys, hooks: { request: () => undefined } }).loyalties.getMember('LOYAL-1');`,
  'fresh-token': `
    let n = 0;
    return new sdk.Client({ baseUrl, ...keys, accessToken: () => 'token-' + ++n + '-abcdefgh' }).loyalties.getMember('NEEDS-REFRESH');`,
  distribution: `return new sdk.Client({ baseUrl, ...keys }).loyalties.getMember('LOYAL-1');`,
  'rollback-read': `return new sdk.Client({ baseUrl, ...keys }).redemptions.rollback('r_rolled_back');`,
  failure: `
    const client = new sdk.Client({ baseUrl, ...keys, maxRetries: 0 });
    const failed = await client.loyalties.redeemReward('LOYAL-1', { reward: { id: 'rew_1' } }).then(() => undefined, (e) => e);
    // The call's record is kept beside the error: reconcile looks for its trace (the member, read once).
    const checked = await client.reconcile(failed);
    if (checked.status !== 'cannot_tell' || !checked.reason.includes('no loyalty campaign')) throw new Error('reconcile did not read the record: ' + JSON.stringify(checked));
    throw failed;`,
  'access-token': `return new sdk.Client({ baseUrl, ...keys, accessToken: () => 'token-from-a-function' }).loyalties.getMember('LOYAL-1');`,
  'list-walk': `return new sdk.Client({ baseUrl, ...keys }).customers.list({ limit: 10 });`,
  'schema-paths': `return new sdk.Client({ baseUrl, ...keys, validation: 'strict' }).loyalties.getMember('LOYAL-1');`,
  'to-array': `return new sdk.Client({ baseUrl, ...keys }).customers.list({ limit: 10 }).toArray();`,
  'bad-ports': `return new sdk.Client({ baseUrl, ...keys }).loyalties.getMember('LOYAL-1');`,
  'content-codings': `return new sdk.Client({ baseUrl, ...keys }).loyalties.getMember('GZIPPED');`,
  // The response schemas of each group of sub-clients, loaded by the group's first call, before it is sent.
  'loyalty-responses': `return new sdk.Client({ baseUrl, ...keys }).loyalties.getMember('LOYAL-1');`,
  'checkout-responses': `return new sdk.Client({ baseUrl, ...keys }).vouchers.get('CODE-1');`,
  'management-responses': `return new sdk.Client({ baseUrl, ...keys }).campaigns.get('camp_1');`,
  // A ClientEvents of the program's own: its send path (Node's build loads it with the first
  // event), and the whole pipeline its hooks load.
  'storefront-send': `return new sdk.ClientEvents({ baseUrl, ...clientKeys }).track({ event: 'signed_up', customer: { source_id: 'c-1' } });`,
  'event-pipeline': `return new sdk.ClientEvents({ baseUrl, ...clientKeys, hooks: { request: () => undefined } }).track({ event: 'signed_up', customer: { source_id: 'c-1' } });`,
  // What the storefront's send path needs only after a failure, loaded by the first: an event
  // without its client token is refused there, nothing sent.
  'event-failure': `return new sdk.ClientEvents({ baseUrl, clientApplicationId: 'client-app-chunks', origin: 'https://shop.example.com' }).track({ event: 'signed_up', customer: { source_id: 'c-1' } });`,
};

/** What each chunk's loader calls it (ky's chunk is `distribution` in dist/, after ky 2's folder). */
const LOADER_NAME: Record<string, string> = { distribution: 'ky' };

/** The process of one scenario: the package from `copy`, the chunk `file` missing. */
function script(format: Format, body: string): string {
  const load = format === 'esm' ? `await import('./dist/index.js')` : `require('./dist/index.cjs')`;
  const run = `
    const unhandled = [];
    const sdk = ${load};
    const http = await import('node:http');
    const zlib = await import('node:zlib');
    const keys = { appId: 'app-id-chunks', appToken: 'app-token-chunks-secret', accessToken: 'access-token-chunks-secret' };
    const clientKeys = { clientApplicationId: 'client-app-chunks', clientToken: 'client-token-chunks', origin: 'https://shop.example.com' };
    const requests = [];
    const member = { id: 'v_1', code: 'LOYAL-1', object: 'voucher', type: 'LOYALTY_CARD', created_at: '2026-01-01T00:00:00Z' };
    const server = http.createServer((req, res) => {
      requests.push(req.method + ' ' + req.url);
      const status = req.url.includes('NEEDS-REFRESH') ? 401 : req.url.endsWith('/rollback') ? 400 : req.url.includes('/redemption') ? 503 : 200;
      const key = status === 400 ? 'already_rolled_back' : 'k';
      const text = JSON.stringify(status === 200 ? member : { code: status, key, message: 'm' });
      if (req.url.includes('GZIPPED')) return res.writeHead(status, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(zlib.gzipSync(text));
      res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = 'http://127.0.0.1:' + server.address().port;
    const describe = (error) => ({
      name: error?.name, option: error?.option, chunk: error?.chunk, outcome: error?.outcome, message: String(error?.message),
      promokit: error instanceof sdk.PromokitError, decision: sdk.retryDecision(error),
    });
    let settled;
    try {
      const value = await (async () => { ${body} })();
      settled = value && value.result ? value : { result: { status: 'resolved' } };
    } catch (error) {
      settled = { error: describe(error) };
    }
    await new Promise((resolve) => server.close(resolve));
    process.stdout.write(JSON.stringify({ ...settled, requests }));`;
  return format === 'esm' ? run : `(async () => { ${run} })();`;
}

/** Runs the scenario of `chunk` on a copy of dist/ without `chunk.file`. */
function runWithout(format: Format, chunk: { file: string; name: string }): Settled {
  const copy = join(scratch, `${format}-${chunk.name}`);
  cpSync(dist, join(copy, 'dist'), { recursive: true, filter: (source) => !source.endsWith('.map') && !relative(dist, source).startsWith('browser') });
  writeFileSync(join(copy, 'package.json'), JSON.stringify({ type: 'module' }));
  // The package's dependency (undici, Node's transport) where an installed package finds it.
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
  rmSync(join(copy, 'dist', chunk.file));
  const file = join(copy, format === 'esm' ? 'run.mjs' : 'run.cjs');
  writeFileSync(file, script(format, SCENARIOS[chunk.name]!));
  const out = execFileSync(process.execPath, ['--unhandled-rejections=strict', file], { cwd: copy, encoding: 'utf8', timeout: 30_000 });
  return JSON.parse(out) as Settled;
}

describe.each<Format>(['esm', 'cjs'])('the %s build', (format) => {
  const chunks = lazyChunks(format);

  it('has a scenario for every chunk it loads with import()', () => {
    expect(chunks.length).toBeGreaterThanOrEqual(8);
    expect(chunks.map((c) => c.name).filter((name) => !(name in SCENARIOS))).toEqual([]);
  });

  it.each(chunks.map((c) => [c.name, c] as const))('%s missing: a ConfigurationError naming it, never a bare module error', (name, chunk) => {
    const settled = runWithout(format, chunk);
    const loaderName = LOADER_NAME[name] ?? name;
    if (name === 'bad-ports') {
      // The ports fetch refuses are Node's transport's reason to leave a call to fetch: without
      // them, a URL that names a port goes to fetch, which refuses those ports itself. No error.
      expect(settled).toMatchObject({ result: { status: 'resolved' }, requests: ['GET /v1/loyalties/members/LOYAL-1'] });
      return;
    }
    if (name === 'reconcile') {
      // The redemption was sent once (its 503), the check read nothing, and said why.
      expect(settled.result).toMatchObject({
        status: 'cannot_tell',
        reason: expect.stringContaining('could not start'),
        cause: { name: 'ConfigurationError', option: 'chunk', chunk: loaderName },
      });
      expect(settled.requests).toHaveLength(1);
      return;
    }
    expect(settled.error).toMatchObject({ name: 'ConfigurationError', option: 'chunk', chunk: loaderName, promokit: true });
    if (name !== 'failure') expect(settled.error!.decision).toEqual({ action: 'fail' });
    expect(settled.error!.message).toContain(`could not load its ${loaderName} module`);
    if (name === 'fresh-token') {
      // The 401 was answered: the resend that could not load is no network failure, and was not sent.
      expect(settled.error).toMatchObject({ outcome: 'rejected', message: expect.stringContaining('answered 401 and not sent again') });
      expect(settled.requests).toEqual(['GET /v1/loyalties/members/NEEDS-REFRESH']);
    } else if (name === 'failure') {
      // The redemption was answered 503: its error could not be typed, but it keeps the outcome the
      // attempt told and the call's record, so the decision is to reconcile, never to send it again.
      expect(settled.error).toMatchObject({ outcome: 'unknown', decision: { action: 'reconcile' }, message: expect.stringContaining('may have been applied') });
      expect(settled.requests).toEqual(['POST /v1/loyalties/members/LOYAL-1/redemption', 'GET /v1/loyalties/members/LOYAL-1']);
    } else if (name === 'schema-paths') {
      // The member was answered: the strict check that could not load leaves its outcome unknown.
      expect(settled.error).toMatchObject({ outcome: 'unknown', message: expect.stringContaining('its response could not be checked') });
      expect(settled.requests).toEqual(['GET /v1/loyalties/members/LOYAL-1']);
    } else if (name === 'content-codings') {
      // The member was answered, gzipped: its body could not be decoded, and was read no further.
      expect(settled.error).toMatchObject({ outcome: 'unknown', message: expect.stringContaining('the call was answered, its body left unread') });
      expect(settled.requests).toEqual(['GET /v1/loyalties/members/GZIPPED']);
    } else if (name === 'rollback-read') {
      // The rollback was answered already_rolled_back: the read-back that could not load read nothing.
      expect(settled.error).toMatchObject({ outcome: 'rejected', message: expect.stringContaining('answered 400 already_rolled_back') });
      expect(settled.requests).toEqual(['POST /v1/redemptions/r_rolled_back/rollback']);
    } else {
      expect(settled.error).toMatchObject({ outcome: 'not_sent', message: expect.stringContaining('nothing was sent') });
      expect(settled.requests).toEqual([]);
    }
  });
});

describe('the sources', () => {
  it("load every chunk through loadChunk: no other import() in src/ (the mock loads node:http, a Node module, and Node's transport undici, a dependency: not chunks)", () => {
    const found: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (path.endsWith('.ts')) {
          const text = readFileSync(path, 'utf8');
          // A dynamic import in code (a string or a comment follows), not one named in a comment.
          for (const match of text.matchAll(/(?<!typeof )\bimport\(\s*['"/]/g)) {
            const before = text.slice(Math.max(0, match.index! - 60), match.index);
            const loaded = /loadChunk\([^()]*, \(\) => $/.test(before.replace(/\s+/g, ' '));
            const nodeModule = path.endsWith(join('testing', 'node-server.ts')) && /\bspecifier\)/.test(text.slice(match.index!, match.index! + 80));
            // Node's transport imports its dependency, undici (not a chunk), by a name in a variable.
            const dependency = path.endsWith(join('core', 'node-transport.ts')) && /\bundiciName\)/.test(text.slice(match.index!, match.index! + 80));
            if (!loaded && !nodeModule && !dependency) found.push(`${relative(root, path)}: ${text.slice(match.index!, match.index! + 60)}`);
          }
        }
      }
    };
    walk(join(root, 'src'));
    expect(found).toEqual([]);
  });
});
