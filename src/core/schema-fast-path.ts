/**
 * A fast yes/no check in front of zod's parser, for the hot path of every response.  zod's
 * interpreter builds issue lists and a copy of the output for every value it checks; the SDK
 * returns the body untouched and needs the issues only when something is wrong. So each response
 * schema is first turned, once, into a tree of small closures that answer "valid?" without
 * allocating. Only when they say no does zod parse the body, and zod's answer (with its issues) is
 * the one used. The closures are built only from the zod node types whose meaning is plain
 * (objects, optional, nullable, string, number, boolean, literal, enum, array, record, union,
 * unknown); a schema using anything else keeps going through zod alone, so the fast path can never
 * accept what zod would refuse. Each object node's check is made once, and shared by every record
 * of a page and every call of the schema.
 *
 * What a body's paths mean in the schema, and its numbers read rounded, are schema-paths.ts,
 * loaded on first use: by a response that breaks its schema, or the first response of a client
 * in `strict` mode.
 *
 * @module
 */
import type { Operation } from './call.js';
import { isRecord as isObject } from './inputs.js';
import { loadChunk } from './lazy.js';
import { readyToRead, type ReadableSchema, type ResponseSchema } from './responses.js';
import type { ZodNode } from './schema-paths.js';

type Test = (value: unknown) => boolean;

/** The closure checking `node`, or `undefined` when the node uses anything the fast path does not model. */
function build(node: ZodNode | undefined): Test | undefined {
  const def = node?._zod?.def;
  if (!def || def.checks?.length) return undefined;
  switch (def.type) {
    case 'number':
      // A finite number, and nothing else: no coercion.
      return Number.isFinite;
    case 'unknown':
    case 'any':
      return () => true;
    case 'literal':
    case 'enum': {
      const values = def.type === 'enum' ? Object.values(def.entries ?? {}) : (def.values ?? []);
      return (v) => values.includes(v);
    }
    // A string or a boolean goes through `peel` too, which tells it by its `typeof`.
    case 'string':
    case 'boolean':
    case 'optional':
    case 'nullable': {
      const [undef, nul, check] = peel(node!);
      return check ? (v) => (v === undefined ? undef : v === null && nul) || (typeof check === 'string' ? typeof v === check : check(v)) : undefined;
    }
    case 'array': {
      const element = def.element && build(def.element);
      return element && ((v) => Array.isArray(v) && v.every(element));
    }
    case 'record': {
      const keyIsString = def.keyType?._zod.def.type === 'string' && !def.keyType._zod.def.checks?.length;
      const value = def.valueType && build(def.valueType);
      if (!keyIsString || !value) return undefined;
      return (v) => isObject(v) && Object.values(v).every(value);
    }
    case 'union': {
      const tests = def.options?.map(build);
      return tests?.every(Boolean) ? (v) => tests.some((t) => t!(v)) : undefined;
    }
    case 'object':
      return buildObject(node);
    default:
      return undefined;
  }
}

/**
 * `node` out of its `optional` and `nullable` wrappers: whether they let `undefined` and `null`
 * pass, and the check of what they wrap (a string or a boolean told by its `typeof`, a string
 * naming it, without a call).
 */
function peel(node: ZodNode | undefined): [undef: boolean, nul: boolean, check: Test | string | undefined] {
  let undef = false;
  let nul = false;
  let def = node?._zod?.def;
  for (; /^(optional|nullable)$/.test(String(def?.type)) && !def!.checks?.length; def = node?._zod?.def) {
    undef ||= def!.type === 'optional';
    nul ||= def!.type === 'nullable';
    node = def!.innerType;
  }
  return [undef, nul, /^(string|boolean)$/.test(String(def?.type)) && !def!.checks?.length ? def!.type : build(node)];
}

/** The check of each loose object node, once built: a page's records share one, and so do a schema's calls. */
const objects = new WeakMap<ZodNode, Test | undefined>();

/** The check of a loose object node, made once ({@link compileObject}); `undefined` for any other object. */
function buildObject(node: ZodNode): Test | undefined {
  if (!objects.has(node)) objects.set(node, compileObject(node._zod.def.shape ?? {}, node._zod.def.catchall));
  return objects.get(node);
}

/**
 * An object's check, over the keys a body has (a page's records each leave out most of their
 * optional fields): each field's test, without its `optional` and `nullable` wrappers, and the
 * required fields counted. A body is parsed JSON, whose keys are all its own: a field named as a
 * key every object inherits (`constructor`) would be read from the prototype when left out, so an
 * object with one is zod's alone.
 */
function compileObject(shape: Record<string, ZodNode>, catchall: ZodNode | undefined): Test | undefined {
  // Only loose objects (unknown keys kept): a strict or stripping object would treat extra keys differently.
  if (catchall?._zod.def.type !== 'unknown') return undefined;
  const fields = new Map<string, [required: boolean, nul: boolean, check: Test | string]>();
  let required = 0;
  for (const [key, field] of Object.entries(shape)) {
    const [, nul, check] = peel(field);
    if (!check || key in {}) return undefined;
    fields.set(key, [field._zod.optin !== 'optional', nul, check]);
    if (field._zod.optin !== 'optional') required++;
  }
  return (v) => {
    if (!isObject(v)) return false;
    let found = 0;
    for (const key in v) {
      const field = fields.get(key);
      const value = v[key];
      if (field && value !== undefined) {
        if (field[0]) found++;
        const check = field[2];
        if (!(value === null && field[1]) && (typeof check === 'string' ? typeof value !== check : !check(value))) return false;
      }
    }
    return found === required;
  };
}

/**
 * Wraps a response schema: a body the fast check accepts is returned as is; any other body goes
 * through the schema's own `safeParse`, whose verdict and issues stand. A schema that is not a
 * zod schema, or uses a feature the fast check does not model, is returned unchanged.
 */
export function withFastPath<T>(schema: ResponseSchema<T>): ReadableSchema<T> {
  if (!(schema as Partial<ZodNode>)._zod) return schema;
  const node = schema as unknown as ZodNode;
  const test = build(node);
  // What its paths mean and the numbers read rounded: read once the pipeline has awaited `readyToRead`.
  return {
    safeParse: (data) => (test?.(data) ? { success: true, data: data as T } : schema.safeParse(data)),
    pathShape: (path) => paths!.pathShape(node, path),
    decides: (path) => paths!.decidesOn(node, path),
    inexact: (body) => paths!.inexactNumbers(body),
    [readyToRead]: loadPaths,
  };
}

/** schema-paths.ts, once loaded. */
let paths: typeof import('./schema-paths.js') | undefined;

/**
 * Loads schema-paths.ts. A response was answered: the loader's error, if it cannot be, keeps the
 * outcome `unknown` and says the response went unchecked.
 */
async function loadPaths(): Promise<void> {
  paths ??= await loadChunk('schema-paths', () => import('./schema-paths.js'), 'the call was answered and its response could not be checked', 'unknown');
}

/** What an operation's responses are checked with: the function building its schema, and its schema behind the fast path. */
export interface LoadedResponse<T> {
  /** Builds its schema (once, then kept), from its group's responses module. */
  readonly build: () => ResponseSchema<T>;
  /** Its schema behind the fast path. */
  readonly schema: ResponseSchema<T>;
}

const loaded = new WeakMap<object, LoadedResponse<unknown>>();

/**
 * What an operation's responses are checked with: its schema, from its group's responses module
 * (a chunk loaded by the first call of the group: the loader's `ConfigurationError` when it
 * cannot be), behind the fast path, built then and kept. A valid 100-record page is checked
 * several times faster than by zod's parser, and zod still gives the verdict and the issues
 * whenever the fast check says no.
 */
export async function loadResponse<T>(operation: Pick<Operation<T, unknown>, 'name' | 'responses'>): Promise<LoadedResponse<T>> {
  const build = (await operation.responses())[operation.name] as () => ResponseSchema<T>;
  const response = { build, schema: withFastPath(build()) };
  loaded.set(operation, response);
  return response;
}

/** The response of `operation` once {@link loadResponse} has loaded it; `undefined` before. */
export function loadedResponse<T>(operation: object): LoadedResponse<T> | undefined {
  return loaded.get(operation) as LoadedResponse<T> | undefined;
}
