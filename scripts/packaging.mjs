#!/usr/bin/env node
// Lints the package as it would be published: packs it once, then runs publint (strict: warnings
// and suggestions fail too) and `attw` (Are The Types Wrong, every entry under node10,
// node16-cjs, node16-esm and bundler resolution) on that same tarball. Builds dist/ first when
// it is missing or stale. Exits non-zero on any problem.
//
//   node scripts/packaging.mjs          lint
//   node scripts/packaging.mjs --build  rebuild dist/ first
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { ensureBuilt, pack, root, seconds } from './lib/package-tarball.mjs';

const started = performance.now();
ensureBuilt({ force: process.argv.includes('--build') });
const work = mkdtempSync(join(tmpdir(), 'promokit-packaging-'));
let failures = 0;
try {
  const { tarball, files, size, unpackedSize } = pack(work);
  console.log(`packed ${files.length} files: ${(size / 1024).toFixed(0)} KB (${(unpackedSize / 1024).toFixed(0)} KB unpacked)`);

  // publint, on the file list `npm pack` gives.
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const lint = await publint({ pkgDir: root, strict: true, level: 'suggestion', pack: 'npm' });
  console.log(`\npublint ${publintVersion()}: ${lint.messages.length === 0 ? 'no problems' : `${lint.messages.length} problem(s)`}`);
  for (const m of lint.messages) console.log(`  ${m.type}: ${formatMessage(m, pkg)}`);
  failures += lint.messages.length;

  // attw on the same tarball, as JSON so every entry × resolution mode is checked and shown.
  const attwBin = join(root, 'node_modules', '@arethetypeswrong', 'cli', 'dist', 'index.js');
  const attw = spawnSync(process.execPath, [attwBin, tarball, '--format', 'json'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const report = JSON.parse(attw.stdout);
  const { analysis } = report;
  const modes = ['node10', 'node16-cjs', 'node16-esm', 'bundler'];
  console.log(
    `\n@arethetypeswrong/cli ${attwVersion()} (exit ${attw.status}): ${analysis.problems.length === 0 ? 'no problems' : `${analysis.problems.length} problem(s)`}`,
  );
  const width = Math.max(...Object.keys(analysis.entrypoints).map((s) => s.length)) + 10;
  console.log(`  ${'entry'.padEnd(width)}${modes.map((m) => m.padEnd(30)).join('')}`);
  for (const [subpath, entry] of Object.entries(analysis.entrypoints)) {
    const name = subpath === '.' ? 'promokit' : `promokit/${subpath.slice(2)}`;
    const cells = modes.map((mode) => {
      const r = entry.resolutions[mode];
      const file = r?.resolution?.fileName?.replace('/node_modules/promokit/', '');
      const ok = file && (r.resolution.isTypeScript || r.resolution.isJson) && r.visibleProblems.length === 0;
      if (!ok) failures += 1;
      return `${ok ? 'ok' : 'FAIL'} ${file ?? 'unresolved'}`.padEnd(30);
    });
    console.log(`  ${name.padEnd(width)}${cells.join('')}`);
  }
  for (const problem of analysis.problems) console.log(`  problem: ${JSON.stringify(problem)}`);
  failures += analysis.problems.length;
  if (attw.status !== 0 && analysis.problems.length === 0) {
    console.log(`  attw exited ${attw.status}: ${attw.stderr}`);
    failures += 1;
  }
  const expected = ['.', ...Object.keys(pkg.exports).filter((k) => k !== '.')];
  for (const subpath of expected) {
    if (!analysis.entrypoints[subpath]) {
      console.log(`  entry ${subpath} of package.json's exports was not checked`);
      failures += 1;
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

console.log(`\npackaging: ${failures === 0 ? 'ok' : `${failures} problem(s)`} (${seconds(performance.now() - started)})`);
process.exit(failures === 0 ? 0 : 1);

function publintVersion() {
  return JSON.parse(readFileSync(join(root, 'node_modules', 'publint', 'package.json'), 'utf8')).version;
}
function attwVersion() {
  return JSON.parse(readFileSync(join(root, 'node_modules', '@arethetypeswrong', 'cli', 'package.json'), 'utf8')).version;
}
