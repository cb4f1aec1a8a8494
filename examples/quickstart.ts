/**
 * The quickstart: `npm start` runs it against the embedded mock service, offline. A tour of the
 * SDK: token introspection, a loyalty member, a reward, voucher validation, the transactions of
 * a campaign, a publication and a client-side event.
 *
 * Set PROMOKIT_BASE_URL and the credentials to run the read-only part against a real service;
 * see the other examples for each flow in full.
 */
import { connect, count, money, run, step, title } from './lib/connect.js';

const setup = connect();
const { client, mock } = setup;

run(async () => {
  title('promokit quickstart', setup);

  const token = await client.oauth.introspect(mock?.credentials.accessToken ?? process.env.PROMOKIT_ACCESS_TOKEN ?? '');
  step(
    `The access token is ${token.active ? `active for another ${Math.round((token.expires_in ?? 0) / 86_400)} days (scope: ${token.scope})` : 'not active'}.`,
  );
  if (!mock) return;
  const ids = mock.ids;

  const member = await client.loyalties.getMember(ids.members.ada);
  step(
    `Loyalty member ${member.code} (${member.campaign}) holds ${count(member.loyalty_card?.points)} points, ${count(member.loyalty_card?.pending_points)} pending.`,
  );

  const redemption = await client.loyalties.redeemReward(ids.members.ada, { reward: { id: ids.rewards.espresso } });
  const after = await client.loyalties.getMember(ids.members.ada);
  step(
    `Redeemed "${redemption.reward?.name}" for ${count(redemption.loyalty_card?.points)} points: ${redemption.result}; ${count(after.loyalty_card?.points)} points left.`,
  );

  const order = {
    items: [
      { source_id: 'flat-white', quantity: 2, price: 380 },
      { source_id: 'beans-1kg', quantity: 1, price: 2400 },
    ],
  };
  const valid = await client.vouchers.validate(ids.vouchers.valid, { order });
  step(
    `Voucher ${valid.code} on a ${money(valid.order?.amount)} order: ${valid.valid ? `valid, ${money(valid.order?.discount_amount)} off, ${money(valid.order?.total_amount)} to pay` : valid.reason}.`,
  );
  const expired = await client.vouchers.validate(ids.vouchers.expired, { order });
  step(`Voucher ${expired.code}: ${expired.valid ? 'valid' : `not valid, ${expired.reason} (${expired.error?.key ?? 'no error key'})`}.`);

  let pages = 0;
  let transactions = 0;
  for await (const page of client.loyalties.listTransactions(ids.campaigns.coffeeClub, { limit: 10 }).pages()) {
    pages += 1;
    transactions += page.data.length;
  }
  step(`Walked all ${transactions} transactions of "${member.campaign}" in ${pages} pages of up to 10.`);

  const publication = await client.publications.create({
    campaign: { name: 'Welcome Offer' },
    customer: { source_id: 'newcomer-0001', email: 'noor@example.com' },
    join_once: true,
  });
  step(`Published welcome coupon ${publication.voucher?.code} to customer ${publication.customer?.source_id}.`);

  const ack = await client.clientEvents.track({ event: 'review_written', customer: { source_id: 'shop-user-1002' }, loyalty: { code: ids.members.grace } });
  step(`Sent the client-side event "${ack.type}": acknowledged.`);

  console.log(`\n${mock.requests.length} requests answered by the mock, all offline.`);
  console.log('Next: the flows in examples/*.ts, and in your own tests:');
  console.log("  import { createMockService } from 'promokit/testing';");
});
