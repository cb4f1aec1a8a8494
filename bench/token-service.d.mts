// Types of bench/token-service.mjs, for the test suite.

/** A call the stand-in service received. */
export interface TokenServiceCall {
  /** When it arrived, performance.now() of the service's process. */
  at: number;
  /** The `x-process` header: which process of the fleet sent it. */
  process: string;
  status: number;
}

/** A running stand-in. */
export interface TokenService {
  url: string;
  tokenUrl: string;
  issued: Array<{ token: string; at: number }>;
  calls: TokenServiceCall[];
  revoke(): void;
  answer429(process: string, retryAfterS: number): () => { process: string; retryAfterS: number; at: number | undefined; wall: number | undefined };
  close(): Promise<void>;
}

/** Starts the service and its token endpoint on 127.0.0.1: tokens live `lifetimeS`, each issued after `issueDelayMs`. */
export declare function startTokenService(options?: { lifetimeS?: number; issueDelayMs?: number }): Promise<TokenService>;
