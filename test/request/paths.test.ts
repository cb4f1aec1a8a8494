/**
 * `client.request()` and `client.requestList()` can never be pointed at another host or outside
 * the service's `/v1/` paths: absolute URLs, protocol-relative `//host`, `..` and `.` segments in
 * any encoding, CR/LF and other control characters, backslashes, a query or fragment in the path,
 * and paths not under `/v1/` (or `/client/v1/`) are refused with `InvalidRequestError` before
 * fetch is called. Values in `pathParams` are one encoded segment each: they cannot climb out.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Client, InvalidRequestError, type CustomRequest } from '../../src/index.js';
import { keys } from '../helpers/keys.js';
import { recorders, type Recorder } from '../helpers/recorder.js';
import { noUnhandledRejections } from '../helpers/unhandled.js';

const unhandled = noUnhandledRejections();

let recorder: Recorder | undefined;
afterEach(async () => {
  await recorder?.close();
  recorder = undefined;
});

const hostile: Array<[string, string]> = [
  ['an absolute https URL', 'https://evil.example/v1/campaigns'],
  ['an absolute http URL to this machine', 'http://127.0.0.1:1/v1/campaigns'],
  ['a URL of another scheme', 'javascript:alert(1)//v1/'],
  ['a file URL', 'file:///etc/passwd'],
  ['protocol-relative //host', '//evil.example/v1/campaigns'],
  ['//host after /v1', '/v1//evil.example/campaigns'],
  ['backslashes (read as slashes by URL parsers)', '/v1/\\\\evil.example/x'],
  ['a backslash dot-dot', '/v1/campaigns\\..\\..\\admin'],
  ['a .. segment', '/v1/../admin'],
  ['a trailing .. segment', '/v1/campaigns/..'],
  ['a . segment', '/v1/./campaigns'],
  ['%2e%2e', '/v1/%2e%2e/admin'],
  ['%2E%2E', '/v1/%2E%2E/admin'],
  ['.%2e', '/v1/.%2e/admin'],
  ['%2e.', '/v1/%2e./admin'],
  ['an encoded slash and dots', '/v1/campaigns%2f..%2f..%2fadmin'],
  ['double-encoded dots', '/v1/%252e%252e/admin'],
  ['CR LF (header injection)', '/v1/campaigns\r\nHost: evil.example'],
  ['a lone LF', '/v1/campaigns\nX-Injected: 1'],
  ['a lone CR', '/v1/campaigns\rX'],
  ['a NUL', '/v1/campaigns\0'],
  ['a tab', '/v1/camp\taigns'],
  ['a space', '/v1/camp aigns'],
  ['a query in the path', '/v1/campaigns?limit=5'],
  ['a fragment in the path', '/v1/campaigns#top'],
  ['a path not under /v1/', '/v2/campaigns'],
  ['/v10/, not /v1/', '/v10/campaigns'],
  ['/v1 without its slash', '/v1'],
  ['an admin path', '/admin/v1/campaigns'],
  ['a relative path without a leading slash', 'v1/campaigns'],
  ['an empty path', ''],
  ['a fullwidth solidus', '/v1/campaigns\uff0f..\uff0fadmin'],
  ['a placeholder inside a segment', '/v1/campaigns/x{id}'],
];

describe.each(recorders)('hostile paths over %s', (_name, start) => {
  /** A client whose every fetch is counted; over the wire, the service counts arrivals too. */
  async function counted(): Promise<{ client: Client; calls: () => number }> {
    recorder = await start(() => ({ body: { data: [], has_more: false } }));
    let calls = 0;
    const inner = recorder.fetch ?? globalThis.fetch;
    const fetch: typeof globalThis.fetch = (input, init) => (calls++, inner(input, init));
    return { client: new Client({ baseUrl: recorder.url, ...keys, fetch, logLevel: 'off' }), calls: () => calls };
  }

  it.each(hostile)('client.request refuses %s before fetch', async (_what, path) => {
    const { client, calls } = await counted();
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const error = await client.request({ method, path } as CustomRequest).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect(error).toMatchObject({ outcome: 'not_sent', issues: [expect.objectContaining({ path: ['path'] })] });
    }
    expect(calls()).toBe(0);
    expect(recorder!.sent).toHaveLength(0);
  });

  it.each(hostile)('client.requestList refuses %s before fetch', async (_what, path) => {
    const { client, calls } = await counted();
    await expect(client.requestList({ path, paging: 'cursor' }).toArray()).rejects.toBeInstanceOf(InvalidRequestError);
    expect(calls()).toBe(0);
    expect(recorder!.sent).toHaveLength(0);
  });

  it.each(hostile)('client.requestList of %s asked for later: no unhandled rejection meanwhile, the refusal then', async (_what, path) => {
    const { client, calls } = await counted();
    const list = client.requestList({ path, paging: 'cursor' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(unhandled).toEqual([]);
    await expect(list).rejects.toBeInstanceOf(InvalidRequestError);
    expect(calls()).toBe(0);
  });

  it('a path that is not a string is refused before fetch', async () => {
    const { client, calls } = await counted();
    for (const path of [undefined, null, 42, new URL('https://evil.example/v1/x'), ['/v1/x']]) {
      await expect(client.request({ method: 'GET', path } as unknown as CustomRequest)).rejects.toBeInstanceOf(InvalidRequestError);
    }
    expect(calls()).toBe(0);
  });

  it('pathParams of "." or ".." are refused before fetch, naming the parameter', async () => {
    const { client, calls } = await counted();
    for (const id of ['..', '.']) {
      const error = await client.request({ method: 'GET', path: '/v1/campaigns/{id}', pathParams: { id } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect(error).toMatchObject({ issues: [expect.objectContaining({ path: ['id'] })] });
    }
    expect(calls()).toBe(0);
  });

  it('a pathParams value with slashes, dots, CR/LF or a URL stays one encoded segment under the template', async () => {
    const { client } = await counted();
    const ids = ['../../admin', 'https://evil.example/x', '//evil.example', 'a\r\nHost: evil.example', '%2e%2e'];
    for (const id of ids) await client.request({ method: 'GET', path: '/v1/campaigns/{id}/vouchers', pathParams: { id } });
    expect(recorder!.sent.map((s) => s.path)).toEqual(ids.map((id) => `/v1/campaigns/${encodeURIComponent(id)}/vouchers`));
    expect(recorder!.sent.every((s) => s.headers.host === undefined || s.headers.host === new URL(recorder!.url).host)).toBe(true);
  });

  it('the paths of the service are accepted: /v1/… and /client/v1/…, with placeholders', async () => {
    const { client } = await counted();
    await client.request({ method: 'GET', path: '/v1/campaigns/{id}', pathParams: { id: 'c1' } });
    await client.request({ method: 'POST', path: '/client/v1/events', body: {}, auth: 'client' });
    expect(recorder!.sent.map((s) => s.path)).toEqual(['/v1/campaigns/c1', '/client/v1/events']);
  });
});
