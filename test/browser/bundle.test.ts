/**
 * What a storefront ships when it imports `promokit/client-side`: the bundle esbuild builds from
 * the built package (dist/, through package.json `exports`) for the browser. It must carry no
 * server-side operation, option or header, and no Node built-in. Its size budget is checked by
 * `npm run size` (scripts/size.mjs), which builds the same bundle.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBrowserBundle, type BrowserBundle } from '../../scripts/size.mjs';

let bundle: BrowserBundle;
let everything: BrowserBundle;

beforeAll(async () => {
  bundle = await buildBrowserBundle();
  // Every export of the entry, not only what one event needs: nothing server-side may hide there either.
  everything = await buildBrowserBundle({ source: "export * from 'promokit/client-side';", minify: false });
}, 60_000);

/** Server paths are `/v1/…`; the one client-side path `/client/v1/events` is allowed. */
const serverPaths = (code: string) => code.match(/(?<!\/client)\/v1\/[\w{}/-]*/g) ?? [];

describe('the browser bundle of promokit/client-side', () => {
  it('is built from dist/ through the package exports, with ky (bundled into dist/) and without zod', () => {
    const paths = bundle.inputs.map((i) => i.path);
    // The `browser` condition of package.json `exports` leads bundlers to the browser build: its
    // entry and its chunks (the one loaded on first use, by a client with metadata or event
    // schemas, is bundled in too by a bundler without code splitting, as here).
    expect(paths).toContain('dist/browser/client-side.js');
    expect(paths.filter((p) => p !== 'storefront-entry.js').every((p) => p.startsWith('dist/browser/'))).toBe(true);
    expect(paths.some((p) => p.startsWith('src/') || p.includes('node_modules/'))).toBe(false);
    expect(bundle.code).toContain('HTTPError'); // ky's error class name survives minification
    expect(bundle.code).not.toMatch(/\$Zod/); // zod's class names, e.g. "$ZodObject"
  });

  it('imports ky at once, as published (its progress streaming included: nothing of it is cut)', () => {
    for (const b of [bundle, everything]) {
      expect(b.code).toContain('TransformStream');
      expect(b.code).not.toContain('import(');
    }
  });

  it('sends to the client-side path only and names no server path', () => {
    for (const b of [bundle, everything]) {
      expect(b.code).toContain('/client/v1/events');
      expect(serverPaths(b.code)).toEqual([]);
    }
  });

  it('names no server-side option, header or environment variable', () => {
    for (const b of [bundle, everything]) {
      for (const name of ['appToken', 'appId', 'x-app-token', 'x-app-id', 'PROMOKIT_APP_TOKEN', 'PROMOKIT_APP_ID']) {
        expect(b.code.toLowerCase(), name).not.toContain(name.toLowerCase());
      }
    }
  });

  it('imports no Node built-in', () => {
    for (const b of [bundle, everything]) {
      expect(b.code).not.toMatch(/\bfrom\s*["'](node:|fs|path|http|https|util|zlib|crypto|stream)["']/);
      expect(b.code).not.toMatch(/\brequire\(/);
    }
  });

  it('carries none of the server pipeline: no path templates, query or form encoding, no Transport', () => {
    for (const code of [bundle.code, everything.code]) {
      expect(code).not.toContain('application/x-www-form-urlencoded');
      expect(code).not.toContain('must be a non-empty string');
      expect(code).not.toContain('Transport {');
    }
  });
});

describe('the serverPaths check itself', () => {
  it('finds server paths and lets the client-side path through', () => {
    expect(serverPaths('fetch("/client/v1/events")')).toEqual([]);
    expect(serverPaths('p="/v1/oauth/introspect";q="/client/v1/events"')).toEqual(['/v1/oauth/introspect']);
    expect(serverPaths('`/v1/vouchers/{code}`')).toEqual(['/v1/vouchers/{code}']);
  });
});
