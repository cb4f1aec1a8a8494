/**
 * The package as a user gets it: `npm pack`, installed into a scratch project, imported with ESM
 * `import` and CommonJS `require`, constructing a Client that calls a server on 127.0.0.1; and its
 * command, `npx promokit metadata-types`, run from the project's `node_modules/.bin`.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(__dirname, '../..');
const work = join(root, '.tmp', 'pack-consumer');

const member = { id: 'v_1', code: 'LOYAL-1', type: 'LOYALTY_CARD', object: 'voucher', created_at: '2026-01-01T00:00:00Z', loyalty_card: { points: 42 } };

let server: Server;
let baseUrl: string;
const requests: Array<{ url: string; auth: string | undefined }> = [];

beforeAll(async () => {
  if (!existsSync(join(root, 'dist', 'index.js'))) throw new Error('dist/ is missing: run `npm run build` (npm test does it) first');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const { stdout } = await run('npm', ['pack', '--silent', '--pack-destination', work], { cwd: root });
  const tarball = stdout.trim().split('\n').pop()!;
  writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'scratch', private: true }));
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', join(work, tarball)], { cwd: work });

  server = createServer((req, res) => {
    requests.push({ url: req.url ?? '', auth: req.headers.authorization });
    if (req.url === '/v1/loyalties/members/LOYAL-1') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(member));
    } else if (req.url === '/v1/metadata-schemas') {
      const schemas = [{ related_object: 'order', properties: { channel: { type: 'string', optional: false, array: false, eq: ['web', 'pos'] } } }];
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data_ref: 'schemas', schemas, total: 1 }));
    } else {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 404, key: 'not_found', message: 'Resource not found' }));
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  rmSync(work, { recursive: true, force: true });
});

const program = (load: string) => `
${load}
const client = new Client({ baseUrl: process.env.BASE, appId: 'a', appToken: 't', accessToken: 'k', logLevel: 'off' });
const member = await client.loyalties.getMember('LOYAL-1');
let notFound = false;
try { await client.loyalties.getMember('NOPE'); } catch (e) { notFound = e instanceof NotFoundError && e instanceof PromokitError && e.status === 404; }
console.log(JSON.stringify({ points: member.loyalty_card.points, notFound, kind: idKind('camp_tpl_1') }));
`;

describe('the packed tarball in a scratch project', () => {
  it('contains only the built files, README and CHANGELOG', () => {
    const files = readdirSync(join(work, 'node_modules', 'promokit')).sort();
    expect(files).toEqual(['CHANGELOG.md', 'LICENSE', 'README.md', 'THIRD-PARTY-NOTICES.md', 'dist', 'package.json']);
    const dist = readdirSync(join(work, 'node_modules', 'promokit', 'dist'));
    expect(dist).toEqual(expect.arrayContaining(['index.js', 'index.cjs', 'index.d.ts', 'index.d.cts', 'client-side.js', 'client-side.cjs']));
  });

  it('works with ESM import', async () => {
    writeFileSync(join(work, 'esm.mjs'), program("import { Client, NotFoundError, PromokitError, idKind } from 'promokit';"));
    const { stdout } = await run('node', ['esm.mjs'], { cwd: work, env: { ...process.env, BASE: baseUrl } });
    expect(JSON.parse(stdout)).toEqual({ points: 42, notFound: true, kind: 'campaign_template' });
  });

  it('works with CommonJS require', async () => {
    writeFileSync(join(work, 'cjs.cjs'), `(async () => {${program("const { Client, NotFoundError, PromokitError, idKind } = require('promokit');")}})();`);
    const { stdout } = await run('node', ['cjs.cjs'], { cwd: work, env: { ...process.env, BASE: baseUrl } });
    expect(JSON.parse(stdout)).toEqual({ points: 42, notFound: true, kind: 'campaign_template' });
  });

  it("runs its command, npx promokit metadata-types, from node_modules/.bin: the types of the service's metadata schemas written", async () => {
    const env = { ...process.env, PROMOKIT_APP_ID: 'a', PROMOKIT_APP_TOKEN: 't', PROMOKIT_ACCESS_TOKEN: 'k' };
    const { stdout } = await run(join(work, 'node_modules', '.bin', 'promokit'), ['metadata-types', '--base-url', baseUrl, '--out', 'types.d.ts'], {
      cwd: work,
      env,
    });
    expect(stdout).toContain('wrote types.d.ts');
    expect(readFileSync(join(work, 'types.d.ts'), 'utf8')).toContain('  channel: "web" | "pos";');
  });

  it('the server saw the authenticated requests', () => {
    expect(requests.filter((r) => r.url === '/v1/loyalties/members/LOYAL-1').every((r) => r.auth === 'Bearer k')).toBe(true);
    expect(requests.length).toBeGreaterThanOrEqual(4);
  });
});
