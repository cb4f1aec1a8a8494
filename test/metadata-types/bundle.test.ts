/**
 * The metadata types cost a program that does not use them nothing: the one-call bundle of the
 * server entry (scripts/size.mjs, from dist/), with or without the chunks loaded on first use,
 * carries neither the command's writing of declarations nor `metadataSchemasFrom`; a program that
 * imports `metadataSchemasFrom` carries it, and the command's file carries the writing but not the
 * SDK (it imports the SDK's entry beside it).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildBrowserBundle, root, SERVER_CALL, withoutLazyChunks } from '../../scripts/size.mjs';

/** Texts only the reading of metadata schemas (`definitions`), the checks (`checks`) and the declarations (`declarations`) hold. */
const markers = {
  definitions: 'the metadata schemas cannot be read',
  checks: 'nests objects deeper than',
  declarations: 'Written by `npx promokit metadata-types`',
};

describe('the one-call bundle carries none of the metadata types', () => {
  it.each([
    ['without the chunks loaded on first use', [withoutLazyChunks]],
    ['with them (a bundler without code splitting)', []],
  ])('%s', async (_what, plugins) => {
    const { code } = await buildBrowserBundle({ source: SERVER_CALL, platform: 'node', plugins });
    for (const marker of Object.values(markers)) expect(code).not.toContain(marker);
  });

  it('a program that imports metadataSchemasFrom carries the checks and the reading, not the declarations', async () => {
    const { code } = await buildBrowserBundle({
      source: "import { metadataSchemasFrom } from 'promokit'; console.log(metadataSchemasFrom([]));",
      platform: 'node',
      plugins: [withoutLazyChunks],
    });
    expect(code).toContain(markers.checks);
    expect(code).toContain(markers.definitions);
    expect(code).not.toContain(markers.declarations);
  });

  it("the command's file: the declarations and their reading, and the SDK imported from its entry", () => {
    const cli = readFileSync(join(root, 'dist', 'cli.js'), 'utf8');
    expect(cli.startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(cli).toContain(markers.declarations);
    expect(cli).toMatch(/from ["']\.\/index\.js["']/);
    expect(cli).not.toContain(markers.checks);
    expect(cli.length).toBeLessThan(30_000);
  });
});
