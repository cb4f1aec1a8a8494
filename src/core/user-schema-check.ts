/**
 * Running a client's own schemas (`metadataSchemas`, `eventSchemas`): on the body a call is about
 * to send (a failure is an `InvalidRequestError` naming the path, and nothing is sent) and on the
 * body of its response (a failure follows the client's validation mode). Loaded on first use, by
 * a client that has such schemas: the others never load it.
 *
 * A schema that throws, rejects, answers something that is not a Standard Schema result or gives
 * no answer within the call's timeout is a `ConfigurationError` naming the option, its `cause` the
 * schema's own error; nothing is sent.
 *
 * @module
 */
import type { OutgoingCall, RequestOptions } from './call.js';
import type { WithResponse } from './pagination.js';
import type { PipelineConfig } from './config.js';
import { ConfigurationError, describeValue, InvalidRequestError, isA, PromokitError, type Issue } from './errors.js';
import { checkResponse, scrubbedError } from './outcome.js';
import { send } from './send.js';
import { isRecord } from './inputs.js';
import { withoutMarker, type MetadataKind, type StandardSchemaV1, type MetadataPlaces } from './metadata.js';
import { MAX_TIMEOUT } from './request-options.js';
import { bounded } from './waiting.js';

/** A client's schemas: those it has, each option an object without a prototype. */
interface UserSchemas {
  readonly metadata: Readonly<Partial<Record<MetadataKind, StandardSchemaV1 | undefined>>>;
  readonly events: Readonly<Record<string, StandardSchemaV1 | undefined>>;
}

/** The schemas of a client that has some (its options checked and copied when it was made). */
function schemasOf(config: PipelineConfig): UserSchemas {
  const { metadataSchemas, eventSchemas } = config.schemas!;
  return { metadata: metadataSchemas ?? {}, events: eventSchemas ?? Object.create(null) };
}

/** Where a value sits in a body: `['order', 'items', 0, 'metadata']`. */
type Path = Array<string | number>;

/** The most issues one schema's answer adds to an error; the rest are counted in one more issue. */
export const ISSUES_PER_SCHEMA = 20;

/** The most issues a call collects from all its schemas together. */
export const ISSUES_PER_CALL = 100;

/** The longest message, and the longest path segment, an issue keeps, in characters. */
const TEXT_LIMIT = 500;

/** The deepest path an issue keeps. */
const PATH_LIMIT = 32;

/**
 * Text of a schema's issue, kept to {@link TEXT_LIMIT} characters, a cut marked `…`: the error's
 * scrubbing redacts the start of a secret a cut leaves (log.ts `scrubText`), so a schema quoting
 * a token in a long message leaves none of it in `issues`.
 */
function cut(text: string): string {
  return text.length > TEXT_LIMIT ? `${text.slice(0, TEXT_LIMIT)}…` : text;
}

/** One value to check: where it is, and which option's schema checks it under which name. */
interface Check {
  path: Path;
  value: unknown;
  option: 'metadataSchemas' | 'eventSchemas';
  name: string;
  schema: StandardSchemaV1;
}

/** What a run needs of its call: its name, timeout and signal, and its client's name. */
interface Run {
  operation: string;
  owner: string;
  timeout: number;
  signal: AbortSignal | undefined;
  /** True when the check is of the answer: the call was sent, and its failure must not say otherwise. */
  sent: boolean;
}

/**
 * The timeout and signal a call's checks run within: the call's own when valid, else the
 * client's timeout and no signal (`send` refuses the call's bad options itself, nothing sent).
 */
function runOf(config: PipelineConfig, operation: string, options: RequestOptions | undefined, sent = false): Run {
  let timeout: unknown;
  let signal: unknown;
  try {
    ({ timeout, signal } = options ?? {});
  } catch {}
  const valid = typeof timeout === 'number' && timeout > 0 && timeout <= MAX_TIMEOUT;
  return {
    operation,
    owner: config.owner,
    timeout: valid ? (timeout as number) : config.timeout,
    signal: signal instanceof AbortSignal ? signal : undefined,
    sent,
  };
}

/** An issue path segment of a Standard Schema issue as promokit's issues hold it: a string or an index. */
function segment(part: unknown): string | number {
  const key = isRecord(part) ? part.key : part;
  return typeof key === 'number' ? key : cut(String(key));
}

/**
 * Runs `check.schema` on `check.value`: no issues when it passes, else its issues (at most
 * {@link ISSUES_PER_SCHEMA}, then one that counts the rest) with their paths under `check.path`.
 * Rejects with the signal's reason when the caller's signal aborts first.
 */
async function run(check: Check, call: Run): Promise<Issue[]> {
  const { option, name } = check;
  const failed = (what: string, cause?: unknown) =>
    new ConfigurationError(
      option,
      `${call.owner}: the ${option} schema of ${JSON.stringify(name)} ${what} (checking ${call.operation}${call.sent ? "'s answer" : ''})${call.sent ? '' : '; nothing was sent'}`,
      cause === undefined ? undefined : { cause },
    );
  let result: unknown;
  let late: ConfigurationError | undefined;
  try {
    result = await bounded(
      Promise.resolve().then(() => check.schema['~standard'].validate(check.value)),
      call.timeout,
      call.signal,
      () => (late = failed(`gave no result within ${call.timeout} ms, the call's timeout`)),
    );
  } catch (error) {
    // Only the bound's own error goes on as it is: whatever the schema threw is described, its cause.
    if ((late && error === late) || call.signal?.aborted) throw error;
    throw failed(`failed: ${describeValue(error, TEXT_LIMIT)}`, error);
  }
  // The answer is the schema's too: a getter or a Proxy in it that throws fails the check, typed.
  try {
    return issuesOf(result, check, failed);
  } catch (error) {
    throw isA(error, ConfigurationError) ? error : failed(`answered with a result that could not be read: ${describeValue(error, TEXT_LIMIT)}`, error);
  }
}

/** The issues of a schema's answer `result`, read once; throws `failed(…)` when it is not a Standard Schema result. */
function issuesOf(result: unknown, check: Check, failed: (what: string) => ConfigurationError): Issue[] {
  if (!isRecord(result)) throw failed('answered with no Standard Schema result');
  const { issues } = result;
  if (!issues) return [];
  if (!Array.isArray(issues)) throw failed('answered with issues that are not an array');
  const found: Issue[] = issues.slice(0, ISSUES_PER_SCHEMA).map((issue: unknown) => {
    const given = isRecord(issue) ? issue : {};
    const path = Array.isArray(given.path) ? given.path.slice(0, PATH_LIMIT).map(segment) : [];
    return { path: [...check.path, ...path], message: cut(String(given.message ?? 'is invalid')) };
  });
  if (issues.length === 0) found.push({ path: check.path, message: 'is invalid (the schema gave no issue)' });
  if (issues.length > ISSUES_PER_SCHEMA) found.push({ path: check.path, message: `and ${issues.length - ISSUES_PER_SCHEMA} more issues` });
  return found;
}

/** Runs every check, one after the other, and collects their issues, at most {@link ISSUES_PER_CALL}. */
async function runAll(checks: readonly Check[], call: Run): Promise<Issue[]> {
  const issues: Issue[] = [];
  for (const check of checks) {
    issues.push(...(await run(check, call)));
    if (issues.length >= ISSUES_PER_CALL) return issues.slice(0, ISSUES_PER_CALL);
  }
  return issues;
}

/** The metadata check of each place of `places` in `value` that holds metadata of a kind with a schema. */
function placesIn(value: unknown, places: MetadataPlaces, schemas: UserSchemas, path: Path, checks: Map<string, Check>): void {
  if (!isRecord(value)) return;
  for (const field in places) {
    const place: unknown = places[field];
    const held = value[field];
    if (held == null) continue;
    if (typeof place === 'string') add(checks, [...path, field], held, 'metadataSchemas', place, schemas.metadata[place as MetadataKind]);
    else if (Array.isArray(place)) {
      if (Array.isArray(held)) held.forEach((element, index) => placesIn(element, place[0] as MetadataPlaces, schemas, [...path, field, index], checks));
    } else placesIn(held, place as MetadataPlaces, schemas, [...path, field], checks);
  }
}

/** Adds the check of `value` at `path` when there is a schema for it and the value is an object (anything else breaks the SDK's own rules or schema first). */
function add(checks: Map<string, Check>, path: Path, value: unknown, option: Check['option'], name: string, schema: StandardSchemaV1 | undefined): void {
  if (!schema || !isRecord(value)) return;
  // promokit's own marker is not the user's to describe: metadata that holds only it, the user sent none.
  const own = withoutMarker(value);
  if (own !== value && Object.keys(own).length === 0) return;
  checks.set(JSON.stringify(path), { path, value: own, option, name, schema });
}

/** A zod schema node as the response walk reads it: its definition, and the kind a metadata node carries. */
interface SchemaNode {
  metadataKind?: MetadataKind;
  _zod: {
    def: {
      type: string;
      shape?: Record<string, SchemaNode>;
      innerType?: SchemaNode;
      element?: SchemaNode;
      valueType?: SchemaNode;
      options?: SchemaNode[];
    };
  };
}

/** Whether a schema node holds a metadata node at any depth, per node (the schemas are built once and kept). */
const holdsMetadata = new WeakMap<SchemaNode, boolean>();

/** The nodes under `node` a walk follows: fields, elements, values, inner types and options. */
function children(node: SchemaNode): SchemaNode[] {
  const def = node._zod.def;
  return [...Object.values(def.shape ?? {}), ...[def.innerType, def.element, def.valueType].filter((n) => n !== undefined), ...(def.options ?? [])];
}

function holds(node: SchemaNode): boolean {
  let known = holdsMetadata.get(node);
  if (known === undefined) {
    // Set first: a schema that contains itself is walked once.
    holdsMetadata.set(node, false);
    known = node.metadataKind !== undefined || children(node).some(holds);
    holdsMetadata.set(node, known);
  }
  return known;
}

/**
 * The metadata checks of a response body: every value the schema marks as metadata of a kind
 * with a schema, found by walking the body along the schema (only the branches that can hold
 * metadata). Each path is checked once, whichever option of a union led there.
 */
function metadataIn(node: SchemaNode, value: unknown, schemas: UserSchemas, path: Path, checks: Map<string, Check>): void {
  if (value == null || !holds(node)) return;
  const kind = node.metadataKind;
  if (kind !== undefined) {
    add(checks, path, value, 'metadataSchemas', kind, schemas.metadata[kind]);
    return;
  }
  const def = node._zod.def;
  if (def.shape) {
    if (isRecord(value)) for (const field in def.shape) metadataIn(def.shape[field]!, value[field], schemas, [...path, field], checks);
  } else if (def.element) {
    if (Array.isArray(value)) value.forEach((element, index) => metadataIn(def.element!, element, schemas, [...path, index], checks));
  } else if (def.valueType) {
    if (isRecord(value)) for (const key in value) metadataIn(def.valueType, value[key], schemas, [...path, key], checks);
  } else if (def.innerType) metadataIn(def.innerType, value, schemas, path, checks);
  else for (const option of def.options ?? []) metadataIn(option, value, schemas, path, checks);
}

/**
 * Where a call's metadata is: in the body it sends, at the places its operation declares; in its
 * response, at such places (by default the request's) or where its zod schema (given as the
 * function building it) marks metadata; and, for a custom event, the event's `metadata`, under
 * the event's schema.
 */
export interface MetadataLocation {
  request?: MetadataPlaces | undefined;
  response?: MetadataPlaces | (() => unknown) | undefined;
  event?: string | undefined;
}

/** The checks of the metadata in `body` that has a schema, each path once: at `places`, or where the zod schema `places()` marks it. */
function checksIn(schemas: UserSchemas, body: unknown, places: MetadataLocation['response'], event: string | undefined): Check[] {
  const checks = new Map<string, Check>();
  if (typeof places === 'function') metadataIn(places() as SchemaNode, body, schemas, [], checks);
  else if (places) placesIn(body, places, schemas, [], checks);
  if (event !== undefined && isRecord(body)) add(checks, ['metadata'], body.metadata, 'eventSchemas', event, schemas.events[event]);
  return [...checks.values()];
}

/**
 * Checks the metadata of the JSON body `call` is about to send, read back from the very text that
 * will be sent, and returns the call with the check of its response's metadata (`verify`), unless
 * the client's validation is `off`. Input that fails is an `InvalidRequestError` with each issue's
 * path from the body's root (`order.items[0].metadata.sku`); nothing is sent. When the caller's
 * signal aborts during the check, the call goes on to `send`, which stops it as aborted. For a
 * client with `schemas` (its `metadataSchemas` or `eventSchemas`).
 */
export async function checkedCall<T>(
  config: PipelineConfig,
  call: OutgoingCall<T>,
  where: MetadataLocation,
  options: RequestOptions | undefined,
): Promise<OutgoingCall<T>> {
  const schemas = schemasOf(config);
  const checks = call.body === undefined ? [] : checksIn(schemas, JSON.parse(call.body), where.request, where.event);
  if (checks.length > 0) {
    const run = runOf(config, call.name, options);
    let issues: Issue[] = [];
    try {
      issues = await runAll(checks, run);
    } catch (error) {
      if (!run.signal?.aborted) throw error;
    }
    if (issues.length > 0) throw new InvalidRequestError(call.name, issues);
  }
  if (config.validation === 'off') return call;
  return { ...call, verify: (body) => checkResponseMetadata(config, call.name, where, body, options) };
}

/**
 * Checks the metadata a response body carries, in the client's validation mode: `strict`
 * throws `ResponseValidationError`, `warn` logs each kind of failure once and records it with
 * the client's deviations.
 */
async function checkResponseMetadata(
  config: PipelineConfig,
  operation: string,
  where: MetadataLocation,
  body: unknown,
  options: RequestOptions | undefined,
): Promise<void> {
  const checks = checksIn(schemasOf(config), body, where.response ?? where.request, where.event);
  if (checks.length === 0) return;
  const issues = await runAll(checks, runOf(config, operation, options, true));
  if (issues.length > 0)
    await checkResponse(
      config.validation,
      operation,
      { safeParse: () => ({ success: false, error: { issues: issues.map((i) => ({ path: [...i.path], message: i.message })) } }) },
      body,
      config.log,
      config.deviations,
    );
}

/** Where a custom event, and its acknowledgment, hold metadata of a kind: the customer's (the event's own is checked by the event's schema). */
const eventPlaces: MetadataPlaces = { customer: { metadata: 'customer' } };

/**
 * Sends a custom event (`call`, whose body names it in `event`) of a client with schemas: the
 * event's metadata (under its schema in `eventSchemas`) and its customer's checked before
 * sending, the acknowledgment's after.
 */
export async function sendEvent<T>(config: PipelineConfig, call: OutgoingCall<T>, options: RequestOptions | undefined): Promise<WithResponse<T>> {
  const { event } = JSON.parse(call.body!) as { event: string };
  let checked: OutgoingCall<T>;
  try {
    checked = await checkedCall(config, call, { request: eventPlaces, event }, options);
  } catch (error) {
    // Refused before sending: without a secret in any rendering, the schema's own error included.
    throw isA(error, PromokitError) ? await scrubbedError(error, config.credentials.secrets([])) : error;
  }
  return send(config, checked, options);
}
