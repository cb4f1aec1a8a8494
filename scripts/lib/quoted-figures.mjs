// Figures the documentation quotes from a measurement, kept equal to it. A quote is marked where
// it stands, inline or as a block:
//
//   the browser bundle (<!-- size:client-side -->9.2 KB<!-- /size --> gzipped)
//
//   <!-- size:table -->
//   | bundle | measured | gate |
//   <!-- /size -->
//
// The markers are HTML comments: GitHub and the reference site show only the figure. A script
// that measures (scripts/size.mjs) passes its figures by name; every marker in README.md,
// CHANGELOG.md and the Markdown files under docs/ must name one of them and hold it exactly.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root } from './build.mjs';

/** `<!-- size:NAME -->TEXT<!-- /size -->`; a block's text starts and ends with a newline. */
const MARKED = /<!-- size:([\w-]+) -->([\s\S]*?)<!-- \/size -->/g;

/** The Markdown files that may quote a figure: README.md, CHANGELOG.md and docs/ (not the built site). */
export function documents() {
  const files = ['README.md', 'CHANGELOG.md'].map((file) => join(root, file));
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (path !== join(root, 'docs', 'api')) walk(path);
      } else if (name.endsWith('.md')) files.push(path);
    }
  };
  walk(join(root, 'docs'));
  return files;
}

/**
 * Compares every marked quote with `figures` (name → text as quoted); with `write`, rewrites the
 * ones that differ. Returns a line per finding and a summary line, how many quotes differ
 * (`stale`) and name no figure (`unknown`), and how many there are.
 */
export function checkQuotedFigures(figures, { write = false } = {}) {
  const lines = [];
  let quotes = 0;
  let stale = 0;
  let unknown = 0;
  for (const file of documents()) {
    const text = readFileSync(file, 'utf8');
    const name = relative(root, file);
    const updated = text.replace(MARKED, (whole, key, quoted) => {
      quotes += 1;
      if (!(key in figures)) {
        unknown += 1;
        lines.push(`figures: ${name}: <!-- size:${key} --> names no figure (known: ${Object.keys(figures).join(', ')})`);
        return whole;
      }
      const block = quoted.startsWith('\n');
      const wanted = block ? `\n${figures[key]}\n` : figures[key];
      if (quoted === wanted) return whole;
      stale += 1;
      lines.push(`figures: ${name}: ${key} quoted as ${JSON.stringify(quoted.trim())}, measured ${JSON.stringify(figures[key])}${write ? ': rewritten' : ''}`);
      return `<!-- size:${key} -->${wanted}<!-- /size -->`;
    });
    if (write && updated !== text) writeFileSync(file, updated);
  }
  const verdict = stale === 0 ? 'all agree with the measurement' : write ? `${stale} rewritten` : `${stale} disagree: run \`npm run size -- --write\``;
  lines.push(`figures: ${quotes} quoted in the documentation; ${verdict}${unknown ? `; ${unknown} name no figure` : ''}`);
  return { lines, stale, unknown, quotes };
}
