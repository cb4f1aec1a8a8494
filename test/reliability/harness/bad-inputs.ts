/**
 * Inputs that break a limit or a required field of the service interface (INTERFACE.md §4, §8).
 * Each must be refused before anything is sent, by an `InvalidRequestError` naming `field`.
 *
 * The params are deliberately wrong, so the calls go through an untyped view of the client: the
 * check under test is the run-time one, which plain-JavaScript callers and `as any` casts reach.
 */
import type { Client, OperationName, RequestOptions } from '../../../src/index.js';
import { operationNames } from '../../../src/resources/registry.js';
import { operationTestData } from '../../operations/index.js';

export interface BadInput {
  operation: OperationName;
  /** What is wrong, for the report. */
  input: string;
  /** The field path the error must name, as `formatPath` writes it. */
  field: string;
  call(client: Client, options: RequestOptions): Promise<unknown>;
}

/**
 * Every bad input, in the registry's order: the `badInputs` of each operation's record
 * (test/operations/). An operation whose params have no rule to break (a read of one record by its
 * id) breaks its path parameter.
 */
export const BAD_INPUTS: readonly BadInput[] = operationNames.flatMap((operation) =>
  operationTestData[operation].badInputs.map((bad) => ({ operation, ...bad })),
);
