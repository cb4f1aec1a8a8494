// The package as users get it: `npm pack` of promokit and of promokit-mcp, both installed into a
// scratch project outside the repository, then run from `npx`: its help, and a host's session
// over stdio (the v1 SDK's client) listing the tools and reading from the mock service.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createMockService } from 'promokit/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';

const mcpDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const rootDir = join(mcpDir, '..');
const work = mkdtempSync(join(tmpdir(), 'promokit-mcp-pack-'));
const scratch = join(work, 'scratch');

/** Runs `npm` with `args` in `cwd`; its stdout, or a failure naming the step. */
function npm(args: string[], cwd: string): string {
  const out = spawnSync('npm', [...args, '--loglevel=error'], { cwd, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  if (out.status !== 0) throw new Error(`npm ${args.join(' ')} failed: ${out.stdout}${out.stderr}`);
  return out.stdout;
}

/** npm pack's JSON report: the array opened on a line of its own (the prepack script may print lines before it). */
const packed = (stdout: string) => (JSON.parse(stdout.slice(stdout.search(/^\[$/m))) as { filename: string; files: { path: string }[] }[])[0]!;

let files: string[] = [];
beforeAll(() => {
  const core = packed(npm(['pack', '--json', '--pack-destination', work], rootDir));
  const mcp = packed(npm(['pack', '--json', '--pack-destination', work], mcpDir));
  files = mcp.files.map((f) => f.path);
  mkdirSync(scratch);
  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module' }));
  npm(['install', '--no-audit', '--no-fund', '--prefer-offline', join(work, core.filename), join(work, mcp.filename)], scratch);
}, 240_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

it('packs dist/, the README and the CHANGELOG, and depends on a published range of promokit', () => {
  expect(files).toEqual(expect.arrayContaining(['dist/bin.js', 'dist/index.js', 'dist/index.d.ts', 'README.md', 'CHANGELOG.md', 'package.json']));
  expect(files.filter((f) => f.startsWith('test/') || f.startsWith('src/'))).toEqual([]);
  const manifest = JSON.parse(
    spawnSync('node', ['-p', "JSON.stringify(require('./node_modules/promokit-mcp/package.json'))"], { cwd: scratch, encoding: 'utf8' }).stdout,
  );
  expect(manifest.dependencies.promokit).toMatch(/^\^\d+\.\d+\.\d+$/);
});

it('runs from npx: its help', () => {
  const out = spawnSync('npx', ['--no-install', 'promokit-mcp', '--help'], { cwd: scratch, encoding: 'utf8' });
  expect(out.status).toBe(0);
  expect(out.stdout).toContain('Read tools (always listed): get_member');
});

it('runs from npx over stdio: a host lists its tools and reads from the service', async () => {
  const mock = createMockService();
  const listening = await mock.listen();
  const client = new Client({ name: 'scratch-host', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: 'npx',
      args: ['--no-install', 'promokit-mcp', '--allow', 'spend,create'],
      cwd: scratch,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: work,
        PROMOKIT_BASE_URL: listening.url,
        PROMOKIT_APP_ID: mock.credentials.appId,
        PROMOKIT_APP_TOKEN: mock.credentials.appToken,
        PROMOKIT_ACCESS_TOKEN: mock.credentials.accessToken ?? '',
      },
    }),
  );
  try {
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('publish_voucher');
    expect(names).not.toContain('enable_voucher');
    const member = (await client.callTool({ name: 'get_member', arguments: { member_id: mock.ids.members.ada } })) as any;
    expect(member.structuredContent.data?.loyalty_card?.points, member.content[0].text).toBe(1250);
  } finally {
    await client.close();
    await listening.close();
  }
});
