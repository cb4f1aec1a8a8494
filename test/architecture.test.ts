/**
 * The layer rules of ARCHITECTURE.md, checked by dependency-cruiser (`npm run deps`). These tests
 * show the rules hold on `src/` as it is, and that each rule fires: a scratch copy of `src/` gets
 * one forbidden import per rule, and the cruise must name exactly those rules.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const root = join(import.meta.dirname, '..');
const config = require(join(root, '.dependency-cruiser.cjs')) as { forbidden: Array<{ name: string }>; options: Record<string, unknown> };

/** The names of the rules the modules of `dir/src` break, one entry per violation. */
async function violations(dir: string): Promise<string[]> {
  const { cruise } = await import('dependency-cruiser');
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    const result = await cruise(['src'], { ...config.options, ruleSet: { forbidden: config.forbidden }, validate: true } as never);
    const output = result.output as { summary: { violations: Array<{ rule: { name: string } }> } };
    return output.summary.violations.map((v) => v.rule.name);
  } finally {
    process.chdir(cwd);
  }
}

/** Adds `line` after the imports of `file` in the scratch copy. */
function addImport(dir: string, file: string, line: string): void {
  const path = join(dir, file);
  writeFileSync(path, `${line}\n${readFileSync(path, 'utf8')}`);
}

describe('the layer rules', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'promokit-layers-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('hold on src/: no cycle, type-only imports included, and no import across a layer', async () => {
    expect(await violations(root)).toEqual([]);
  }, 60_000);

  it('each rule fires on a forbidden import', async () => {
    cpSync(join(root, 'src'), join(scratch, 'src'), { recursive: true });
    cpSync(join(root, 'tsconfig.json'), join(scratch, 'tsconfig.json'));
    // A type-level cycle: hooks.ts already imports errors.ts.
    addImport(scratch, 'src/core/errors.ts', "import type { Hooks } from './hooks.js';");
    // core reaching up into schemas.
    addImport(scratch, 'src/core/log.ts', "import type { Voucher } from '../schemas/voucher.js';");
    // schemas reaching up into resources.
    addImport(scratch, 'src/schemas/location.ts', "import type { Orders } from '../resources/orders.js';");
    // a resource importing an entry.
    addImport(scratch, 'src/resources/locations.ts', "import type { Client } from '../client.js';");
    // the browser entry reaching a server module, through the event resource.
    addImport(scratch, 'src/resources/client-events.ts', "import type { Transport } from '../core/transport.js';");
    // the SDK importing the testing entry.
    addImport(scratch, 'src/id-kind.ts', "import type { MockService } from './testing/index.js';");
    // the SDK reaching into the Redis entries' modules.
    addImport(scratch, 'src/client.ts', "import type { Reserved } from './redis/line.js';");
    // the Redis entries' modules reaching a sub-client.
    addImport(scratch, 'src/redis/keys.ts', "import type { Orders } from '../resources/orders.js';");
    // the mock service reaching into the pipeline instead of the public entry.
    addImport(scratch, 'src/testing/rate-limit.ts', "import type { Transport } from '../core/transport.js';");
    const broken = await violations(scratch);
    for (const rule of config.forbidden.map((r) => r.name).filter((name) => name !== 'no-unresolvable')) {
      expect(broken, rule).toContain(rule);
    }
  }, 60_000);
});
