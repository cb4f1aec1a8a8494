// Types of bench/token-fleet.mjs, for the test suite.
import type { ChildProcess } from 'node:child_process';

/** What a process of the fleet reports for a command. */
export interface FleetOutcome {
  ok: number;
  failed: number;
  slowestMs: number;
  /** The longest a call waited for its token. */
  tokenWaitMs: number;
  /** Steady runs with a limit: when the limiter admitted each call (Date.now()). */
  started?: number[];
  firstFailure?: string;
}

/** Settings of each process (see bench/fleet-token-worker.mjs). */
export interface TokenFleetSettings {
  baseUrl: string;
  tokenUrl: string;
  redisPort: number;
  client: 'ioredis' | 'node-redis';
  key: string;
  refreshBeforeMs?: number;
  timeout?: number;
  redisTimeout?: number;
  limit?: { requests: number; perMs: number; marginMs?: number };
}

/** A running fleet. */
export interface TokenFleet {
  burst(n: number, targets?: ChildProcess[]): Promise<FleetOutcome[]>;
  steady(ms: number, every: number, targets?: ChildProcess[]): Promise<FleetOutcome[]>;
  worker(i: number): ChildProcess;
  pids(): Array<number | undefined>;
  done(): Promise<Array<number | null>>;
  kill(): void;
}

/** Starts `size` processes named p0, p1, … sharing `settings`. */
export declare function startTokenFleet(size: number, settings: TokenFleetSettings): Promise<TokenFleet>;
