/**
 * The shape of an operation's test data: everything the suite's per-operation tables hold for one
 * operation, kept in one record in the file of its sub-client (this folder mirrors src/resources/).
 */
import type { Client, OperationName } from '../../src/index.js';
import type { MockService } from '../../src/testing/index.js';
import type { BadInput } from '../reliability/harness/bad-inputs.js';
import type { OperationCase } from '../reliability/harness/operations.js';

/** Response bodies by name. */
export type Bodies = Readonly<Record<string, unknown>>;

/** What a call to the mock service is made with. */
export interface MockCallContext {
  client: Client;
  mock: MockService;
  ids: MockService['ids'];
}

/**
 * One call of the contract check (scripts/contract-check.mjs): the service operation it stands for
 * (`METHOD path`, a variant in parentheses), the call, the spec's defects it handles, and the
 * defect that makes the spec refuse it outright.
 */
export type ContractCall = readonly [operation: string, call: () => Promise<unknown>, defects?: string, refusedFor?: string];

/** An operation's test data. */
export interface OperationTestData {
  /** The bodies the schema tests check: at least one for every operation (mostly ../fixtures/every-field.ts). */
  fixtures: Bodies;
  /** Bodies the resource tests answer with. */
  resourceTestFixtures?: Bodies;
  /** Shapes real responses took. */
  realWorldFixtures?: Bodies;
  /** Calls to the mock service whose answers are fixtures too, each named. */
  mockCalls(on: MockCallContext): ReadonlyArray<readonly [name: string, call: () => Promise<unknown>]>;
  /** The fault matrix's cases (test/reliability/): one, or one per variant of its path or class. */
  faults: readonly OperationCase[];
  /** Inputs refused before sending, each naming its field. */
  badInputs: ReadonlyArray<Omit<BadInput, 'operation'>>;
  /** The contract check's calls: one for each service operation it stands for. */
  contract(client: Client): readonly ContractCall[];
}

/** The records of one sub-client's operations (the names that start with `prefix.`), every one required. */
export type SubClientTestData<Prefix extends string> = {
  readonly [N in OperationName as N extends `${Prefix}.${string}` ? N : never]: OperationTestData;
};
