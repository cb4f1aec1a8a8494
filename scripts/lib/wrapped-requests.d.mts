// Types of scripts/lib/wrapped-requests.mjs, for the tests.

/** An escape-hatch call with its method and path written out; `line` 1-based in the code read. */
export interface EscapeHatchCall {
  method: string;
  path: string;
  line: number;
}
/** What `wrappingOperation` reads of a registry's record. */
export interface OperationLike {
  method: string;
  path: string;
}
/** The escape-hatch calls of `code` whose method and path are written out. */
export declare function escapeHatchCalls(code: string): EscapeHatchCall[];
/** The name of the operation of `registry` a call reaches, or `undefined`. */
export declare function wrappingOperation(
  call: Pick<EscapeHatchCall, 'method' | 'path'>,
  registry: Record<string, OperationLike>,
  endpointsOf: (op: OperationLike) => string[],
): string | undefined;
/** Every escape-hatch call of `sources` to an endpoint the registry wraps, as `file:line: …`. */
export declare function wrappedRequests(
  sources: Array<{ file: string; line: number; code: string }>,
  registry: Record<string, OperationLike>,
  endpointsOf: (op: OperationLike) => string[],
): string[];
/** The code the documentation teaches: the guides' code blocks, the doc comments' and the examples. */
export declare function taughtCode(root: string): Array<{ file: string; line: number; code: string }>;
