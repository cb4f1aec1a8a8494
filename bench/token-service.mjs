// A stand-in for the service and its OAuth token endpoint, on 127.0.0.1, for the fleet-token
// benchmark (bench/fleet-tokens.mjs) and the Redis token store's tests: it is the instrument that
// counts what a fleet does with tokens.
//
// - `POST /oauth/token` issues a token that lives `lifetimeS` seconds (`expires_in`), after
//   `issueDelayMs`, and counts it;
// - any other request is a call of the service: 200 with a small publication when its
//   `Authorization: Bearer` token was issued here, has not expired and was not revoked, else 401;
//   each is recorded (when it arrived, from which process: the `x-process` header).
// - `revoke()` revokes every token issued so far; `answer429(process, retryAfterS)` answers the
//   next call of that process 429 with that `Retry-After`, and tells when it did (`at`, the
//   service's performance.now(), and `wall`, Date.now()).
import { createServer } from 'node:http';

/** Starts the stand-in. */
export async function startTokenService({ lifetimeS = 900, issueDelayMs = 20 } = {}) {
  const tokens = new Map();
  const issued = [];
  const calls = [];
  let tooMany;
  let n = 0;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const json = (status, body, headers = {}) => res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
      if (req.url === '/oauth/token') {
        const token = `tok-${++n}-${Math.random().toString(36).slice(2, 10)}`;
        const at = Date.now();
        tokens.set(token, { expiresAt: at + lifetimeS * 1_000, revoked: false });
        issued.push({ token, at });
        setTimeout(() => json(200, { access_token: token, token_type: 'bearer', expires_in: lifetimeS }), issueDelayMs);
        return;
      }
      const at = performance.now();
      const process = String(req.headers['x-process'] ?? '');
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const known = tokens.get(token);
      const valid = known !== undefined && !known.revoked && known.expiresAt > Date.now();
      if (valid && tooMany && tooMany.process === process && tooMany.at === undefined) {
        tooMany.at = at;
        tooMany.wall = Date.now();
        calls.push({ at, process, status: 429 });
        return json(429, { code: 429, key: 'too_many_requests', message: 'Too many requests' }, { 'retry-after': String(tooMany.retryAfterS) });
      }
      calls.push({
        at,
        process,
        status: valid ? 200 : 401,
        ...(valid
          ? {}
          : { why: known === undefined ? 'unknown' : known.revoked ? 'revoked' : `expired ${Date.now() - known.expiresAt} ms ago`, token: token.slice(0, 8) }),
      });
      if (!valid) return json(401, { code: 401, key: 'unauthorized', message: 'Unauthorized' });
      json(200, { id: `pub_${calls.length}`, object: 'publication', result: 'SUCCESS', customer_id: 'cust_1', vouchers_id: ['v_1'] });
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    tokenUrl: `${url}/oauth/token`,
    /** Tokens issued so far: `{ token, at }` (epoch ms). */
    issued,
    /** Calls received so far: `{ at (performance.now()), process, status }`. */
    calls,
    revoke() {
      for (const known of tokens.values()) known.revoked = true;
    },
    /** Answers the next call of `process` 429; `tooMany().at` says when it did (performance.now()), `.wall` on the wall clock. */
    answer429(process, retryAfterS) {
      tooMany = { process, retryAfterS, at: undefined };
      return () => tooMany;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
