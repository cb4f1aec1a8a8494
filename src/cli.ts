/**
 * `promokit`, the package's command (its `bin`): `npx promokit metadata-types` writes the types of
 * the project's metadata from the metadata schemas the service holds, and `--check` says in CI
 * when the file on disk no longer matches them. Nothing to install: it ships in the package.
 *
 * @module
 * @internal
 */
import { lstat, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { metadataDeclarations } from './core/metadata-declarations.js';
import { Client, ConfigurationError } from './index.js';

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

The schemas are read with the app keys and a bearer token, both: the API key ID (--app-id or
PROMOKIT_APP_ID), PROMOKIT_APP_TOKEN and PROMOKIT_ACCESS_TOKEN. The two secrets are read from the
environment only (a command line is visible to every user of the machine). --from needs none.

FILE is written through a file beside it, then renamed: an existing FILE must be a regular
file (a symbolic link, a directory or a device is refused, never replaced). Nothing is written
when the schemas hold one of the secrets above.

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
    await checkOut(out);
    const list = values.from !== undefined ? await readList(values.from) : await fetchList(values['base-url'], values['app-id'], timeout);
    const text = metadataDeclarations(list);
    refuseSecrets(list, text);
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

/** The settings the command reads the schemas with: the client's option, and where the command takes it from. */
const settings = {
  baseUrl: { what: 'the base URL', from: '--base-url or PROMOKIT_BASE_URL', env: 'PROMOKIT_BASE_URL' },
  appId: { what: 'the API key ID', from: '--app-id or PROMOKIT_APP_ID', env: 'PROMOKIT_APP_ID' },
  appToken: { what: 'the app token', from: 'PROMOKIT_APP_TOKEN', env: 'PROMOKIT_APP_TOKEN' },
  accessToken: { what: 'the access token', from: 'PROMOKIT_ACCESS_TOKEN', env: 'PROMOKIT_ACCESS_TOKEN' },
} as const;

/** A setting from the environment, `undefined` when it is not set or empty. */
function env(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
}

/**
 * The schemas the service holds, read with the command's settings: `--base-url` and `--app-id`,
 * else `PROMOKIT_BASE_URL` and `PROMOKIT_APP_ID`, and the two secrets from the environment. A
 * setting missing or wrong is a failure in the command's own words (its option or variable).
 */
async function fetchList(baseUrl: string | undefined, appId: string | undefined, timeout: number | undefined): Promise<unknown> {
  const given = {
    baseUrl: baseUrl ?? env('PROMOKIT_BASE_URL'),
    appId: appId ?? env('PROMOKIT_APP_ID'),
    appToken: env('PROMOKIT_APP_TOKEN'),
    accessToken: env('PROMOKIT_ACCESS_TOKEN'),
  };
  const missing = (Object.keys(settings) as Array<keyof typeof settings>).filter((name) => given[name] === undefined);
  if (missing.length > 0)
    throw new Failure(
      `${missing.map((name) => `${settings[name].what} (${settings[name].from})`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing: the metadata schemas are read with the app keys and a bearer token, both (npx promokit --help)`,
      1,
    );
  try {
    const client = new Client({ ...given, ...(timeout !== undefined && { timeout }), validation: 'strict' });
    return await client.metadataSchemas.list();
  } catch (error) {
    throw error instanceof ConfigurationError ? inOwnWords(error) : error;
  }
}

/** A client's {@link ConfigurationError} said in the command's words: the option or variable the setting came from. */
function inOwnWords(error: ConfigurationError): Error {
  const setting = Object.hasOwn(settings, error.option) ? settings[error.option as keyof typeof settings] : undefined;
  if (!setting) return error;
  const rule = /\boption (must .*)$/.exec(error.message)?.[1] ?? 'is not one the client takes';
  return new Failure(`${setting.what} (${setting.from}) ${rule}`, 1);
}

/** The fewest characters in a row of a secret that the written module may not hold. */
const SECRET_PIECE = 8;

/**
 * Refuses to write, or compare, schemas that hold a secret of the command (a key or a value
 * echoing the app token or the access token): it would land in a file a project commits. The
 * schemas are looked through as given, and the module as written is read as a whole: its words
 * (every string literal, decoded, and every bare word, comments left out) joined in the order
 * written may hold no {@link SECRET_PIECE} characters in a row of a secret, in any letter case,
 * so a secret cut across a key and its `eq` values, or across keys, is refused too.
 */
function refuseSecrets(list: unknown, text: string): void {
  let raw: string;
  try {
    raw = JSON.stringify(list) ?? '';
  } catch {
    raw = '';
  }
  const written = wordsOf(text).toLowerCase();
  for (const name of ['PROMOKIT_APP_TOKEN', 'PROMOKIT_ACCESS_TOKEN'] as const) {
    const secret = env(name);
    // As the SDK scrubs its errors: in any letter case and JSON-escaped; a value under 8 characters is no secret to look for.
    if (secret === undefined || secret.length < 8) continue;
    const forms = [secret, JSON.stringify(secret).slice(1, -1)].map((form) => form.toLowerCase());
    const pieces = Array.from({ length: secret.length - SECRET_PIECE + 1 }, (_, at) => secret.slice(at, at + SECRET_PIECE).toLowerCase());
    if (forms.some((form) => raw.toLowerCase().includes(form)) || pieces.some((piece) => written.includes(piece)))
      throw new Failure(
        `the metadata schemas hold the value of ${name} (a key name or a value echoing it, whole or in pieces): refusing to write it into a file; nothing written`,
        1,
      );
  }
}

/**
 * What a module holds of the service's words: its string literals (decoded) and its bare words
 * (keys, names), joined in the order written, without the syntax between them; comment lines,
 * which carry only fixed words and numbers, left out.
 */
function wordsOf(text: string): string {
  let words = '';
  for (const line of text.split('\n')) {
    if (/^\s*(\/\/|\/\*\*)/.test(line)) continue;
    for (const [word] of line.matchAll(/"(?:[^"\\]|\\.)*"|[^\s"?:;|{}[\]<>(),=]+/g)) words += word.startsWith('"') ? (JSON.parse(word) as string) : word;
  }
  return words;
}

/**
 * Refuses an `--out` that exists and is not a regular file: a symbolic link (written through the
 * rename, the link would be replaced; a link is never followed nor replaced silently), a
 * directory, a device, a pipe, a socket.
 */
async function checkOut(file: string): Promise<void> {
  const info = await lstat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw new Failure(`cannot read ${printable(file)}: ${printable(error.message)}`, 1);
  });
  if (!info || info.isFile()) return;
  const kind = info.isSymbolicLink() ? 'a symbolic link' : info.isDirectory() ? 'a directory' : 'not a regular file (a device, a pipe or a socket)';
  throw new Failure(`${printable(file)} is ${kind}: refusing to replace it; give --out the path of a regular file, or of none yet`, 1);
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
