#!/usr/bin/env node
// What the documentation says about the operations, written from the registry (src/resources/
// registry.ts) and the sub-clients' methods, and checked against them: every table of operations
// and every count of them is a figure of this script, between `<!-- operations:NAME -->` and
// `<!-- /operations -->` in README.md, ARCHITECTURE.md, CHANGELOG.md and docs/ (the markers of
// scripts/lib/quoted-figures.mjs). CI runs it; a test runs it too.
//
//   npm run operations                check: exits non-zero when a quote disagrees with the registry
//   npm run operations -- --write     rewrite the quotes that disagree
//   npm run operations -- --list      print the figures
//
// The figures:
//   count           the service operations promokit types (a method whose path has an optional
//                   segment serves two); methods: the methods that call them
//   table           the README's table: method, HTTP operation, effect, paging
//   relies          the tolerance policy: the response fields each method relies on
//   effects         the operations by effect class (read, idempotent write, spend, create)
//   tasks           the home page's "Find your method" (docs/site/home.md): each method's task, by
//                   category, from the sub-clients' guides (src/resources/guide.ts)
//   vendor          the migration guide's rows of the methods whose guide names the vendor SDK's
//                   call they replace (`vendor`)
//
// And the public types: every type with a `@category` in src/resources/ and src/schemas/ is
// exported by name from src/index.ts or src/schemas/index.ts (`--write` adds a missing one to its
// module's export statement).
//
// And typedoc.json's `categoryOrder`, the reference's sidebar: the categories of the sub-clients'
// guides in the order `subClientGuides` lists them, between the others (`otherCategories`).
//
// And the lists that join the sub-clients to the code gathering them (scripts/lib/joins.mjs): the
// registry's tables and guides, the client's sub-client properties, the mock's handler tables and
// the tests' records, the public types `index.ts` and `schemas/index.ts` export, each derived from
// the files that declare them.
//
// The registry's values are read from the source (bundled in memory with esbuild); the methods'
// signatures from the sub-clients' classes (the TypeScript compiler): a method's positional
// parameters, and its params object's fields when it has few.
import { build } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { root } from './lib/build.mjs';
import { checkJoins } from './lib/joins.mjs';
import { checkQuotedFigures } from './lib/quoted-figures.mjs';

let registryLoaded;

/** The registry as values: every record, `endpointsOf`, the sub-clients' guides and the other categories of the reference. */
export function loadRegistry() {
  registryLoaded ??= loadTypeScript(
    "export { registry, endpointsOf, subClientGuides } from './src/resources/registry.ts';\nexport { otherCategories } from './src/resources/guide.ts';",
  );
  return registryLoaded;
}

/** The exports of `contents`, a module of TypeScript source (bundled in memory with esbuild) at the root. */
export async function loadTypeScript(contents) {
  const result = await build({
    stdin: {
      contents,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    logLevel: 'silent',
  });
  const dir = join(root, '.tmp');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `loaded-${process.pid}-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, result.outputFiles[0].text);
  try {
    return await import(pathToFileURL(file).href);
  } finally {
    rmSync(file, { force: true });
  }
}

/** Fields of a params object listed in a signature when it has at most this many; else `params`. */
const MAX_LISTED_FIELDS = 5;

/**
 * Every sub-client method that calls a registry operation, by operation name: its signature as the
 * README shows it (`loyalties.getMember(memberId, { campaign_id? })`). A method calls the operation
 * whose table entry (`xOperations['name']`) it reads. And every sub-client's class, by its name on
 * the client: the class's name and its `@category` tags.
 */
let signaturesRead;
function methodSignatures() {
  signaturesRead ??= readSignatures();
  return signaturesRead;
}

/** {@link methodSignatures}, read with the TypeScript compiler. */
function readSignatures() {
  const files = ts.sys.readDirectory(join(root, 'src', 'resources'), ['.ts']).filter((f) => !f.includes('/inputs/'));
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const signatures = new Map();
  const classes = new Map();
  const subClient = {
    Loyalties: 'loyalties',
    AsyncActions: 'asyncActions',
    OAuth: 'oauth',
    ClientEvents: 'clientEvents',
    MetadataSchemas: 'metadataSchemas',
    ServiceMetadataSchemas: 'metadataSchemas',
  };
  for (const file of files) {
    const source = program.getSourceFile(file);
    ts.forEachChild(source, (node) => {
      if (!ts.isClassDeclaration(node) || !node.name) return;
      const className = node.name.text;
      const prefix = subClient[className] ?? className[0].toLowerCase() + className.slice(1);
      const categories = ts
        .getJSDocTags(node)
        .filter((tag) => tag.tagName.text === 'category')
        .map((tag) => tag.comment?.toString().trim());
      if (node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) && !classes.has(prefix)) classes.set(prefix, { className, categories });
      // A public method may call the operation through a private one (`this.#track`).
      const privates = new Map(
        node.members.filter((m) => ts.isMethodDeclaration(m) && m.body && ts.isPrivateIdentifier(m.name)).map((m) => [m.name.text, m.body]),
      );
      for (const member of node.members) {
        if (!ts.isMethodDeclaration(member) || !member.body || !ts.isIdentifier(member.name)) continue;
        let operation;
        const find = (n) => {
          // The first operation it reads: the one it calls (a private helper may read others after).
          if (
            operation === undefined &&
            ts.isElementAccessExpression(n) &&
            ts.isStringLiteral(n.argumentExpression) &&
            /Operations$/.test(n.expression.getText(source))
          )
            operation = n.argumentExpression.text;
          // Or a record of its own that names the operation (`const track = { name: 'clientEvents.track', … }`).
          if (operation === undefined && ts.isIdentifier(n)) operation = operationNamedBy(checker, n);
          if (ts.isPropertyAccessExpression(n) && ts.isPrivateIdentifier(n.name) && privates.has(n.name.text)) find(privates.get(n.name.text));
          ts.forEachChild(n, find);
        };
        find(member.body);
        if (!operation) continue;
        const params = member.parameters
          .filter((p) => !/options$/i.test(p.name.getText(source)))
          .map((p) => {
            const name = p.name.getText(source);
            const optional = Boolean(p.questionToken || p.initializer);
            if (!/params|fields/i.test(name)) return name;
            const type = checker.getTypeAtLocation(p);
            if (type.isUnion() || type.getProperties().length === 0 || type.getProperties().length > MAX_LISTED_FIELDS) return optional ? `${name}?` : name;
            // Required fields first, each group in the order the type declares them.
            const props = type.getProperties();
            const optionalProp = (prop) => (prop.flags & ts.SymbolFlags.Optional) !== 0;
            const fields = [...props.filter((prop) => !optionalProp(prop)), ...props.filter(optionalProp)].map(
              (prop) => `${prop.name}${optionalProp(prop) ? '?' : ''}`,
            );
            return `{ ${fields.join(', ')} }`;
          });
        signatures.set(operation, `${prefix}.${member.name.text}(${params.join(', ')})`);
      }
    });
  }
  return { signatures, classes };
}

/**
 * The operation a constant names, when `identifier` is a constant whose value is an object literal
 * (`as const` or not) with a string `name` that holds a dot (`'clientEvents.track'`); else undefined.
 */
function operationNamedBy(checker, identifier) {
  const declaration = checker.getSymbolAtLocation(identifier)?.valueDeclaration;
  if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
  let value = declaration.initializer;
  while (ts.isAsExpression(value) || ts.isSatisfiesExpression(value) || ts.isParenthesizedExpression(value)) value = value.expression;
  if (!ts.isObjectLiteralExpression(value)) return undefined;
  const name = value.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === 'name');
  return name && ts.isStringLiteral(name.initializer) && name.initializer.text.includes('.') ? name.initializer.text : undefined;
}

/** The words of each effect class. */
const EFFECTS = { read: 'read', 'idempotent-write': 'idempotent write', spend: 'spend', create: 'create' };

/** The effect of a record, in words: fixed, or read from the params (the classes it can take). */
function effectOf(op) {
  if (typeof op.effect === 'string') return EFFECTS[op.effect];
  // An effect read from the params: the classes it can take, told by the function's own text.
  const classes = Object.keys(EFFECTS).filter((e) => op.effect.toString().includes(`'${e}'`) || op.effect.toString().includes(`"${e}"`));
  return `${classes.map((c) => EFFECTS[c]).join(' or ')}, by its params`;
}

/** The paging of a list record, in words, from its `paging` (pagination.ts `walks`). */
function pagingOf(op) {
  const words = {
    idCursor: 'cursor list',
    pageNumber: 'page list',
    pageNumber99: `page list, to page ${op.paging?.maxPage}`,
    endDateCursor: 'paged by `end_date`',
    customerPaging: `paged by the \`starting_after\` time cursor, or page list to page ${op.paging?.maxPage}`,
    startingAfterCursor: 'paged by the `options.starting_after` time cursor',
  };
  return op.paging ? (words[op.paging.style] ?? 'list') : '';
}

/** Every figure this script quotes, by name. */
export async function operationFigures() {
  const loaded = await loadRegistry();
  const { registry, endpointsOf } = loaded;
  const { signatures, classes } = methodSignatures();
  const names = Object.keys(registry);
  const missing = names.filter((name) => !signatures.has(name));
  if (missing.length > 0) throw new Error(`operations: no sub-client method calls ${missing.join(', ')}`);
  const endpoints = names.reduce((sum, name) => sum + endpointsOf(registry[name]).length, 0);
  const table = [
    '| method | operation | effect |',
    '|---|---|---|',
    ...names.map((name) => {
      const op = registry[name];
      const paths = endpointsOf(op)
        .map((path) => `${op.method} ${path}`)
        .join(', or ');
      const notes = [pagingOf(op, loaded), op.method !== 'GET' && op.query ? `${op.query.map((field) => `\`${field}\``).join(', ')} in the query` : ''].filter(
        Boolean,
      );
      return `| \`${signatures.get(name)}\` | ${paths}${notes.length ? ` (${notes.join('; ')})` : ''} | ${effectOf(op)} |`;
    }),
  ].join('\n');
  const relies = [
    '| method | fields it relies on |',
    '|---|---|',
    ...[...names].sort().map((name) => `| \`${name}\` | ${registry[name].relies.map((field) => `\`${field}\``).join(', ') || 'none'} |`),
  ].join('\n');
  const effects = [
    '| effect | operations |',
    '|---|---|',
    ...Object.entries(EFFECTS).map(([, words]) => {
      const of = names.filter((name) => effectOf(registry[name]).split(', by')[0].split(' or ').includes(words));
      return `| ${words} | ${of.map((name) => `\`${name}\``).join(', ')} |`;
    }),
  ].join('\n');
  return {
    count: String(endpoints),
    methods: String(names.length),
    table,
    relies,
    effects,
    tasks: taskTable(loaded, classes),
    vendor: vendorTable(loaded, signatures),
  };
}

/** The sub-clients' guides (src/resources/guide.ts), each with its class: the category of that class must be the guide's. */
function guidesOf({ registry, subClientGuides }, classes) {
  const problems = [];
  const guides = subClientGuides.map((guide) => {
    const prefix = Object.keys(guide.tasks)[0].split('.')[0];
    const found = classes.get(prefix);
    if (!found) problems.push(`no class of a sub-client \`${prefix}\``);
    else if (!found.categories.includes(guide.category))
      problems.push(`the class ${found.className} is in the categories ${JSON.stringify(found.categories)}, its guide says "${guide.category}"`);
    return { ...guide, prefix, className: found?.className };
  });
  const tasked = new Set(subClientGuides.flatMap((guide) => Object.keys(guide.tasks)));
  for (const name of Object.keys(registry)) if (!tasked.has(name)) problems.push(`${name} has no task in a guide listed by subClientGuides`);
  if (problems.length > 0) throw new Error(`operations: the sub-clients' guides (src/resources/registry.ts) disagree:\n  ${problems.join('\n  ')}`);
  return guides;
}

/** The home page's "Find your method": each sub-client's methods under its category, in the guides' order. */
function taskTable(loaded, classes) {
  const { registry, endpointsOf } = loaded;
  const rows = ['| to … | call |', '|---|---|'];
  const guides = guidesOf(loaded, classes);
  // Grouped by category, in the order each first appears: a guide added at the end joins its category.
  const categories = [...new Set(guides.map((guide) => guide.category))];
  for (const category of categories) {
    rows.push(`| **${category}** | |`);
    for (const guide of guides.filter((g) => g.category === category))
      for (const [name, task] of Object.entries(guide.tasks)) {
        const method = name.split('.')[1];
        const op = registry[typeof task === 'string' ? name : task.polls];
        const how = `${typeof task === 'string' ? '' : 'polls '}\`${op.method} ${endpointsOf(op).at(-1)}\``;
        rows.push(`| ${typeof task === 'string' ? task : task.task} | {@link ${guide.className}.${method} ${name}}<br>${how} |`);
      }
  }
  return rows.join('\n');
}

/** The migration guide's rows written from the sub-clients' guides (`vendor`): the vendor SDK's call, the method, what changes. */
function vendorTable({ subClientGuides }, signatures) {
  const rows = ['| `@voucherify/sdk` 2.x | promokit | what changes |', '|---|---|---|'];
  for (const guide of subClientGuides)
    for (const [name, call] of Object.entries(guide.vendor ?? {})) rows.push(`| ${call.sdk} | \`${signatures.get(name)}\` | ${call.changes} |`);
  return rows.join('\n');
}

/** The reference's categories in order (typedoc.json `categoryOrder`): the sub-clients' between the others. */
export async function categoryOrder() {
  const loaded = await loadRegistry();
  const { otherCategories } = loaded;
  const { classes } = methodSignatures();
  const categories = [...otherCategories.before, ...guidesOf(loaded, classes).map((guide) => guide.category), ...otherCategories.after];
  return [...new Set(categories)];
}

/**
 * Compares typedoc.json's `categoryOrder` with `wanted`; with `write`, rewrites it (the file keeps
 * its comments). Returns the finding, or nothing when they agree.
 */
function checkCategoryOrder(wanted, write) {
  const file = join(root, 'typedoc.json');
  const text = readFileSync(file, 'utf8');
  const found = /"categoryOrder": \[([^\]]*)\]/.exec(text);
  if (!found) return 'typedoc.json: no "categoryOrder"';
  const quoted = JSON.parse(`[${found[1]}]`);
  if (JSON.stringify(quoted) === JSON.stringify(wanted)) return undefined;
  if (write) writeFileSync(file, text.replace(found[0], `"categoryOrder": [\n${wanted.map((c) => `    ${JSON.stringify(c)}`).join(',\n')}\n  ]`));
  return `typedoc.json: categoryOrder is ${JSON.stringify(quoted)}, the guides say ${JSON.stringify(wanted)}${write ? ': rewritten' : ''}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // The joins first: the figures read the registry they write.
  const joined = checkJoins(process.argv.includes('--write'));
  const figures = await operationFigures();
  if (process.argv.includes('--list')) for (const [name, text] of Object.entries(figures)) console.log(`${name}:\n${text}\n`);
  const write = process.argv.includes('--write');
  const result = checkQuotedFigures(figures, { write, kind: 'operations', fix: 'npm run operations -- --write' });
  const order = checkCategoryOrder(await categoryOrder(), write);
  for (const line of [...result.lines, ...joined]) console.log(line);
  console.log(order ?? "typedoc.json: the reference's category order agrees with the guides");
  if (joined.length === 0) console.log('joins: every sub-client is joined to the registry, the client, the exports, the mock and the tests');
  if ((order || joined.length > 0) && !write) console.log('operations: run `npm run operations -- --write`');
  process.exit(!write && (result.stale > 0 || result.unknown > 0 || order || joined.length > 0) ? 1 : 0);
}
