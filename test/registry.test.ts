/**
 * The registry of operations (src/resources/registry.ts): its records hold together, and what the
 * documentation says about the operations is what the registry says (scripts/operations.mjs, the
 * check CI runs too).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rejoin } from '../scripts/lib/joins.mjs';
import { endpointCount, endpointsOf, operationNames, operationOf, registry } from '../src/resources/registry.js';
import { checkoutResponses } from '../src/resources/checkout-responses.js';
import { clientEventResponses } from '../src/resources/client-event-responses.js';
import { loyaltyResponses } from '../src/resources/loyalty-responses.js';
import { managementResponses } from '../src/resources/management-responses.js';

const root = new URL('..', import.meta.url);

describe('the registry', () => {
  it.each(operationNames)('%s: its record is named by its key, and its facts agree with each other', (name) => {
    const op = operationOf(name);
    expect(op.name).toBe(name);
    expect(op.path.startsWith('/v1/') || op.path.startsWith('/client/v1/')).toBe(true);
    // A GET only reads; a PUT or DELETE is an idempotent write; only a POST may be anything.
    if (op.method === 'GET') expect(op.effect).toBe('read');
    if (op.method === 'PUT' || op.method === 'DELETE') expect(op.effect).toBe('idempotent-write');
    // Only a body-less operation says so, and a GET has no body to encode.
    if (op.method === 'DELETE') expect(op.encoding).toBe('none');
    // Every path placeholder is a name, optional ones marked `?`.
    for (const [, placeholder] of op.path.matchAll(/\{([^}]*)\}/g)) expect(placeholder).toMatch(/^\w+\??$/);
    // A list reads.
    if (op.paging) expect(op.effect).toBe('read');
  });

  it.each(operationNames.filter((name) => name !== 'clientEvents.track'))(
    "%s: its loader loads its group's responses module, which holds its response schema",
    async (name) => {
      const op = operationOf(name);
      expect((await op.responses())[name]).toBe(op.schema);
    },
  );

  it('lists each response schema once, in one group, for an operation of the registry; ClientEvents alone sends its call without a loader', () => {
    const tables = [loyaltyResponses, checkoutResponses, managementResponses, clientEventResponses].map((table) => Object.keys(table));
    expect(tables.flat().sort()).toEqual([...operationNames].sort());
    expect(operationNames.filter((name) => typeof (operationOf(name) as { responses?: unknown }).responses !== 'function')).toEqual(['clientEvents.track']);
  });

  it('counts a record with an optional path segment as two service operations', () => {
    expect(endpointsOf(registry['loyalties.getMember'])).toEqual(['/v1/loyalties/{campaign_id}/members/{memberId}', '/v1/loyalties/members/{memberId}']);
    expect(endpointCount()).toBe(operationNames.reduce((n, name) => n + (operationOf(name).path.includes('?}') ? 2 : 1), 0));
  });
});

describe('the documentation', () => {
  it('quotes the registry exactly: every table of operations and every count (npm run operations)', () => {
    const run = spawnSync(process.execPath, ['scripts/operations.mjs'], { cwd: root, encoding: 'utf8' });
    expect(run.stdout + run.stderr).toMatch(/all agree with their source/);
    expect(run.status).toBe(0);
  });

  it('maps every operation in the migration guide, in the promokit column of its section on the typed operations', () => {
    const guide = readFileSync(new URL('docs/migrating-from-the-vendor-sdk.md', root), 'utf8');
    const section = sectionOf(guide, '## The typed operations, method by method');
    // The second cell of each row of the section's tables: the promokit method a vendor call becomes.
    const mapped = section
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .map((line) => line.split(/(?<!\\)\|/)[2]?.trim() ?? '');
    expect(operationNames.filter((name) => !mapped.some((cell) => cell.startsWith(`\`${name}(`)))).toEqual([]);
  });

  it("reads a guide's section from its heading to the next heading of its level or above, and no further", () => {
    const text = '# A\n## B\nb\n### C\nc\n## D\nd\n';
    expect(sectionOf(text, '## B')).toBe('## B\nb\n### C\nc');
    expect(sectionOf(text, '## D')).toBe('## D\nd\n');
    expect(() => sectionOf(text, '## E')).toThrow(/no heading '## E'/);
  });
});

/**
 * The section of `markdown` under `heading` (a whole line, `## …`): from it to the next heading of
 * its level or above, which it leaves out. Throws when the heading is not there.
 */
function sectionOf(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`no heading '${heading}'`);
  const level = /^#+/.exec(heading)?.[0].length ?? 1;
  const end = lines.findIndex((line, i) => i > start && new RegExp(`^#{1,${level}} `).test(line));
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

describe('the joins: the lists of sub-clients derived from their files (scripts/lib/joins.mjs)', () => {
  const text = ['const all = {', '  // joins:tables', '  ...bTable,', '  ...aTable,', '  ...goneTable,', '  // /joins', '};', ''].join('\n');

  it('keep the order the entries have, drop the ones whose file is gone, and add new ones at the end', () => {
    expect(rejoin(text, 'tables', ['...aTable,', '...bTable,', '...newTable,'])).toBe(
      ['const all = {', '  // joins:tables', '  ...bTable,', '  ...aTable,', '  ...newTable,', '  // /joins', '};', ''].join('\n'),
    );
  });

  it('leave a block that lists what the files declare as it is, and find no block that is not there', () => {
    expect(rejoin(text, 'tables', ['...aTable,', '...bTable,', '...goneTable,'])).toBe(text);
    expect(rejoin(text, 'other', ['...aTable,'])).toBeUndefined();
  });

  it('keep a doc comment with the line it documents, ordered by that line', () => {
    const docs = ['  // joins:fields', '  /** B. */', '  readonly b: B;', '  // /joins'].join('\n');
    expect(rejoin(docs, 'fields', ['/** A, documented. */\nreadonly a: A;', '/** B, documented anew. */\nreadonly b: B;'])).toBe(
      ['  // joins:fields', '  /** B, documented anew. */', '  readonly b: B;', '  /** A, documented. */', '  readonly a: A;', '  // /joins'].join('\n'),
    );
  });
});
