/**
 * Walk every point transaction of a loyalty campaign: page by page with `.pages()`, and record by
 * record with `for await`, the SDK following the `starting_after_id` cursor.
 *
 * Against a real service set PROMOKIT_EXAMPLE_CAMPAIGN_ID (a loyalty campaign ID or name).
 */
import { connect, count, detail, plural, run, step, title } from './lib/connect.js';

const setup = connect();
const { client } = setup;
const campaignId = setup.id('CAMPAIGN_ID', (ids) => ids.campaigns.coffeeClub);

run(async () => {
  title('Walk every transaction of a loyalty campaign', setup);

  step('Page by page, 10 at a time:');
  let pages = 0;
  for await (const page of client.loyalties.listTransactions(campaignId, { limit: 10 }).pages()) {
    pages += 1;
    const first = page.data[0]?.created_at?.slice(0, 10);
    const last = page.data.at(-1)?.created_at?.slice(0, 10);
    detail(`page ${pages}: ${plural(page.data.length, 'transaction')}, ${first} to ${last}${page.hasNextPage() ? ', more to come' : ', the last page'}`);
  }

  step('Record by record, totals per type and per card:');
  const byType = new Map<string, { n: number; points: number }>();
  const cards = new Set<string>();
  let net = 0;
  for await (const tx of client.loyalties.listTransactions(campaignId, { limit: 50 })) {
    const points = tx.details?.balance?.points ?? 0;
    const entry = byType.get(tx.type ?? 'unknown') ?? { n: 0, points: 0 };
    byType.set(tx.type ?? 'unknown', { n: entry.n + 1, points: entry.points + points });
    if (tx.voucher_id) cards.add(tx.voucher_id);
    net += points;
  }
  for (const [type, { n, points }] of byType) detail(`${type}: ${plural(n, 'transaction')}, ${points > 0 ? '+' : ''}${count(points)} points`);
  detail(`Net ${count(net)} points across ${plural(cards.size, 'card')}.`);
});
