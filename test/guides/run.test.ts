/**
 * The guides' code runs: every ```ts block of README.md, docs/*.md and docs/site/*.md that does not
 * say it needs what the mock cannot stand in for (`// Needs a browser …`) runs against the mock
 * service, from the built package, as a user's module (scripts/run-guides.mjs). One test per block,
 * named by its file and line; a failure says what the block threw.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guideBlocks } from '../../scripts/lib/guide-blocks.mjs';

const root = join(import.meta.dirname, '..', '..');
const report = join(root, '.tmp', `guide-code-${process.pid}.json`);

interface BlockResult {
  file: string;
  line: number;
  status: 'ran' | 'failed' | 'type-checked only';
  error?: string;
  needs?: string;
}

// All blocks in one Node process: a block costs milliseconds, a process a few hundred. Runs side by
// side (one per Node in CI) take turns; the run waits for its turn within its time.
const run = spawnSync(process.execPath, [join(root, 'scripts', 'run-guides.mjs'), '--json', report], { cwd: root, encoding: 'utf8', timeout: 480_000 });
const results: BlockResult[] = existsSync(report) ? (JSON.parse(readFileSync(report, 'utf8')) as BlockResult[]) : [];
rmSync(report, { force: true });

describe('the guides’ code, run against the mock service', () => {
  it('runs every block of every guide but those whose first line says what they need', () => {
    expect(run.stdout + run.stderr).toMatch(/guide blocks run against the mock/);
    const blocks = guideBlocks(root);
    expect(results.map((r) => `${r.file}:${r.line}`)).toEqual(blocks.map((b) => `${b.file}:${b.line}`));
    expect(results.filter((r) => r.status === 'type-checked only').map((r) => r.needs)).toEqual(blocks.filter((b) => b.needs !== null).map((b) => b.needs));
    expect(blocks.length).toBeGreaterThan(100);
  });

  it.each(results.filter((r) => r.status !== 'type-checked only').map((r) => [`${r.file}:${r.line}`, r] as const))('%s runs', (_, result) => {
    expect(result.error).toBeUndefined();
    expect(result.status).toBe('ran');
  });
});
