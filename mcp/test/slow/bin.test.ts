// The built bin as hosts run it: over stdio, spawned and driven by another MCP client than the
// in-process tests use (the v1 SDK's), and over HTTP on 127.0.0.1 with its Host, Origin and
// authorization checks. The service is promokit's mock, listening on 127.0.0.1.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { useListeningMock } from './listening-mock.js';

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'bin.js');

const { mock, url } = useListeningMock();

/** promokit's variables for the mock, and a fresh file ledger. */
function env(extra: Record<string, string> = {}): Record<string, string> {
  const { appId, appToken, accessToken } = mock.credentials;
  return {
    PATH: process.env.PATH ?? '',
    PROMOKIT_BASE_URL: url(),
    PROMOKIT_APP_ID: appId,
    PROMOKIT_APP_TOKEN: appToken,
    ...(accessToken ? { PROMOKIT_ACCESS_TOKEN: accessToken } : {}),
    PROMOKIT_MCP_LEDGER: `file:${mkdtempSync(join(tmpdir(), 'promokit-mcp-bin-'))}`,
    ...extra,
  };
}

async function stdioClient(args: string[], extra: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'v1-host', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, ...args], env: env(extra), stderr: 'pipe' }));
  return client;
}

describe('over stdio, driven by the v1 SDK client', () => {
  it('is read-only without --allow', async () => {
    const client = await stdioClient([]);
    const { tools } = await client.listTools();
    expect(tools.length).toBe(18);
    expect(tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
    const member = (await client.callTool({ name: 'get_member', arguments: { member_id: mock.ids.members.ada } })) as any;
    expect(member.structuredContent.data.loyalty_card.points).toBe(1250);
    await client.close();
  });

  it('spends once with --allow spend (and PROMOKIT_MCP_ALLOW), the same key replays', async () => {
    for (const [args, extra] of [
      [['--allow', 'spend'], {}],
      [[], { PROMOKIT_MCP_ALLOW: 'spend' }],
    ] as const) {
      mock.reset();
      const client = await stdioClient([...args], extra);
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toContain('redeem_reward');
      expect(names).not.toContain('publish_voucher');
      const call = {
        name: 'redeem_reward',
        arguments: { member_id: mock.ids.members.ada, reward_id: mock.ids.rewards.espresso, operation_key: 'stdio-spend-1' },
      };
      const first = (await client.callTool(call)) as any;
      const again = (await client.callTool(call)) as any;
      expect(first.structuredContent).toMatchObject({ write: 'applied', replayed: false });
      expect(again.structuredContent).toMatchObject({ write: 'applied', replayed: true, record: first.structuredContent.record });
      expect(mock.requests.filter((r) => r.operation === 'loyalties.redeemReward')).toHaveLength(1);
      await client.close();
    }
  });

  it('--help lists the tools by group and which are listed', async () => {
    const out = await run(['--help', '--allow', 'create']);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/Group spend \(not listed: add it to --allow\): redeem_reward, prepare_redemption/);
    expect(out.stdout).toMatch(/Group create \(listed\): publish_voucher, upsert_customer, create_order/);
  });
});

/** Runs the bin to its end. */
function run(args: string[], extra: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { env: env(extra) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** POSTs with node:http, whose Host header can be set (fetch forbids it); the status. */
function post(url: string, body: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('over HTTP', () => {
  /** Starts the bin with --http; its URL once it listens, and a stop. */
  async function serve(extra: Record<string, string> = {}, args: string[] = []) {
    const child = spawn(process.execPath, [bin, '--http', '--allow', 'spend', ...args], { env: env(extra) });
    const url = await new Promise<string>((resolve, reject) => {
      let stderr = '';
      child.stderr.on('data', (d) => {
        stderr += d;
        const found = /listening on (\S+)/.exec(stderr);
        if (found) resolve(found[1]!);
      });
      child.once('exit', () => reject(new Error(stderr)));
    });
    return { url, stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))) };
  }

  it('serves 127.0.0.1 and refuses another Host or a foreign Origin', async () => {
    const server = await serve();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = new Client({ name: 'v1-http', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('redeem_reward');
    await client.close();
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    // A rebound name (DNS rebinding) and a page of another site: both refused before any MCP handling.
    expect(await post(server.url, body, { ...headers, host: 'attacker.example' })).toBe(403);
    expect(await post(server.url, body, { ...headers, origin: 'https://attacker.example' })).toBe(403);
    // An Origin is this server's scheme, host and port, or refused: a page on another local port is another site.
    const port = new URL(server.url).port;
    expect(await post(server.url, body, { ...headers, origin: 'http://localhost:3000' })).toBe(403);
    expect(await post(server.url, body, { ...headers, origin: `https://127.0.0.1:${port}` })).toBe(403);
    expect(await post(server.url, body, { ...headers, origin: `http://localhost:${port}` })).toBe(200);
    expect(await post(server.url, body, { ...headers, origin: `http://127.0.0.1:${port}` })).toBe(200);
    await server.stop();
  });

  it('with a token, a caller without it is refused', async () => {
    const server = await serve({ PROMOKIT_MCP_TOKEN: 'operator-token-for-tests' });
    const refused = await fetch(server.url, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(refused.status).toBe(401);
    // The scheme's name is case-insensitive.
    const lower = await fetch(server.url, {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: 'bearer operator-token-for-tests' },
    });
    expect(lower.status).not.toBe(401);
    const client = new Client({ name: 'v1-http', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { authorization: 'Bearer operator-token-for-tests' } } }),
    );
    expect((await client.listTools()).tools.length).toBeGreaterThan(18);
    await client.close();
    await server.stop();
  });

  it('refuses to listen beyond loopback without an authorization setting, and refuses a memory ledger', async () => {
    const beyond = await run(['--http', '--host', '0.0.0.0']);
    expect(beyond.code).toBe(1);
    expect(beyond.stderr).toMatch(/needs an authorization setting/);
    const memory = await run(['--http', '--ledger', 'memory']);
    expect(memory.code).toBe(1);
    expect(memory.stderr).toMatch(/refused with --http/);
  });
});
