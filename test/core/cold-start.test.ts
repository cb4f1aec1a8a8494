/**
 * Cold start with limits: the request code (ky, loaded on the first call) is in place before the
 * client asks its limits to admit the first call, so an admitted call goes out with no I/O in
 * between. Near a rate limit that matters: a call that leaves late is counted by the service in
 * its next window. Kept to a file of its own, so that nothing else in it has loaded ky first.
 *
 * The check is exact rather than timed: from the limiter's admission to the call reaching `fetch`
 * only promise steps run (no timer, no file read), so a `setImmediate` queued at the admission
 * has not fired when `fetch` is called. Loading ky after the admission reads files, and it would.
 */
import { describe, expect, it } from 'vitest';
import { Client, type Limiter } from '../../src/index.js';

const credentials = { appId: 'app', appToken: 'token', accessToken: 'access', logLevel: 'off' } as const;
const publication = () => new Response('{"id":"pub_1","object":"publication"}', { headers: { 'content-type': 'application/json' } });

describe('the first calls of a new client with a limiter', () => {
  it('reach fetch straight from their admission, the request code loaded before the first acquire', async () => {
    const checks: Array<{ immediateFired: boolean }> = [];
    let admission: { immediateFired: boolean } | undefined;
    const limiter: Limiter = {
      async acquire() {
        const check = { immediateFired: false };
        setImmediate(() => (check.immediateFired = true));
        admission = check;
      },
    };
    const fetch: typeof globalThis.fetch = async () => {
      checks.push({ ...admission! });
      return publication();
    };
    const client = new Client({ baseUrl: 'http://127.0.0.1:9', ...credentials, fetch, limiter });
    // One at a time: each call's admission is the latest when it reaches fetch.
    for (let i = 0; i < 3; i++) await client.publications.create({ campaign: { name: 'Welcome' }, customer: { source_id: `c-${i}` } });
    expect(checks).toEqual([{ immediateFired: false }, { immediateFired: false }, { immediateFired: false }]);
  });
});
