/**
 * What a field path of a response means in its zod schema: its shape for the record of deviations
 * (array indices and the keys of map-like fields as `*`), and whether promokit decides on the
 * field. By the tolerance policy a response field is required only when promokit relies on it, so
 * the fields the schema requires are those, read from the schema itself (the test suite holds the
 * schemas to the `relies` of each operation's record, resources/registry.ts).
 *
 * A fast yes/no check in front of zod's parser, for the hot path of every response.  zod's
 * interpreter builds issue lists and a copy of the output for every value it checks; the SDK
 * returns the body untouched and needs the issues only when something is wrong. So each response
 * schema is first turned, once, into a tree of small closures that answer "valid?" without
 * allocating. Only when they say no does zod parse the body, and zod's answer (with its issues) is
 * the one used. The closures are built only from the zod node types whose meaning is plain
 * (objects, optional, nullable, string, number, boolean, literal, enum, array, record, union,
 * unknown); a schema using anything else keeps going through zod alone, so the fast path can never
 * accept what zod would refuse.
 *
 * @module
 */
import { formatPath } from './errors.js';
import type { Issue } from './errors.js';
import type { ResponseSchema } from './responses.js';

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

type Test = (value: unknown) => boolean;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The closure checking `node`, or `undefined` when the node uses anything the fast path does not model. */
function build(node: ZodNode): Test | undefined {
  const def = node._zod?.def;
  if (!def || (def.checks && def.checks.length > 0)) return undefined;
  switch (def.type) {
    case 'string':
      return (v) => typeof v === 'string';
    case 'number':
      return (v) => typeof v === 'number' && Number.isFinite(v);
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'unknown':
    case 'any':
      return () => true;
    case 'literal': {
      const values = def.values ?? [];
      return (v) => values.includes(v);
    }
    case 'enum': {
      const values = Object.values(def.entries ?? {});
      return (v) => values.includes(v);
    }
    case 'optional': {
      // `nullish` (optional of nullable) is most fields of most records: one closure, not two.
      const nullable = def.innerType?._zod.def.type === 'nullable' && !def.innerType._zod.def.checks?.length ? def.innerType._zod.def.innerType : undefined;
      if (nullable) {
        const inner = build(nullable);
        return inner && ((v) => v == null || inner(v));
      }
      const inner = def.innerType && build(def.innerType);
      return inner && ((v) => v === undefined || inner(v));
    }
    case 'nullable': {
      const inner = def.innerType && build(def.innerType);
      return inner && ((v) => v === null || inner(v));
    }
    case 'array': {
      const element = def.element && build(def.element);
      return (
        element &&
        ((v) => {
          if (!Array.isArray(v)) return false;
          for (let i = 0; i < v.length; i++) if (!element(v[i])) return false;
          return true;
        })
      );
    }
    case 'record': {
      const keyIsString = def.keyType?._zod.def.type === 'string' && !def.keyType._zod.def.checks?.length;
      const value = def.valueType && build(def.valueType);
      if (!keyIsString || !value) return undefined;
      return (v) => {
        if (!isObject(v)) return false;
        for (const key in v) if (!value(v[key])) return false;
        return true;
      };
    }
    case 'union': {
      const options = def.options?.map(build);
      if (!options || options.some((o) => o === undefined)) return undefined;
      const tests = options as Test[];
      return (v) => tests.some((t) => t(v));
    }
    case 'object':
      return buildObject(def.shape ?? {}, def.catchall);
    default:
      return undefined;
  }
}

function buildObject(shape: Record<string, ZodNode>, catchall: ZodNode | undefined): Test | undefined {
  // Only loose objects (unknown keys kept): a strict or stripping object would treat extra keys differently.
  if (catchall?._zod.def.type !== 'unknown') return undefined;
  const keys = Object.keys(shape);
  const tests: Test[] = [];
  const optional: boolean[] = [];
  for (const key of keys) {
    const test = build(shape[key]!);
    if (!test) return undefined;
    tests.push(test);
    optional.push(shape[key]!._zod.optin === 'optional');
  }
  return (v) => {
    if (!isObject(v)) return false;
    for (let i = 0; i < keys.length; i++) {
      const value = v[keys[i]!];
      if (value === undefined ? !optional[i] : !tests[i]!(value)) return false;
    }
    return true;
  };
}

/**
 * Wraps a response schema: a body the fast check accepts is returned as is; any other body goes
 * through the schema's own `safeParse`, whose verdict and issues stand. A schema that is not a
 * zod schema, or uses a feature the fast check does not model, is returned unchanged.
 */
export function withFastPath<T>(schema: ResponseSchema<T>): ResponseSchema<T> {
  if (!(schema as Partial<ZodNode>)._zod) return schema;
  const node = schema as unknown as ZodNode;
  const test = build(node);
  return {
    safeParse: test ? (data) => (test(data) ? { success: true, data: data as T } : schema.safeParse(data)) : (data) => schema.safeParse(data),
    pathShape: (path) => pathShape(node, path),
    decides: (path) => decidesOn(node, path),
    inexact: inexactNumbers,
  };
}

const fastSchemas = new WeakMap<object, ResponseSchema<unknown>>();

/**
 * The schema an operation's responses are checked against: its own schema behind the fast path,
 * built on the operation's first call and kept. A valid 100-record page is checked several times
 * faster than by zod's parser, and zod still gives the verdict and the issues whenever the fast
 * check says no.
 */
export function responseSchemaOf<T>(operation: { readonly schema: () => ResponseSchema<T> }): ResponseSchema<T> {
  let schema = fastSchemas.get(operation) as ResponseSchema<T> | undefined;
  if (!schema) fastSchemas.set(operation, (schema = withFastPath(operation.schema())));
  return schema;
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
