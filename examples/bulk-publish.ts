/**
 * Publish a coupon to 2,000 customers without tripping the rate limit: every call goes out
 * through `Promise.all`, and the client's `maxConcurrency` and `rateLimit` pace them, so the
 * service answers no 429 and no call fails. Prints the rate achieved.
 *
 * Against the embedded mock, the mock itself enforces 500 calls per second (answering 429 above
 * it). Against a real service set PROMOKIT_EXAMPLE_CAMPAIGN_NAME (a coupon campaign to publish
 * from) and PROMOKIT_EXAMPLE_RATE (the calls per second your account allows); the customers are
 * `promokit-bulk-0001` … `promokit-bulk-2000`.
 */
import { Client, RateLimitError } from 'promokit';
import { createMockService } from 'promokit/testing';
import { count, describeError, detail, live, run, step } from './lib/connect.js';

const customers = 2_000;
const perSecond = live ? Number(process.env.PROMOKIT_EXAMPLE_RATE ?? 10) : 500;
const campaignName = live ? process.env.PROMOKIT_EXAMPLE_CAMPAIGN_NAME : 'Welcome Offer';
if (!campaignName) {
  console.error('Set PROMOKIT_EXAMPLE_CAMPAIGN_NAME (and PROMOKIT_EXAMPLE_RATE) to run this example against a real service.');
  process.exit(2);
}

// The mock answers 429 over `perSecond`, like the service over its quota.
const mock = live ? undefined : createMockService({ rateLimit: { requests: perSecond, perMs: 1_000 } });
const limits = { maxConcurrency: 32, rateLimit: { requests: perSecond, perMs: 1_000 } };
const client = mock ? new Client({ fetch: mock.fetch, baseUrl: mock.baseUrl, ...mock.credentials, ...limits }) : new Client(limits);

run(async () => {
  console.log(`\nPublish a coupon to ${count(customers)} customers within the rate limit\n${'='.repeat(60)}`);
  console.log(`Running against ${mock ? `the embedded mock service, limited to ${perSecond} calls/s` : `the service at ${process.env.PROMOKIT_BASE_URL}`}.\n`);
  step(`Publishing from "${campaignName}" with maxConcurrency ${limits.maxConcurrency} and rateLimit ${perSecond} calls per 1,000 ms…`);
  const started = performance.now();
  const results = await Promise.allSettled(
    Array.from({ length: customers }, (_, i) =>
      client.publications.create({
        campaign: { name: campaignName },
        customer: { source_id: `promokit-bulk-${String(i + 1).padStart(4, '0')}` },
        channel: 'bulk',
      }),
    ),
  );
  const seconds = (performance.now() - started) / 1_000;
  const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  const codes = new Set(results.flatMap((r) => (r.status === 'fulfilled' && r.value.voucher?.code ? [r.value.voucher.code] : [])));
  step(
    `${count(customers - failures.length)} published, ${count(failures.length)} failed, in ${seconds.toFixed(1)} s: ${(customers / seconds).toFixed(0)} calls/s of the ${perSecond} allowed.`,
  );
  detail(`${count(codes.size)} distinct coupon codes handed out.`);
  if (mock) detail(`429 answers from the mock: ${mock.requests.filter((r) => r.status === 429).length}.`);
  if (failures.length > 0) {
    const limited = failures.filter((f) => f.reason instanceof RateLimitError).length;
    detail(`First failure: ${describeError(failures[0]!.reason)} (${limited} rate-limit errors).`);
    process.exitCode = 1;
  }
});
