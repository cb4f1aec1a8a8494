/**
 * What a field path of a response means in its zod schema: its shape for the record of deviations
 * (array indices and the keys of map-like fields as `*`), and whether promokit decides on the
 * field. By the tolerance policy a response field is required only when promokit relies on it, so
 * the fields the schema requires are those, read from the schema itself (the test suite holds the
 * schemas to the `relies` of each operation's record, resources/registry.ts). And the numbers of a
 * body read rounded, which `strict` mode refuses.
 *
 * Loaded on first use (schema-fast-path.ts): by a response that breaks its schema, or the first
 * response of a client in `strict` mode. A call that gets the answer its schema expects, in the
 * default mode, never needs it.
 *
 * @module
 */
import { formatPath, type Issue } from './errors.js';

/** The parts of a zod schema node the walks read. */
export interface ZodNode {
  _zod: {
    def: {
      type: string;
      checks?: unknown[];
      shape?: Record<string, ZodNode>;
      catchall?: ZodNode;
      innerType?: ZodNode;
      element?: ZodNode;
      keyType?: ZodNode;
      valueType?: ZodNode;
      options?: ZodNode[];
      values?: unknown[];
      entries?: Record<string, unknown>;
    };
    optin?: 'optional';
  };
}

/** The wrappers a field's schema may sit in: optional, nullable and the like. */
const wrappers = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** `node` out of its wrappers. */
function unwrap(node: ZodNode | undefined): ZodNode | undefined {
  while (node && wrappers.has(node._zod.def.type)) node = node._zod.def.innerType;
  return node;
}

/**
 * Walks `path` down `schema`: each part's shape (`*` for an array index or a record key), the
 * node it ends on (still in its wrappers, which say whether it is optional), and whether that is
 * an element of an array or record rather than a field.
 */
function walk(schema: ZodNode, path: ReadonlyArray<string | number>): { parts: string[]; node: ZodNode | undefined; element: boolean } {
  const parts: string[] = [];
  let node: ZodNode | undefined = schema;
  let element = false;
  for (const part of path) {
    const def: ZodNode['_zod']['def'] | undefined = unwrap(node)?._zod.def;
    element = def?.type === 'record' || def?.type === 'array' || typeof part === 'number';
    if (element) {
      parts.push('*');
      node = def?.valueType ?? def?.element;
    } else {
      parts.push(String(part));
      node = fieldOf(node, String(part));
    }
  }
  return { parts, node, element };
}

/** The schema of field `name` of `node`: of a union (of unions), the first option that declares it. */
function fieldOf(node: ZodNode | undefined, name: string): ZodNode | undefined {
  const def = unwrap(node)?._zod.def;
  if (def?.type !== 'union') return def?.shape?.[name];
  for (const option of def.options ?? []) {
    const field = fieldOf(option, name);
    if (field) return field;
  }
  return undefined;
}

/**
 * A field path as the schema sees it: array indices and the keys of records (map-like fields,
 * e.g. an order's `redemptions`, keyed by redemption id) as `*`.
 */
export function pathShape(schema: ZodNode, path: ReadonlyArray<string | number>): string {
  return formatPath(walk(schema, path).parts);
}

/** True when `node` (out of its wrappers) is a record that requires a field, or a union of such. */
function requiresAField(node: ZodNode | undefined): boolean {
  const def = unwrap(node)?._zod.def;
  return def?.type === 'union' ? (def.options ?? []).some(requiresAField) : Object.values(def?.shape ?? {}).some((field) => field._zod.optin !== 'optional');
}

/**
 * True when promokit decides on what sits at `path`: the body itself, a field the schema
 * requires, or an element of a list whose records require a field (a record that is not an
 * object has no `id`).
 */
export function decidesOn(schema: ZodNode, path: ReadonlyArray<string | number>): boolean {
  if (path.length === 0) return true;
  const { node, element } = walk(schema, path);
  return element ? requiresAField(node) : node !== undefined && node._zod.optin !== 'optional';
}

/** The deepest a body is searched for inexact numbers, and the most it reports. */
const INEXACT_DEPTH = 64;
const INEXACT_LIMIT = 20;

/**
 * The numbers of a parsed body that JSON.parse could not read exactly: integers past 2^53 - 1
 * (`9007199254740993` reads as `…992`), each with its path.
 */
export function inexactNumbers(body: unknown): Issue[] {
  const found: Issue[] = [];
  const visit = (value: unknown, path: Array<string | number>): void => {
    if (found.length >= INEXACT_LIMIT || path.length > INEXACT_DEPTH) return;
    if (typeof value === 'number') {
      if (Math.abs(value) > Number.MAX_SAFE_INTEGER)
        found.push({ path, message: 'is an integer past 2^53 - 1, which a JavaScript number cannot hold exactly (it was read rounded)' });
    } else if (typeof value === 'object' && value !== null) {
      for (const key of Object.keys(value)) visit((value as Record<string, unknown>)[key], [...path, Array.isArray(value) ? Number(key) : key]);
    }
  };
  visit(body, []);
  return found;
}
