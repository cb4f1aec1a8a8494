/**
 * What a server's tools share: the promokit client, the ledger, the policy, the bounds, and the
 * failed calls this process keeps for a later reconcile.
 *
 * @module
 */
import type { Client } from 'promokit';
import type { Ledger } from './ledger/types.js';
import type { Policy } from './policy.js';

/** The shared state of one server (every MCP session of it). */
export interface Runtime {
  client: Client;
  ledger: Ledger;
  policy: Policy;
  /** This instance's id, the holder of its claims. */
  owner: string;
  /** How long a claim or a send holds its entry before another process may count it stopped. */
  leaseMs: number;
  /** The longest a call waits for the same change in flight. */
  inFlightWaitMs: number;
  /** How often the ledger is read while waiting. */
  pollMs: number;
  /** The longest a reconcile may take. */
  reconcileMs: number;
  /** A prepared cart's lock life, in seconds. */
  prepareTtlSeconds: number;
  /** With `requirePrepare`, commit is the only cart spend. */
  requirePrepare: boolean;
  /** Failed calls of an `unknown` outcome, by ledger key, for a reconcile again (bounded). */
  pending: Map<string, unknown>;
}
