#!/usr/bin/env node
// What a user who builds promokit from source does, checked end to end: a fresh `git clone` of
// the repository (its committed HEAD: no dist/, no node_modules), `npm ci && npm pack` there
// (`prepack` builds dist/), the tarball installed into a scratch project outside the clone, then
// loaded there with ESM `import` and CommonJS `require`, each making two calls against the mock
// service of `promokit/testing` (in memory, no network).
//
//   npm run pack:fresh           prints each step with its time; exits non-zero when one fails
//   npm run pack:fresh -- --keep keeps the scratch folder and says where it is
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './lib/build.mjs';
import { seconds } from './lib/package-tarball.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const work = mkdtempSync(join(tmpdir(), 'promokit-fresh-pack-'));
const clone = join(work, 'promokit');
const consumer = join(work, 'consumer');
const started = performance.now();

/** Runs one step; prints `ok  name (time)` or its output and exits. Returns stdout. */
function step(name, command, args, cwd, check = () => '') {
  const t0 = performance.now();
  const out = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  const problem = out.status !== 0 ? `exit ${out.status ?? out.signal}` : check(out.stdout);
  if (problem) {
    console.log(`FAIL  ${name}: ${problem}\n${out.stdout}${out.stderr}`);
    finish(false);
  }
  console.log(`ok    ${name} (${seconds(performance.now() - t0)})`);
  return out.stdout;
}

function finish(ok) {
  if (process.argv.includes('--keep')) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
  console.log(`pack:fresh: ${ok ? 'ok' : 'FAILED'} (${seconds(performance.now() - started)})`);
  process.exit(ok ? 0 : 1);
}

const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' }).stdout.trim();
if (dirty) console.log('(uncommitted changes are not in the clone: it checks the committed HEAD)');

step('git clone (no dist/, no node_modules)', 'git', ['clone', '--quiet', '--no-hardlinks', root, clone], work, () =>
  existsSync(join(clone, 'dist')) || existsSync(join(clone, 'node_modules')) ? 'the clone already holds dist/ or node_modules/' : '',
);
step('npm ci', npm, ['ci', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], clone);
const packed = step('npm pack (prepack builds dist/)', npm, ['pack', '--json', '--pack-destination', work, '--loglevel=error'], clone, (stdout) => {
  const files = JSON.parse(stdout.slice(stdout.indexOf('[')))[0].files.map((f) => f.path);
  return files.includes('dist/index.js') && files.includes('dist/index.cjs') && files.includes('dist/browser/client-side.js')
    ? ''
    : `the tarball has no dist/: ${files.join(', ')}`;
});
const [{ filename, files }] = JSON.parse(packed.slice(packed.indexOf('[')));
console.log(`      ${filename}: ${files.length} files, ${files.filter((f) => f.path.startsWith('dist/')).length} of them in dist/`);

mkdirSync(consumer);
writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'scratch', private: true }, null, 2));
step(
  `npm install ../${filename} in a scratch project`,
  npm,
  ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', join(work, filename)],
  consumer,
);

/** Two calls against the in-memory mock service: a member's points, and an unknown member's error class. */
const program = (load) => `${load}
const mock = createMockService();
const client = new Client({ fetch: mock.fetch, baseUrl: mock.baseUrl, ...mock.credentials });
const member = await client.loyalties.getMember(mock.ids.members.ada);
const notFound = await client.loyalties.getMember('NO-SUCH-MEMBER').then(() => false, (error) => error instanceof NotFoundError);
console.log(JSON.stringify({ points: member.loyalty_card?.points, notFound }));
`;
writeFileSync(join(consumer, 'esm.mjs'), program("import { Client, NotFoundError } from 'promokit';\nimport { createMockService } from 'promokit/testing';"));
writeFileSync(
  join(consumer, 'cjs.cjs'),
  `(async () => {\n${program("const { Client, NotFoundError } = require('promokit');\nconst { createMockService } = require('promokit/testing');")}})();`,
);
const expected = JSON.stringify({ points: 1250, notFound: true });
for (const file of ['esm.mjs', 'cjs.cjs']) {
  step(`node ${file} (${file.startsWith('esm') ? 'import' : 'require'} 'promokit', two calls)`, process.execPath, [file], consumer, (stdout) =>
    stdout.trim() === expected ? '' : `printed ${stdout.trim()}, expected ${expected}`,
  );
}
finish(true);
