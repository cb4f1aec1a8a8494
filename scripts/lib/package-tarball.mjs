// Shared by scripts/packaging.mjs, scripts/consumers.mjs, scripts/runtimes.mjs and
// scripts/fresh-pack.mjs: `npm pack` the package, and install the tarball into a scratch project
// the way a user's project gets it (no access to the repository's own node_modules).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './build.mjs';

export { ensureBuilt, root } from './build.mjs';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** `npm pack` into `dest`; returns the tarball's absolute path and npm's file list. */
export function pack(dest) {
  mkdirSync(dest, { recursive: true });
  const result = spawnSync(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', dest], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`npm pack failed:\n${result.stderr}`);
  const [info] = JSON.parse(result.stdout);
  return { tarball: join(dest, info.filename), files: info.files.map((f) => f.path), size: info.size, unpackedSize: info.unpackedSize };
}

/**
 * Writes `dir/package.json` depending on the tarball (plus `extra` dependencies at the versions the
 * repository itself uses, and `specs`: name → version spec) and runs `npm install --prefer-offline`
 * there. Returns milliseconds taken.
 */
export function installTarball(dir, tarball, { extra = [], specs = {}, type } = {}) {
  const started = performance.now();
  const dependencies = { promokit: `file:${tarball}`, ...specs };
  for (const name of extra) dependencies[name] = installedVersion(name);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'promokit-consumer', private: true, ...(type ? { type } : {}), dependencies }, null, 2));
  const result = spawnSync(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock', '--loglevel=error'], {
    cwd: dir,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`npm install in ${dir} failed:\n${result.stdout}\n${result.stderr}`);
  return performance.now() - started;
}

/** The version of a dependency installed in the repository (so the scratch install hits npm's cache). */
export function installedVersion(name) {
  return JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
}

/** Milliseconds as `1.2 s`. */
export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
