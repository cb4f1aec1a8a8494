/**
 * `npx promokit metadata-types`, the package's `bin`, run from dist/ as a user runs it, against
 * the mock service on 127.0.0.1 and against services that misbehave:
 *
 * - the round trip: the mock's metadata schemas written to a `.d.ts`; `tsc --strict` on a consumer
 *   project (promokit resolved to the built package) then refuses a literal outside `eq`, a
 *   missing required key and a nested object of the wrong shape; `metadataSchemasFrom` refuses
 *   the same values at run time, with nothing sent;
 * - `--check` fails on a changed schema and passes once the types are written again;
 * - `--from` gives the same module offline; the failures of the command each exit with a line
 *   that names them, and no secret.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, truncate, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Sdk from '../../src/index.js';
import type * as Testing from '../../src/testing/index.js';
import { listenOnLoopback, type Loopback } from '../helpers/http-server.js';
import { compile } from './compile.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'dist', 'cli.js');

let sdk: typeof Sdk;
let mock: Testing.MockService;
let server: Testing.MockServer;
let dir: string;

beforeAll(async () => {
  for (const file of ['cli.js', 'index.js', 'index.d.ts', 'testing.js'])
    if (!existsSync(join(root, 'dist', file))) throw new Error(`dist/${file} is missing: run \`npm run build\` (npm test does it) first`);
  sdk = (await import(join(root, 'dist', 'index.js'))) as typeof Sdk;
  const testing = (await import(join(root, 'dist', 'testing.js'))) as typeof Testing;
  mock = testing.createMockService();
  server = await mock.listen();
  dir = await mkdtemp(join(tmpdir(), 'promokit-metadata-types-'));
});

afterAll(async () => {
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The environment of a run: no PROMOKIT_* of this machine's, the mock's credentials unless `env` says otherwise. */
function environment(env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PROMOKIT_')));
  const credentials = {
    PROMOKIT_BASE_URL: server.url,
    PROMOKIT_APP_ID: mock.credentials.appId,
    PROMOKIT_APP_TOKEN: mock.credentials.appToken,
    PROMOKIT_ACCESS_TOKEN: mock.credentials.accessToken,
  };
  const merged: Record<string, string | undefined> = { ...clean, ...credentials, ...env };
  return Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined)) as NodeJS.ProcessEnv;
}

interface Run {
  status: number;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs `node dist/cli.js …args` in `dir`, within 60 s. */
function run(args: string[], env: Record<string, string | undefined> = {}): Promise<Run> {
  const started = performance.now();
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, ...args], { cwd: dir, env: environment(env), timeout: 60_000 }, (error, stdout, stderr) => {
      const status = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ status, stdout, stderr, ms: performance.now() - started });
    });
  });
}

/** A consumer's code: three values the service's schemas allow, then the three the issue names. */
const consumer = [
  "import { Client } from 'promokit';",
  'const client = new Client();',
  "await client.orders.create({ metadata: { channel: 'web', payment: { method: 'card', amount: 450 } } });",
  "await client.customers.create({ source_id: 'shop-user-9', metadata: { tier: 'gold', newsletter: true } });",
  "const tier: 'bronze' | 'silver' | 'gold' | undefined = (await client.customers.get('shop-user-9')).metadata?.tier;",
  "await client.orders.create({ metadata: { channel: 'fax' } });",
  "await client.orders.create({ metadata: { store_id: 'B-12' } });",
  "await client.orders.create({ metadata: { channel: 'pos', payment: { method: 7 } } });",
  'export { tier };',
].join('\n');

describe('the round trip against the mock service', () => {
  it("writes the mock's metadata schemas to promokit-metadata.d.ts, and tsc --strict refuses exactly the three wrong values", async () => {
    const done = await run(['metadata-types']);
    expect(done).toMatchObject({ status: 0, stderr: '' });
    expect(done.stdout).toContain('wrote promokit-metadata.d.ts from the metadata schemas of the service');
    const text = await readFile(join(dir, 'promokit-metadata.d.ts'), 'utf8');
    expect(text).toContain("declare module 'promokit'");
    expect(text).toContain('    order: OrderMetadata;');
    expect(text).toContain('  channel: "web" | "pos" | "app";');
    expect(text).not.toContain('nickname'); // a deleted definition
    const result = compile(join(dir, 'project'), { 'promokit-metadata.d.ts': text, 'use.ts': consumer }, root);
    expect(result.errors.map((e) => e.split(' ')[0])).toEqual(['use.ts:6', 'use.ts:7', 'use.ts:8']);
    expect(result.errors[0]).toContain('"fax"');
    expect(result.errors[1]).toContain("'channel'");
    expect(result.errors[2]).toContain('\'number\' is not assignable to type \'"voucher" | "card" | "cash"\'');
  });

  it('metadataSchemasFrom refuses the same three values at run time, with nothing sent', async () => {
    const options = { baseUrl: server.url, ...mock.credentials, maxRetries: 0 };
    const list = await new sdk.Client(options).metadataSchemas.list();
    const client = new sdk.Client({ ...options, metadataSchemas: sdk.metadataSchemasFrom(list) });
    const before = mock.requests.length;
    const wrong = [{ channel: 'fax' }, { store_id: 'B-12' }, { channel: 'pos', payment: { method: 7 } }];
    const paths = [];
    for (const metadata of wrong) {
      const error = await client.orders.create({ metadata: metadata as never }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(sdk.InvalidRequestError);
      expect(error).toMatchObject({ outcome: 'not_sent' });
      paths.push((error as Sdk.InvalidRequestError).issues.map((i) => i.path.join('.')));
    }
    expect(paths).toEqual([['metadata.channel'], ['metadata.channel'], ['metadata.payment.method']]);
    expect(mock.requests.length).toBe(before);
    await client.orders.create({ metadata: { channel: 'web', payment: { method: 'card', amount: 450 } } as never });
    expect(mock.requests.length).toBe(before + 1);
  });

  it('--check fails on a changed schema, names the file and the line, changes nothing; passes once the types are written again', async () => {
    const out = join(dir, 'check.d.ts');
    expect((await run(['metadata-types', '--out', out])).status).toBe(0);
    expect(await run(['metadata-types', '--out', out, '--check'])).toMatchObject({ status: 0, stderr: '' });
    const order = mock.get('metadataSchemas', 'order')!;
    mock.seed({
      metadataSchemas: [{ ...order, properties: { ...order.properties, channel: { ...order.properties.channel, eq: ['web', 'pos', 'app', 'kiosk'] } } }],
    });
    const written = await readFile(out, 'utf8');
    const stale = await run(['metadata-types', '--out', out, '--check']);
    expect(stale.status).toBe(1);
    expect(stale.stderr).toMatch(
      /check\.d\.ts is out of date with the metadata schemas of the service \(first difference at line \d+\): run npx promokit metadata-types/,
    );
    expect(await readFile(out, 'utf8')).toBe(written);
    expect((await run(['metadata-types', '--out', out])).status).toBe(0);
    expect(await readFile(out, 'utf8')).toContain('"kiosk"');
    expect(await run(['metadata-types', '--out', out, '--check'])).toMatchObject({ status: 0 });
    mock.seed({ metadataSchemas: [{ ...order }] });
  });

  it('--check of a file that is missing fails; of a file with CRLF line ends (a checkout on Windows) passes', async () => {
    const missing = await run(['metadata-types', '--out', join(dir, 'none.d.ts'), '--check']);
    expect(missing).toMatchObject({ status: 1 });
    expect(missing.stderr).toContain('none.d.ts is missing');
    const out = join(dir, 'crlf.d.ts');
    await run(['metadata-types', '--out', out]);
    await writeFile(out, (await readFile(out, 'utf8')).replace(/\n/g, '\r\n'));
    expect((await run(['metadata-types', '--out', out, '--check'])).status).toBe(0);
  });

  it('--from FILE, the JSON of metadataSchemas.list(), writes the same module offline (no credentials, no service)', async () => {
    const list = await new sdk.Client({ baseUrl: server.url, ...mock.credentials }).metadataSchemas.list();
    const from = join(dir, 'schemas.json');
    await writeFile(from, JSON.stringify(list));
    const offline = join(dir, 'offline.d.ts');
    const done = await run(['metadata-types', '--from', from, '--out', offline], { PROMOKIT_BASE_URL: undefined, PROMOKIT_APP_TOKEN: undefined });
    expect(done.status).toBe(0);
    const online = join(dir, 'online.d.ts');
    await run(['metadata-types', '--out', online]);
    expect(await readFile(offline, 'utf8')).toBe(await readFile(online, 'utf8'));
  });
});

describe('failures: a line naming each, an exit status, no secret, nothing half written', () => {
  it.each([
    [['metadata-types', '--outt', 'x.d.ts'], 2, /Unknown option '--outt'/],
    [['metadata-typez'], 2, /unknown command: metadata-typez/],
    [[], 2, /name a command/],
    [['metadata-types', '--timeout', '0'], 2, /--timeout must be a whole number/],
    [['metadata-types', '--from', 'no-such-file.json'], 1, /cannot read no-such-file\.json/],
  ])('%j: exit %i', async (args, status, message) => {
    const done = await run(args);
    expect(done.status).toBe(status);
    expect(done.stderr).toMatch(message);
  });

  it('--help: the usage, exit 0', async () => {
    const done = await run(['--help']);
    expect(done).toMatchObject({ status: 0 });
    expect(done.stdout).toContain('Usage: npx promokit metadata-types');
  });

  it('--help says the schemas are read with the app keys and a bearer token, both', async () => {
    const { stdout } = await run(['--help']);
    expect(stdout).toContain('the app keys and a bearer token, both');
    expect(stdout).toMatch(/PROMOKIT_APP_TOKEN and PROMOKIT_ACCESS_TOKEN/);
  });

  // Each setting the command reads the schemas with, missing alone, and all of them: exit 1, each
  // named in the command's own words (its option or variable), never a Client option; nothing written.
  const needed = [
    ['PROMOKIT_BASE_URL', 'the base URL (--base-url or PROMOKIT_BASE_URL)'],
    ['PROMOKIT_APP_ID', 'the API key ID (--app-id or PROMOKIT_APP_ID)'],
    ['PROMOKIT_APP_TOKEN', 'the app token (PROMOKIT_APP_TOKEN)'],
    ['PROMOKIT_ACCESS_TOKEN', 'the access token (PROMOKIT_ACCESS_TOKEN)'],
  ] as const;
  it.each([...needed.map((one) => [one[0], [one]] as const), ['every one', needed] as const])(
    "without %s: exit 1 naming what is missing in the command's words; nothing written",
    async (_label, missing) => {
      const out = join(dir, 'nothing.d.ts');
      const done = await run(['metadata-types', '--out', out], Object.fromEntries(missing.map(([variable]) => [variable, undefined])));
      expect(done.status).toBe(1);
      for (const [, words] of missing) expect(done.stderr).toContain(words);
      expect(done.stderr).toContain('the metadata schemas are read with the app keys and a bearer token, both');
      expect(done.stderr).not.toMatch(/new Client|Client\(|accessToken|appToken|baseUrl/);
      expect(existsSync(out)).toBe(false);
    },
  );

  it("a base URL or an app ID the client refuses: exit 1 in the command's words", async () => {
    const bad = await run(['metadata-types', '--base-url', 'ftp://example.test'], {});
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('the base URL (--base-url or PROMOKIT_BASE_URL) must be an http:// or https:// URL');
    const id = await run(['metadata-types', '--app-id', 'app\u0007id'], {});
    expect(id.status).toBe(1);
    expect(id.stderr).toContain('the API key ID (--app-id or PROMOKIT_APP_ID) must be');
    expect(bad.stderr + id.stderr).not.toMatch(/new Client|baseUrl|appId/);
  });

  describe('an --out that is not a regular file', () => {
    // What --out may name besides a file or nothing: each refused before the service is asked,
    // written or checked, and left as it was.
    const targets: Array<[string, () => Promise<string>]> = [
      [
        'a symbolic link to a file',
        async () => {
          await writeFile(join(dir, 'kept.d.ts'), 'kept\n');
          await symlink(join(dir, 'kept.d.ts'), join(dir, 'link.d.ts'));
          return join(dir, 'link.d.ts');
        },
      ],
      [
        'a dangling symbolic link',
        async () => {
          await symlink(join(dir, 'nowhere.d.ts'), join(dir, 'dangling.d.ts'));
          return join(dir, 'dangling.d.ts');
        },
      ],
      [
        'a directory',
        async () => {
          await mkdir(join(dir, 'a-directory.d.ts'));
          return join(dir, 'a-directory.d.ts');
        },
      ],
      ['a device (/dev/null)', async () => '/dev/null'],
      [
        'a named pipe',
        async () => {
          execFileSync('mkfifo', [join(dir, 'pipe.d.ts')]);
          return join(dir, 'pipe.d.ts');
        },
      ],
    ];
    it.each(targets)('%s: exit 1 naming it, in both modes; left as it was, nothing asked of the service', async (_label, make) => {
      const out = await make();
      const before = await lstat(out);
      const asked = mock.requests.length;
      for (const mode of [[], ['--check']]) {
        const done = await run(['metadata-types', '--out', out, ...mode]);
        expect(done.status).toBe(1);
        expect(done.stderr).toContain(`${out} is `);
        expect(done.stderr).toContain('refusing to replace it');
      }
      const after = await lstat(out);
      expect([after.ino, after.mode, after.isSymbolicLink()]).toEqual([before.ino, before.mode, before.isSymbolicLink()]);
      if (before.isSymbolicLink() && existsSync(join(dir, 'kept.d.ts'))) expect(await readFile(join(dir, 'kept.d.ts'), 'utf8')).toBe('kept\n');
      expect(mock.requests.length).toBe(asked);
      expect((await readdir(dir)).filter((name) => name.endsWith('.partial'))).toEqual([]);
    });
  });

  it('a --from file that is not JSON, or larger than 16 MiB: exit 1, naming it', async () => {
    const bad = join(dir, 'bad.json');
    await writeFile(bad, '{"schemas": [');
    expect(await run(['metadata-types', '--from', bad])).toMatchObject({ status: 1, stderr: expect.stringContaining('bad.json is not JSON') });
    const big = join(dir, 'big.json');
    await writeFile(big, '');
    await truncate(big, 17 * 1024 * 1024);
    expect((await stat(big)).size).toBe(17 * 1024 * 1024);
    expect(await run(['metadata-types', '--from', big])).toMatchObject({ status: 1, stderr: expect.stringContaining('larger than 16777216 bytes') });
  });

  describe('a service that misbehaves', () => {
    let hostile: Loopback;
    let answer: (res: import('node:http').ServerResponse, req: import('node:http').IncomingMessage) => void = () => {};
    beforeAll(async () => {
      hostile = await listenOnLoopback(createServer((req, res) => answer(res, req)));
    });
    afterAll(() => hostile?.close());
    const json =
      (body: unknown, status = 200) =>
      (res: import('node:http').ServerResponse) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
    const secret = { PROMOKIT_APP_TOKEN: 'app-token-SECRET-cli-1', PROMOKIT_ACCESS_TOKEN: 'access-token-SECRET-cli-2' };
    /** A secret in two halves. */
    const half = (text: string): [string, string] => [text.slice(0, text.length >> 1), text.slice(text.length >> 1)];

    it('a 401 whose body echoes the credentials sent: exit 1, the error line without them', async () => {
      answer = json(
        { code: 401, key: 'unauthorized', message: 'Unauthorized', details: `bad token ${secret.PROMOKIT_APP_TOKEN} / ${secret.PROMOKIT_ACCESS_TOKEN}` },
        401,
      );
      const done = await run(['metadata-types', '--base-url', hostile.url, '--out', join(dir, 'x.d.ts')], secret);
      expect(done.status).toBe(1);
      expect(done.stderr).toContain('401');
      expect(done.stderr + done.stdout).not.toContain('SECRET');
    });

    // A secret the command holds, echoed by the service where the module would carry it: as a key,
    // a value, in another letter case, JSON-escaped; in write and --check modes.
    const echoes: Array<[string, (token: string, access: string) => unknown]> = [
      ['the app token as a key name', (token) => ({ [token]: { type: 'string' } })],
      ['the access token as a key name', (_token, access) => ({ [`x_${access}`]: { type: 'string' } })],
      ['the app token in upper case as a key name', (token) => ({ [token.toUpperCase()]: { type: 'string' } })],
      ['the access token among the eq values', (_token, access) => ({ channel: { type: 'string', eq: ['web', access] } })],
      // Cut in pieces the module would write side by side: each piece alone is no secret.
      [
        "the app token's first half as a key, its second half as that key's eq value",
        (token) => ({ [half(token)[0]]: { type: 'string', eq: [half(token)[1]] } }),
      ],
      ["the access token's halves as two eq values", (_token, access) => ({ channel: { type: 'string', eq: half(access) } })],
      ["the app token's halves as two keys in a row", (token) => ({ [half(token)[0]]: { type: 'string' }, [half(token)[1]]: { type: 'number' } })],
      [
        'the app token in three pieces, upper case, as a key and two eq values',
        (token) => {
          const upper = token.toUpperCase();
          const third = Math.ceil(upper.length / 3);
          return { [upper.slice(0, third)]: { type: 'string', eq: [upper.slice(third, 2 * third), upper.slice(2 * third)] } };
        },
      ],
      ['eight characters of the access token inside a key', (_token, access) => ({ [`x_${access.slice(3, 11)}_y`]: { type: 'string' } })],
    ];
    it.each(echoes)('%s: exit 1 naming the variable, never its value; nothing written or changed', async (_label, echo) => {
      answer = (res, req) => {
        const token = String(req.headers['x-app-token']);
        const access = String(req.headers.authorization).replace(/^Bearer /, '');
        json({ object: 'list', data_ref: 'schemas', schemas: [{ related_object: 'order', properties: echo(token, access) }], total: 1 })(res);
      };
      const out = join(dir, 'echo.d.ts');
      const write = await run(['metadata-types', '--base-url', hostile.url, '--out', out], secret);
      expect(write.status).toBe(1);
      expect(write.stderr).toMatch(/hold the value of PROMOKIT_(APP|ACCESS)_TOKEN/);
      expect(existsSync(out)).toBe(false);
      await writeFile(out, 'old\n');
      const check = await run(['metadata-types', '--base-url', hostile.url, '--out', out, '--check'], secret);
      expect(check.status).toBe(1);
      expect(await readFile(out, 'utf8')).toBe('old\n');
      await rm(out);
      for (const done of [write, check]) expect((done.stderr + done.stdout).toLowerCase()).not.toMatch(/secret-cli/);
    });

    it(`more schemas than are read: exit 1 naming the bound, no file written`, async () => {
      const schemas = Array.from({ length: 1_001 }, (_, i) => ({ related_object: `S${i}`, properties: {} }));
      answer = json({ object: 'list', data_ref: 'schemas', schemas, total: schemas.length });
      const out = join(dir, 'many.d.ts');
      const done = await run(['metadata-types', '--base-url', hostile.url, '--out', out]);
      expect(done.status).toBe(1);
      expect(done.stderr).toContain('holds 1001 schemas, more than the 1000 read');
      expect(existsSync(out)).toBe(false);
    });

    it('megabytes of control characters in an error body: one printable line, bounded', async () => {
      answer = json({ code: 400, message: `\u001b[31m${'\u0007\r\n'.repeat(500_000)}` }, 400);
      const done = await run(['metadata-types', '--base-url', hostile.url]);
      expect(done.status).toBe(1);
      expect(done.stderr.trim().split('\n')).toHaveLength(1);
      expect(done.stderr.length).toBeLessThan(2_000);
      expect(done.stderr).not.toMatch(/[\u0007\u001b]/);
    });

    it('a service that never answers: the command ends within its timeout and retries, with a TimeoutError line', async () => {
      answer = () => {};
      const done = await run(['metadata-types', '--base-url', hostile.url, '--timeout', '300']);
      expect(done.status).toBe(1);
      expect(done.stderr).toMatch(/timed out|TimeoutError|within 300 ms/i);
      expect(done.ms).toBeLessThan(15_000);
    });

    it('keys and values that would break out of the file: the written module compiles against the built package', async () => {
      const texts = ['"', '\\', '*/', '/*', '\n}\ndeclare module "x" {\n', '\u2028', '__proto__', 'constructor', ''];
      const properties = `{${texts.map((t) => `${JSON.stringify(t)}:{"type":"string","optional":true,"array":false,"eq":${JSON.stringify(texts)}}`).join(',')}}`;
      answer = json(`{"object":"list","data_ref":"schemas","schemas":[{"related_object":"order","properties":${properties}}],"total":1}`);
      const out = join(dir, 'hostile.d.ts');
      expect((await run(['metadata-types', '--base-url', hostile.url, '--out', out])).status).toBe(0);
      const text = await readFile(out, 'utf8');
      const use = `import type { OrderMetadata } from './promokit-metadata.js';\nexport const v: OrderMetadata = ${JSON.stringify(Object.fromEntries(texts.map((t) => [t, t])))};\n`;
      expect(compile(join(dir, 'hostile'), { 'promokit-metadata.d.ts': text, 'use.ts': use }, root).errors).toEqual([]);
    });
  });
});
