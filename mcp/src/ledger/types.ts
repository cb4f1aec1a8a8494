/**
 * The ledger of write operations: one entry per `<principal>:<tool>:<operation_key>`, claimed
 * atomically before anything is sent, so that a repeated call is answered from it and never sent
 * a second time. Three stores share this contract: memory, a directory, Redis.
 *
 * @module
 */
import type { WriteResult } from '../results.js';

/** Where an entry is in its life: claimed (nothing sent yet), sent, or settled by its result. */
export type EntryState = 'claimed' | 'sent' | 'applied' | 'not_applied' | 'unknown' | 'needs_person';

/** What was sent, kept so that a restart can find out what became of it. */
export interface CallDescription {
  /** The tool. */
  tool: string;
  /** The tool's arguments, without the operation key. */
  args: Record<string, unknown>;
}

/** One entry of the ledger. */
export interface LedgerEntry {
  /** `<principal>:<tool>:<operation_key>`. */
  key: string;
  /** SHA-256 of the arguments without the key, in a canonical order. */
  digest: string;
  /** Where the entry is. */
  state: EntryState;
  /** When the key was first seen (ISO 8601). */
  first_seen_at: string;
  /** Until when (epoch ms) the holder's claim or send is alive; past it, the holder is gone. */
  lease_until: number;
  /** Who holds it: a random id per server instance. */
  owner: string;
  /** Not before this time (epoch ms) may a `not_applied` entry be claimed again. */
  retry_at?: number | undefined;
  /** The call sent, once `sent`. */
  call?: CallDescription | undefined;
  /** The answer, once settled. */
  result?: WriteResult | undefined;
}

/** What a claim found: the entry taken by this caller, or the one that was there. */
export type ClaimOutcome = { taken: true; entry: LedgerEntry } | { taken: false; entry: LedgerEntry };

/** How long a settled entry is kept: 7 days, at least a session lock's longest life. */
export const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A store of entries. Every method but `close` may reject with {@link LedgerUnavailableError}
 * when the store cannot be reached: writes then fail closed.
 */
export interface Ledger {
  /** A name for messages: `memory`, `file`, `redis`. */
  readonly kind: string;
  /**
   * Claims `fresh.key` atomically: stores `fresh` when no entry is there, or when the one there
   * may be claimed again ({@link mayReclaim}); otherwise answers the entry that is there.
   */
  claim(fresh: LedgerEntry, now: number): Promise<ClaimOutcome>;
  /** Replaces the entry of `entry.key` when `owner` still holds it; false when it does not. */
  update(entry: LedgerEntry, owner: string): Promise<boolean>;
  /** The entry of `key`, if any. */
  get(key: string): Promise<LedgerEntry | undefined>;
  /** Entries left `sent` or `claimed` whose lease has passed (a holder that stopped). */
  stale(now: number): Promise<LedgerEntry[]>;
  /** Takes the guard of a natural target for `holder` until `until` (epoch ms); false when another holds it. */
  guard(target: string, holder: string, until: number, now: number): Promise<boolean>;
  /** Gives the guard of `target` back when `holder` holds it. */
  unguard(target: string, holder: string): Promise<void>;
  /** Stores a small value under `name` until `until` (epoch ms). */
  put(name: string, value: string, until: number): Promise<void>;
  /** The value under `name`, unless expired. */
  take(name: string, now: number): Promise<string | undefined>;
  /** Frees what the store holds (a lock, a connection). */
  close(): Promise<void>;
}

/** The store cannot be reached or refused to work: writes fail closed. */
export class LedgerUnavailableError extends Error {
  override name = 'LedgerUnavailableError';
}

/**
 * Whether an existing entry may be claimed again by a call with the arguments `digest`: a claim
 * whose holder stopped before sending anything, or a `not_applied` answer that advised the same
 * key again (nothing was sent, a 429, or the call was found not applied), once its wait is over,
 * or an `unknown` answer of a write safe to repeat by its nature (`retry: 'same_key_now'`).
 * The Redis script implements the same rule in Lua.
 */
export function mayReclaim(existing: LedgerEntry, digest: string, now: number): boolean {
  if (existing.digest !== digest) return false;
  if (existing.state === 'claimed') return existing.lease_until < now;
  const retry = existing.result?.retry;
  // An unknown answer of a write safe to send again by its nature says so: the same key sends it again.
  if (existing.state === 'unknown') return retry === 'same_key_now';
  if (existing.state !== 'not_applied') return false;
  return (retry === 'same_key_now' || retry === 'same_key_after') && (existing.retry_at ?? 0) <= now;
}

/**
 * The per-target guards of one process: a target held by one holder until a time, taken by
 * another only once that time has passed. The file and memory ledgers keep theirs here.
 */
export class ProcessGuards {
  readonly #held = new Map<string, { holder: string; until: number }>();

  /** Takes `target` for `holder` until `until`; false when another holder has it at `now`. */
  take(target: string, holder: string, until: number, now: number): boolean {
    const held = this.#held.get(target);
    if (held && held.holder !== holder && held.until >= now) return false;
    this.#held.set(target, { holder, until });
    return true;
  }

  /** Gives `target` back, when `holder` has it. */
  give(target: string, holder: string): void {
    if (this.#held.get(target)?.holder === holder) this.#held.delete(target);
  }
}
