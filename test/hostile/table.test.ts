/**
 * The hostile table of docs/RELIABILITY.md: one row per case of the suite, in the suite's order,
 * each with a measured figure, and kept as it is when the reliability report is regenerated.
 * Skipped while `npm run reliability:write` rewrites the table (its rows are being filled in).
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildReport, emptyReport, writingReport } from '../reliability/harness/report.js';
import { CASES, REGENERATE, REPORT_FILE, keptFigure, renderSection, rowsOf, sectionOf, steady, withinTolerance, type HostileCase } from './table.js';

const rewriting = writingReport();
const cases = Object.values(CASES) as HostileCase[];

describe.skipIf(rewriting)('the hostile table', () => {
  it('has one row per case, in order, each with a figure', () => {
    const section = sectionOf(readFileSync(REPORT_FILE, 'utf8'));
    expect(section, `${REPORT_FILE} has no hostile section: run ${REGENERATE}`).toBeDefined();
    const rows = rowsOf(section!);
    expect([...rows.keys()]).toEqual(cases.map((c) => c.case));
    const unmeasured = [...rows].filter(([, figure]) => figure === '—' || figure.trim() === '').map(([name]) => name);
    expect(unmeasured, `rows without a figure: run ${REGENERATE}`).toEqual([]);
    // Each row's rule is the suite's.
    for (const c of cases) expect(section).toContain(`| ${c.cls} | ${c.case} | ${c.rule} | `);
  });

  it('names cases whose test files exist, with unique keys', () => {
    for (const c of cases) expect(existsSync(`test/${c.file}.test.ts`), c.file).toBe(true);
    expect(new Set(cases.map((c) => c.case)).size).toBe(cases.length);
  });

  it('survives a regeneration of the reliability report unchanged', () => {
    const section = sectionOf(readFileSync(REPORT_FILE, 'utf8'))!;
    const regenerated = buildReport(emptyReport());
    expect(sectionOf(regenerated)).toBe(section);
    expect(regenerated.endsWith(`\n\n${section}\n`)).toBe(true);
  });

  it('compares a figure but for its numbers marked ~', () => {
    expect(steady('after ~302 ms (timeout 300 ms); ~1,070 ms or more; RSS growth ~-3 MB; 2 requests')).toBe(
      'after ~ ms (timeout 300 ms); ~ ms or more; RSS growth ~ MB; 2 requests',
    );
    expect(steady('after ~302 ms; 2 requests')).toBe(steady('after ~17 ms; 2 requests'));
    expect(steady('after ~302 ms; 2 requests')).not.toBe(steady('after ~302 ms; 3 requests'));
    expect(steady('after ~302 ms')).not.toBe(steady('after 302 ms'));
  });

  it('keeps a written figure while its numbers marked ~ are within their tolerance', () => {
    const written = 'after ~302 ms and ~4 reads; read ~20,029,794 B; 2 requests';
    // Within a factor of two (or within 10): the row is not rewritten.
    expect(keptFigure(written, 'after ~450 ms and ~9 reads; read ~20,004,864 B; 2 requests')).toBe(written);
    expect(keptFigure(written, 'after ~160 ms and ~1 reads; read ~11,000,000 B; 2 requests')).toBe(written);
    // One number out of it, or a change outside the numbers marked ~: the measurement is written.
    for (const measured of [
      'after ~700 ms and ~4 reads; read ~20,029,794 B; 2 requests',
      'after ~302 ms and ~4 reads; read ~9,000,000 B; 2 requests',
      'after ~302 ms and ~4 reads; read ~20,029,794 B; 3 requests',
    ])
      expect(keptFigure(written, measured)).toBe(measured);
    expect(keptFigure(undefined, written)).toBe(written);
    expect(withinTolerance(3, 12)).toBe(true);
    expect(withinTolerance(3, 14)).toBe(false);
    expect(withinTolerance(-3, -40)).toBe(false);
    expect(withinTolerance(100, 201)).toBe(false);
    expect(withinTolerance(100, 49)).toBe(false);
  });

  it('reads back the figures it writes', () => {
    const figures = new Map(cases.map((c, i) => [c.case, `figure ${i} with \\| a pipe`]));
    expect(rowsOf(renderSection(figures))).toEqual(figures);
  });
});
