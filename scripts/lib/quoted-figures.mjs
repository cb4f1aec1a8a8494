// Figures and tables the documentation quotes from one source, kept equal to it. A quote is marked
// where it stands, inline or as a block, with the kind of source and the figure's name:
//
//   the browser bundle (<!-- size:client-side -->9.2 KB<!-- /size --> gzipped)
//
//   <!-- operations:table -->
//   | method | operation |
//   <!-- /operations -->
//
// The markers are HTML comments: GitHub and the reference site show only the figure. A script
// that measures or derives the figures passes them by name: scripts/size.mjs the sizes (`size:`),
// scripts/operations.mjs what the operations registry says (`operations:`). Every marker of a kind
// in README.md, ARCHITECTURE.md, CHANGELOG.md and the Markdown files under docs/ must name one of
// that script's figures and hold it exactly.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root } from './build.mjs';

/** `<!-- KIND:NAME -->TEXT<!-- /KIND -->`; a block's text starts and ends with a newline. */
const marked = (kind) => new RegExp(`<!-- ${kind}:([\\w-]+) -->([\\s\\S]*?)<!-- \\/${kind} -->`, 'g');

/** The Markdown files that may quote a figure: README.md, ARCHITECTURE.md, CHANGELOG.md and docs/ (not the built site). */
export function documents() {
  const files = ['README.md', 'ARCHITECTURE.md', 'CHANGELOG.md'].map((file) => join(root, file));
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
export function checkQuotedFigures(figures, { write = false, kind = 'size', fix = 'npm run size -- --write' } = {}) {
  const lines = [];
  let quotes = 0;
  let stale = 0;
  let unknown = 0;
  for (const file of documents()) {
    const text = readFileSync(file, 'utf8');
    const name = relative(root, file);
    const updated = text.replace(marked(kind), (whole, key, quoted) => {
      quotes += 1;
      if (!(key in figures)) {
        unknown += 1;
        lines.push(`figures: ${name}: <!-- ${kind}:${key} --> names no figure (known: ${Object.keys(figures).join(', ')})`);
        return whole;
      }
      const block = quoted.startsWith('\n');
      const wanted = block ? `\n${figures[key]}\n` : figures[key];
      if (quoted === wanted) return whole;
      stale += 1;
      // A table: the rows that differ, not the whole of it.
      const what = block
        ? `${key}: ${(() => {
            const had = new Set(quoted.trim().split('\n'));
            const rows = figures[key].split('\n');
            const added = rows.filter((row) => !had.has(row));
            const kept = new Set(rows);
            const dropped = [...had].filter((row) => !kept.has(row));
            return `${added.length} rows new or changed${added.length ? ` (${added.map((row) => JSON.stringify(row.slice(0, 80))).join(', ')})` : ''}, ${dropped.length} gone`;
          })()}`
        : `${key} quoted as ${JSON.stringify(quoted.trim())}, measured ${JSON.stringify(figures[key])}`;
      lines.push(`figures: ${name}: ${what}${write ? ': rewritten' : ''}`);
      return `<!-- ${kind}:${key} -->${wanted}<!-- /${kind} -->`;
    });
    if (write && updated !== text) writeFileSync(file, updated);
  }
  const verdict =
    stale === 0 ? `all agree with ${kind === 'size' ? 'the measurement' : 'their source'}` : write ? `${stale} rewritten` : `${stale} disagree: run \`${fix}\``;
  lines.push(`${kind}: ${quotes} quoted in the documentation; ${verdict}${unknown ? `; ${unknown} name no figure` : ''}`);
  return { lines, stale, unknown, quotes };
}
