/**
 * No example teaches the escape hatch for an endpoint promokit wraps (scripts/lib/wrapped-requests.mjs,
 * run by `npm run check:guides` too): every `client.request()` / `client.requestList()` of the
 * guides, the doc comments and examples/ is matched, by method and path, against the registry.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { escapeHatchCalls, taughtCode, wrappedRequests, wrappingOperation } from '../../scripts/lib/wrapped-requests.mjs';
import { endpointsOf, operationNames, operationOf, registry } from '../../src/resources/registry.js';

const root = join(import.meta.dirname, '..', '..');

/** Every service operation of the registry: its name, method and each of its paths. */
const endpoints = operationNames.flatMap((name) => endpointsOf(operationOf(name)).map((path) => ({ name, method: operationOf(name).method, path })));
/** A path with each placeholder given a value, as code that writes the value out would send it. */
const filled = (path: string) => path.replace(/\{\w+\??\}/g, 'SPRING15');

describe('client.request for an endpoint the registry wraps', () => {
  it.each(endpoints.map((e) => [`${e.method} ${e.path}`, e] as const))('%s: found, named by its operation, however it is written', (_, e) => {
    const placeholders = `const x = await client.request<{ id: string }>({\n  method: '${e.method}',\n  path: '${e.path.replace('?}', '}')}',\n});`;
    expect(escapeHatchCalls(placeholders)).toEqual([{ method: e.method, path: e.path.replace('?}', '}'), line: 1 }]);
    expect(wrappingOperation({ method: e.method, path: e.path }, registry, endpointsOf)).toBe(e.name);
    // A value written into the path, a template literal, the method in lower case.
    expect(wrappingOperation({ method: e.method, path: filled(e.path) }, registry, endpointsOf)).toBe(e.name);
    const template = `await client.request({ path: \`${e.path.replace(/\{\w+\??\}/g, `$${'{code}'}`)}\`, method: "${e.method.toLowerCase()}" })`;
    expect(wrappedRequests([{ file: 'guide.md', line: 10, code: `// a comment\n${template}` }], registry, endpointsOf)).toEqual([
      expect.stringMatching(new RegExp(`^guide\\.md:11: client\\.request for ${e.method} .*, which client\\.${e.name.replace('.', '\\.')}\\(\\) sends$`)),
    ]);
    // requestList is a GET.
    const list = wrappedRequests([{ file: 'f', line: 1, code: `client.requestList({ path: '${e.path}', paging: 'page' })` }], registry, endpointsOf);
    expect(list).toHaveLength(endpoints.some((g) => g.method === 'GET' && g.path === e.path) ? 1 : 0);
  });

  it.each(endpoints.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s: another method, one more segment, or another word where it has one are not it',
    (_, e) => {
      const other = e.method === 'GET' ? 'PATCH' : 'GET';
      const found = (method: string, path: string) => wrappingOperation({ method, path }, registry, endpointsOf);
      expect(found(other, e.path) === e.name).toBe(false);
      expect(found(e.method, `${e.path}/activities`) === e.name).toBe(false);
      const fixed = e.path.split('/').filter((s) => s && !s.startsWith('{'));
      const renamed = e.path.replace(`/${fixed.at(-1)}`, '/activities');
      expect(found(e.method, renamed) === e.name).toBe(false);
    },
  );

  it('derives from the registry: an operation added to it is found the day it is added', () => {
    const code = "await client.request({ method: 'GET', path: '/v1/validation-rules/{id}', pathParams: { id: 'val_1' } });";
    expect(wrappedRequests([{ file: 'f.md', line: 1, code }], registry, endpointsOf)).toEqual([]);
    const more = { ...registry, 'validationRules.get': { method: 'GET', path: '/v1/validation-rules/{validationRuleId}' } };
    expect(wrappedRequests([{ file: 'f.md', line: 1, code }], more, endpointsOf)).toEqual([
      'f.md:1: client.request for GET /v1/validation-rules/{id}, which client.validationRules.get() sends',
    ]);
  });

  it('is taught nowhere: the guides, the doc comments of src/ and examples/', () => {
    const taught = taughtCode(root);
    expect(taught.filter((t) => t.file.startsWith('docs/')).length).toBeGreaterThan(100);
    expect(taught.some((t) => t.file.startsWith('src/'))).toBe(true);
    expect(taught.some((t) => t.file.startsWith('examples/'))).toBe(true);
    expect(wrappedRequests(taught, registry, endpointsOf)).toEqual([]);
  });
});
