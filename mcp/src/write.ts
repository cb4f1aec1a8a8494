/**
 * One write, in order: policy, claim, guard, `sent`, the promokit call, reconcile before report,
 * settle. What a repeated call meets is decided from the ledger's entry (replay, conflict, wait,
 * claim again, reconcile again). Read top to bottom.
 *
 * @module
 */
import { createHash, randomUUID } from 'node:crypto';
import { type Client, PromokitError, type ReconcileResult, retryDecision } from 'promokit';
import { type LedgerEntry, LedgerUnavailableError, mayReclaim } from './ledger/types.js';
import type { Runtime } from './runtime.js';
import type { WriteResult } from './results.js';
import type { Sent, WriteTool } from './tool-types.js';

/** Arguments in a canonical order, for the digest. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  return value;
}

/** SHA-256 of the arguments without the operation key. */
export function digestOf(args: Record<string, unknown>): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(args)))
    .digest('hex');
}

/** A promokit error as its scrubbed `toJSON()`, anything else by its name alone. */
export function scrubbed(error: unknown): Record<string, unknown> {
  if (error instanceof PromokitError) return JSON.parse(JSON.stringify(error)) as Record<string, unknown>;
  return { name: error instanceof Error ? error.name : 'Error', message: 'an unexpected failure (details withheld)' };
}

/** The parts of a result every branch fills the same way. */
function result(
  tool: WriteTool,
  key: string,
  entry: Pick<LedgerEntry, 'state' | 'first_seen_at'>,
  rest: Omit<WriteResult, 'tool' | 'operation_key' | 'ledger' | 'replayed'> & { replayed?: boolean },
): WriteResult {
  return { tool: tool.name, operation_key: key, replayed: false, ...rest, ledger: { state: entry.state, first_seen_at: entry.first_seen_at } };
}

/** A refusal before anything is claimed or sent: nothing recorded. */
function refused(tool: WriteTool, key: string, code: string, message: string, retry: WriteResult['retry'], retryAfterMs?: number): WriteResult {
  return result(tool, key, { state: 'none', first_seen_at: new Date().toISOString() } as never, {
    write: 'not_applied',
    retry,
    ...(retryAfterMs !== undefined ? { retry_after_ms: Math.max(0, Math.ceil(retryAfterMs)) } : {}),
    refusal: { code, message },
    evidence: { outcome: 'not_sent' },
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The longest wait before a write safe to repeat is sent once more after an unknown outcome. */
const RESEND_WAIT_MS = 2_000;

/** Runs the write `tool` with `args` (its `operation_key` among them) for `principal`. */
export async function runWrite(rt: Runtime, tool: WriteTool, input: Record<string, unknown>, principal: string): Promise<WriteResult> {
  const { operation_key: key, ...args } = input as { operation_key: string } & Record<string, unknown>;
  const ledgerKey = `${principal}:${tool.name}:${key}`;
  const digest = digestOf(args);
  const started = Date.now();
  // 1. Policy: a refusal records nothing and sends nothing. A repeat of a key already settled or
  // in flight is answered from the ledger whatever the policy says now: it counts, never spends.
  let known: LedgerEntry | undefined;
  try {
    known = await rt.ledger.get(ledgerKey);
  } catch (error) {
    if (error instanceof LedgerUnavailableError) return ledgerAway(tool, key);
    throw error;
  }
  let points = 0;
  let admitted = false;
  /** The tool's questions (a reward's cost, …) and the policy: a refusal, or undefined once admitted. */
  const admit = async (retryOfRefusal?: WriteResult['retry']): Promise<WriteResult | undefined> => {
    const ask = await tool.ask(args, rt, principal);
    if ('refusal' in ask) return refused(tool, key, ask.refusal.code, ask.refusal.message, retryOfRefusal ?? 'never');
    const denied = rt.policy.admit({ principal, tool: tool.name, ...ask });
    if (denied) {
      const retry = retryOfRefusal ?? (denied.retryAfterMs !== undefined ? 'same_key_after' : 'never');
      return refused(tool, key, denied.code, denied.message, retry, denied.retryAfterMs);
    }
    points = ask.points ?? 0;
    admitted = true;
    return undefined;
  };
  if (known && !mayReclaim(known, digest, Date.now())) rt.policy.count(principal, tool.name);
  else {
    const refusal = await admit();
    // Refused, unless the same call has claimed the key meanwhile (twice at once): then it is waited for and replayed.
    const meanwhile = refusal ? await rt.ledger.get(ledgerKey).catch(() => undefined) : undefined;
    if (refusal && !(meanwhile && meanwhile.digest === digest && !mayReclaim(meanwhile, digest, Date.now()))) return refusal;
  }
  let sentByThisCall = false;
  try {
    const answer = await claimAndSend();
    // The points held at admission go back unless this call's own send may have spent them.
    if (admitted && !(sentByThisCall && answer.write !== 'not_applied')) rt.policy.release(principal, points);
    return answer;
  } catch (error) {
    if (admitted) rt.policy.release(principal, points);
    if (error instanceof LedgerUnavailableError) return ledgerAway(tool, key);
    throw error;
  }

  async function claimAndSend(): Promise<WriteResult> {
    // 2. Claim the key before anything is sent; an entry there decides.
    for (;;) {
      const now = Date.now();
      const fresh: LedgerEntry = {
        key: ledgerKey,
        digest,
        state: 'claimed',
        first_seen_at: new Date(now).toISOString(),
        lease_until: now + rt.leaseMs,
        owner: rt.owner,
      };
      const claim = await rt.ledger.claim(fresh, now);
      if (claim.taken && !admitted) {
        // The entry became claimable after it was read: admitted now, or the claim is handed back.
        const answer = await admit('same_key_now');
        if (answer) {
          await rt.ledger.update({ ...claim.entry, state: 'not_applied', result: answer, retry_at: Date.now(), lease_until: Date.now() }, rt.owner);
          return answer;
        }
      }
      if (claim.taken) {
        sentByThisCall = true;
        return await sendClaimed(rt, tool, key, args, claim.entry, principal);
      }
      const found = claim.entry;
      if (found.digest !== digest)
        return result(tool, key, found, {
          write: 'not_applied',
          retry: 'never',
          refusal: { code: 'operation_key_conflict', message: 'this operation_key names another change (other arguments); nothing was sent' },
          evidence: { outcome: 'not_sent' },
        });
      if (found.result && found.state !== 'unknown' && found.state !== 'not_applied')
        return { ...found.result, replayed: true, ledger: { state: found.state, first_seen_at: found.first_seen_at } };
      if (found.state === 'not_applied' && found.result) {
        const wait = (found.retry_at ?? 0) - Date.now();
        if (found.result.retry === 'never' || wait > rt.inFlightWaitMs)
          return { ...found.result, replayed: true, ledger: { state: found.state, first_seen_at: found.first_seen_at } };
        await sleep(Math.max(0, wait));
        continue;
      }
      if (found.state === 'unknown' && found.result?.retry !== 'same_key_now') return await reconcileAgain(rt, tool, key, found);
      // In flight (claimed or sent), elsewhere or here: wait for it, bounded; never a second send.
      if (found.lease_until < Date.now() && found.state === 'sent') return await recoverSent(rt, found, tool);
      if (Date.now() - started > rt.inFlightWaitMs)
        return result(tool, key, found, {
          write: 'unknown',
          retry: 'same_key_after',
          retry_after_ms: 1000,
          replayed: true,
          refusal: { code: 'in_flight', message: 'the same change is still being sent by another call; nothing was sent by this one' },
          evidence: { outcome: null },
        });
      await sleep(rt.pollMs);
    }
  }
}

/** The ledger could not be reached before anything was sent: writes fail closed. */
const ledgerAway = (tool: WriteTool, key: string): WriteResult =>
  refused(tool, key, 'ledger_unavailable', 'the ledger cannot be reached: writes fail closed, nothing was sent', 'same_key_after', 1000);

/** Steps 3 and 4: the guard of the target, `sent` durably, the call, reconcile, settle. */
async function sendClaimed(
  rt: Runtime,
  tool: WriteTool,
  key: string,
  args: Record<string, unknown>,
  claimed: LedgerEntry,
  principal: string,
): Promise<WriteResult> {
  const target = tool.target(args, principal);
  const holder = claimed.key;
  const settle = async (state: LedgerEntry['state'], answer: WriteResult, retryAt?: number): Promise<WriteResult> => {
    const final = { ...answer, ledger: { state, first_seen_at: claimed.first_seen_at } };
    await rt.ledger.update({ ...claimed, state, result: final, retry_at: retryAt, lease_until: Date.now() }, rt.owner);
    rt.policy.settle(principal, final.write === 'not_applied' && final.retry === 'never');
    return final;
  };
  if (target && !(await rt.ledger.guard(target, holder, Date.now() + rt.leaseMs, Date.now())))
    return settle(
      'not_applied',
      result(tool, key, claimed, {
        write: 'not_applied',
        retry: 'same_key_after',
        retry_after_ms: 1000,
        refusal: { code: 'target_busy', message: 'another change to the same target is in flight; nothing was sent' },
        evidence: { outcome: 'not_sent' },
      }),
      Date.now() + 1000,
    );
  try {
    const sent: LedgerEntry = { ...claimed, state: 'sent', call: { tool: tool.name, args }, lease_until: Date.now() + rt.leaseMs };
    // Before this mark nothing is sent: a ledger failure up to here is `ledger_unavailable`.
    if (!(await rt.ledger.update(sent, rt.owner))) throw new LedgerUnavailableError('the claim was lost before sending');
    // From here on the call may have moved money: the answer is what it did, never "nothing sent".
    let answer: WriteResult;
    try {
      // Without the MCP request's signal: once sent, a cancel changes nothing on the wire.
      answer = await callAndReconcile(rt, tool, key, args, sent, principal);
    } catch (error) {
      answer = result(tool, key, sent, {
        write: 'unknown',
        retry: 'person',
        refusal: { code: 'needs_person', message: 'an unexpected failure after the call was sent; a person must check before anything is sent again' },
        evidence: { outcome: 'unknown', error: scrubbed(error) },
      });
    }
    const state =
      answer.write === 'applied' ? 'applied' : answer.write === 'not_applied' ? 'not_applied' : answer.retry === 'person' ? 'needs_person' : 'unknown';
    const retryAt = answer.retry === 'same_key_after' ? Date.now() + (answer.retry_after_ms ?? 0) : undefined;
    try {
      return await settle(state, answer, retryAt);
    } catch {
      rt.policy.settle(principal, answer.write === 'not_applied' && answer.retry === 'never');
      return unrecorded(answer, state, claimed.first_seen_at);
    }
  } finally {
    if (target) await rt.ledger.unguard(target, holder).catch(() => undefined);
  }
}

/**
 * A call's answer that the ledger failed to record after it was sent: what the call did, the
 * failure said in words, and a retry that never asks for a new key.
 */
function unrecorded(answer: WriteResult, state: LedgerEntry['state'], firstSeenAt: string): WriteResult {
  const note =
    'the ledger could not record this answer; use only this operation_key again (never a new one): a repeat may answer unknown until a person checks';
  const retry = answer.write === 'applied' ? 'never' : answer.write === 'unknown' && answer.retry === 'same_key_now' ? 'same_key_after' : answer.retry;
  return {
    ...answer,
    retry,
    ...(retry === 'same_key_after' ? { retry_after_ms: answer.retry_after_ms ?? 1000 } : {}),
    refusal: { code: answer.refusal?.code ?? 'ledger_unrecorded', message: `${answer.refusal ? `${answer.refusal.message}; ` : ''}${note}` },
    ledger: { state: `${state}_unrecorded`, first_seen_at: firstSeenAt },
  };
}

/** The promokit call, and what its failure means, reconciled when its outcome is unknown. */
async function callAndReconcile(
  rt: Runtime,
  tool: WriteTool,
  key: string,
  args: Record<string, unknown>,
  entry: LedgerEntry,
  principal: string,
): Promise<WriteResult> {
  let done: Sent;
  try {
    done = await tool.send(rt.client, args, { rt, principal, key, ledgerKey: entry.key });
  } catch (error) {
    // A write safe to repeat by its nature, of unknown outcome: sent once more (after the wait
    // promokit advises, bounded) to find out, rather than answer `unknown`.
    const decision = retryDecision(error);
    if (
      !(tool.idempotent && error instanceof PromokitError && error.outcome === 'unknown' && decision.action === 'retry' && decision.delayMs <= RESEND_WAIT_MS)
    )
      return fromError(rt, tool, key, entry, error);
    await sleep(decision.delayMs);
    try {
      done = await tool.send(rt.client, args, { rt, principal, key, ledgerKey: entry.key });
    } catch (again) {
      const answer = await fromError(rt, tool, key, entry, again);
      if (answer.write !== 'not_applied') return answer;
      // The first send's outcome is still unknown: a refusal of the second proves nothing of it
      // (a lock the first released answers the second with a 404). Unsent, it may be sent again.
      const unsent = answer.evidence.outcome === 'not_sent';
      return result(tool, key, entry, {
        write: 'unknown',
        retry: unsent ? 'same_key_now' : 'person',
        refusal: {
          code: unsent ? String(answer.refusal?.code) : 'needs_person',
          message: unsent
            ? 'the first send may have applied it and the second could not be sent; sending it again with the same key is safe'
            : 'the first send may have applied it and the second was refused; a person must check before anything is sent again',
        },
        evidence: { ...answer.evidence, outcome: 'unknown', attempts: 2 },
        ...(answer.data !== undefined ? { data: answer.data } : {}),
      });
    }
    const evidence = { outcome: 'unknown' as const, attempts: 2 };
    if (done.refusal)
      return result(tool, key, entry, {
        write: 'not_applied',
        retry: 'never',
        refusal: done.refusal,
        evidence,
        ...(done.data !== undefined ? { data: done.data } : {}),
      });
    return result(tool, key, entry, {
      write: 'applied',
      retry: 'never',
      record: done.record,
      evidence,
      ...(done.data !== undefined ? { data: done.data } : {}),
    });
  }
  if (done.refusal)
    return result(tool, key, entry, {
      write: 'not_applied',
      retry: 'never',
      refusal: done.refusal,
      evidence: { outcome: null },
      ...(done.data !== undefined ? { data: done.data } : {}),
    });
  return result(tool, key, entry, {
    write: 'applied',
    retry: 'never',
    record: done.record,
    evidence: { outcome: null },
    ...(done.data !== undefined ? { data: done.data } : {}),
  });
}

/** A failed call's answer: from promokit's outcome and `retryDecision`, reconciled when unknown. */
async function fromError(rt: Runtime, tool: WriteTool, key: string, entry: LedgerEntry, error: unknown): Promise<WriteResult> {
  const json = scrubbed(error);
  const evidence = {
    outcome: (error instanceof PromokitError ? error.outcome : 'unknown') as 'not_sent' | 'rejected' | 'unknown',
    ...(typeof json.request_id === 'string' ? { request_id: json.request_id } : {}),
    ...(typeof json.attempts === 'number' ? { attempts: json.attempts } : {}),
  };
  const data = { error: json };
  const decision = retryDecision(error);
  if (evidence.outcome !== 'unknown' || decision.action !== 'reconcile') {
    if (evidence.outcome === 'unknown')
      // Safe to repeat by its nature (an idempotent write): the same key sends it again.
      return result(tool, key, entry, {
        write: 'unknown',
        retry: 'same_key_now',
        evidence,
        refusal: { code: String(json.name), message: 'the service may have applied it; sending it again is safe' },
        data,
      });
    const retry = decision.action === 'retry' ? (decision.delayMs > 0 ? 'same_key_after' : 'same_key_now') : 'never';
    const serviceKey = typeof json.key === 'string' ? json.key : undefined;
    return result(tool, key, entry, {
      write: 'not_applied',
      retry,
      ...(decision.action === 'retry' && decision.delayMs > 0 ? { retry_after_ms: decision.delayMs } : {}),
      refusal: {
        code: serviceKey ?? String(json.name),
        ...(serviceKey ? { key: serviceKey } : {}),
        message: `${String(json.name)}${json.status ? ` (${json.status})` : ''}: not applied`,
      },
      evidence,
      data,
    });
  }
  rt.pending.set(entry.key, error);
  // Bounded: the oldest failed call kept goes first (its entry then asks a person).
  if (rt.pending.size > 1_000) rt.pending.delete(rt.pending.keys().next().value as string);
  return reconcile(rt, tool, key, entry, error, evidence, data);
}

/** Reconcile before report: `client.reconcile`, bounded by the tool's time. */
async function reconcile(
  rt: Runtime,
  tool: WriteTool,
  key: string,
  entry: LedgerEntry,
  error: unknown,
  evidence: WriteResult['evidence'],
  data: unknown,
): Promise<WriteResult> {
  let found: ReconcileResult;
  try {
    found = await rt.client.reconcile(error, { signal: AbortSignal.timeout(rt.reconcileMs) });
  } catch {
    return result(tool, key, entry, {
      write: 'unknown',
      retry: 'same_key_after',
      retry_after_ms: 1000,
      refusal: { code: 'reconcile_incomplete', message: 'the check did not finish in time; the same key checks again' },
      evidence,
      data,
    });
  }
  if (found.status === 'applied') {
    rt.pending.delete(entry.key);
    const record = tool.recordOf(found.record) ?? { kind: tool.kind, id: 'unknown' };
    return result(tool, key, entry, {
      write: 'applied',
      retry: 'never',
      record,
      evidence: { ...evidence, reconcile: { status: 'applied' } },
      data: { error: (data as { error: unknown }).error, record: found.record },
    });
  }
  if (found.status === 'not_found' && tool.checkSends) {
    rt.pending.delete(entry.key);
    const record = { kind: tool.kind, id: String((entry.call?.args as { source_id?: unknown } | undefined)?.source_id ?? 'unknown'), made_by: 'the check' };
    return result(tool, key, entry, {
      write: 'applied',
      retry: 'never',
      record,
      evidence: { ...evidence, reconcile: { status: 'not_found', reason: "the failed call made nothing; the check's own send made it, once" } },
      data,
    });
  }
  if (found.status === 'not_found') {
    rt.pending.delete(entry.key);
    return result(tool, key, entry, {
      write: 'not_applied',
      retry: 'same_key_now',
      evidence: { ...evidence, reconcile: { status: 'not_found' } },
      refusal: { code: 'not_applied', message: 'the check found no trace of it: not applied' },
      data,
    });
  }
  rt.pending.delete(entry.key);
  return result(tool, key, entry, {
    write: 'unknown',
    retry: 'person',
    evidence: { ...evidence, reconcile: { status: 'cannot_tell', reason: found.reason } },
    refusal: { code: 'needs_person', message: 'what the service did cannot be told; a person must check before anything is sent again' },
    data,
  });
}

/** An entry left `unknown`: reconcile again with the error this process kept, or a person decides. */
async function reconcileAgain(rt: Runtime, tool: WriteTool, key: string, found: LedgerEntry): Promise<WriteResult> {
  const error = rt.pending.get(found.key);
  const previous = found.result!;
  const again = error
    ? await reconcile(rt, tool, key, found, error, previous.evidence, previous.data)
    : result(tool, key, found, {
        write: 'unknown',
        retry: 'person',
        evidence: previous.evidence,
        refusal: { code: 'needs_person', message: 'the failed call is no longer held by this server; a person must check' },
        data: previous.data,
      });
  if (again.retry === 'same_key_after' && again.write === 'unknown') return { ...again, replayed: true };
  const state = again.write === 'applied' ? 'applied' : again.write === 'not_applied' ? 'not_applied' : 'needs_person';
  const settled = { ...again, replayed: true, ledger: { state, first_seen_at: found.first_seen_at } };
  await rt.ledger.update({ ...found, state, result: settled, lease_until: Date.now() }, found.owner);
  return settled;
}

/**
 * An entry left `sent` by a holder that stopped (a crash between `sent` and settling): a write
 * safe to repeat by its nature is sent again; any other is marked `needs_person`.
 */
export async function recoverSent(rt: Runtime, found: LedgerEntry, tool: WriteTool | undefined): Promise<WriteResult> {
  const opKey = found.key.split(':').slice(2).join(':');
  const takeover: LedgerEntry = { ...found, owner: rt.owner, lease_until: Date.now() + rt.leaseMs };
  if (!(await rt.ledger.update(takeover, found.owner))) {
    const now = await rt.ledger.get(found.key);
    if (now?.result) return { ...now.result, replayed: true };
  }
  if (tool?.idempotent && found.call) {
    const answer = await callAndReconcile(rt, tool, opKey, found.call.args, takeover, found.key.split(':')[0]!);
    const state = answer.write === 'applied' ? 'applied' : answer.write === 'not_applied' ? 'not_applied' : 'needs_person';
    const settled = { ...answer, ledger: { state, first_seen_at: found.first_seen_at } };
    await rt.ledger.update({ ...takeover, state, result: settled, lease_until: Date.now() }, rt.owner);
    return settled;
  }
  const answer: WriteResult = {
    write: 'unknown',
    operation_key: opKey,
    tool: found.call?.tool ?? 'unknown',
    replayed: true,
    retry: 'person',
    refusal: { code: 'needs_person', message: 'the server stopped after sending this call and before its answer was recorded; a person must check' },
    evidence: { outcome: 'unknown', reconcile: { status: 'cannot_tell', reason: 'the failed call did not survive the restart, so promokit cannot check it' } },
    ledger: { state: 'needs_person', first_seen_at: found.first_seen_at },
  };
  await rt.ledger.update({ ...takeover, state: 'needs_person', result: answer, lease_until: Date.now() }, rt.owner);
  return answer;
}

/** A new owner id: one per server instance. */
export const newOwner = (): string => randomUUID();

/** The promokit `Client` type, for the modules that call it. */
export type { Client };
