/**
 * Service text made safe: what a service writes in an error body reaches `error.message`, and so
 * the caller's logs and terminal. Control characters are escaped (no forged log line, no ANSI
 * escape), a huge body is quoted short, and a token the service echoes back is scrubbed from
 * every rendering of the error. Secret headers given in `headers` are redacted from debug logs.
 */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ApiError, AuthenticationError, BadRequestError, Client, InternalServerError } from '../../src/index.js';
import { useRecorders } from '../helpers/recorder.js';
import { json, keys, member, secrets, settle } from './servers.js';
import { useFigures } from './table.js';

const serve = useRecorders().startRaw;
const record = useFigures('hostile/text');

/** CR, LF, ESC and the other characters that would break or drive a log line or a terminal. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

describe('error text from the service', () => {
  it('CR, LF and ANSI escapes in an error body are escaped in error.message', async () => {
    const forged = 'Voucher refused\r\n2026-03-18T09:30:00Z INFO payment accepted \u001b[32mOK\u001b[0m\u001b]0;pwned\u0007';
    const service = await serve((request, res) => {
      if (request.target.includes('html')) res.writeHead(502, { 'content-type': 'text/html' }).end(`<h1>Bad gateway</h1>\n\u001b[2J\u001b[31m${forged}`);
      else json(res, 400, { code: 400, key: 'bad\r\nkey', message: forged, details: 'field\nX-Injected: 1' });
    });
    const client = new Client({ baseUrl: service.url, ...keys, maxRetries: 0, logLevel: 'off' });
    const json400 = (await settle(client.loyalties.getMember('LOYAL-H1'))).error as ApiError;
    const html502 = (await settle(client.loyalties.getMember('html'))).error as ApiError;
    expect(json400).toBeInstanceOf(BadRequestError);
    expect(html502).toBeInstanceOf(InternalServerError);
    for (const error of [json400, html502]) {
      expect(error.message).not.toMatch(CONTROL);
      const fields = Object.values(JSON.parse(JSON.stringify(error)) as Record<string, unknown>);
      expect(fields.filter((value) => typeof value === 'string' && CONTROL.test(value))).toEqual([]);
    }
    expect(json400.message).toContain('Voucher refused\\u000d\\u000a2026-03-18T09:30:00Z');
    expect(json400.message).toContain('\\u001b[32mOK');
    expect(json400.key).toBe('bad\\u000d\\u000akey');
    expect(json400.details).toBe('field\\u000aX-Injected: 1');
    // The raw body is kept as received, for code that asks for it.
    expect((json400.body as { message: string }).message).toBe(forged);
    const count = (text: string) => [...text].filter((c) => CONTROL.test(c)).length;
    record(
      'text-control',
      `${count(forged) * 2 + 3} control characters sent (a JSON 400 and an HTML 502); in \`error.message\`, \`key\`, \`details\` and \`JSON.stringify(error)\`: ${count(json400.message) + count(html502.message) + count(JSON.stringify(json400))}`,
    );
  });

  it('a 1 MB error body gives a short message', async () => {
    const huge = 'x'.repeat(1_000_000);
    const service = await serve((request, res) => {
      if (request.target.includes('text')) res.writeHead(503, { 'content-type': 'text/plain' }).end(huge);
      else json(res, 422, { code: 422, key: 'invalid', message: huge, details: huge });
    });
    const client = new Client({ baseUrl: service.url, ...keys, maxRetries: 0, logLevel: 'off' });
    const lengths = [];
    for (const id of ['LOYAL-H1', 'text']) {
      const { error } = await settle(client.loyalties.getMember(id));
      expect(error).toBeInstanceOf(ApiError);
      const { message } = error as Error;
      // Two quotes of at most 300 characters each, and the call's own words.
      expect(message.length).toBeLessThan(1_000);
      expect(message).toContain('x'.repeat(100));
      lengths.push(message.length);
    }
    record(
      'text-1mb',
      `message length: ${lengths[0]} characters (JSON \`message\` and \`details\` of 1,000,000 each), ${lengths[1]} (a 1,000,000-character text body)`,
    );
  });

  it('a 401 echoing the tokens does not put them in error.message, JSON.stringify(error) or util.inspect(error)', async () => {
    // The service echoes what the request carried, and the client's other keys for good measure.
    const service = await serve((request, res) => {
      const { authorization, 'x-app-token': appToken, 'x-client-token': clientToken } = request.headers;
      const echo = `got ${String(authorization)} ${String(appToken)} ${String(clientToken)}; app ${keys.appId}/${keys.appToken}, client ${keys.clientToken}`;
      json(
        res,
        401,
        { code: 401, key: 'unauthorized', message: `Invalid ${echo}`, details: echo },
        { 'www-authenticate': `Bearer error="invalid_token" token="${String(authorization).slice(7)}"`, 'x-echo': echo },
      );
    });
    const fresh = 'fresh-token-SECRET-from-function-9';
    const clients = [
      new Client({ baseUrl: service.url, ...keys, logLevel: 'off' }),
      new Client({ baseUrl: service.url, ...keys, accessToken: () => fresh, logLevel: 'off' }),
    ];
    const errors: Error[] = [];
    for (const client of clients) {
      errors.push((await settle(client.loyalties.getMember('LOYAL-H1'))).error as Error);
      errors.push((await settle(client.clientEvents.track({ event: 'signed_up', customer: { source_id: 'c-1' } }))).error as Error);
    }
    const renderings = errors.flatMap((error) => {
      expect(error).toBeInstanceOf(AuthenticationError);
      return [
        error.message,
        String(error),
        error.stack ?? '',
        JSON.stringify(error),
        inspect(error),
        inspect(error, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
      ];
    });
    let found = 0;
    for (const text of renderings) for (const secret of [...secrets, fresh]) if (text.includes(secret)) found++;
    expect(found).toBe(0);
    // The service's words are still there, the tokens replaced.
    expect(errors[0]!.message).toContain('[redacted]');
    record(
      'text-echoed-tokens',
      `${errors.length} \`AuthenticationError\`s (a read and an event; a string token and a token function) × ${renderings.length / errors.length} renderings: tokens found ${found}`,
    );
  });

  it('debug logs redact cookie, proxy-authorization and x-api-key given in headers, which are sent as given', async () => {
    const service = await serve((_request, res) => json(res, 200, member));
    const given = {
      cookie: 'session=cookie-SECRET-4',
      'proxy-authorization': 'Basic proxy-SECRET-5',
      'x-api-key': 'api-key-SECRET-6',
      'x-correlation-id': 'order-1234',
    };
    const lines: string[] = [];
    const log = (message: string, ...rest: unknown[]) => void lines.push(`${message} ${rest.map((r) => JSON.stringify(r)).join(' ')}`);
    const client = new Client({ baseUrl: service.url, ...keys, headers: given, logLevel: 'debug', logger: { debug: log, info: log, warn: log, error: log } });
    await client.loyalties.getMember('LOYAL-H1');
    const text = lines.join('\n');
    expect(lines.length).toBeGreaterThan(0);
    const hidden = ['cookie', 'proxy-authorization', 'x-api-key'] as const;
    for (const name of hidden) {
      expect(text).not.toContain(given[name]);
      expect(text).toContain(`"${name}":"[redacted]"`);
    }
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).toContain('"x-correlation-id":"order-1234"');
    // Redacted in the log only: the service gets them.
    const sent = service.sent[0]!.headers;
    for (const name of hidden) expect(sent[name]).toBe(given[name]);
    record(
      'text-debug-redaction',
      `${lines.length} debug lines: ${hidden.length} of 3 headers shown as \`[redacted]\`, secret values found 0; sent as given: ${hidden.filter((name) => sent[name] === given[name]).length} of 3`,
    );
  });
});
