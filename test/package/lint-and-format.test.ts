// `npm run lint` and `npm run format:check` run biome with the project's own biome.json: each
// fails on what it is there to catch (an unused variable; a misformatted file) and passes on the
// same file put right. Each case runs in a scratch folder with a copy of the configuration, so
// the project's own files are never touched.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const biome = join(root, 'node_modules', '.bin', 'biome');
const scratches: string[] = [];

/** Runs `biome <command>` in a scratch project holding `files` under src/ and the project's biome.json. */
function run(command: 'lint' | 'format', files: Record<string, string>): { status: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'promokit-biome-'));
  scratches.push(dir);
  copyFileSync(join(root, 'biome.json'), join(dir, 'biome.json'));
  // biome.json reads .gitignore through git (`vcs`): the scratch folder is a repository of its own.
  execFileSync('git', ['init', '-q'], { cwd: dir });
  mkdirSync(join(dir, 'src'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'src', name), text);
  const result = spawnSync(biome, [command], { cwd: dir, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

afterEach(() => {
  for (const dir of scratches.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('npm run lint', () => {
  it('fails on an unused variable, naming the rule', () => {
    const { status, output } = run('lint', { 'points.ts': 'export function points(): number {\n  const unused = 1;\n  return 2;\n}\n' });
    expect(status).toBe(1);
    expect(output).toContain('noUnusedVariables');
  });

  it('fails on an unused import', () => {
    const { status, output } = run('lint', { 'points.ts': "import { join } from 'node:path';\n\nexport const points = 2;\n" });
    expect(status).toBe(1);
    expect(output).toContain('noUnusedImports');
  });

  it('passes on the same code without it', () => {
    expect(run('lint', { 'points.ts': 'export function points(): number {\n  return 2;\n}\n' }).status).toBe(0);
  });
});

describe('npm run format:check', () => {
  it('fails on a misformatted file', () => {
    const { status } = run('format', { 'points.ts': 'export const points = {a:1,\n b:2}\n' });
    expect(status).toBe(1);
  });

  it('passes on the same file formatted', () => {
    expect(run('format', { 'points.ts': 'export const points = { a: 1, b: 2 };\n' }).status).toBe(0);
  });
});
