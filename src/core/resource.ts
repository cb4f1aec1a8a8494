/**
 * The base of every sub-client: a handle on the shared request pipeline.
 *
 * @module
 * @internal
 */
import type { Transport } from './transport.js';
import { inspectSymbol } from './log.js';

/** Base class of the sub-clients (`client.vouchers`, `client.loyalties`, …). */
export abstract class APIResource {
  /** @internal The pipeline every call of this sub-client goes through. */
  protected readonly core: Transport;

  /** @internal Sub-clients are created by `Client`. */
  constructor(core: Transport) {
    this.core = core;
  }

  /** @internal Shows the sub-client without its pipeline's settings. */
  [inspectSymbol](): string {
    return `${this.constructor.name} {}`;
  }
}
