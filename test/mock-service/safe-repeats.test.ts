/**
 * Safe repeats against the mock service, through the three ways of reaching it (`mock.fetch`,
 * `mock.listen()`, msw): `publications.create` with `join_once: true` is retried like a read, and
 * the customer still gets one publication, one code; without `join_once` it is sent once, and the
 * error's `outcome` is `unknown`. The count is the mock's own: its store and its request log.
 */
import { describe, expect, it } from 'vitest';
import { ConnectionError, InternalServerError, type Publication } from '../../src/index.js';
import type { MockService } from '../../src/testing/index.js';
import { allTransports, failure, useMock } from './transports.js';

/** The publications the mock stores for the customer with this source ID. */
function publicationsOf(mock: MockService, sourceId: string) {
  const customer = mock.get('customers', sourceId);
  return customer ? mock.list('publications').filter((p) => p.customer_id === customer.id) : [];
}

const publicationRequests = (mock: MockService) => mock.requests.filter((r) => r.operation === 'publications.create').map((r) => [r.status, r.fault ?? null]);

describe.each(allTransports)('publications.create through %s', (_name, connect) => {
  const { mock, conn } = useMock(connect);
  // The client's default retries (2), as an application has them; the 503's `Retry-After: 1` is waited.
  const publish = (sourceId: string, joinOnce?: boolean) =>
    conn.client({ maxRetries: 2 }).publications.create({
      campaign: { name: 'Welcome Offer' },
      customer: { source_id: sourceId },
      ...(joinOnce === undefined ? {} : { join_once: joinOnce }),
    });

  it('with join_once: two 503s are retried, the third request answers 200, and the customer has exactly one publication', async () => {
    mock.inject({ operation: 'publications.create', fault: 'status', status: 503, times: 2 });
    const publication = await publish('repeat-503', true);
    expect(publicationRequests(mock)).toEqual([
      [503, 'status'],
      [503, 'status'],
      [200, null],
    ]);
    const stored = publicationsOf(mock, 'repeat-503');
    expect(stored.map((p) => p.id)).toEqual([publication.id]);
    expect(publication.voucher?.code).toMatch(/^WELCOME-/);
  });

  it('without join_once: one request, and an InternalServerError whose outcome is unknown; nothing published', async () => {
    mock.inject({ operation: 'publications.create', fault: 'status', status: 503, times: 2 });
    const error = await failure(publish('once-503'));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 503, outcome: 'unknown', attempts: 1 });
    expect((error as Error).message).toContain('was not retried');
    expect(publicationRequests(mock)).toEqual([[503, 'status']]);
    expect(publicationsOf(mock, 'once-503')).toEqual([]);
  });

  it('with join_once: applied, then the connection dropped: the retry gets the same code, and one publication stays', async () => {
    mock.inject({ operation: 'publications.create', fault: 'commit-then-reset' });
    const publication: Publication = await publish('repeat-dropped', true);
    expect(publicationRequests(mock)).toEqual([
      [200, 'commit-then-reset'],
      [200, null],
    ]);
    const stored = publicationsOf(mock, 'repeat-dropped');
    expect(stored.map((p) => p.id)).toEqual([publication.id]);
    const held = mock.list('vouchers').filter((v) => v.holder_id === stored[0]!.customer_id);
    expect(held.map((v) => v.code)).toEqual([publication.voucher?.code]);
  });

  it('without join_once: applied, then the connection dropped: not sent again, outcome unknown, and the publication is there to be found', async () => {
    mock.inject({ operation: 'publications.create', fault: 'commit-then-reset' });
    const error = await failure(publish('once-dropped'));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ outcome: 'unknown', attempts: 1 });
    expect(publicationRequests(mock)).toEqual([[200, 'commit-then-reset']]);
    expect(publicationsOf(mock, 'once-dropped')).toHaveLength(1);
    // What the guide has the caller look at: the customer's redeemables hold the published voucher.
    const held = await conn.client().customers.listRedeemables('once-dropped').toArray();
    expect(held.map((h) => h.campaign_id)).toEqual([mock.ids.campaigns.welcome]);
  });
});
