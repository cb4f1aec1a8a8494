/**
 * The TypeScript module `promokit metadata-types` writes: an augmentation of `MetadataTypes` for
 * every kind of record the service's metadata schemas define, and an interface for each schema,
 * from the same definitions `metadataSchemasFrom()` checks with (metadata-definitions.ts).
 *
 * The schemas come from a service, so nothing of them reaches the file as code: every key and
 * every value is written as a JSON string literal (quotes, backslashes and line breaks escaped),
 * comments carry only numbers and fixed words, and the names of the interfaces are made of ASCII
 * letters and digits alone.
 *
 * @module
 */
import { readDefinitions, type Definitions, type KeyDefinition, type Literal, type SchemaDefinition } from './metadata-definitions.js';

/** What the module was written from, for its header. */
export interface DeclarationSource {
  /** Where the schemas were read: the service's address, or the file given with `--from`. */
  readonly from: string;
}

/**
 * The text of the module: deterministic (the same schemas give the same text, whatever their
 * order), so `promokit metadata-types --check` can compare it with the file on disk.
 */
export function metadataDeclarations(list: unknown, owner = 'promokit metadata-types'): string {
  return declarationsOf(readDefinitions(list, owner));
}

/** The module for `definitions`. */
export function declarationsOf(definitions: Definitions): string {
  const names = typeNames(definitions);
  const kinds = [...definitions.values()].filter((schema) => schema.kind !== undefined).sort((a, b) => (a.kind! < b.kind! ? -1 : 1));
  const lines = [
    "// Written by `npx promokit metadata-types` from the project's metadata schemas on the service. Do not edit:",
    '// run it again when a schema changes (`npx promokit metadata-types --check` in CI says when).',
    'export {};',
    '',
    "declare module 'promokit' {",
    '  interface MetadataTypes {',
    ...kinds.map((schema) => `    ${schema.kind}: ${names.get(schema.name)};`),
    '  }',
    '}',
  ];
  // The kinds' interfaces, then the custom schemas' they nest.
  for (const schema of [...kinds, ...[...definitions.values()].filter((schema) => schema.kind === undefined)]) lines.push('', ...interfaceOf(schema, names));
  return `${lines.join('\n')}\n`;
}

/**
 * The interface name of each schema: its name in Pascal case, ASCII letters and digits only, with
 * `Metadata` after it (`order_item` → `OrderItemMetadata`); a number after a name already taken.
 * Inside the augmentation a name promokit exports would be promokit's own type: promokit exports
 * none of the kinds' names (a test holds it to that).
 */
function typeNames(definitions: Definitions): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const name of definitions.keys()) {
    let base = name
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((word) => word[0]!.toUpperCase() + word.slice(1))
      .join('')
      .slice(0, 60);
    if (base === '' || /^[0-9]/.test(base)) base = `Schema${base}`;
    let candidate = `${base}Metadata`;
    for (let n = 2; taken.has(candidate); n++) candidate = `${base}Metadata${n}`;
    taken.add(candidate);
    names.set(name, candidate);
  }
  return names;
}

/** The lines of a schema's interface. */
function interfaceOf(schema: SchemaDefinition, names: ReadonlyMap<string, string>): string[] {
  const what = schema.kind !== undefined ? `The metadata of a record of kind ${schema.kind}` : 'A nested metadata object (a custom schema)';
  const lines = [`/** ${what}${schema.closed ? '; no other key is allowed' : ''}. */`, `export interface ${names.get(schema.name)} {`];
  for (const definition of schema.keys.values()) {
    const inherited = !definition.required && objectMembers.includes(definition.key);
    const note = [noteOf(definition), inherited ? "Without a value of its own, an object has Object's." : ''].filter(Boolean).join(' ');
    if (note) lines.push(`  /** ${note} */`);
    // Every object has Object's members: an optional key of that name is typed with it too, or no
    // object literal would satisfy the interface (its `constructor` is a Function, not a number).
    const type = typeOf(definition, names) + (inherited ? ` | Object[${quoted(definition.key)}]` : '');
    lines.push(`  ${propertyName(definition.key)}${definition.required ? '' : '?'}: ${type};`);
  }
  // Keys the schema does not define are accepted by the service, of any type.
  if (!schema.closed) lines.push('  [key: string]: unknown;');
  lines.push('}');
  return lines;
}

/** The members TypeScript's `Object` declares, which every object (an object literal too) has. */
const objectMembers = ['constructor', 'toString', 'toLocaleString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable'];

/** A key as a property name: as it is when it is a plain identifier, else a JSON string literal. */
function propertyName(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) && key !== '__proto__' ? key : quoted(key);
}

/**
 * A string literal of `text`: JSON's, with the two line separators JSON leaves as they are
 * (U+2028, U+2029) escaped too, so no text of the service ends a line of the file.
 */
function quoted(text: string): string {
  return JSON.stringify(text)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The TypeScript type of a key's value. */
function typeOf(definition: KeyDefinition, names: ReadonlyMap<string, string>): string {
  const one = valueType(definition, names);
  return definition.array ? (/^[\w.]+$/.test(one) ? `${one}[]` : `Array<${one}>`) : one;
}

/** The TypeScript type of one value of a key (of one element, for an array). */
function valueType(definition: KeyDefinition, names: ReadonlyMap<string, string>): string {
  if (definition.eq) return definition.eq.length === 0 ? 'never' : definition.eq.map(literal).join(' | ');
  switch (definition.type) {
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'object':
      return definition.objectType === undefined ? 'Record<string, unknown>' : names.get(definition.objectType)!;
    case 'unknown':
      return 'unknown';
    default:
      return 'string';
  }
}

/** A value as a TypeScript literal type: a JSON string, a number, `true` or `false`. */
function literal(value: Literal): string {
  return typeof value === 'string' ? quoted(value) : String(value);
}

/** A key's rules in words, for its doc comment: fixed words and numbers only. */
function noteOf(definition: KeyDefinition): string {
  const notes: string[] = [];
  if (definition.type === 'date') notes.push('A date, `YYYY-MM-DD`.');
  if (definition.type === 'datetime') notes.push('An ISO 8601 date-time.');
  if (definition.type === 'image_url') notes.push('The http or https URL of an image.');
  if (definition.type === 'geopoint') notes.push('A geopoint.');
  const bounds = [
    definition.gt !== undefined ? `above ${definition.gt}` : '',
    definition.gte !== undefined ? `at least ${definition.gte}` : '',
    definition.lt !== undefined ? `below ${definition.lt}` : '',
    definition.lte !== undefined ? `at most ${definition.lte}` : '',
  ].filter(Boolean);
  if (bounds.length) notes.push(`${capitalized(bounds.join(', '))}.`);
  if (definition.exactLength !== undefined) notes.push(`Exactly ${definition.exactLength} characters.`);
  const lengths = [
    definition.minLength !== undefined ? `at least ${definition.minLength}` : '',
    definition.maxLength !== undefined ? `at most ${definition.maxLength}` : '',
  ].filter(Boolean);
  if (lengths.length) notes.push(`${capitalized(lengths.join(' and '))} characters.`);
  if (definition.ne?.length) notes.push(`Not every value is allowed (${definition.ne.length} forbidden).`);
  if (definition.required) notes.push('Required when the record is created.');
  if (definition.array && notes.length) notes.push('Each element follows these rules.');
  return notes.join(' ');
}

const capitalized = (text: string): string => text[0]!.toUpperCase() + text.slice(1);
