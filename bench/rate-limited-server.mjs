// A stand-in for a rate-limited service, on 127.0.0.1: answers 429 with `Retry-After` to any
// request over `requests` admitted in the last `perMs` ms (a sliding window, the strictest way a
// service can count), 200 with a small publication otherwise. It is the measuring instrument of
// the bulk benchmark (bench/bulk.mjs) and of the limit tests: it counts requests, 429s, requests
// in flight, and the most requests that arrived within any window of `perMs`.
//
//   node bench/rate-limited-server.mjs <requests> <perMs> [delayMs]   as a child process: sends
//   { port } to its parent over IPC, answers 'stats' messages with the stats, exits on disconnect.
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

/**
 * Starts the server. `delayMs` holds every admitted answer that long (so calls overlap);
 * `retryAfter` is the `Retry-After` of a 429, in seconds.
 */
export async function startRateLimitedServer({ requests, perMs, delayMs = 0, retryAfter = 1 }) {
  const arrivals = [];
  const admitted = [];
  let rejected = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const server = createServer((req, res) => {
    arrivals.push(performance.now());
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => (inFlight -= 1));
    req.resume();
    req.on('end', () => {
      const decided = performance.now();
      if (countSince(admitted, decided - perMs) >= requests) {
        rejected += 1;
        const body = JSON.stringify({
          code: 429,
          key: 'too_many_requests',
          message: 'Too many requests',
          details: `more than ${requests} requests in ${perMs} ms`,
        });
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(retryAfter) }).end(body);
        return;
      }
      admitted.push(decided);
      const body = JSON.stringify({ id: `pub_${admitted.length}`, object: 'publication', result: 'SUCCESS', customer_id: 'cust_1', vouchers_id: ['v_1'] });
      const answer = () => res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      if (delayMs > 0) setTimeout(answer, delayMs);
      else answer();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    /** What the server saw so far. */
    stats: () => ({
      received: arrivals.length,
      admitted: admitted.length,
      rejected,
      maxInFlight,
      maxInWindow: maxInAnyWindow(arrivals, perMs),
      spanMs: arrivals.length > 1 ? arrivals[arrivals.length - 1] - arrivals[0] : 0,
    }),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** How many of the ascending `times` are later than `since`. */
function countSince(times, since) {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (times[mid] > since) high = mid;
    else low = mid + 1;
  }
  return times.length - low;
}

/** The most of the ascending `times` that fall within any window of `windowMs` (half-open, `(t - windowMs, t]`). */
function maxInAnyWindow(times, windowMs) {
  let most = 0;
  let first = 0;
  for (let last = 0; last < times.length; last++) {
    while (times[first] <= times[last] - windowMs) first += 1;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [requests, perMs, delayMs] = process.argv.slice(2).map(Number);
  const server = await startRateLimitedServer({ requests, perMs, delayMs: delayMs || 0 });
  process.send?.({ port: server.port });
  process.on('message', (message) => {
    if (message === 'stats') process.send?.({ stats: server.stats() });
  });
  process.on('disconnect', () => server.close().then(() => process.exit(0)));
}
