/**
 * The limits an agent cannot talk past, checked before a write claims its key (a refusal records
 * nothing and sends nothing): caps per call, a budget of points per principal per day,
 * allowlists of campaigns and rewards, a token bucket per (principal, tool), and a breaker that
 * opens after repeated refusals. Kept in this process's memory.
 *
 * @module
 */

/** The limits of a server. Every field has a default. */
export interface Limits {
  /** Most points one call may spend or name (`points`, a redeemed reward's cost as given). Default 5,000. */
  maxPointsPerCall?: number;
  /** Most amount (smallest currency unit) of an order one call may carry. Default 1,000,000. */
  maxAmountPerCall?: number;
  /** Most redeemables one cart call may carry. Default 5. */
  maxRedeemablesPerCall?: number;
  /** Points a principal may name in spends per UTC day. Default 20,000. */
  dailyPointsBudget?: number;
  /** Campaign ids (or names) a write may name; every one when unset. */
  allowedCampaigns?: string[];
  /** Reward ids a write may name; every one when unset. */
  allowedRewards?: string[];
  /** Writes per (principal, tool) per minute, the bucket's size and refill. Default 10. */
  writesPerMinute?: number;
  /** Refusals in a row (per principal) that open the breaker. Default 5. */
  breakerThreshold?: number;
  /** How long the breaker stays open, in ms. Default 60,000. */
  breakerCooldownMs?: number;
}

/** A refusal of policy: a code and words. */
export interface PolicyRefusal {
  code: 'cap_exceeded' | 'budget_exceeded' | 'not_allowed' | 'rate_limited' | 'breaker_open';
  message: string;
  retryAfterMs?: number;
}

/** What a write asks of the policy. */
export interface WriteAsk {
  principal: string;
  tool: string;
  points?: number;
  amount?: number;
  redeemables?: number;
  campaigns?: string[];
  rewards?: string[];
}

const DAY_MS = 86_400_000;
/** The most (principal, tool) buckets and principals tracked; the oldest go first. */
const MAX_TRACKED = 10_000;

/** The policy state of one server. */
export class Policy {
  readonly #limits: Required<Omit<Limits, 'allowedCampaigns' | 'allowedRewards'>> & Pick<Limits, 'allowedCampaigns' | 'allowedRewards'>;
  readonly #buckets = new Map<string, { tokens: number; at: number }>();
  readonly #spent = new Map<string, { day: number; points: number }>();
  readonly #breakers = new Map<string, { refusals: number; openUntil: number }>();
  readonly #now: () => number;

  constructor(limits: Limits = {}, now: () => number = Date.now) {
    this.#now = now;
    this.#limits = {
      maxPointsPerCall: limits.maxPointsPerCall ?? 5_000,
      maxAmountPerCall: limits.maxAmountPerCall ?? 1_000_000,
      maxRedeemablesPerCall: limits.maxRedeemablesPerCall ?? 5,
      dailyPointsBudget: limits.dailyPointsBudget ?? 20_000,
      writesPerMinute: limits.writesPerMinute ?? 10,
      breakerThreshold: limits.breakerThreshold ?? 5,
      breakerCooldownMs: limits.breakerCooldownMs ?? 60_000,
      allowedCampaigns: limits.allowedCampaigns,
      allowedRewards: limits.allowedRewards,
    };
  }

  /**
   * Checks a write and, when it passes, takes one token of its bucket (a replay takes one too:
   * it counts against the rate, though it spends nothing; see {@link count}). The points asked are
   * held against the day's budget at once, and given back by {@link release} when not applied.
   */
  admit(ask: WriteAsk): PolicyRefusal | undefined {
    const l = this.#limits;
    const now = this.#now();
    const breaker = this.#breakers.get(ask.principal);
    if (breaker && breaker.openUntil > now)
      return { code: 'breaker_open', message: `writes are paused after ${l.breakerThreshold} refusals in a row`, retryAfterMs: breaker.openUntil - now };
    if (ask.points !== undefined && ask.points > l.maxPointsPerCall)
      return { code: 'cap_exceeded', message: `points over the cap of ${l.maxPointsPerCall} per call` };
    if (ask.amount !== undefined && ask.amount > l.maxAmountPerCall)
      return { code: 'cap_exceeded', message: `amount over the cap of ${l.maxAmountPerCall} per call` };
    if (ask.redeemables !== undefined && ask.redeemables > l.maxRedeemablesPerCall)
      return { code: 'cap_exceeded', message: `more than ${l.maxRedeemablesPerCall} redeemables in one call` };
    if (l.allowedCampaigns && ask.campaigns?.some((c) => !l.allowedCampaigns!.includes(c)))
      return { code: 'not_allowed', message: 'a campaign not on the allowlist' };
    if (l.allowedRewards && ask.rewards?.some((r) => !l.allowedRewards!.includes(r))) return { code: 'not_allowed', message: 'a reward not on the allowlist' };
    if (ask.points !== undefined && this.#spentToday(ask.principal, now) + ask.points > l.dailyPointsBudget)
      return { code: 'budget_exceeded', message: `the daily budget of ${l.dailyPointsBudget} points would be passed` };
    const tokens = this.#tokens(ask.principal, ask.tool, now);
    if (tokens < 1)
      return {
        code: 'rate_limited',
        message: `more than ${l.writesPerMinute} writes a minute to this tool`,
        retryAfterMs: Math.ceil(((1 - tokens) * 60_000) / l.writesPerMinute),
      };
    this.#remember(this.#buckets, `${ask.principal}\u0000${ask.tool}`, { tokens: tokens - 1, at: now });
    // Held at once, in the same synchronous step as the check: two spends at once cannot both pass.
    if (ask.points) this.#add(ask.principal, ask.points, now);
    return undefined;
  }

  /** A repeat answered from the ledger: takes a token when one is there, never refuses, spends nothing. */
  count(principal: string, tool: string): void {
    const now = this.#now();
    const tokens = this.#tokens(principal, tool, now);
    this.#remember(this.#buckets, `${principal}\u0000${tool}`, { tokens: Math.max(0, tokens - 1), at: now });
  }

  /** Gives back `points` held by {@link admit} for a write that was not applied. */
  release(principal: string, points: number): void {
    if (points > 0) this.#add(principal, -points, this.#now());
  }

  #tokens(principal: string, tool: string, now: number): number {
    const perMs = this.#limits.writesPerMinute / 60_000;
    const held = this.#buckets.get(`${principal}\u0000${tool}`) ?? { tokens: this.#limits.writesPerMinute, at: now };
    return Math.min(this.#limits.writesPerMinute, held.tokens + (now - held.at) * perMs);
  }

  #add(principal: string, points: number, now: number): void {
    this.#remember(this.#spent, principal, { day: Math.floor(now / DAY_MS), points: Math.max(0, this.#spentToday(principal, now) + points) });
  }

  /** Records a write's end: a refusal (`refused: true`) moves the breaker on, anything else resets it. */
  settle(principal: string, refused: boolean): void {
    const held = this.#breakers.get(principal) ?? { refusals: 0, openUntil: 0 };
    const refusals = refused ? held.refusals + 1 : 0;
    const open = refusals >= this.#limits.breakerThreshold;
    this.#remember(this.#breakers, principal, {
      refusals: open ? 0 : refusals,
      openUntil: open ? this.#now() + this.#limits.breakerCooldownMs : held.openUntil,
    });
  }

  #spentToday(principal: string, now: number): number {
    const held = this.#spent.get(principal);
    return held && held.day === Math.floor(now / DAY_MS) ? held.points : 0;
  }

  #remember<V>(map: Map<string, V>, key: string, value: V): void {
    map.delete(key);
    map.set(key, value);
    if (map.size > MAX_TRACKED) map.delete(map.keys().next().value as string);
  }
}
