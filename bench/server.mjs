// The benchmark's service: a node:http server on 127.0.0.1 in its own process (so the client's CPU
// time is measured alone), answering from pre-serialised bodies. The campaign's transactions are
// also a member's, for the vendor's SDK, which lists only those (bench/vendor.mjs).
import { createServer } from 'node:http';
import { PAGES, loyaltyCard, transactionPage } from './fixtures.mjs';

const member = Buffer.from(JSON.stringify(loyaltyCard('LOYAL-8QF2-ZT')));
const pages = Array.from({ length: PAGES }, (_, i) => Buffer.from(JSON.stringify(transactionPage(i))));
const pageAfter = new Map(pages.map((_, i) => [i === 0 ? '' : transactionPage(i - 1).more_starting_after, i]));
const notFound = Buffer.from(JSON.stringify({ code: 404, key: 'not_found', message: 'Resource not found' }));

const server = createServer((req, res) => {
  const url = req.url ?? '';
  let body = notFound;
  let status = 404;
  if (url.startsWith('/v1/loyalties/members/')) {
    body = member;
    status = 200;
  } else if (url.startsWith('/v1/loyalties/camp_Xk3w9Lq1/transactions') || url.startsWith('/v1/loyalties/camp_Xk3w9Lq1/members/LOYAL-8QF2-ZT/transactions')) {
    const after = new URL(url, 'http://x').searchParams.get('starting_after_id') ?? '';
    const index = pageAfter.get(after);
    if (index !== undefined) {
      body = pages[index];
      status = 200;
    }
  }
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port, memberBytes: member.length, pageBytes: pages[0].length }));
process.on('disconnect', () => server.close(() => process.exit(0)));
