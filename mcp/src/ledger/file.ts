/**
 * The ledger in a directory: one file per entry, created exclusively and flushed to disk
 * (`fsync` of the file and of its directory) before the call is sent. One process at a time:
 * the directory's lock file names the process that holds it, and a second process is refused
 * while that one lives.
 *
 * @module
 */
import { createHash, randomBytes } from 'node:crypto';
import { constants, promises as fs } from 'node:fs';
import { join } from 'node:path';
import { type ClaimOutcome, type Ledger, type LedgerEntry, LedgerUnavailableError, mayReclaim, ProcessGuards } from './types.js';

/** The file name of a key: its SHA-256, so that no key can name a path. */
const fileOf = (key: string) => `${createHash('sha256').update(key).digest('hex')}.json`;

/**
 * Writes `text` to `path` durably and whole: a temporary file written and flushed, then linked to
 * `path` (exclusive: `EEXIST` when `path` exists, so a claim is an exclusive create that no reader
 * ever sees half written) or (`replace`) renamed over it; then the directory flushed.
 */
async function writeDurably(dir: string, path: string, text: string, replace: boolean): Promise<void> {
  const temporary = join(dir, `.tmp-${randomBytes(8).toString('hex')}`);
  const handle = await fs.open(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    if (replace) await fs.rename(temporary, path);
    else await fs.link(temporary, path);
  } finally {
    if (!replace) await fs.rm(temporary, { force: true });
  }
  const dirHandle = await fs.open(dir, 'r');
  try {
    await dirHandle.sync();
  } finally {
    await dirHandle.close();
  }
}

/** Whether the process `pid` is alive on this machine. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A ledger in a directory, held by one process. Open it with {@link FileLedger.open}. */
export class FileLedger implements Ledger {
  readonly kind = 'file';
  readonly #dir: string;
  readonly #entries: string;
  readonly #values: string;
  /** One chain of work per key: a claim's read and write are one step for this process. */
  readonly #chains = new Map<string, Promise<unknown>>();
  readonly #guards = new ProcessGuards();
  #closed = false;

  private constructor(dir: string) {
    this.#dir = dir;
    this.#entries = join(dir, 'entries');
    this.#values = join(dir, 'values');
  }

  /**
   * Opens the ledger in `dir` (made if missing, mode 0700) and takes its lock.
   * @throws LedgerUnavailableError when another live process holds the directory.
   */
  static async open(dir: string): Promise<FileLedger> {
    const ledger = new FileLedger(dir);
    await fs.mkdir(ledger.#entries, { recursive: true, mode: 0o700 });
    await fs.mkdir(ledger.#values, { recursive: true, mode: 0o700 });
    const lock = join(dir, 'lock');
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await writeDurably(dir, lock, String(process.pid), false);
        return ledger;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const pid = Number.parseInt(await fs.readFile(lock, 'utf8').catch(() => ''), 10);
        if (Number.isInteger(pid) && pid > 0 && alive(pid))
          throw new LedgerUnavailableError(
            `the file ledger is in use by process ${pid}; one process at a time may use a directory (use a Redis ledger for several)`,
          );
        await fs.rm(lock, { force: true });
      }
    }
    throw new LedgerUnavailableError('the file ledger could not take its lock');
  }

  async claim(fresh: LedgerEntry, now: number): Promise<ClaimOutcome> {
    return this.#serial(fresh.key, async () => {
      const path = join(this.#entries, fileOf(fresh.key));
      try {
        await writeDurably(this.#entries, path, JSON.stringify(fresh), false);
        return { taken: true, entry: fresh };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const existing = await this.#read(path);
      if (existing && !mayReclaim(existing, fresh.digest, now)) return { taken: false, entry: existing };
      const entry = existing ? { ...fresh, first_seen_at: existing.first_seen_at } : fresh;
      await writeDurably(this.#entries, path, JSON.stringify(entry), true);
      return { taken: true, entry };
    });
  }

  async update(entry: LedgerEntry, owner: string): Promise<boolean> {
    return this.#serial(entry.key, async () => {
      const path = join(this.#entries, fileOf(entry.key));
      const existing = await this.#read(path);
      if (!existing || existing.owner !== owner) return false;
      await writeDurably(this.#entries, path, JSON.stringify(entry), true);
      return true;
    });
  }

  async get(key: string): Promise<LedgerEntry | undefined> {
    this.#check();
    return this.#read(join(this.#entries, fileOf(key)));
  }

  async stale(now: number): Promise<LedgerEntry[]> {
    this.#check();
    const found: LedgerEntry[] = [];
    for (const name of await fs.readdir(this.#entries)) {
      if (!name.endsWith('.json')) continue;
      const entry = await this.#read(join(this.#entries, name));
      if (entry && (entry.state === 'sent' || entry.state === 'claimed') && entry.lease_until < now) found.push(entry);
    }
    return found;
  }

  async guard(target: string, holder: string, until: number, now: number): Promise<boolean> {
    this.#check();
    return this.#guards.take(target, holder, until, now);
  }

  async unguard(target: string, holder: string): Promise<void> {
    this.#guards.give(target, holder);
  }

  async put(name: string, value: string, until: number): Promise<void> {
    this.#check();
    await writeDurably(this.#values, join(this.#values, fileOf(name)), JSON.stringify({ value, until }), true);
  }

  async take(name: string, now: number): Promise<string | undefined> {
    this.#check();
    try {
      const held = JSON.parse(await fs.readFile(join(this.#values, fileOf(name)), 'utf8')) as { value: string; until: number };
      return held.until >= now ? held.value : undefined;
    } catch {
      return undefined;
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await Promise.allSettled(this.#chains.values());
    await fs.rm(join(this.#dir, 'lock'), { force: true });
  }

  #check(): void {
    if (this.#closed) throw new LedgerUnavailableError('the file ledger is closed');
  }

  async #read(path: string): Promise<LedgerEntry | undefined> {
    try {
      return JSON.parse(await fs.readFile(path, 'utf8')) as LedgerEntry;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new LedgerUnavailableError(`a ledger entry could not be read (${(error as Error).name})`);
    }
  }

  #serial<T>(key: string, work: () => Promise<T>): Promise<T> {
    this.#check();
    const before = this.#chains.get(key) ?? Promise.resolve();
    const next = before.then(work, work);
    const settled = next.catch(() => undefined);
    this.#chains.set(key, settled);
    void settled.then(() => {
      if (this.#chains.get(key) === settled) this.#chains.delete(key);
    });
    return next;
  }
}
