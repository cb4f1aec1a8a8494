/**
 * Redirects: promokit never follows a 3xx. A service (or a proxy in front of it) that answers
 * any 3xx, 300 to 308, pointing at another origin must not get the call's credentials or its
 * body sent there, nor a spend sent twice, and the call's `outcome` says what the answer tells:
 * a 307 or 308 that the service did not act (`rejected`), any other 3xx to a call that changes
 * state that it may have (`unknown`: Post/Redirect/Get after a processed POST). A second server
 * stands for the other origin and counts what reaches it.
 */
import { describe, expect, it } from 'vitest';
import { Client, RedirectError } from '../../src/index.js';
import { useRecorders, type Recorder } from '../helpers/recorder.js';
import { credentialHeaders, keys, secrets } from './servers.js';
import { useFigures } from './table.js';

const serve = useRecorders().startRaw;
const record = useFigures('hostile/redirects');

/** Every redirect status, 300 to 308 (306 is unused, 304 and 305 rare: a broken proxy may send any). */
const STATUSES = [300, 301, 302, 303, 304, 305, 306, 307, 308] as const;

/** A call of each class (a read, a read-only POST, a spend, an event, a PUT, a custom POST), each with its credentials group. */
const CALLS = {
  'loyalties.getMember': (client: Client) => client.loyalties.getMember('LOYAL-H1'),
  'loyalties.redeemReward': (client: Client) => client.loyalties.redeemReward('LOYAL-H1', { reward: { id: 'rew_h1' } }),
  'clientEvents.track': (client: Client) => client.clientEvents.track({ event: 'signed_up', customer: { source_id: 'c-h1' } }),
  'oauth.introspect': (client: Client) => client.oauth.introspect('token-to-inspect'),
  'promotions.updateStack': (client: Client) => client.promotions.updateStack('camp_H1', 'stack_H1', { name: 'Summer' }),
  'POST /v1/vouchers/{code}/redemption': (client: Client) =>
    client.request({ method: 'POST', path: '/v1/vouchers/{code}/redemption', pathParams: { code: 'H1' }, body: {} }),
} as const;

/** The calls that change state: a redirect to them may follow a request the service processed. */
const CHANGES_STATE: Record<keyof typeof CALLS, boolean> = {
  'loyalties.getMember': false,
  'loyalties.redeemReward': true,
  'clientEvents.track': true,
  'oauth.introspect': false,
  'promotions.updateStack': true,
  'POST /v1/vouchers/{code}/redemption': true,
};

type CallName = keyof typeof CALLS;

/** One redirected call, as observed. */
interface Observed {
  call: CallName;
  status: number;
  error: unknown;
  /** Requests the service received for the call. */
  atService: number;
}

/** A server that records what reaches it and answers 200: the place a redirect points to. */
const elsewhere = () => serve((_request, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));

/** Runs every call under every status against a service that redirects to `target(service)`. */
async function redirectEverything(target: (service: Recorder) => string): Promise<{ observed: Observed[]; service: Recorder }> {
  let next: { status: number } = { status: 301 };
  const service = await serve((_request, res) => {
    res.writeHead(next.status, { location: target(service), 'content-type': 'text/html', 'content-length': '0' }).end();
  });
  const client = new Client({ baseUrl: service.url, ...keys, maxRetries: 2, logLevel: 'off' });
  const observed: Observed[] = [];
  for (const call of Object.keys(CALLS) as CallName[]) {
    for (const status of STATUSES) {
      next = { status };
      const before = service.sent.length;
      const error = await CALLS[call](client).then(
        () => undefined,
        (e: unknown) => e,
      );
      observed.push({ call, status, error, atService: service.sent.length - before });
    }
  }
  return { observed, service };
}

/** The `outcome` the rule gives a redirected call: `rejected` for a 307 or 308 and to a read, else `unknown`. */
const expectedOutcome = (call: CallName, status: number) => (status !== 307 && status !== 308 && CHANGES_STATE[call] ? 'unknown' : 'rejected');

describe('a 3xx is never followed', () => {
  it('to another origin: RedirectError with the status and that origin; the other origin gets nothing, each call is sent once', async () => {
    const other = await elsewhere();
    const { observed } = await redirectEverything(() => `${other.url}/v1/loyalties/members/LOYAL-H1?stolen=1`);

    expect(observed).toHaveLength(Object.keys(CALLS).length * STATUSES.length);
    for (const { call, status, error, atService } of observed) {
      const where = `${call} ${status}`;
      expect(error, where).toBeInstanceOf(RedirectError);
      expect(error, where).toMatchObject({ status, location: other.url, operation: call, attempts: 1 });
      expect(atService, where).toBe(1);
      const rendered = `${(error as Error).message} ${JSON.stringify(error)}`;
      for (const secret of secrets) expect(rendered, where).not.toContain(secret);
      expect((error as Error).message, where).not.toContain('stolen');
    }
    // Nothing reached the other origin: no request, so no credential header and no body.
    expect(other.sent).toHaveLength(0);
    const leaked = other.sent.flatMap((r) => credentialHeaders.filter((name) => r.headers[name] !== undefined));
    expect(leaked).toEqual([]);

    record(
      'redirect-other-origin',
      `${observed.length} calls: ${observed.filter((o) => o.error instanceof RedirectError).length} \`RedirectError\` naming the other origin; requests at the other origin: ${other.sent.length}; credential headers there: ${leaked.length}; requests per call at the service: ${Math.max(...observed.map((o) => o.atService))} (redemptions sent: ${observed.filter((o) => o.call === 'loyalties.redeemReward').reduce((n, o) => n + o.atService, 0)} for ${STATUSES.length} calls)`,
    );
  });

  it('to the same origin: RedirectError naming it, and the call sent once, not again to the new path', async () => {
    const { observed, service } = await redirectEverything((s) => `${s.url}/v1/somewhere-else`);
    for (const { call, status, error, atService } of observed) {
      const where = `${call} ${status}`;
      expect(error, where).toBeInstanceOf(RedirectError);
      expect((error as RedirectError).status, where).toBe(status);
      expect((error as RedirectError).location, where).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(atService, where).toBe(1);
    }
    expect(service.sent.filter((r) => r.target.includes('somewhere-else'))).toEqual([]);
    record(
      'redirect-same-origin',
      `${observed.length} calls: ${observed.filter((o) => o.error instanceof RedirectError).length} \`RedirectError\`; requests per call: ${Math.max(...observed.map((o) => o.atService))}, none to the new path`,
    );
  });

  it('says honestly whether the service may have acted: never not_sent (it answered); rejected for a 307, a 308 or a read; unknown for any other 3xx to a call that changes state', async () => {
    const { observed } = await redirectEverything(() => 'https://elsewhere.example/');
    const outcomes = new Map<string, number>();
    for (const { call, status, error } of observed) {
      const { outcome } = error as RedirectError;
      expect(outcome, `${call} ${status}`).toBe(expectedOutcome(call, status));
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      // A call sent once whose outcome is unknown says it was not retried.
      if (outcome === 'unknown' && call !== 'promotions.updateStack') expect((error as Error).message).toContain('was not retried');
    }
    const unknown = observed.filter((o) => (o.error as RedirectError).outcome === 'unknown').length;
    record(
      'redirect-outcome',
      `${[...outcomes].map(([outcome, n]) => `\`${outcome}\`: ${n}`).join(', ')} of ${observed.length}; \`not_sent\`: 0 (\`unknown\`: the ${unknown} answers 300–306 to the four calls that change state)`,
    );
  });

  it('without a Location: RedirectError whose location is undefined', async () => {
    const service = await serve((_request, res) => void res.writeHead(302, { 'content-length': '0' }).end());
    const client = new Client({ baseUrl: service.url, ...keys, logLevel: 'off' });
    const error = await client.loyalties.getMember('LOYAL-H1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ status: 302, location: undefined, outcome: 'rejected' });
    expect(service.sent).toHaveLength(1);
  });
});
