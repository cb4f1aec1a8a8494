/**
 * What every example shares: a client for the embedded mock service, or for a real service when
 * `PROMOKIT_BASE_URL` is set, and small helpers to print what happened.
 *
 * Against a real service the client reads its settings from the environment
 * (`PROMOKIT_BASE_URL`, `PROMOKIT_APP_ID`, `PROMOKIT_APP_TOKEN`, `PROMOKIT_ACCESS_TOKEN`, and for
 * client-side events `PROMOKIT_CLIENT_APPLICATION_ID`, `PROMOKIT_CLIENT_TOKEN`,
 * `PROMOKIT_ORIGIN`), and each example reads the IDs it needs from `PROMOKIT_EXAMPLE_*`
 * variables, named in its header.
 */
import { ApiError, Client } from 'promokit';
import { createMockService, type MockSeedIds, type MockService } from 'promokit/testing';

/** True when the examples talk to a real service. */
export const live = Boolean(process.env.PROMOKIT_BASE_URL);

/** A client, and the mock behind it (absent against a real service). */
export interface Setup {
  client: Client;
  mock: MockService | undefined;
  /** Where the client sends its requests. */
  target: string;
  /**
   * An ID the example needs: `PROMOKIT_EXAMPLE_<name>` against a real service, the mock's own
   * record otherwise. Exits with a clear message when the variable is missing.
   */
  id(name: string, fromMock: (ids: MockSeedIds) => string): string;
  /** Like {@link id}, but `undefined` against a real service without the variable (the step is skipped). */
  optionalId(name: string, fromMock: (ids: MockSeedIds) => string): string | undefined;
}

/** Connects to the mock service, or to the real one when `PROMOKIT_BASE_URL` is set. */
export function connect(): Setup {
  const mock = live ? undefined : createMockService();
  const client = mock ? new Client({ fetch: mock.fetch, baseUrl: mock.baseUrl, ...mock.credentials }) : new Client();
  const optionalId = (name: string, fromMock: (ids: MockSeedIds) => string) => (mock ? fromMock(mock.ids) : process.env[`PROMOKIT_EXAMPLE_${name}`]);
  return {
    client,
    mock,
    target: mock ? `the embedded mock service (${mock.baseUrl}, no network)` : `the service at ${process.env.PROMOKIT_BASE_URL}`,
    optionalId,
    id(name, fromMock) {
      const value = optionalId(name, fromMock);
      if (value === undefined || value === '') {
        console.error(`Set PROMOKIT_EXAMPLE_${name} to run this example against a real service.`);
        process.exit(2);
      }
      return value;
    },
  };
}

/** Prints the example's title and where it runs. */
export function title(text: string, setup: Setup): void {
  console.log(`\n${text}\n${'='.repeat(text.length)}\nRunning against ${setup.target}.\n`);
}

let stepNumber = 0;

/** Prints a numbered step. */
export function step(text: string): void {
  stepNumber += 1;
  console.log(`${stepNumber}. ${text}`);
}

/** Prints a detail line under a step. */
export function detail(text: string): void {
  console.log(`   ${text}`);
}

/** An amount in the smallest currency unit as money: `4500` → `45.00`. */
export function money(amount: number | null | undefined): string {
  return ((amount ?? 0) / 100).toFixed(2);
}

/** A whole number with thousands separators: `1250` → `1,250`. */
export function count(value: number | null | undefined): string {
  return (value ?? 0).toLocaleString('en-US');
}

/** `n` and the noun, plural when `n` is not 1: `plural(1, 'page')` → `1 page`. */
export function plural(n: number, noun: string): string {
  return `${count(n)} ${noun}${n === 1 ? '' : 's'}`;
}

/** A one-line description of an API error: status, key and details. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return `${error.status} ${error.key ?? ''}: ${error.details ?? error.message}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** Runs an example's main function; prints a failure and sets the exit code. */
export function run(main: () => Promise<void>): void {
  main().then(
    () => console.log(''),
    (error: unknown) => {
      console.error(`\nThe example failed: ${describeError(error)}`);
      process.exitCode = 1;
    },
  );
}
