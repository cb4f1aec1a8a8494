#!/usr/bin/env node
// Every method of every sub-client carries an `@example`, and every ```ts block in a method's doc
// comment type-checks against the BUILT package, the way a user's editor shows and a user's
// project compiles it.
//
// The methods are found in dist/'s declarations, not in a list: the TypeScript checker reads the
// type of `Client` through `import … from 'promokit'` (package.json exports, the package's
// self-reference), takes each property that is a sub-client (`client.vouchers`, …,
// `client.clientEvents`) and each public method of it. A method added later is checked without
// touching this script; one without an `@example` fails the check.
//
// Each code block becomes a module in .tmp/method-examples/, with `client` (a `Client`) and
// `events` (a `ClientEvents` from 'promokit/client-side') declared, compiled in strict mode with
// `exactOptionalPropertyTypes` and `noUncheckedIndexedAccess`.
//
//   node scripts/check-examples.mjs        prints `N methods, N with an @example; N blocks type-checked: ok`
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { ensureBuilt, root } from './lib/package-tarball.mjs';

const out = join(root, '.tmp', 'method-examples');

/** The strict settings of a careful consumer; the package's self-reference resolves `promokit`. */
const compilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  types: [],
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noEmit: true,
  skipLibCheck: false,
};

/** What every example may use without declaring it. */
const GLOBALS = `import type { Client } from 'promokit';
import type { ClientEvents } from 'promokit/client-side';
declare global {
  /** A configured \`Client\`. */
  const client: Client;
  /** A configured \`ClientEvents\` (the browser entry's client). */
  const events: ClientEvents;
}
export {};
`;

/** The text of a JSDoc comment or tag comment. */
const text = (comment) => (comment === undefined ? '' : typeof comment === 'string' ? comment : (ts.getTextOfJSDocComment(comment) ?? ''));

/** The ```ts blocks of a piece of markdown. */
const codeBlocks = (markdown) => [...markdown.matchAll(/```(?:ts|typescript)\n([\s\S]*?)```/g)].map((m) => m[1]);

/**
 * Every public method of every sub-client of `Client`, with the ```ts blocks of its doc comment:
 * `{ name: 'vouchers.validate', examples: [...], blocks: [...] }`.
 */
export function findMethods() {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const probe = join(out, 'probe.ts');
  writeFileSync(probe, "import type { Client } from 'promokit';\nexport type Probe = Client;\n");
  const program = ts.createProgram([probe], compilerOptions);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(probe);
  const probeType = checker.getSymbolAtLocation(source.statements[1].name);
  const client = checker.getDeclaredTypeOfSymbol(probeType);
  if (!client.getProperty('vouchers')) throw new Error(`'promokit' did not resolve to the built package's Client (from ${relative(root, probe)})`);

  const methods = [];
  for (const property of checker.getPropertiesOfType(client)) {
    const subClient = checker.getTypeOfSymbol(property);
    for (const member of checker.getPropertiesOfType(subClient)) {
      const declaration = member.valueDeclaration;
      if (!declaration || !ts.isMethodDeclaration(declaration)) continue;
      if (member.name.startsWith('__@') || member.name.startsWith('#')) continue;
      if (ts.getCombinedModifierFlags(declaration) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) continue;
      const tags = ts.getJSDocTags(declaration);
      if (tags.some((tag) => tag.tagName.text === 'internal' || tag.tagName.text === 'hidden')) continue;
      const docs = ts.getJSDocCommentsAndTags(declaration).filter(ts.isJSDoc);
      const summary = docs.map((doc) => text(doc.comment)).join('\n');
      const examples = tags.filter((tag) => tag.tagName.text === 'example').flatMap((tag) => codeBlocks(text(tag.comment)));
      methods.push({ name: `${property.name}.${member.name}`, examples, blocks: [...codeBlocks(summary), ...examples] });
    }
  }
  return methods;
}

/** Type-checks each block as its own module; returns tsc's diagnostics as text ('' when clean). */
export function typeCheck(methods) {
  const files = [join(out, 'globals.d.ts')];
  writeFileSync(files[0], GLOBALS);
  for (const method of methods) {
    method.blocks.forEach((block, i) => {
      const file = join(out, `${method.name}.${i + 1}.ts`);
      writeFileSync(file, `export {};\n${block}`);
      files.push(file);
    });
  }
  const program = ts.createProgram(files, compilerOptions);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  return ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' });
}

ensureBuilt();
const methods = findMethods();
const missing = methods.filter((m) => m.examples.length === 0).map((m) => m.name);
const errors = typeCheck(methods);
const blocks = methods.reduce((n, m) => n + m.blocks.length, 0);
if (missing.length) console.log(`without an @example: ${missing.join(', ')}`);
if (errors) console.log(errors);
const ok = methods.length > 0 && missing.length === 0 && !errors;
console.log(
  `${methods.length} methods, ${methods.length - missing.length} with an @example; ${blocks} code blocks type-checked against dist/: ${ok ? 'ok' : 'FAILED'}`,
);
process.exit(ok ? 0 : 1);
