/**
 * Your project's metadata, typed and checked from the metadata schemas the service holds, with
 * nothing written by hand:
 *
 * 1. `client.metadataSchemas.list()` reads every schema of the project (kinds of record and
 *    custom nested schemas) and saves their JSON, as a CI job would keep a snapshot.
 * 2. `npx promokit metadata-types --from` writes `promokit-metadata.d.ts` from that snapshot: the
 *    augmentation of `MetadataTypes` a project adds to its sources (without `--from` the command
 *    reads the service itself, with the `PROMOKIT_*` credentials).
 * 3. `metadataSchemasFrom(list)` builds the client's run-time checks from the same list: a
 *    customer whose metadata breaks a schema (a tier the schema does not allow, a birth date of
 *    30 February) is refused before anything is sent; a right one is created.
 *
 * Against the embedded mock service, whose default data defines the schemas of a coffee shop;
 * any other result fails the example (exit code 1).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, InvalidRequestError, metadataSchemasFrom } from 'promokit';
import { createMockService } from 'promokit/testing';
import { detail, run, step } from './lib/connect.js';

const mock = createMockService();
const client = new Client({ fetch: mock.fetch, baseUrl: mock.baseUrl, ...mock.credentials });
const scratch = mkdtempSync(join(tmpdir(), 'promokit-metadata-'));

run(async () => {
  console.log(`\nMetadata typed and checked from the service's schemas\n${'='.repeat(54)}`);
  console.log(`Running against the embedded mock service (${mock.baseUrl}, no network).\n`);
  step('Read the metadata schemas the service holds');
  const list = await client.metadataSchemas.list();
  for (const schema of list.schemas ?? []) detail(`${schema.related_object}: ${Object.keys(schema.properties).join(', ')}`);
  const snapshot = join(scratch, 'metadata-schemas.json');
  writeFileSync(snapshot, JSON.stringify(list));

  step('Write their types: npx promokit metadata-types --from metadata-schemas.json');
  // The package's command, as `npx promokit` runs it: dist/cli.js beside the entry.
  const cli = join(dirname(fileURLToPath(import.meta.resolve('promokit'))), 'cli.js');
  const out = join(scratch, 'promokit-metadata.d.ts');
  const written = spawnSync(process.execPath, [cli, 'metadata-types', '--from', snapshot, '--out', out], { encoding: 'utf8' });
  if (written.status !== 0) throw new Error(`metadata-types failed: ${written.stderr}`);
  const declarations = readFileSync(out, 'utf8');
  detail(declarations.split('\n').find((line) => line.includes('tier?:')) ?? '');
  detail(declarations.split('\n').find((line) => line.includes('channel:')) ?? '');
  const check = spawnSync(process.execPath, [cli, 'metadata-types', '--from', snapshot, '--out', out, '--check'], { encoding: 'utf8' });
  detail(`--check: exit ${check.status} (${check.stdout.trim()})`);
  if (check.status !== 0) throw new Error('the file just written should be up to date');

  step('Check metadata at run time with the same definitions');
  const checked = client.withOptions({ metadataSchemas: metadataSchemasFrom(list) });
  const before = mock.requests.length;
  const fromAForm: unknown = { tier: 'platinum', birth_date: '1990-02-30' };
  try {
    await checked.customers.create({ source_id: 'shop-user-3001', metadata: fromAForm as Record<string, unknown> });
    throw new Error('the customer should have been refused');
  } catch (error) {
    if (!(error instanceof InvalidRequestError)) throw error;
    for (const issue of error.issues) detail(`refused: metadata.${issue.path.slice(1).join('.')}: ${issue.message}`);
  }
  if (mock.requests.length !== before) throw new Error('nothing should have been sent');
  const customer = await checked.customers.create({ source_id: 'shop-user-3001', metadata: { tier: 'gold', birth_date: '1990-02-28' } });
  detail(`created ${customer.id} with tier ${String(customer.metadata?.tier)}`);
  rmSync(scratch, { recursive: true, force: true });
});
