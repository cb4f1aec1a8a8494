// The test harness: a promokit-mcp server over promokit's mock service, and the MCP SDK's client
// connected to it through the server's fetch handler (either protocol era) or the in-memory transport.
import { Client as McpClient, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpHandler, InMemoryTransport } from '@modelcontextprotocol/server';
import { Client } from 'promokit';
import { createMockService, type MockService } from 'promokit/testing';
import { createServer, type ServerOptions, type WriteResult } from '../src/index.js';

/** The ways a test connects: the fetch handler in each era, the in-memory transport. */
export const WAYS = ['http-legacy', 'http-auto', 'memory'] as const;
export type Way = (typeof WAYS)[number];

export interface Setup {
  mock: MockService;
  client: Client;
  mcp: McpClient;
  tools: readonly string[];
  /** Calls a tool; the structured answer and the text. */
  call(name: string, args: Record<string, unknown>, options?: { signal?: AbortSignal }): Promise<{ structured: any; text: string; isError: boolean }>;
  /** The spending requests the mock served (its request log), by operation. */
  served(operation: string): number;
  close(): Promise<void>;
}

/** A mock, a promokit client on it, a server with `options`, and an MCP client connected `way`. */
export async function setup(
  way: Way = 'memory',
  options: Partial<ServerOptions> = {},
  mock: MockService = createMockService({ now: '2026-03-18T09:30:00Z' }),
): Promise<Setup> {
  const client = new Client({ fetch: mock.fetch, baseUrl: mock.baseUrl, ...mock.credentials, timeout: 600, maxRetries: 0 });
  const server = await createServer({ client, allow: ['spend', 'create', 'admin'], ledger: 'memory', ...options });
  const mcp = await connect(server.factory, way);
  return {
    mock,
    client,
    mcp,
    tools: server.tools,
    async call(name, args, callOptions) {
      const result = (await mcp.callTool({ name, arguments: args }, callOptions?.signal ? { signal: callOptions.signal } : undefined)) as any;
      return { structured: result.structuredContent, text: result.content?.[0]?.text ?? '', isError: result.isError === true };
    },
    served: (operation) => mock.requests.filter((r) => r.operation === operation).length,
    async close() {
      await mcp.close();
      await server.close();
    },
  };
}

/** An MCP client of `factory`'s servers, connected `way`. */
export async function connect(factory: Parameters<typeof createMcpHandler>[0], way: Way): Promise<McpClient> {
  if (way === 'memory') {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const server = await factory({ era: 'legacy' });
    await (server as any).connect(serverSide);
    const mcp = new McpClient({ name: 'test', version: '1.0.0' });
    await mcp.connect(clientSide);
    return mcp;
  }
  const handler = createMcpHandler(factory);
  const transport = new StreamableHTTPClientTransport(new URL('http://127.0.0.1/mcp'), {
    fetch: (url: string | URL, init?: RequestInit) => handler.fetch(new Request(url, init)),
  } as any);
  const mcp = new McpClient({ name: 'test', version: '1.0.0' }, { versionNegotiation: { mode: way === 'http-legacy' ? 'legacy' : 'auto' } } as any);
  await mcp.connect(transport);
  return mcp;
}

/** A result's structured content as a write result. */
export const asWrite = (value: unknown) => value as WriteResult;
