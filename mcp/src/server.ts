/**
 * `createServer(options)`: the MCP server of promokit, for embedding and for the bin. It lists
 * the read tools and the write tools of the groups allowed, in their fixed order, and serves each
 * session (stdio, HTTP, in memory) from one shared runtime: one client, one ledger, one policy.
 *
 * @module
 */
import { McpServer, type McpServerFactory, type ServerContext } from '@modelcontextprotocol/server';
import { Client, type ClientOptions, PromokitError } from 'promokit';
import { FileLedger } from './ledger/file.js';
import { MemoryLedger } from './ledger/memory.js';
import type { Ledger } from './ledger/types.js';
import { type Limits, Policy } from './policy.js';
import { plain, readAnswer, readFailure, readResultSchema, type ToolAnswer, type WriteResult, writeAnswer, writeResultSchema } from './results.js';
import type { Runtime } from './runtime.js';
import { GROUPS, type Group, type WriteTool } from './tool-types.js';
import { operationKeySchema, readTools, writeTools } from './tools.js';
import { newOwner, recoverSent, runWrite, scrubbed } from './write.js';

/** The package's version, as servers report it. */
export const VERSION = '0.1.0';

/** Options of {@link createServer}. */
export interface ServerOptions {
  /** A promokit `Client`, or the options to make one (credentials from the environment when left out). */
  client?: Client | ClientOptions;
  /** The ledger: a {@link Ledger}, or `'memory'`, or `'file:<dir>'`. Default `'memory'`. */
  ledger?: Ledger | 'memory' | `file:${string}`;
  /** The groups of write tools to list and serve. Default none: read-only. */
  allow?: readonly Group[];
  /** Caps, budget, allowlists, rate and breaker. */
  limits?: Limits;
  /**
   * Who calls: the ledger, the budget and the buckets are kept per principal. A string (stdio:
   * the configured tenant), or a function of the request's authentication (HTTP). Default `'local'`.
   */
  principal?: string | ((auth: { clientId?: string; token?: string } | undefined) => string);
  /** With it, `commit_redemption` is the only cart spend (prepare, then commit). */
  requirePrepare?: boolean;
  /** A prepared cart's lock life, in seconds. Default 900. */
  prepareTtlSeconds?: number;
  /** The longest a call waits for the same change in flight, in ms. Default 15,000. */
  inFlightWaitMs?: number;
  /** How long a send holds its entry before another process may count its holder stopped, in ms. Default 120,000. */
  leaseMs?: number;
  /** The longest a reconcile may take, in ms. Default 20,000. */
  reconcileMs?: number;
  /**
   * Ask the person to confirm a commit, where the client declared elicitation (a UX step, not
   * proof: the answer is untrusted input, and only an exact `true` confirms). Default true.
   */
  confirmCommits?: boolean;
}

/** A server made by {@link createServer}. */
export interface PromokitMcpServer {
  /** A fresh `McpServer` for one session, or one HTTP request, sharing this server's runtime. */
  readonly factory: McpServerFactory;
  /** The names of the tools listed, in order. */
  readonly tools: readonly string[];
  /**
   * Settles the entries a stopped holder left `sent` (a crash between sending and settling):
   * a write safe to send again is sent again, any other is marked `needs_person`. Returns how many.
   */
  recover(): Promise<number>;
  /** Frees the ledger (its lock or its connection is given back). */
  close(): Promise<void>;
}

/** The ledger `option` names. */
export async function openLedger(option: ServerOptions['ledger']): Promise<Ledger> {
  if (option === undefined || option === 'memory') return new MemoryLedger();
  if (typeof option === 'string') {
    if (!option.startsWith('file:') || option.length <= 5) throw new TypeError("ledger: 'memory', 'file:<dir>', or a Ledger");
    return FileLedger.open(option.slice(5));
  }
  return option;
}

/** The principal of a call. */
function principalOf(options: ServerOptions, ctx: ServerContext): string {
  const given = options.principal ?? 'local';
  const auth = ctx.http?.authInfo;
  const named = typeof given === 'string' ? given : given(auth ? { clientId: auth.clientId, token: auth.token } : undefined);
  // The first part of `<principal>:<tool>:<key>`: a ':' in it is encoded, so that no principal's keys can be another's.
  return named.replace(/%/g, '%25').replace(/:/g, '%3A');
}

/** A tool's answer when something unexpected broke: promokit's scrubbed error, never a secret. */
function failed(tool: string, error: unknown): ToolAnswer {
  return readFailure(tool, error instanceof PromokitError ? scrubbed(error) : { name: 'Error', message: 'the tool failed unexpectedly (details withheld)' });
}

/** How long a person has to answer a confirmation. */
const CONFIRM_MS = 120_000;

/**
 * Asks the person to confirm a commit not yet in the ledger; undefined when confirmed (or already
 * in the ledger: a repeat is answered from it), else the refusal. Nothing is claimed or sent.
 */
async function confirmed(rt: Runtime, tool: WriteTool, args: Record<string, unknown>, principal: string, ctx: ServerContext): Promise<WriteResult | undefined> {
  const key = String(args.operation_key);
  if (await rt.ledger.get(`${principal}:${tool.name}:${key}`).catch(() => undefined)) return undefined;
  const refusal = (code: string, message: string, retry: WriteResult['retry']): WriteResult => ({
    write: 'not_applied',
    operation_key: key,
    tool: tool.name,
    replayed: false,
    retry,
    refusal: { code, message },
    evidence: { outcome: 'not_sent' },
    ledger: { state: 'none', first_seen_at: new Date().toISOString() },
  });
  try {
    const answer = await ctx.mcpReq.elicitInput(
      {
        mode: 'form',
        message: `Redeem the prepared cart ${plain(args.prepared_id)} now? This spends the vouchers and discounts it holds.`,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean', title: 'Redeem this cart' } }, required: ['confirm'] },
      },
      { timeout: CONFIRM_MS },
    );
    // Untrusted input: only an accepted answer whose `confirm` is exactly true confirms.
    if (answer.action === 'accept' && answer.content?.confirm === true) return undefined;
    return refusal('declined_by_person', 'the person did not confirm the commit; nothing was sent', 'same_key_now');
  } catch {
    return refusal('confirmation_unavailable', 'the confirmation could not be asked or was not answered in time; nothing was sent', 'same_key_now');
  }
}

/**
 * Makes the MCP server: the read tools always, the write tools of `allow`, one runtime shared by
 * every session. The ledger is opened here (a `file:` ledger takes its directory's lock).
 */
export async function createServer(options: ServerOptions = {}): Promise<PromokitMcpServer> {
  const allow = new Set(options.allow ?? []);
  for (const group of allow) if (!GROUPS.includes(group)) throw new TypeError(`allow: unknown group '${String(group)}' (spend, create, admin)`);
  const client = options.client instanceof Client ? options.client : new Client(options.client ?? {});
  const ledger = await openLedger(options.ledger);
  const rt: Runtime = {
    client,
    ledger,
    policy: new Policy(options.limits),
    owner: newOwner(),
    leaseMs: options.leaseMs ?? 120_000,
    inFlightWaitMs: options.inFlightWaitMs ?? 15_000,
    pollMs: 25,
    reconcileMs: options.reconcileMs ?? 20_000,
    prepareTtlSeconds: options.prepareTtlSeconds ?? 900,
    requirePrepare: options.requirePrepare ?? false,
    pending: new Map(),
  };
  const writes = writeTools.filter((t) => allow.has(t.group));
  const tools = [...readTools.map((t) => t.name), ...writes.map((t) => t.name)];

  const factory: McpServerFactory = () => {
    const server = new McpServer({ name: 'promokit-mcp', version: VERSION }, { capabilities: { tools: {} } });
    for (const tool of readTools)
      server.registerTool(
        tool.name,
        {
          title: tool.title,
          description: tool.description,
          inputSchema: tool.input,
          outputSchema: readResultSchema,
          annotations: { readOnlyHint: true, openWorldHint: tool.openWorld },
        },
        async (args: Record<string, unknown>, ctx: ServerContext) => {
          try {
            const read = await tool.run(client, args, rt, principalOf(options, ctx));
            return readAnswer({ tool: tool.name, ...read }) as never;
          } catch (error) {
            return failed(tool.name, error) as never;
          }
        },
      );
    for (const tool of writes)
      server.registerTool(
        tool.name,
        {
          title: tool.title,
          description: tool.description,
          inputSchema: tool.input.extend({ operation_key: operationKeySchema }),
          outputSchema: writeResultSchema,
          annotations: tool.annotations,
        },
        async (args: Record<string, unknown>, ctx: ServerContext) => {
          try {
            const principal = principalOf(options, ctx);
            if (tool.name === 'commit_redemption' && options.confirmCommits !== false && server.server.getClientCapabilities()?.elicitation) {
              const declined = await confirmed(rt, tool, args, principal, ctx);
              if (declined) return writeAnswer(declined) as never;
            }
            return writeAnswer(await runWrite(rt, tool, args, principal)) as never;
          } catch (error) {
            // Every answer of a write has the result's shape; what an unexpected failure left is not known.
            return writeAnswer({
              write: 'unknown',
              operation_key: String(args.operation_key),
              tool: tool.name,
              replayed: false,
              retry: 'person',
              refusal: { code: 'needs_person', message: 'an unexpected failure; a person must check before anything is sent again' },
              evidence: { outcome: 'unknown', error: scrubbed(error) },
              ledger: { state: 'unknown', first_seen_at: new Date().toISOString() },
            }) as never;
          }
        },
      );
    return server;
  };

  return {
    factory,
    tools,
    async recover() {
      const stale = (await ledger.stale(Date.now())).filter((e) => e.state === 'sent');
      for (const entry of stale)
        await recoverSent(
          rt,
          entry,
          writeTools.find((t) => t.name === entry.call?.tool),
        );
      return stale.length;
    },
    close: () => ledger.close(),
  };
}
