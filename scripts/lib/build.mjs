// The one way the scripts build the package. `ensureBuilt()` runs tsup when dist/ lacks a file that
// package.json's `exports` names, or is older than anything it is built from; `missingBuildFiles()`
// names what a tarball would lack. Used by `npm test`, `npm start`, `npm pack` (prepack), the size
// gates and every script that reads dist/.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** What the build reads: a change to any of them makes dist/ stale (those that exist). */
const INPUTS = ['src', 'package.json', 'tsup.config.ts', 'tsconfig.json', join('scripts', 'browser-build.mjs'), join('scripts', 'node-chunks.mjs')];

/** The newest modification under `path`, directories' own times included (a deleted file changes its folder's). */
function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** Every file of dist/ that package.json names (`main`, `module`, `types`, each `exports` target), relative to the root. */
export function buildFiles() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const files = new Set();
  const walk = (value) => {
    if (typeof value === 'string') {
      if (value.startsWith('./dist/')) files.add(value.slice(2));
    } else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk([pkg.main, pkg.module, pkg.types, pkg.exports]);
  return [...files].sort();
}

/** The files of {@link buildFiles} that are not there. */
export function missingBuildFiles() {
  return buildFiles().filter((file) => !existsSync(join(root, file)));
}

/** True when dist/ holds every file package.json names, each newer than every input of the build. */
export function isBuilt() {
  if (missingBuildFiles().length > 0) return false;
  const built = Math.min(...buildFiles().map((file) => statSync(join(root, file)).mtimeMs));
  return (
    built >=
    Math.max(
      ...INPUTS.map((input) => join(root, input))
        .filter(existsSync)
        .map(newest),
    )
  );
}

/**
 * Builds with tsup unless {@link isBuilt} (or always, with `force`). Says what it does on one line
 * before and one after (nothing with `quiet`); throws when the build fails or leaves a file out.
 * Returns true when it built.
 */
export function ensureBuilt({ force = false, quiet = false } = {}) {
  if (!force && isBuilt()) return false;
  const say = quiet ? () => {} : (line) => console.log(line);
  const started = performance.now();
  say(
    `Building promokit into dist/ (${existsSync(join(root, 'dist')) ? 'older than src/' : 'not built yet'}): ESM, CommonJS, type declarations and the browser build; about 20 s, up to a minute on a cold machine…`,
  );
  const tsup = join(root, 'node_modules', 'tsup', 'dist', 'cli-default.js');
  if (!existsSync(tsup)) throw new Error('tsup is not installed: run `npm ci` first');
  const build = spawnSync(process.execPath, [tsup, '--silent'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (build.status !== 0) throw new Error(`the build failed (tsup exit ${build.status ?? build.signal})`);
  const missing = missingBuildFiles();
  if (missing.length > 0) throw new Error(`the build left out files package.json names: ${missing.join(', ')}`);
  say(`Built dist/ in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}

/** The promokit-mcp workspace: its folder, what its build reads, and the files it writes. */
const MCP = join(root, 'mcp');
const MCP_INPUTS = ['src', 'package.json', 'tsup.config.ts', 'tsconfig.json'];
const MCP_FILES = ['dist/index.js', 'dist/index.d.ts', 'dist/bin.js'];

/**
 * Builds the promokit-mcp workspace (mcp/dist/, with tsup) when a file of it is missing or older
 * than what it is built from (or always, with `force`); the same lines and errors as
 * {@link ensureBuilt}. Returns true when it built.
 */
export function ensureMcpBuilt({ force = false, quiet = false } = {}) {
  const stale = () => {
    if (MCP_FILES.some((file) => !existsSync(join(MCP, file)))) return true;
    const built = Math.min(...MCP_FILES.map((file) => statSync(join(MCP, file)).mtimeMs));
    return (
      built <
      Math.max(
        ...MCP_INPUTS.map((input) => join(MCP, input))
          .filter(existsSync)
          .map(newest),
      )
    );
  };
  if (!force && !stale()) return false;
  const say = quiet ? () => {} : (line) => console.log(line);
  const started = performance.now();
  say('Building promokit-mcp into mcp/dist/ (the library, its bin and its declarations)…');
  const tsup = join(root, 'node_modules', 'tsup', 'dist', 'cli-default.js');
  if (!existsSync(tsup)) throw new Error('tsup is not installed: run `npm ci` first');
  const build = spawnSync(process.execPath, [tsup, '--silent'], { cwd: MCP, stdio: ['ignore', 'inherit', 'inherit'] });
  if (build.status !== 0) throw new Error(`the promokit-mcp build failed (tsup exit ${build.status ?? build.signal})`);
  const missing = MCP_FILES.filter((file) => !existsSync(join(MCP, file)));
  if (missing.length > 0) throw new Error(`the promokit-mcp build left out ${missing.join(', ')}`);
  say(`Built mcp/dist/ in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}
