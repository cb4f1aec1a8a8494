/**
 * What a run of the spend queue (`spend-queue.ts`) did, in figures. A module of its own, with no
 * import, so the test suite can name the type without loading the package.
 */
/** What a run did, in figures. */
export interface RunFigures {
  jobs: { total: number; redeem: number; order: number; publish: number; completed: number; failed: number };
  /** How the completed jobs ended. */
  endings: Record<string, number>;
  /** Spending requests the mock received, and the faults they met by kind. */
  requests: { spending: number; faults: Record<string, number> };
  /** Reconciliations by result, and by result and the error reconciled. */
  reconciliations: Record<string, number>;
  reconciledAfter: Record<string, number>;
  /** Waits for a 429 (the service's, or the client's pause after one), and the jobs that waited. */
  rateLimitWaits: number;
  rateLimitedJobs: number;
  /** Of the jobs that waited for a 429, those BullMQ counted more attempts for than their failures account for: a wait that cost an attempt. */
  rateLimitedJobsWithMoreAttempts: number;
  retries: number;
  toPerson: string[];
  /** Attempts BullMQ counted, over all jobs (a 429's wait counts none). */
  attemptsMade: number;
  durationMs: number;
}
