// The code blocks of the guides: README.md, docs/*.md and the reference site's home page
// (docs/site/*.md). `npm run check:guides` type-checks every ```ts block; `npm test` runs them
// against the mock service (test/guides/, scripts/run-guides.mjs). One reading of the markdown for
// both, so a block is found, named and marked the same way by each.
//
// What a guide may say beside a block (each optional):
//
//   <!-- guide-mock: { appKeysAlone: true } -->
//
//   An HTML comment above the block (above its guide-setup, when it has one): the options of the
//   block's mock service (`createMockService`), for a block that shows what a service set up so
//   takes. Not rendered either.
//
//   <!-- guide-setup: mock.seed({ vouchers: [{ code: 'SUMMER-10', type: 'DISCOUNT_VOUCHER' }] }) -->
//   ```ts
//   …
//
//   An HTML comment right above the block (blank lines between allowed): JavaScript run before
//   the block, with `mock` (the mock service the block's client reaches) in scope; what the block
//   assumes exists (a voucher, a campaign, a route of an endpoint promokit does not wrap), or a
//   fault it shows handled. Not rendered: what the reader sees is the block alone.
//
//   ```ts
//   // Needs a browser: …
//
//   A first line `// Needs …` says the block needs what the mock cannot stand in for (a browser,
//   your proxy, Redis, another runtime): it is type-checked, never run. The reader sees it too.
//
//   ```
//   <!-- guide-then: assert.equal(await block.pointsOf(mock.ids.members.ada), 1250) -->
//
//   An HTML comment right below the block: JavaScript run once the block has run, with `mock`,
//   `block` (what the block exports) and `assert` (node:assert/strict) in scope: for a block that
//   defines a function of yours and leaves the calling to you, the call, and what it should give.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** README.md, the guides (docs/*.md) and the reference site's home page (docs/site/*.md), relative to `root`. */
export function guideSources(root) {
  const markdownIn = (dir) =>
    readdirSync(join(root, dir))
      .filter((f) => f.endsWith('.md'))
      .sort()
      .map((f) => `${dir}/${f}`);
  return ['README.md', ...markdownIn('docs'), ...markdownIn('docs/site')];
}

/** The first line that marks a block as type-checked only, and what it needs. */
const NEEDS = /^\/\/ Needs ([^\n]*)/;
const SETUP = /<!--\s*guide-setup:((?:(?!-->)[\s\S])*)-->\s*$/;
const MOCK = /<!--\s*guide-mock:((?:(?!-->)[\s\S])*)-->\s*$/;
const THEN = /^\s*<!--\s*guide-then:((?:(?!-->)[\s\S])*)-->/;

/**
 * The ```ts blocks of a guide: `{ file, line, code, mock, setup, then, needs }`, `line` the 1-based line
 * of the block's first line of code, `setup` the JavaScript of a `guide-setup` comment right above
 * it, `mock` the options of a `guide-mock` comment above that (or above the block), and `then` of a `guide-then` comment right below it (or `''`), `needs` what a `// Needs …`
 * first line says (or `null`: the block runs).
 */
export function blocksOf(root, file) {
  const text = readFileSync(join(root, file), 'utf8');
  const blocks = [];
  for (const match of text.matchAll(/^```ts\n([\s\S]*?)^```/gm)) {
    const code = match[1];
    const before = text.slice(0, match.index);
    const line = before.split('\n').length + 1;
    const setupComment = SETUP.exec(before);
    const setup = setupComment?.[1]?.trim() ?? '';
    const mock = MOCK.exec(setupComment ? before.slice(0, setupComment.index) : before)?.[1]?.trim() ?? '';
    const then = THEN.exec(text.slice(match.index + match[0].length).replace(/^[^\n]*\n/, ''))?.[1]?.trim() ?? '';
    blocks.push({ file, line, code, mock, setup, then, needs: NEEDS.exec(code)?.[1]?.trim() ?? null });
  }
  return blocks;
}

/** Every ```ts block of every guide, in order. */
export function guideBlocks(root) {
  return guideSources(root).flatMap((file) => blocksOf(root, file));
}
