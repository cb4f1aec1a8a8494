/**
 * No access token from `cachedAccessToken` shows anywhere a program can print: not in the
 * `Client` (`JSON.stringify`, `util.inspect`), not in the errors of a call refused twice with 401
 * by a service that echoes the token back in its error body and headers, not in any hook event,
 * not in any log line at `debug`. Over a node:http service on 127.0.0.1.
 */
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthenticationError, cachedAccessToken, Client, type FetchedToken } from '../../src/index.js';
import { keys } from '../helpers/keys.js';
import { startRecorder, type Recorder } from '../helpers/recorder.js';

let service: Recorder | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

/** Every form an object may be printed or serialised in. */
const shown = (value: unknown): string[] => [
  JSON.stringify(value) ?? '',
  inspect(value, { depth: 10, showHidden: true, getters: true }),
  String(value),
  ...(value instanceof Error ? [value.message, value.stack ?? '', inspect(value.cause, { depth: 10 })] : []),
];

describe('the access token is never shown', () => {
  it('by the client, the errors, the hook events or the logs of a call refused twice with 401', async () => {
    const issued: string[] = [];
    // The service echoes the token it was sent: in the error body and in a response header.
    service = await startRecorder((sent) => {
      const token = (sent.headers.authorization ?? '').replace(/^Bearer /, '');
      return {
        status: 401,
        headers: { 'www-authenticate': `Bearer error="invalid_token", token="${token}"` },
        body: { code: 401, key: 'unauthorized', message: `Unknown token ${token}`, details: `token ${token} is not valid` },
      };
    });
    let n = 0;
    const fetchToken = async (): Promise<FetchedToken> => {
      const token = `tok-SECRET-${++n}-7c1e0b9a`;
      issued.push(token);
      return { token, expiresIn: 300 };
    };
    const events: unknown[] = [];
    const lines: unknown[] = [];
    const logger = {
      debug: (...a: unknown[]) => void lines.push(a),
      info: (...a: unknown[]) => void lines.push(a),
      warn: (...a: unknown[]) => void lines.push(a),
      error: (...a: unknown[]) => void lines.push(a),
    };
    const client = new Client({
      baseUrl: service.url,
      appId: keys.appId,
      appToken: keys.appToken,
      accessToken: cachedAccessToken(fetchToken),
      logger,
      logLevel: 'debug',
      hooks: { request: (e) => events.push(e), response: (e) => events.push(e), retry: (e) => events.push(e), error: (e) => events.push(e) },
    });

    const error = await client.loyalties.getMember('L1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    // The test is only worth its salt if the tokens were sent and echoed.
    expect(issued).toHaveLength(2);
    expect(service.sent.map((s) => s.headers.authorization)).toEqual(issued.map((t) => `Bearer ${t}`));
    expect(events.map((e) => (e as { attempt: number }).attempt)).toEqual([1, 1, 1, 2, 2, 2]);
    expect(lines.length).toBeGreaterThan(0);

    const everything = [
      ...shown(client),
      ...shown(error),
      ...shown((error as AuthenticationError).body),
      ...shown((error as AuthenticationError).headers),
      ...events.flatMap(shown),
      ...lines.flatMap(shown),
    ];
    for (const text of everything) {
      for (const token of issued) expect(text).not.toContain(token);
      expect(text).not.toContain(keys.appToken);
    }
    // Scrubbed, not dropped: the rest of the service's words are kept.
    expect((error as AuthenticationError).message).toContain('Unknown token [redacted]');
  });
});
