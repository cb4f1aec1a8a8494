/**
 * Every attempt passes the client's limits, retries included: under `rateLimit`, a service that
 * answers some calls 429 with `Retry-After: 1` sees the retries after the pause take their starts
 * in the window like any call, so no window of the rate holds more requests than the rate allows.
 * Over a real node:http server on 127.0.0.1 that counts the requests as they arrive.
 *
 * The count is taken in windows 20 % shorter than the rate's: the server shares the test's
 * process, so a stall of its event loop on a loaded machine (seen past 100 ms with a suite's
 * files beside it) delays the arrivals it stamps; up to a fifth of the window of such jitter cannot
 * make a window over, while a limit that let retries through would still show 1.5 times the rate
 * in it. A 429
 * about every 100 ms keeps the pause on for seconds, so calls pile up behind it: when a retry or a
 * call held by the pause is sent outside the limits, a window holds 1.5 to 1.7 times the rate.
 * About 14 s, mostly waiting out the pauses.
 */
import { createServer } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '../../src/index.js';
import { listenOnLoopback, type Loopback } from '../helpers/http-server.js';
import { mostInAnyWindow } from '../helpers/recorder.js';

const credentials = { appId: 'app', appToken: 'token', accessToken: 'access', logLevel: 'off', validation: 'off' } as const;

let server: Loopback | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A service answering every `nth` request 429 with `Retry-After: 1`, every other one 200; `arrivals` are their times. */
async function refusingEvery(nth: number): Promise<{ url: string; arrivals: number[]; refused: () => number }> {
  const arrivals: number[] = [];
  let refused = 0;
  server = await listenOnLoopback(
    createServer((req, res) => {
      arrivals.push(performance.now());
      req.resume();
      req.on('end', () => {
        if (arrivals.length % nth === 0) {
          refused += 1;
          res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' }).end('{"code":429,"key":"too_many_requests"}');
        } else res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"v_1","object":"voucher"}');
      });
    }),
  );
  return { url: server.url, arrivals, refused: () => refused };
}

describe('rateLimit: every attempt, retries included, within the rate', () => {
  it('300 calls at 100 a second, every 10th request answered 429 (Retry-After: 1): no window holds more than the rate, through the pauses', async () => {
    const service = await refusingEvery(10);
    const requests = 100;
    const perMs = 1_000;
    // A retry may land on a refused turn again (one in ten): as many retries as the client allows,
    // so that no call runs out of them (with 3, a call refused four times in a row failed: about
    // one run in thirty, some 33 calls refused a run).
    const client = new Client({ baseUrl: service.url, ...credentials, rateLimit: { requests, perMs }, maxRetries: 10, maxRetryDelay: 2_000 });
    const calls = 300;
    const results = await Promise.allSettled(Array.from({ length: calls }, () => client.loyalties.getMember('L1')));
    expect(results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []))).toEqual([]);
    // Every call made, each 429 retried once more than it was refused.
    expect(service.arrivals).toHaveLength(calls + service.refused());
    expect(service.refused()).toBeGreaterThanOrEqual(30);
    expect(mostInAnyWindow(service.arrivals, perMs * 0.8)).toBeLessThanOrEqual(requests);
  }, 60_000);
});
