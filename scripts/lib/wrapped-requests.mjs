// The escape hatch taught for an endpoint promokit wraps: every `client.request({ method, path })`
// and `client.requestList({ path })` of a piece of code whose method and path are an operation of
// the registry, which a typed method already calls. `npm run check:guides` and a test
// (test/guides/wrapped-requests.test.ts) run it over the code blocks of README.md and docs/, the
// examples (examples/) and the examples of the doc comments (src/), with the registry as it is:
// a new operation is matched the day it is added.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { guideSources } from './guide-blocks.mjs';

/** The files under `dir` (relative to `root`) whose names end with one of `extensions`, relative to `root`. */
function filesUnder(root, dir, extensions) {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) =>
      e.isDirectory() ? filesUnder(root, `${dir}/${e.name}`, extensions) : extensions.some((x) => e.name.endsWith(x)) ? [`${dir}/${e.name}`] : [],
    );
}

/** The code blocks of `text` (fenced with ```, in markdown or in a doc comment): `{ line, code }`. */
function fencedBlocks(text) {
  return [...text.matchAll(/```[\w-]*\n([\s\S]*?)```/g)].map((m) => ({ line: text.slice(0, m.index).split('\n').length + 1, code: m[1] }));
}

/**
 * The code the documentation teaches, `[{ file, line, code }]`: every code block of the guides
 * (README.md, docs/, docs/site/) and of the doc comments of src/, and every example (examples/).
 */
export function taughtCode(root) {
  const blocksOf = (file) => fencedBlocks(readFileSync(join(root, file), 'utf8')).map((b) => ({ file, ...b }));
  return [
    ...guideSources(root).flatMap(blocksOf),
    ...filesUnder(root, 'src', ['.ts']).flatMap(blocksOf),
    ...filesUnder(root, 'examples', ['.ts', '.mjs', '.js']).map((file) => ({ file, line: 1, code: readFileSync(join(root, file), 'utf8') })),
  ];
}

/**
 * The escape-hatch calls of `code` whose method and path are written out: `{ method, path, line }`,
 * `line` 1-based in `code`. `requestList` is always a GET; a path written as a template literal
 * counts each `${…}` as a placeholder.
 */
export function escapeHatchCalls(code) {
  const calls = [];
  for (const match of code.matchAll(/\.request(List)?\s*(?:<[^(]*?>)?\s*\(\s*\{/g)) {
    const start = match.index + match[0].length - 1;
    const literal = objectLiteralAt(code, start);
    const path = /\bpath:\s*(['"`])([^'"`]*)\1/.exec(literal)?.[2];
    if (path === undefined) continue;
    const method = match[1] ? 'GET' : /\bmethod:\s*(['"])(\w+)\1/.exec(literal)?.[2]?.toUpperCase();
    if (method === undefined) continue;
    calls.push({ method, path: path.replace(/\$\{[^}]*\}/g, '{}'), line: code.slice(0, match.index).split('\n').length });
  }
  return calls;
}

/** The text of the object literal opening at `code[start]` (`{`), braces counted outside strings. */
function objectLiteralAt(code, start) {
  let depth = 0;
  let quote = null;
  for (let i = start; i < code.length; i++) {
    const c = code[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return code.slice(start, i + 1);
  }
  return code.slice(start);
}

/** A path as segments, each placeholder (`{name}`, `{}`) as `{}`. */
const segments = (path) =>
  path
    .split('?')[0]
    .split('/')
    .filter(Boolean)
    .map((s) => (/^\{[^}]*\}$/.test(s) ? '{}' : s));

/**
 * The operation of `registry` a call reaches, or `undefined`: the same method, and a path of as
 * many segments, each the operation's (a placeholder of the operation's matches any value, a
 * written-out code included). A path with an optional segment is each of its two paths
 * (`endpointsOf`).
 */
export function wrappingOperation(call, registry, endpointsOf) {
  const wanted = segments(call.path);
  for (const [name, op] of Object.entries(registry)) {
    if (op.method !== call.method) continue;
    for (const endpoint of endpointsOf(op)) {
      const have = segments(endpoint);
      if (have.length === wanted.length && have.every((s, i) => s === '{}' || s === wanted[i])) return name;
    }
  }
  return undefined;
}

/**
 * Every escape-hatch call of `sources` (`[{ file, line, code }]`, `line` the file's line of the
 * code's first line) to an endpoint the registry wraps: `file:line: METHOD path is <operation>`.
 */
export function wrappedRequests(sources, registry, endpointsOf) {
  const findings = [];
  for (const { file, line, code } of sources) {
    for (const call of escapeHatchCalls(code)) {
      const name = wrappingOperation(call, registry, endpointsOf);
      if (name) findings.push(`${file}:${line + call.line - 1}: client.request for ${call.method} ${call.path}, which client.${name}() sends`);
    }
  }
  return findings;
}
