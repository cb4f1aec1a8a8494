/**
 * What a tool is: its name, group, description, input schema and annotations, and for a write,
 * how it is checked, what it targets, how it is sent and what proves it.
 *
 * @module
 */
import type { Client } from 'promokit';
import type * as z from 'zod';
import type { PolicyRefusal, WriteAsk } from './policy.js';
import type { Runtime } from './runtime.js';

/** The groups of write tools, each allowed on its own. */
export type Group = 'spend' | 'create' | 'admin';

/** The groups, in order. */
export const GROUPS: readonly Group[] = ['spend', 'create', 'admin'];

/** MCP tool annotations. */
export interface Annotations {
  readOnlyHint: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint: boolean;
}

/** The proof of a write: the record's kind and id, and a summary of it. */
export type Proof = { kind: string; id: string } & Record<string, unknown>;

/** What a write's call gave: the proof and the record, or a business refusal. */
export interface Sent {
  record: Proof;
  data?: unknown;
  refusal?: { code: string; key?: string; message: string };
}

/** What a write tool's `send` is given besides the client and the arguments. */
export interface SendContext {
  rt: Runtime;
  principal: string;
  /** The operation key. */
  key: string;
  /** `<principal>:<tool>:<operation_key>`. */
  ledgerKey: string;
}

/** A read tool. */
export interface ReadTool {
  name: string;
  title: string;
  description: string;
  input: z.ZodObject;
  openWorld: boolean;
  /** Runs the read; for a list, `max_records` bounds it. */
  run(client: Client, args: Record<string, unknown>, rt: Runtime, principal: string): Promise<{ data: unknown; count?: number; truncated?: boolean }>;
}

/** A write tool. */
export interface WriteTool {
  name: string;
  title: string;
  group: Group;
  description: string;
  /** The input without `operation_key` (added by the server). */
  input: z.ZodObject;
  annotations: Annotations;
  /** The kind of record that proves it. */
  kind: string;
  /** Safe to send again by its nature (an idempotent write). */
  idempotent: boolean;
  /**
   * The check of `client.reconcile` sends the call again itself (`orders.create` under its
   * `source_id`): its `not_found` means the check's own send made the record, once.
   */
  checkSends?: boolean;
  /** What the policy checks (points, amounts, campaigns, …), or a refusal before any claim. */
  ask(
    args: Record<string, unknown>,
    rt: Runtime,
    principal: string,
  ): Promise<Omit<WriteAsk, 'principal' | 'tool'> | { refusal: Pick<PolicyRefusal, 'message'> & { code: string } }>;
  /** The natural target guarded while a call is in flight (member + reward, voucher, order), if any. */
  target(args: Record<string, unknown>, principal: string): string | undefined;
  /** Sends the call; rejects with promokit's error. */
  send(client: Client, args: Record<string, unknown>, ctx: SendContext): Promise<Sent>;
  /** The proof from a record `client.reconcile` found. */
  recordOf(record: unknown): Proof | undefined;
}
