// Shared by scripts/packaging.mjs, scripts/consumers.mjs and scripts/runtimes.mjs: build the
// package when dist/ is stale, `npm pack` it, and install the tarball into a scratch project the
// way a user's project gets it (no access to the repository's own node_modules).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The public entries and the files each must ship. */
export const entries = ['index', 'client-side', 'testing', 'limiter-redis'];

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** Builds with tsup unless dist/ holds every entry's files and is newer than its inputs. */
export function ensureBuilt({ force = false, log = console.log } = {}) {
  const outputs = entries.flatMap((e) => [`${e}.js`, `${e}.cjs`, `${e}.d.ts`, `${e}.d.cts`]).map((f) => join(root, 'dist', f));
  const inputs = Math.max(newest(join(root, 'src')), newest(join(root, 'package.json')), newest(join(root, 'tsup.config.ts')));
  if (!force && outputs.every(existsSync) && Math.min(...outputs.map((f) => statSync(f).mtimeMs)) >= inputs) return false;
  log('building dist/ (missing or older than src/) …');
  const tsup = join(root, 'node_modules', 'tsup', 'dist', 'cli-default.js');
  const build = spawnSync(process.execPath, [tsup, '--silent'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (build.status !== 0) throw new Error(`the build failed (tsup exit ${build.status})`);
  return true;
}

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
  const result = spawnSync(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock', '--loglevel=error'], { cwd: dir, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`npm install in ${dir} failed:\n${result.stdout}\n${result.stderr}`);
  return performance.now() - started;
}

/** The version of a dependency installed in the repository (so the scratch install hits npm's cache). */
export function installedVersion(name) {
  return JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
}

/** Milliseconds as `1.2 s`. */
export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
