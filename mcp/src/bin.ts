#!/usr/bin/env node
/**
 * `promokit-mcp`: the MCP server over stdio (read-only unless `--allow` names groups), or over
 * Streamable HTTP with `--http` (127.0.0.1 unless `--host` says otherwise, Host and Origin
 * checked, a bearer token required beyond loopback). Credentials from promokit's environment
 * variables; none is ever echoed.
 *
 * @module
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { RedisLedger, type RedisLedgerClient } from './ledger/redis.js';
import type { Ledger } from './ledger/types.js';
import { createServer, type ServerOptions } from './server.js';
import { GROUPS, type Group } from './tool-types.js';
import { readTools, writeTools } from './tools.js';

const HELP_HEAD = `promokit-mcp: MCP tools for the loyalty, voucher and promotion service (on promokit)

Usage: promokit-mcp [--allow spend,create,admin] [--ledger memory|file:<dir>|redis://...] [--http [--port N] [--host H]] [--require-prepare]

  --allow <groups>    write tools to list and serve (env PROMOKIT_MCP_ALLOW); none: read-only
  --ledger <where>    memory (tests; refused with --http), file:<dir> (stdio default), redis://... (env PROMOKIT_MCP_LEDGER)
  --http              Streamable HTTP instead of stdio; --port (default 0: any free port), --host (default 127.0.0.1)
  --token <env name>  beyond loopback, the name of the environment variable holding the bearer token callers must send
                      (env PROMOKIT_MCP_TOKEN holds the token itself); callers' credentials never reach the service
  --require-prepare   commit_redemption is the only cart spend
  --help              this text

Credentials: PROMOKIT_BASE_URL, PROMOKIT_APP_ID, PROMOKIT_APP_TOKEN, PROMOKIT_ACCESS_TOKEN, ... as promokit reads them.
`;

/** The help text: the tools by group, and which are listed with these settings. */
export function helpText(allowed: ReadonlySet<Group>): string {
  const lines = [HELP_HEAD, `Read tools (always listed): ${readTools.map((t) => t.name).join(', ')}`];
  for (const group of GROUPS) {
    const names = writeTools.filter((t) => t.group === group).map((t) => t.name);
    lines.push(`Group ${group} (${allowed.has(group) ? 'listed' : 'not listed: add it to --allow'}): ${names.join(', ')}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The groups of `--allow` / `PROMOKIT_MCP_ALLOW`. */
function groupsOf(text: string | undefined): Group[] {
  const names = (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const name of names) if (!GROUPS.includes(name as Group)) throw new Error(`--allow: unknown group '${name.slice(0, 40)}' (spend, create, admin)`);
  return names as Group[];
}

/** A Redis ledger on the URL, with ioredis or node-redis, whichever is installed. */
async function redisLedger(url: string): Promise<Ledger> {
  const load = (name: string) => import(name).catch(() => undefined) as Promise<Record<string, unknown> | undefined>;
  const ioredis = await load('ioredis');
  if (ioredis) {
    const Redis = (ioredis.Redis ?? ioredis.default) as new (url: string, options: object) => RedisLedgerClient;
    return new RedisLedger({ redis: new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false }) });
  }
  const nodeRedis = await load('redis');
  if (nodeRedis) {
    const client = (nodeRedis.createClient as (o: object) => RedisLedgerClient & { connect(): Promise<unknown> })({ url });
    await client.connect();
    return new RedisLedger({ redis: client });
  }
  throw new Error('--ledger redis://…: install ioredis or redis beside promokit-mcp');
}

/** Whether `req`'s Host is this server's own, and its Origin (when sent) this server's scheme, host and port. */
function sameSite(req: IncomingMessage, hosts: ReadonlySet<string>, port: number): boolean {
  const hostname = (value: string) => {
    try {
      return new URL(`http://${value}`).hostname;
    } catch {
      return '';
    }
  };
  if (!hosts.has(hostname(req.headers.host ?? ''))) return false;
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && hosts.has(url.hostname) && url.port === String(port);
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      allow: { type: 'string' },
      ledger: { type: 'string' },
      http: { type: 'boolean' },
      port: { type: 'string' },
      host: { type: 'string' },
      'require-prepare': { type: 'boolean' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  const allow = groupsOf(values.allow ?? process.env.PROMOKIT_MCP_ALLOW);
  if (values.help) {
    process.stdout.write(helpText(new Set(allow)));
    return;
  }
  const where =
    values.ledger ??
    process.env.PROMOKIT_MCP_LEDGER ??
    `file:${join(process.env.XDG_STATE_HOME ?? join(homedir(), '.local', 'state'), 'promokit-mcp', 'ledger')}`;
  if (values.http && where === 'memory') throw new Error('--ledger memory is for tests: it is refused with --http');
  const ledger: ServerOptions['ledger'] =
    where.startsWith('redis://') || where.startsWith('rediss://') ? await redisLedger(where) : (where as ServerOptions['ledger']);
  const host = values.host ?? '127.0.0.1';
  const loopback = ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host);
  const token = process.env.PROMOKIT_MCP_TOKEN;
  if (values.http && !loopback && !token)
    throw new Error('--host beyond loopback needs an authorization setting: set PROMOKIT_MCP_TOKEN to the bearer token callers must send');
  const server = await createServer({
    ledger,
    allow,
    requirePrepare: values['require-prepare'] ?? false,
    principal: values.http ? (auth) => (auth?.clientId ? `http:${auth.clientId}` : 'http:local') : (process.env.PROMOKIT_APP_ID ?? 'local'),
  });
  const recovered = await server.recover();
  if (recovered) process.stderr.write(`promokit-mcp: ${recovered} operation(s) left in flight by a stopped server were settled\n`);
  const stop = async () => {
    await server.close().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  if (!values.http) {
    serveStdio(server.factory);
    process.stdin.once('end', stop);
    return;
  }
  const handler = createMcpHandler(server.factory);
  const node = toNodeHandler(handler);
  const hosts = new Set(['127.0.0.1', 'localhost', '[::1]', host.includes(':') && !host.startsWith('[') ? `[${host}]` : host]);
  const expected = token ? createHash('sha256').update(token).digest() : undefined;
  const http = createHttpServer((req, res) => {
    if (!sameSite(req, hosts, (http.address() as AddressInfo | null)?.port ?? -1)) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('Host or Origin not allowed\n');
      return;
    }
    if (expected) {
      const given = /^bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (!timingSafeEqual(createHash('sha256').update(given).digest(), expected)) {
        res.writeHead(401, { 'www-authenticate': 'Bearer', 'content-type': 'text/plain' }).end('authorization required\n');
        return;
      }
      (req as IncomingMessage & { auth?: unknown }).auth = { token: 'operator', clientId: 'bearer', scopes: [] };
    }
    // The caller's credentials stop here: the service is called with the server's own.
    delete req.headers.authorization;
    void node(req, res);
  });
  http.listen(Number(values.port ?? 0), host, () => {
    const address = http.address();
    const port = typeof address === 'object' && address ? address.port : values.port;
    process.stderr.write(`promokit-mcp: listening on http://${host.includes(':') ? `[${host}]` : host}:${port}/mcp\n`);
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`promokit-mcp: ${error instanceof Error ? error.message : 'failed to start'}\n`);
  process.exit(1);
});
