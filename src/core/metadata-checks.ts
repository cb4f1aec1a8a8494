/**
 * `metadataSchemasFrom(list)`: the client's `metadataSchemas` (one Standard Schema per kind of
 * record) built from the service's own metadata schemas, the same definitions
 * `promokit metadata-types` writes the types from (metadata-definitions.ts). Data, not code: the
 * checks read the definitions; nothing of the list is ever evaluated.
 *
 * @module
 */
import { isIsoDate, isRecord } from './inputs.js';
import type { MetadataSchemas, StandardSchemaV1 } from './metadata.js';
import { checkedKinds, readDefinitions, type Definitions, type KeyDefinition, type Literal, type SchemaDefinition } from './metadata-definitions.js';

/** The deepest nesting of objects a check follows (a nested schema may name itself). */
export const MAX_DEPTH = 32;

/** The most issues one check reports. */
const MAX_ISSUES = 100;

type Path = Array<string | number>;

interface Issue {
  readonly message: string;
  readonly path: Path;
}

/**
 * Builds the client's `metadataSchemas` from the project's metadata schemas, as the service holds
 * them: the JSON of `client.metadataSchemas.list()` (or its `schemas` array), read live or from a
 * file. One Standard Schema per kind of record the service defines and promokit's records carry
 * (`customer`, `order`, `orderItem`, `product`, `promotionTier`, `publication`, `redemption`,
 * `reward`, `voucher`), checking what the service checks:
 *
 * - each key's type: `string`, `number` (finite), `boolean`, `date` (`YYYY-MM-DD`), `datetime`
 *   (ISO 8601), `image_url` (an `http:` or `https:` URL), `geopoint` (a string), `object` (the nested schema its
 *   `objectType` names, checked in turn), and arrays of them, element by element;
 * - the values `eq` allows and `ne` forbids, the bounds `lt`, `lte`, `gt`, `gte`, and the
 *   lengths `minLength`, `maxLength`, `exactLength`;
 * - the keys a record must be created with (`optional: false`);
 * - with `allow_defined_only`, no key the schema does not define.
 *
 * Deleted definitions are left out. The types `npx promokit metadata-types` writes from the same
 * list type what these schemas accept (what a type cannot say, a range, a length or a date's
 * format, only the check does), so the two never disagree.
 *
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import { Client, metadataSchemasFrom } from 'promokit';
 *
 * const list = JSON.parse(readFileSync('metadata-schemas.json', 'utf8'));
 * const client = new Client({ metadataSchemas: metadataSchemasFrom(list) });
 * ```
 *
 * The guide: [Typed metadata and events](../../docs/typed-metadata-and-events.md).
 *
 * @param list The JSON of `client.metadataSchemas.list()`, or an array of metadata schemas.
 * @throws ConfigurationError when `list` is not one of metadata schemas (the message names the
 * place and the rule), or holds more than 1,000 schemas, 1,000 keys a schema or 1,000 values an
 * `eq` or `ne`.
 * @category Typed metadata
 */
export function metadataSchemasFrom(list: unknown): MetadataSchemas {
  const definitions = readDefinitions(list, 'metadataSchemasFrom');
  const schemas: Record<string, StandardSchemaV1> = {};
  for (const schema of definitions.values())
    if (schema.kind !== undefined && (checkedKinds as readonly string[]).includes(schema.kind)) schemas[schema.kind] = standardSchema(schema, definitions);
  return schemas as MetadataSchemas;
}

/** The Standard Schema of one kind's metadata. */
function standardSchema(schema: SchemaDefinition, definitions: Definitions): StandardSchemaV1 {
  return {
    '~standard': {
      version: 1,
      vendor: 'promokit',
      validate(value: unknown) {
        const issues: Issue[] = [];
        checkObject(value, schema, definitions, [], issues, 0);
        return issues.length > 0 ? { issues } : { value };
      },
    },
  };
}

/** Adds an issue, unless the check has reported {@link MAX_ISSUES} already. */
function report(issues: Issue[], path: Path, message: string): undefined {
  if (issues.length < MAX_ISSUES) issues.push({ path, message });
}

/** A value in a message: JSON, at most 60 characters. */
function shown(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/** The metadata (or a nested object) at `path`: an object whose keys follow `schema`. */
function checkObject(value: unknown, schema: SchemaDefinition, definitions: Definitions, path: Path, issues: Issue[], depth: number): undefined {
  if (!isRecord(value)) return report(issues, path, `must be an object (the ${shown(schema.name)} metadata)`);
  if (depth > MAX_DEPTH) return report(issues, path, `nests objects deeper than ${MAX_DEPTH} levels`);
  for (const [key, definition] of schema.keys) {
    if (Object.hasOwn(value, key)) checkKey(value[key], definition, definitions, [...path, key], issues, depth);
    else if (definition.required) report(issues, [...path, key], `is required (the ${shown(schema.name)} metadata schema defines it as not optional)`);
  }
  if (schema.closed)
    for (const key of Object.keys(value))
      if (!schema.keys.has(key))
        report(issues, [...path, key], `is not a key of the ${shown(schema.name)} metadata schema, which allows its defined keys only`);
}

/** The value of one key: an array of its type, or one value of it. */
function checkKey(value: unknown, definition: KeyDefinition, definitions: Definitions, path: Path, issues: Issue[], depth: number): undefined {
  if (!definition.array) return checkValue(value, definition, definitions, path, issues, depth);
  if (!Array.isArray(value)) return report(issues, path, 'must be an array');
  value.forEach((element, index) => checkValue(element, definition, definitions, [...path, index], issues, depth));
}

/**
 * True for an absolute `http:` or `https:` URL with a host, written without spaces around it: an
 * image URL a page shows. Any other scheme (`javascript:`, `data:`, `file:`) is refused, as the
 * script a `javascript:` URL runs where it is rendered.
 */
function isWebUrl(text: string): boolean {
  if (text.trim() !== text || !URL.canParse(text)) return false;
  const url = new URL(text);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/** What each type of key takes, and its rule in words. */
const typeRules: Record<Exclude<KeyDefinition['type'], 'object' | 'unknown'>, [test: (value: unknown) => boolean, rule: string]> = {
  string: [(v) => typeof v === 'string', 'must be a string'],
  number: [(v) => typeof v === 'number' && Number.isFinite(v), 'must be a finite number'],
  boolean: [(v) => typeof v === 'boolean', 'must be true or false'],
  date: [(v) => typeof v === 'string' && v.length === 10 && isIsoDate(v, false), 'must be a date, YYYY-MM-DD'],
  datetime: [(v) => typeof v === 'string' && isIsoDate(v, true), 'must be an ISO 8601 date-time, e.g. 2026-11-22T10:00:00Z'],
  image_url: [(v) => typeof v === 'string' && isWebUrl(v), 'must be an http or https URL (an image a page can load, never a javascript: or data: URL)'],
  geopoint: [(v) => typeof v === 'string', 'must be a string (a geopoint)'],
};

/** One value of a key's type, within its rules. */
function checkValue(value: unknown, definition: KeyDefinition, definitions: Definitions, path: Path, issues: Issue[], depth: number): undefined {
  const { type } = definition;
  if (type === 'object') {
    const nested = definition.objectType === undefined ? undefined : definitions.get(definition.objectType);
    if (nested) return checkObject(value, nested, definitions, path, issues, depth + 1);
    if (!isRecord(value)) report(issues, path, 'must be an object');
    return;
  }
  if (type !== 'unknown') {
    const [test, rule] = typeRules[type];
    if (!test(value)) return report(issues, path, rule);
  }
  const { eq, ne } = definition;
  if (eq && !eq.includes(value as Literal))
    return report(issues, path, eq.length === 0 ? 'can take no value (its eq list has none of its type)' : `must be one of ${listed(eq)}`);
  if (ne?.includes(value as Literal)) return report(issues, path, `must not be ${shown(value)}`);
  if (typeof value === 'number') {
    if (definition.lt !== undefined && !(value < definition.lt)) report(issues, path, `must be below ${definition.lt}`);
    if (definition.lte !== undefined && !(value <= definition.lte)) report(issues, path, `must be at most ${definition.lte}`);
    if (definition.gt !== undefined && !(value > definition.gt)) report(issues, path, `must be above ${definition.gt}`);
    if (definition.gte !== undefined && !(value >= definition.gte)) report(issues, path, `must be at least ${definition.gte}`);
  } else if (typeof value === 'string') {
    const { length } = value;
    if (definition.exactLength !== undefined && length !== definition.exactLength) report(issues, path, `must be ${definition.exactLength} characters long`);
    if (definition.minLength !== undefined && length < definition.minLength) report(issues, path, `must be at least ${definition.minLength} characters long`);
    if (definition.maxLength !== undefined && length > definition.maxLength) report(issues, path, `must be at most ${definition.maxLength} characters long`);
  }
}

/** The values of an `eq` list in a message: the first ten. */
function listed(values: readonly Literal[]): string {
  const first = values.slice(0, 10).map(shown).join(', ');
  return values.length > 10 ? `${first} (or ${values.length - 10} more)` : first;
}
