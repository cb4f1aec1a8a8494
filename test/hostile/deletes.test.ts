/**
 * A DELETE answered 404, against a real node:http server on 127.0.0.1: only the service's own 404
 * of the very record the DELETE targeted (key `not_found`, its `resource_type`, its `resource_id`)
 * says that record is gone. Every other 404 (of another record, of another id of the same kind,
 * without key or id, an HTML page of a proxy, an empty or non-object body) is a `NotFoundError`
 * with its outcome, whether it answers the first attempt or a retry after one that may have
 * deleted. Generated: each DELETE × each 404 × first attempt or retry.
 */
import { describe, expect, it } from 'vitest';
import { Client, NotFoundError, type RequestOptions } from '../../src/index.js';
import { useRecorders, type Reply } from '../helpers/recorder.js';
import { keys } from './servers.js';
import { useFigures } from './table.js';

const { start } = useRecorders();
const record = useFigures('hostile/deletes');

/** Each DELETE, the record it targets as the service's 404 names it, and whether its own 404 resolves a first attempt too. */
const DELETES: Array<{ name: string; type: string; id: string; first: boolean; call: (c: Client, o?: RequestOptions) => Promise<unknown> }> = [
  { name: 'customers.delete', type: 'customer', id: 'shop-user-9', first: false, call: (c, o) => c.customers.delete('shop-user-9', o) },
  { name: 'vouchers.delete', type: 'voucher', id: 'SUMMER-10', first: false, call: (c, o) => c.vouchers.delete('SUMMER-10', { force: true }, o) },
  // The release of a lock: no lock under the key is what it is for, at any attempt.
  { name: 'vouchers.releaseSession', type: 'session', id: 'ssn-1', first: true, call: (c, o) => c.vouchers.releaseSession('SUMMER-10', 'ssn-1', o) },
];

const error = (fields: Record<string, unknown>) => ({ code: 404, message: 'Resource not found', ...fields });

/** The 404 answers; `own` is the service's 404 of the very record the DELETE targeted. */
function answers(type: string, id: string): Array<[name: string, reply: Reply, own: boolean]> {
  const others = ['voucher', 'customer', 'session', 'campaign', 'product'].filter((t) => t !== type);
  return [
    ['the very record', { status: 404, body: error({ key: 'not_found', resource_type: type, resource_id: id }) }, true],
    ...others.map((other): [string, Reply, boolean] => [
      `a ${other} of the same id`,
      { status: 404, body: error({ key: 'not_found', resource_type: other, resource_id: id }) },
      false,
    ]),
    [`another ${type}`, { status: 404, body: error({ key: 'not_found', resource_type: type, resource_id: `${id}-other` }) }, false],
    [`a ${type} without resource_id`, { status: 404, body: error({ key: 'not_found', resource_type: type }) }, false],
    ['without resource_type', { status: 404, body: error({ key: 'not_found', resource_id: id }) }, false],
    ['another key', { status: 404, body: error({ key: 'resource_not_found', resource_type: type, resource_id: id }) }, false],
    ['no key', { status: 404, body: error({ resource_type: type, resource_id: id }) }, false],
    [
      "a proxy's HTML page",
      { status: 404, headers: { 'content-type': 'text/html' }, body: `<html><body><h1>404 Not Found</h1><p>${type} ${id}</p></body></html>` },
      false,
    ],
    ['an empty body', { status: 404 }, false],
    ['a JSON array', { status: 404, body: [error({ key: 'not_found', resource_type: type, resource_id: id })] }, false],
    ['JSON null', { status: 404, headers: { 'content-type': 'application/json' }, body: 'null' }, false],
  ];
}

describe('a DELETE answered 404', () => {
  it("resolves only on the service's own 404 of the very record it targeted; every other 404 is a NotFoundError with its outcome", async () => {
    let reply: Reply = {};
    let retried = false;
    const server = await start((_sent, n) => (retried && n % 2 === 1 ? { status: 503, body: { code: 503, message: 'down' } } : reply));
    const client = new Client({ baseUrl: server.url, ...keys, logLevel: 'off', maxRetries: 1, maxRetryDelay: 0 });
    const tally = { cases: 0, resolved: 0, refused: 0 };
    for (const del of DELETES) {
      for (const [name, answer, own] of answers(del.type, del.id)) {
        for (const retry of [false, true]) {
          reply = answer;
          retried = retry;
          server.sent.length = 0;
          const label = `${del.name}, ${name}, ${retry ? 'to a retry after a 503' : 'to the first attempt'}`;
          const settled = await del.call(client).then(
            () => undefined,
            (e: unknown) => e,
          );
          expect(
            server.sent.map((s) => s.method),
            label,
          ).toEqual(retry ? ['DELETE', 'DELETE'] : ['DELETE']);
          tally.cases++;
          if (own && (retry || del.first)) {
            expect(settled, label).toBeUndefined();
            tally.resolved++;
          } else {
            expect(settled, label).toBeInstanceOf(NotFoundError);
            // After a retry, the first attempt may have deleted it: unknown; a first 404 is a refusal.
            expect((settled as NotFoundError).outcome, label).toBe(retry ? 'unknown' : 'rejected');
            tally.refused++;
          }
        }
      }
    }
    // Each DELETE: its own 404 to a retry; the release's to a first attempt too.
    expect(tally.resolved).toBe(DELETES.length + DELETES.filter((d) => d.first).length);
    record(
      'deletes-404',
      `${DELETES.length} DELETEs × ${answers('voucher', 'x').length} answers 404 × first attempt or retry after a 503: ${tally.cases} cases; ${tally.resolved} resolved (the very record's 404 to a retry, and the session's to a first release), ${tally.refused} a NotFoundError (\`unknown\` after a retry, \`rejected\` at first)`,
    );
  });
});
