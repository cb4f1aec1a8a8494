// The lists that join every sub-client to the code that gathers them, derived from the files that
// declare them, so that a new sub-client is its own files and nothing else: each list is a block
// between `// joins:NAME` and `// /joins` in the file that gathers it, written by
// `npm run operations -- --write` and checked by `npm run operations` (CI).
//
//   src/resources/registry.ts   every `<x>Operations` table, `<x>Guide` and `<x>Relies` of
//                               src/resources/, and every `<x>Responses` table (the groups'
//                               responses modules)
//   src/client.ts               every sub-client class (`extends APIResource`): its import, its
//                               property (documented by the class's own summary), its construction
//   src/testing/operations.ts   every `<x>Handlers` table of the mock (src/testing/ops/)
//   test/operations/index.ts    every `<x>TestData` record of test/operations/
//   src/index.ts                the public types of every sub-client's file (its class, its params)
//   src/schemas/index.ts        the public types of every schema module
//
// A type is public when its doc comment names its `@category` in the reference; one without is
// the module's own.
//
// A block keeps the order its entries already have (the registry's order is the order of the
// documentation's tables and of the fault matrix; `subClientGuides` is the reference's order):
// an entry whose file is gone is dropped, a new one is added at the end, where a maintainer may
// move it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './build.mjs';

/** The `.ts` files of a folder (relative to the root), each with its text. */
function sources(dir) {
  return readdirSync(join(root, dir))
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .map((name) => ({ name, base: name.slice(0, -'.ts'.length), text: readFileSync(join(root, dir, name), 'utf8') }));
}

/** The public types of a module's text: those whose doc comment names a `@category`, in the module's order. */
function publicTypes(text) {
  return [...text.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\n(?:export (?:interface|type|class) (\w+))/g)]
    .filter(([, doc]) => doc.includes('@category'))
    .map(([, , name]) => name);
}

/** The sub-clients of src/resources/: their tables, guides and, for those with one, their class and property. */
function subClients() {
  return sources('src/resources').flatMap(({ base, text }) => {
    const table = /^export const (\w+Operations)\b/m.exec(text)?.[1];
    const guide = /^export const (\w+Guide): SubClientGuide/m.exec(text)?.[1];
    const relies = /^export const (\w+Relies): Relies/m.exec(text)?.[1];
    if (!table || !guide || !relies) return [];
    const cls = /^export class (\w+) extends APIResource/m.exec(text);
    const property = /^ {2}'(\w+)\.\w+': operation/m.exec(text)?.[1];
    // The class's summary: its doc comment's text before the first tag, on one line.
    const doc = cls && /\/\*\*\n((?: \*(?! @).*\n)+)(?: \*.*\n)* \*\/\n$/.exec(text.slice(0, cls.index))?.[1];
    const summary = doc
      ?.split('\n')
      .map((line) => line.replace(/^ \* ?/, ''))
      .join(' ')
      .trim();
    return [{ base, table, guide, relies, cls: cls?.[1], property, summary, types: publicTypes(text) }];
  });
}

/** Every list: the file, the block's name and the entries wanted in it, each keyed (its first line). */
function joins() {
  const clients = subClients();
  const classes = clients.filter((c) => c.cls && c.property && c.summary);
  const handlers = sources('src/testing/ops').flatMap(({ base, text }) => {
    const name = /^export const (\w+Handlers) = \{/m.exec(text)?.[1];
    return name ? [{ base, name }] : [];
  });
  const testData = sources('test/operations').flatMap(({ base, text }) => {
    const name = /^export const (\w+TestData): SubClientTestData/m.exec(text)?.[1];
    return name ? [{ base, name }] : [];
  });
  const responses = sources('src/resources').flatMap(({ base, text }) => {
    const name = /^export const (\w+Responses) = \{/m.exec(text)?.[1];
    return name ? [{ base, name }] : [];
  });
  return [
    ['src/resources/registry.ts', 'imports', clients.map((c) => `import { ${c.guide}, ${c.table}, ${c.relies} } from './${c.base}.js';`)],
    ['src/resources/registry.ts', 'operations', clients.map((c) => `...${c.table},`)],
    ['src/resources/registry.ts', 'response-imports', responses.map((r) => `import { ${r.name} } from './${r.base}.js';`)],
    ['src/resources/registry.ts', 'responses', responses.map((r) => `...${r.name},`)],
    ['src/resources/registry.ts', 'relies', clients.map((c) => `...${c.relies},`)],
    ['src/resources/registry.ts', 'guides', clients.map((c) => `${c.guide},`)],
    ['src/client.ts', 'imports', classes.map((c) => `import { ${c.cls} } from './resources/${c.base}.js';`)],
    ['src/client.ts', 'properties', classes.map((c) => `/** ${c.summary} */\nreadonly ${c.property}: ${c.cls};`)],
    ['src/client.ts', 'construction', classes.map((c) => `this.${c.property} = new ${c.cls}(core);`)],
    ['src/testing/operations.ts', 'imports', handlers.map((h) => `import { ${h.name} } from './ops/${h.base}.js';`)],
    ['src/testing/operations.ts', 'handlers', handlers.map((h) => `...${h.name},`)],
    ['test/operations/index.ts', 'imports', testData.map((t) => `import { ${t.name} } from './${t.base}.js';`)],
    ['test/operations/index.ts', 'records', testData.map((t) => `...${t.name},`)],
    ['src/index.ts', 'sub-client types', classes.flatMap((c) => c.types.map((name) => `export type { ${name} } from './resources/${c.base}.js';`))],
    [
      'src/schemas/index.ts',
      'types',
      sources('src/schemas')
        .filter(({ base }) => base !== 'index' && base !== 'base')
        .flatMap(({ base, text }) => publicTypes(text).map((name) => `export type { ${name} } from './${base}.js';`)),
    ],
  ];
}

/** `// joins:NAME` … `// /joins`, with the indentation of the opening line. */
const block = (name) => new RegExp(`^([ \\t]*)// joins:${name}\\n([\\s\\S]*?)^[ \\t]*// /joins$`, 'm');

/** The entries of a block's text: a line each, a doc comment joined to the line it documents. */
function entriesOf(text) {
  const entries = [];
  let pending = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('/**') || line.startsWith('*')) pending.push(line);
    else {
      entries.push([...pending, line].join('\n'));
      pending = [];
    }
  }
  return entries;
}

/** The key an entry is ordered by: its last line (the declaration a doc comment documents). */
const keyOf = (entry) => entry.split('\n').at(-1);

/**
 * The text with its block `name` listing `wanted` (entries, each a line or a doc comment and its
 * line): the entries it has keep their order, those no longer wanted go, new ones are added at the
 * end. `undefined` when the text has no such block.
 */
export function rejoin(text, name, wanted) {
  const found = block(name).exec(text);
  if (!found) return undefined;
  const [, indent, body] = found;
  const wantedKeys = new Map(wanted.map((entry) => [keyOf(entry), entry]));
  const kept = entriesOf(body)
    .map(keyOf)
    .filter((key) => wantedKeys.has(key));
  const added = [...wantedKeys.keys()].filter((key) => !kept.includes(key));
  const rendered = [...kept, ...added].map((key) =>
    wantedKeys
      .get(key)
      .split('\n')
      .map((line) => `${indent}${line}`)
      .join('\n'),
  );
  return text.replace(found[0], [`${indent}// joins:${name}`, ...rendered, `${indent}// /joins`].join('\n'));
}

/**
 * Compares each list with the files it derives from; with `write`, rewrites the blocks that
 * disagree. Returns a line per block that disagreed (none when all agree).
 */
export function checkJoins(write) {
  const lines = [];
  const texts = new Map();
  for (const [file, name, wanted] of joins()) {
    const text = texts.get(file) ?? readFileSync(join(root, file), 'utf8');
    const next = rejoin(text, name, wanted);
    if (next === undefined) lines.push(`joins: ${file} has no block \`// joins:${name}\` … \`// /joins\``);
    else if (next !== text) lines.push(`joins: ${file} \`${name}\` does not list what the files declare${write ? ': rewritten' : ''}`);
    texts.set(file, next ?? text);
  }
  if (write) for (const [file, text] of texts) if (text !== readFileSync(join(root, file), 'utf8')) writeFileSync(join(root, file), text);
  return lines;
}
