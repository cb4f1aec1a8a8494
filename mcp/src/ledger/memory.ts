/**
 * The ledger in memory: for tests and embedding in one process. Its entries go with the process.
 *
 * @module
 */
import { type ClaimOutcome, type Ledger, type LedgerEntry, mayReclaim, ProcessGuards } from './types.js';

/** The most entries and values a memory ledger keeps; past it, the oldest settled ones go. */
const MAX_ENTRIES = 100_000;

/** A ledger held in this process's memory. */
export class MemoryLedger implements Ledger {
  readonly kind = 'memory';
  readonly #entries = new Map<string, LedgerEntry>();
  readonly #guards = new ProcessGuards();
  readonly #values = new Map<string, { value: string; until: number }>();

  async claim(fresh: LedgerEntry, now: number): Promise<ClaimOutcome> {
    const existing = this.#entries.get(fresh.key);
    if (existing && !mayReclaim(existing, fresh.digest, now)) return { taken: false, entry: structuredClone(existing) };
    const entry = existing ? { ...fresh, first_seen_at: existing.first_seen_at } : fresh;
    this.#set(entry);
    return { taken: true, entry: structuredClone(entry) };
  }

  async update(entry: LedgerEntry, owner: string): Promise<boolean> {
    const existing = this.#entries.get(entry.key);
    if (!existing || existing.owner !== owner) return false;
    this.#set(entry);
    return true;
  }

  async get(key: string): Promise<LedgerEntry | undefined> {
    const entry = this.#entries.get(key);
    return entry && structuredClone(entry);
  }

  async stale(now: number): Promise<LedgerEntry[]> {
    return [...this.#entries.values()].filter((e) => (e.state === 'sent' || e.state === 'claimed') && e.lease_until < now).map((e) => structuredClone(e));
  }

  async guard(target: string, holder: string, until: number, now: number): Promise<boolean> {
    return this.#guards.take(target, holder, until, now);
  }

  async unguard(target: string, holder: string): Promise<void> {
    this.#guards.give(target, holder);
  }

  async put(name: string, value: string, until: number): Promise<void> {
    this.#values.set(name, { value, until });
    if (this.#values.size > MAX_ENTRIES) this.#values.delete(this.#values.keys().next().value as string);
  }

  async take(name: string, now: number): Promise<string | undefined> {
    const held = this.#values.get(name);
    return held && held.until >= now ? held.value : undefined;
  }

  async close(): Promise<void> {}

  #set(entry: LedgerEntry): void {
    this.#entries.delete(entry.key);
    this.#entries.set(entry.key, structuredClone(entry));
    if (this.#entries.size <= MAX_ENTRIES) return;
    for (const [key, e] of this.#entries)
      if (e.state !== 'sent' && e.state !== 'claimed') {
        this.#entries.delete(key);
        break;
      }
  }
}
