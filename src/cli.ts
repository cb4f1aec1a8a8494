/**
 * `promokit`, the package's command (its `bin`): `npx promokit metadata-types` writes the types of
 * the project's metadata from the metadata schemas the service holds, and `--check` says in CI
 * when the file on disk no longer matches them. Nothing to install: it ships in the package.
 *
 * @module
 * @internal
 */
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { metadataDeclarations } from './core/metadata-declarations.js';
import { Client } from './index.js';

/** The usage, printed by `--help` and after a usage error. */
export const usage = `Usage: npx promokit metadata-types [options]

Writes a TypeScript module typing your project's metadata (module augmentation of promokit's
MetadataTypes) from the metadata schemas the service holds.

Options:
  --out FILE       the module to write (default: promokit-metadata.d.ts)
  --from FILE      read the schemas from FILE, the JSON of client.metadataSchemas.list(),
                   instead of the service
  --check          write nothing; exit 1 when FILE differs from what the schemas give now
  --base-url URL   the service's address (default: PROMOKIT_BASE_URL)
  --app-id ID      the API key ID (default: PROMOKIT_APP_ID)
  --timeout MS     milliseconds per attempt of the request (default: 30000)
  -h, --help       this text

Secrets are read from the environment only (a command line is visible to every user of the
machine): PROMOKIT_APP_TOKEN, or PROMOKIT_ACCESS_TOKEN.

Exit status: 0 done (or up to date), 1 failed (or out of date), 2 a usage error.`;

/** The largest `--from` file read, in bytes. */
export const MAX_FROM_BYTES = 16 * 1024 * 1024;

/** Where the command writes what it says. */
export interface Output {
  out(line: string): void;
  err(line: string): void;
}

/** A failure the command reports in one line, with its exit status. */
class Failure extends Error {
  constructor(
    message: string,
    readonly status: 1 | 2,
  ) {
    super(message);
  }
}

/** Runs the command with `args` (the command line after `promokit`); resolves with its exit status. */
export async function main(args: readonly string[], output: Output): Promise<number> {
  try {
    const { values, positionals } = parseCommandLine(args);
    if (values.help) {
      output.out(usage);
      return 0;
    }
    if (positionals.length !== 1 || positionals[0] !== 'metadata-types')
      throw new Failure(positionals.length === 0 ? 'name a command: metadata-types' : `unknown command: ${printable(positionals.join(' '))}`, 2);
    const out = values.out ?? 'promokit-metadata.d.ts';
    const timeout = values.timeout === undefined ? undefined : Number(values.timeout);
    if (timeout !== undefined && !(Number.isInteger(timeout) && timeout > 0)) throw new Failure(`--timeout must be a whole number of milliseconds, above 0`, 2);
    const list = values.from !== undefined ? await readList(values.from) : await fetchList(values['base-url'], values['app-id'], timeout);
    const text = metadataDeclarations(list);
    const from = values.from ?? 'the service';
    if (values.check) {
      const current = await readCurrent(out);
      if (current === undefined) throw new Failure(`${printable(out)} is missing: run npx promokit metadata-types`, 1);
      const line = firstDifference(current.replace(/\r\n/g, '\n'), text);
      if (line !== undefined)
        throw new Failure(
          `${printable(out)} is out of date with the metadata schemas of ${printable(from)} (first difference at line ${line}): run npx promokit metadata-types`,
          1,
        );
      output.out(`${out} is up to date with the metadata schemas of ${from}`);
      return 0;
    }
    await writeAtomically(out, text);
    output.out(`wrote ${out} from the metadata schemas of ${from}`);
    return 0;
  } catch (error) {
    if (error instanceof Failure) {
      output.err(`promokit: ${error.message}`);
      if (error.status === 2) output.err(usage);
      return error.status;
    }
    // promokit's errors carry no secret; any other is described by its message alone.
    output.err(`promokit: ${printable(error instanceof Error ? error.message : String(error))}`);
    return 1;
  }
}

/** The command line, or a usage error naming what is wrong. */
function parseCommandLine(args: readonly string[]) {
  try {
    return parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: {
        out: { type: 'string' },
        from: { type: 'string' },
        check: { type: 'boolean' },
        'base-url': { type: 'string' },
        'app-id': { type: 'string' },
        timeout: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new Failure(printable(error instanceof Error ? error.message : String(error)), 2);
  }
}

/** The schemas of a `--from` file: its JSON, at most {@link MAX_FROM_BYTES} bytes. */
async function readList(file: string): Promise<unknown> {
  const size = await stat(file).then(
    (info) => (info.isFile() ? info.size : Number.NaN),
    (error: Error) => {
      throw new Failure(`cannot read ${printable(file)}: ${printable(error.message)}`, 1);
    },
  );
  if (!(size <= MAX_FROM_BYTES)) throw new Failure(`${printable(file)} is ${Number.isNaN(size) ? 'not a file' : `larger than ${MAX_FROM_BYTES} bytes`}`, 1);
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Failure(`${printable(file)} is not JSON: ${printable(error instanceof Error ? error.message : String(error))}`, 1);
  }
}

/** The module on disk that `--check` compares, or `undefined` when there is none; at most {@link MAX_FROM_BYTES} bytes. */
async function readCurrent(file: string): Promise<string | undefined> {
  const size = await stat(file).then(
    (info) => (info.isFile() ? info.size : Number.NaN),
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw new Failure(`cannot read ${printable(file)}: ${printable(error.message)}`, 1);
    },
  );
  if (size === undefined) return undefined;
  // Larger than any module the schemas give: out of date, without reading it.
  if (!(size <= MAX_FROM_BYTES)) return '';
  return readFile(file, 'utf8');
}

/** The schemas the service holds, read with the usual credentials (options, else `PROMOKIT_*`). */
async function fetchList(baseUrl: string | undefined, appId: string | undefined, timeout: number | undefined): Promise<unknown> {
  const client = new Client({
    ...(baseUrl !== undefined && { baseUrl }),
    ...(appId !== undefined && { appId }),
    ...(timeout !== undefined && { timeout }),
    validation: 'strict',
  });
  return client.metadataSchemas.list();
}

/** The first line (from 1) where `a` and `b` differ, or `undefined` when they are the same. */
function firstDifference(a: string, b: string): number | undefined {
  if (a === b) return undefined;
  const left = a.split('\n');
  const right = b.split('\n');
  let line = 0;
  while (line < left.length && line < right.length && left[line] === right[line]) line++;
  return line + 1;
}

/** Writes `text` to `file` through a file beside it, so a reader never sees half a module. */
async function writeAtomically(file: string, text: string): Promise<void> {
  const partial = `${file}.${process.pid}.partial`;
  try {
    await writeFile(partial, text, { flag: 'wx' });
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw new Failure(`cannot write ${printable(file)}: ${printable(error instanceof Error ? error.message : String(error))}`, 1);
  }
}

/** Text as one printable line of at most 300 characters: control characters escaped. */
function printable(text: string): string {
  const escaped = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return escaped.length > 300 ? `${escaped.slice(0, 300)}…` : escaped;
}

// Run as the package's `bin`; imported (by a test), it only exports.
if (process.argv[1] !== undefined && /(?:^|[\\/])(?:cli\.[cm]?js|promokit)$/.test(process.argv[1])) {
  main(process.argv.slice(2), { out: (line) => console.log(line), err: (line) => console.error(line) }).then((status) => {
    process.exitCode = status;
  });
}
