// The contract every ledger keeps, run against each store (memory and file here, Redis in the slow
// suite): one winner among claims at once, the rules of a claim again, updates only by the holder,
// the guard of a target, values that expire.
import { expect, it } from 'vitest';
import type { Ledger, LedgerEntry } from '../src/index.js';

const entry = (key: string, fields: Partial<LedgerEntry> = {}): LedgerEntry => ({
  key,
  digest: 'd1',
  state: 'claimed',
  first_seen_at: '2026-03-18T09:30:00.000Z',
  lease_until: Date.now() + 60_000,
  owner: 'owner-a',
  ...fields,
});

const settled = (state: LedgerEntry['state'], retry: string): Partial<LedgerEntry> => ({
  state,
  result: { write: state === 'applied' ? 'applied' : state === 'unknown' ? 'unknown' : 'not_applied', retry } as never,
});

/** Registers the contract's tests for the ledger `open` makes (a fresh one per test). */
export function ledgerContract(open: () => Promise<Ledger>): void {
  it('one claim wins among twenty at once', async () => {
    const ledger = await open();
    const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => ledger.claim(entry('p:t:race-key', { owner: `o${i}` }), Date.now())));
    expect(claims.filter((c) => c.taken)).toHaveLength(1);
    const winner = claims.find((c) => c.taken)!.entry.owner;
    for (const c of claims.filter((x) => !x.taken)) expect(c.entry.owner).toBe(winner);
    await ledger.close();
  });

  it('claims again only what may be claimed again, keeping when it was first seen', async () => {
    const ledger = await open();
    const now = Date.now();
    const cases: [string, Partial<LedgerEntry>, string, boolean][] = [
      ['live claim', {}, 'd1', false],
      ['claim whose holder stopped', { lease_until: now - 1 }, 'd1', true],
      ['sent', { state: 'sent', lease_until: now - 1 }, 'd1', false],
      ['applied', settled('applied', 'never'), 'd1', false],
      ['refused for good', settled('not_applied', 'never'), 'd1', false],
      ['not applied, same key now', settled('not_applied', 'same_key_now'), 'd1', true],
      ['not applied, same key after a wait to come', { ...settled('not_applied', 'same_key_after'), retry_at: now + 60_000 }, 'd1', false],
      ['not applied, same key after a wait gone by', { ...settled('not_applied', 'same_key_after'), retry_at: now - 1 }, 'd1', true],
      ['unknown, safe to send again', settled('unknown', 'same_key_now'), 'd1', true],
      ['unknown, a person decides', settled('unknown', 'person'), 'd1', false],
      ['needs a person', settled('needs_person', 'person'), 'd1', false],
      ['other arguments', settled('not_applied', 'same_key_now'), 'd2', false],
    ];
    for (const [name, fields, digest, taken] of cases) {
      const key = `p:t:${name.replace(/\W+/g, '-')}`;
      expect((await ledger.claim(entry(key, { owner: 'first', first_seen_at: '2026-01-01T00:00:00.000Z' }), now)).taken).toBe(true);
      expect(await ledger.update(entry(key, { owner: 'first', first_seen_at: '2026-01-01T00:00:00.000Z', ...fields }), 'first')).toBe(true);
      const again = await ledger.claim(entry(key, { owner: 'second', digest }), now);
      expect({ name, taken: again.taken }).toEqual({ name, taken });
      expect(again.entry.first_seen_at).toBe('2026-01-01T00:00:00.000Z');
    }
    await ledger.close();
  });

  it('updates only by the holder; lists entries whose holder stopped', async () => {
    const ledger = await open();
    await ledger.claim(entry('p:t:held-key'), Date.now());
    expect(await ledger.update(entry('p:t:held-key', { state: 'sent', owner: 'owner-b' }), 'owner-b')).toBe(false);
    expect(await ledger.update(entry('p:t:held-key', { state: 'sent', lease_until: Date.now() - 1, call: { tool: 't', args: {} } }), 'owner-a')).toBe(true);
    expect((await ledger.get('p:t:held-key'))?.state).toBe('sent');
    expect((await ledger.stale(Date.now())).map((e) => e.key)).toContain('p:t:held-key');
    await ledger.close();
  });

  it('guards a target for one holder until it is given back or expires', async () => {
    const ledger = await open();
    const now = Date.now();
    expect(await ledger.guard('member:1', 'a', now + 60_000, now)).toBe(true);
    expect(await ledger.guard('member:1', 'b', now + 60_000, now)).toBe(false);
    expect(await ledger.guard('member:1', 'a', now + 60_000, now)).toBe(true);
    await ledger.unguard('member:1', 'b');
    expect(await ledger.guard('member:1', 'b', now + 60_000, now)).toBe(false);
    await ledger.unguard('member:1', 'a');
    expect(await ledger.guard('member:1', 'b', now + 60_000, now)).toBe(true);
    await ledger.close();
  });

  it('keeps a value until it expires', async () => {
    const ledger = await open();
    await ledger.put('prepared:x', 'value-1', Date.now() + 60_000);
    expect(await ledger.take('prepared:x', Date.now())).toBe('value-1');
    await ledger.put('prepared:y', 'value-2', Date.now() + 30);
    await new Promise((r) => setTimeout(r, 80));
    expect(await ledger.take('prepared:y', Date.now())).toBeUndefined();
    await ledger.close();
  });
}
