/**
 * Known credentials, a logger that keeps every line at `debug`, and a scanner that looks for the
 * credentials in everything an error or a client can show.
 */
import { inspect } from 'node:util';
import type { Logger } from '../../../src/index.js';

/** Credentials with distinctive values, so a leak of any of them is found by a substring search. */
export const SECRETS = {
  appId: 'app-id-reliability',
  appToken: 'APPTOKEN-9f3c1e7a-LEAKCHECK-5d2b',
  accessToken: 'ACCESSTOKEN-4b8e2d6f-LEAKCHECK-a1c9',
  clientApplicationId: 'client-app-reliability',
  clientToken: 'CLIENTTOKEN-7e1a5c3b-LEAKCHECK-f0d4',
  origin: 'https://shop.example.com',
} as const;

/** What is searched for: each secret whole, and a distinctive fragment of each (a partial leak). */
const NEEDLES: readonly string[] = [SECRETS.appToken, SECRETS.accessToken, SECRETS.clientToken, '9f3c1e7a', '4b8e2d6f', '7e1a5c3b'];

/** A logger that records every line, with its arguments inspected as deeply as Node can. */
export class RecordingLogger implements Logger {
  readonly lines: string[] = [];
  readonly warnings: string[] = [];

  #record(level: string, message: string, rest: unknown[]): void {
    const line = `${level} ${message} ${rest.map((r) => inspect(r, { depth: Infinity, showHidden: true })).join(' ')}`;
    this.lines.push(line);
    if (level === 'warn') this.warnings.push(line);
  }

  debug(message: string, ...rest: unknown[]): void {
    this.#record('debug', message, rest);
  }
  info(message: string, ...rest: unknown[]): void {
    this.#record('info', message, rest);
  }
  warn(message: string, ...rest: unknown[]): void {
    this.#record('warn', message, rest);
  }
  error(message: string, ...rest: unknown[]): void {
    this.#record('error', message, rest);
  }
}

/** One place a secret was found. */
export interface Leak {
  where: string;
  needle: string;
}

/** Every rendering of an error a user, a log pipeline or an error tracker may produce. */
export function renderingsOfError(error: unknown): Record<string, string> {
  const e = error as Error;
  return {
    message: String(e?.message),
    string: String(error),
    stack: String(e?.stack),
    json: safeJson(error),
    inspect: inspect(error, { depth: Infinity, showHidden: true }),
    'inspect (no custom inspect)': inspect(error, { depth: Infinity, showHidden: true, customInspect: false }),
    cause: inspect(e?.cause, { depth: Infinity, showHidden: true }),
    'own properties': safeJson(Object.fromEntries(Object.getOwnPropertyNames(error ?? {}).map((k) => [k, (error as Record<string, unknown>)[k]]))),
  };
}

/** Every rendering of a client object. */
export function renderingsOfObject(value: unknown): Record<string, string> {
  return {
    string: String(value),
    json: safeJson(value),
    inspect: inspect(value, { depth: Infinity, showHidden: true }),
    'inspect (no custom inspect)': inspect(value, { depth: Infinity, showHidden: true, customInspect: false }),
    'Object.keys': safeJson(
      Object.fromEntries(Object.keys(value ?? {}).map((k) => [k, inspect((value as Record<string, unknown>)[k], { depth: Infinity, showHidden: true })])),
    ),
  };
}

/** Finds the secrets in a set of texts. */
export function findLeaks(label: string, texts: Record<string, string> | readonly string[]): Leak[] {
  const leaks: Leak[] = [];
  const entries = Array.isArray(texts) ? texts.map((t, i) => [`${i}`, t] as const) : Object.entries(texts);
  for (const [where, text] of entries) {
    for (const needle of NEEDLES) if (text.includes(needle)) leaks.push({ where: `${label}: ${where}`, needle });
  }
  return leaks;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'undefined';
  } catch (error) {
    return `<not serialisable: ${String(error)}>`;
  }
}
