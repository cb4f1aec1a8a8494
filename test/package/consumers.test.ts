/**
 * Runs scripts/consumers.mjs: the packed tarball installed into a scratch project and
 * type-checked and run as CommonJS, ESM and TypeScript under every module resolution (see
 * test/consumers/). One test per consumer project, so a failure names the project.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const report = join(root, '.tmp', 'consumers-report.json');

interface Report {
  passed: number;
  failed: number;
  setupError?: string;
  results: Array<{
    name: string;
    ok: boolean;
    typecheck?: { ok: boolean; output: string };
    runs: Array<{ args: string; ok: boolean; failed: string[]; output: string }>;
  }>;
}

let result: Report;
let log = '';

beforeAll(async () => {
  mkdirSync(join(root, '.tmp'), { recursive: true });
  rmSync(report, { force: true });
  try {
    ({ stdout: log } = await promisify(execFile)(process.execPath, ['scripts/consumers.mjs', '--no-build', '--json', report], {
      cwd: root,
      maxBuffer: 16 * 1024 * 1024,
    }));
  } catch (error) {
    log = String((error as { stdout?: string }).stdout ?? error);
  }
  result = JSON.parse(readFileSync(report, 'utf8')) as Report;
}, 300_000);

const names = [
  'CommonJS require (JS)',
  'CommonJS require, no require(esm) (Node < 20.19 behaviour)',
  'ESM import (JS)',
  'TS node16, CommonJS .cts, no DOM lib',
  'TS node16, ESM .mts, no DOM lib',
  'TS nodenext, .cts + .mts, DOM lib',
  'TS bundler, DOM lib, no @types/node',
  'TS bundler (module preserve), no DOM lib',
  'TS node10 (typesVersions), CommonJS, DOM lib',
  'TS 5.9: node16 CJS, nodenext, bundler + DOM; type-check only',
  'TS typed metadata and events: bundler, DOM lib',
  'TS typed metadata and events: node16, CommonJS .cts',
  'TS typed metadata and events: nodenext, .cts + .mts',
];

describe('consumer projects of the packed tarball', () => {
  it('installs', () => {
    expect(result.setupError, log).toBeUndefined();
  });
  for (const name of names) {
    it(name, () => {
      const project = result.results.find((r) => r.name === name);
      expect(project, log).toBeDefined();
      expect(project!.typecheck?.output ?? '', 'type errors').toBe('');
      expect(
        project!.runs.filter((r) => !r.ok),
        log,
      ).toEqual([]);
      expect(project!.ok).toBe(true);
    });
  }
});
