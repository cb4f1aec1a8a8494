/**
 * The service's metadata schemas (the JSON of `client.metadataSchemas.list()`), read once into the
 * definitions both `metadataSchemasFrom()` (the run-time checks, metadata-checks.ts) and
 * `promokit metadata-types` (the TypeScript declarations, metadata-declarations.ts) are built
 * from, so the types and the checks can never disagree: every rule is decided here, once.
 *
 * The schemas come from a service, and are read as any answer of one: each structure is checked,
 * every count is bounded, and keys are kept in `Map`s (a key named `__proto__` or `constructor` is
 * a key like any other). A definition marked `deleted` is left out. A type promokit does not know
 * yet, a bound that is not a finite number, an `eq` value of another type than the key's: each is
 * read as the looser rule (any value, no bound, no such value allowed), never as an error, so a
 * service that adds a type does not break the build.
 *
 * @module
 */
import { ConfigurationError, printable } from './errors.js';
import { isRecord } from './inputs.js';
import type { MetadataKind } from './metadata.js';

/** The most schemas a list may hold (the service's standard kinds are 12; custom ones add to them). */
export const MAX_SCHEMAS = 1_000;

/** The most keys a schema may define (the service allows 100, deleted ones included). */
export const MAX_KEYS = 1_000;

/** The most values an `eq` or `ne` list may hold. */
export const MAX_VALUES = 1_000;

/** The longest schema name, key or `eq`/`ne` text read, in characters. */
export const MAX_TEXT = 1_000;

/** The types of metadata key promokit knows; any other is read as `unknown` (any value). */
export type KeyType = 'string' | 'number' | 'boolean' | 'date' | 'datetime' | 'image_url' | 'geopoint' | 'object' | 'unknown';

const knownTypes: readonly KeyType[] = ['string', 'number', 'boolean', 'date', 'datetime', 'image_url', 'geopoint', 'object'];

/** A value `eq` or `ne` may list: a JSON primitive. */
export type Literal = string | number | boolean;

/** One metadata key, as both the types and the checks read it. */
export interface KeyDefinition {
  /** The key, as the service names it (any text). */
  readonly key: string;
  readonly type: KeyType;
  /** True: an array, each element of `type` and within the rules. */
  readonly array: boolean;
  /** True: a record of this kind is created with the key (`optional: false`). */
  readonly required: boolean;
  /** For `type: object`: the name of the nested schema, when the list has it (else any object). */
  readonly objectType?: string | undefined;
  /** The only values allowed, those of the key's type; an empty list allows none. */
  readonly eq?: readonly Literal[] | undefined;
  /** Values not allowed. */
  readonly ne?: readonly Literal[] | undefined;
  readonly lt?: number | undefined;
  readonly lte?: number | undefined;
  readonly gt?: number | undefined;
  readonly gte?: number | undefined;
  readonly minLength?: number | undefined;
  readonly maxLength?: number | undefined;
  readonly exactLength?: number | undefined;
}

/** One metadata schema: a kind of record's, or a custom nested schema. */
export interface SchemaDefinition {
  /** `related_object`: the service's name of the kind (`order_item`) or the custom schema. */
  readonly name: string;
  /** The kind of `MetadataTypes` it types: the service's standard name in camel case (`orderItem`); none for a custom schema. */
  readonly kind?: string | undefined;
  /** True (`allow_defined_only`): no key but the defined ones. */
  readonly closed: boolean;
  /** Its keys, by key, in the order of their text. */
  readonly keys: ReadonlyMap<string, KeyDefinition>;
}

/** Every schema of a list, by name, in the order of their names. */
export type Definitions = ReadonlyMap<string, SchemaDefinition>;

/**
 * The service's standard kinds of record, each with its `MetadataTypes` kind. Those promokit's
 * records carry ({@link MetadataKind}) are checked by a client's `metadataSchemas`; the others
 * (`campaign`, `earningRule`, `loyaltyTier`) are typed for a program's own use.
 */
export const standardKinds: Readonly<Record<string, string>> = {
  campaign: 'campaign',
  customer: 'customer',
  earning_rule: 'earningRule',
  loyalty_tier: 'loyaltyTier',
  order: 'order',
  order_item: 'orderItem',
  product: 'product',
  promotion_tier: 'promotionTier',
  publication: 'publication',
  redemption: 'redemption',
  reward: 'reward',
  voucher: 'voucher',
};

/** The kinds of `MetadataTypes` whose metadata promokit's records carry, and a client's `metadataSchemas` checks. */
export const checkedKinds: readonly MetadataKind[] = [
  'voucher',
  'customer',
  'order',
  'orderItem',
  'product',
  'promotionTier',
  'publication',
  'redemption',
  'reward',
];

/** The error of a list that cannot be read: names where, and why. */
function unreadable(where: string, why: string, owner: string): ConfigurationError {
  return new ConfigurationError('metadataSchemas', printable(`${owner}: the metadata schemas cannot be read: ${where} ${why}`, 500));
}

/** `where` in a message: a JSON path of the list, its keys quoted. */
const at = (...path: Array<string | number>): string =>
  path.map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${JSON.stringify(part.slice(0, 60))}`)).join('');

/**
 * Reads the service's metadata schemas: the JSON of `client.metadataSchemas.list()` (the list
 * envelope, its records under `data_ref`, `schemas` by default), or an array of schemas. Throws a
 * `ConfigurationError` naming the place and the rule when the list is not one of metadata
 * schemas, or holds more than the bounds ({@link MAX_SCHEMAS} schemas, {@link MAX_KEYS} keys a
 * schema, {@link MAX_VALUES} values an `eq` or `ne`, {@link MAX_TEXT} characters a name). `owner`
 * names the caller in messages.
 */
export function readDefinitions(list: unknown, owner = 'metadataSchemasFrom'): Definitions {
  try {
    return definitionsOf(list, owner);
  } catch (error) {
    if (error instanceof ConfigurationError) throw error;
    // A getter or a Proxy of the caller's that throws: the list cannot be read.
    let what = 'an unprintable value';
    try {
      what = String(error);
    } catch {}
    throw new ConfigurationError('metadataSchemas', `${owner}: the metadata schemas cannot be read: reading them threw ${printable(what, 200)}`, {
      cause: error,
    });
  }
}

/** {@link readDefinitions}, whatever reading `list` throws. */
function definitionsOf(list: unknown, owner: string): Definitions {
  const schemas = schemasOf(list, owner);
  const byName = new Map<string, SchemaDefinition>();
  schemas.forEach((schema, index) => {
    if (!isRecord(schema)) throw unreadable(at('schemas', index), 'is not an object', owner);
    const name = schema.related_object;
    if (typeof name !== 'string' || name === '' || name.length > MAX_TEXT)
      throw unreadable(at('schemas', index, 'related_object'), `is not a name of 1 to ${MAX_TEXT} characters`, owner);
    if (byName.has(name)) throw unreadable(at('schemas', index, 'related_object'), `names ${JSON.stringify(name.slice(0, 60))} a second time`, owner);
    const properties = schema.properties;
    if (!isRecord(properties)) throw unreadable(at('schemas', index, 'properties'), 'is not an object of definitions', owner);
    const names = Object.keys(properties);
    if (names.length > MAX_KEYS) throw unreadable(at('schemas', index, 'properties'), `defines ${names.length} keys, more than the ${MAX_KEYS} read`, owner);
    const keys = new Map<string, KeyDefinition>();
    for (const key of names.sort()) {
      const where = () => at('schemas', index, 'properties', key);
      if (key.length > MAX_TEXT) throw unreadable(where(), `is a key longer than ${MAX_TEXT} characters`, owner);
      const definition = readKey(key, properties[key], where, owner);
      if (definition) keys.set(key, definition);
    }
    const kind = Object.hasOwn(standardKinds, name) ? standardKinds[name] : undefined;
    byName.set(name, { name, kind, closed: schema.allow_defined_only === true, keys });
  });
  // A nested schema the list does not hold: any object.
  const sorted = new Map([...byName].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  for (const schema of sorted.values())
    for (const [key, definition] of schema.keys)
      if (definition.objectType !== undefined && !sorted.has(definition.objectType))
        (schema.keys as Map<string, KeyDefinition>).set(key, { ...definition, objectType: undefined });
  return sorted;
}

/** The schemas of a list: the records `data_ref` names (`schemas` by default), or the array itself. */
function schemasOf(list: unknown, owner: string): unknown[] {
  let schemas: unknown = list;
  if (isRecord(list)) {
    const ref = typeof list.data_ref === 'string' && Object.hasOwn(list, list.data_ref) ? list.data_ref : 'schemas';
    schemas = Object.hasOwn(list, ref) ? list[ref] : undefined;
    if (!Array.isArray(schemas)) throw unreadable(at(ref), 'is not an array of schemas (give the JSON of client.metadataSchemas.list())', owner);
  } else if (!Array.isArray(list)) {
    throw unreadable('the list', 'is neither the JSON of client.metadataSchemas.list() nor an array of schemas', owner);
  }
  const array = schemas as unknown[];
  if (array.length > MAX_SCHEMAS) throw unreadable(at('schemas'), `holds ${array.length} schemas, more than the ${MAX_SCHEMAS} read`, owner);
  return array;
}

/** One key's definition, or `undefined` for a deleted one. */
function readKey(key: string, given: unknown, where: () => string, owner: string): KeyDefinition | undefined {
  // A definition the service left null: a key of any value.
  if (given === null || given === undefined) return { key, type: 'unknown', array: false, required: false };
  if (!isRecord(given)) throw unreadable(where(), 'is not a definition (an object with type, optional and array)', owner);
  if (given.deleted === true) return undefined;
  const type: KeyType = typeof given.type === 'string' && (knownTypes as readonly string[]).includes(given.type) ? (given.type as KeyType) : 'unknown';
  const objectType =
    type === 'object' && typeof given.objectType === 'string' && given.objectType !== '' && given.objectType.length <= MAX_TEXT ? given.objectType : undefined;
  const number = (name: string): number | undefined => (typeof given[name] === 'number' && Number.isFinite(given[name]) ? (given[name] as number) : undefined);
  const length = (name: string): number | undefined => {
    const value = number(name);
    return value !== undefined && Number.isInteger(value) && value >= 0 ? value : undefined;
  };
  const isNumber = type === 'number';
  const isText = type === 'string' || type === 'unknown';
  return {
    key,
    type,
    array: given.array === true,
    required: given.optional === false,
    objectType,
    eq: literals(given.eq, type, () => `${where()}.eq`, owner),
    ne: literals(given.ne, type, () => `${where()}.ne`, owner),
    lt: isNumber ? number('lt') : undefined,
    lte: isNumber ? number('lte') : undefined,
    gt: isNumber ? number('gt') : undefined,
    gte: isNumber ? number('gte') : undefined,
    minLength: isText ? length('minLength') : undefined,
    maxLength: isText ? length('maxLength') : undefined,
    exactLength: isText ? length('exactLength') : undefined,
  };
}

/**
 * The values of an `eq` or `ne` list that a value of `type` can be: strings for the text types,
 * finite numbers for `number`, booleans for `boolean`, any of them for a type promokit does not
 * know; none for `object`. `undefined` when there is no list (or the type takes none).
 */
function literals(given: unknown, type: KeyType, where: () => string, owner: string): Literal[] | undefined {
  if (given === undefined || given === null || type === 'object') return undefined;
  if (!Array.isArray(given)) throw unreadable(where(), 'is not an array of values', owner);
  if (given.length > MAX_VALUES) throw unreadable(where(), `lists ${given.length} values, more than the ${MAX_VALUES} read`, owner);
  const fits = (value: unknown): value is Literal => {
    if (typeof value === 'string' && value.length > MAX_TEXT) throw unreadable(where(), `lists a value longer than ${MAX_TEXT} characters`, owner);
    if (typeof value === 'string') return type === 'unknown' || (type !== 'number' && type !== 'boolean');
    if (typeof value === 'number') return Number.isFinite(value) && (type === 'number' || type === 'unknown');
    return typeof value === 'boolean' && (type === 'boolean' || type === 'unknown');
  };
  const seen = new Set<Literal>();
  for (const value of given) if (fits(value)) seen.add(value);
  return [...seen];
}
