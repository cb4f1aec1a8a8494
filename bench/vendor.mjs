// The benchmark's third contender: the vendor's own SDK (`@voucherify/sdk`, axios on node:http),
// as its users call it, against the same server and bodies. Its `getMember` is the one promokit's
// mirrors; it has no list of a campaign's transactions, so its walk reads a member's transactions
// (`listCardTransactions`), a route the benchmark server answers with the same pages.
import { createRequire } from 'node:module';

const { VoucherifyServerSide } = createRequire(import.meta.url)('@voucherify/sdk');

/** The vendor's client: `getMember` and a walk over every transaction page. */
export function vendorClient(baseUrl, campaignId, memberId) {
  const client = VoucherifyServerSide({ applicationId: 'app', secretKey: 'token', apiUrl: baseUrl });
  return {
    getMember: (code) => client.loyalties.getMember(undefined, code),
    /** Calls `onRecord` per record; resolves with the count. */
    walk: async (limit, onRecord) => {
      let count = 0;
      let after = '';
      for (;;) {
        const page = await client.loyalties.listCardTransactions(memberId, campaignId, after ? { limit, starting_after_id: after } : { limit });
        for (const record of page.data) count += onRecord(record);
        if (!page.has_more || !page.more_starting_after) return count;
        after = page.more_starting_after;
      }
    },
  };
}
