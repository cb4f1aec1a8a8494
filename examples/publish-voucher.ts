/**
 * Publish a voucher to a customer: a welcome coupon from a campaign, published again with
 * `join_once` (the same coupon comes back), then found among the customer's redeemables and
 * validated for their first order.
 *
 * Against a real service set PROMOKIT_EXAMPLE_CAMPAIGN_NAME (a coupon campaign to publish from)
 * and optionally PROMOKIT_EXAMPLE_CUSTOMER_SOURCE_ID (default `promokit-example-newcomer`).
 */
import { connect, detail, money, plural, run, step, title } from './lib/connect.js';

const setup = connect();
const { client } = setup;
const campaignName = setup.id('CAMPAIGN_NAME', () => 'Welcome Offer');
const sourceId = setup.optionalId('CUSTOMER_SOURCE_ID', () => 'newcomer-0001') ?? 'promokit-example-newcomer';

run(async () => {
  title('Publish a welcome coupon to a new customer', setup);
  const customer = { source_id: sourceId, name: 'Noor Haddad', email: 'noor@example.com' };

  const publication = await client.publications.create({ campaign: { name: campaignName }, customer, channel: 'email', join_once: true });
  const code = publication.voucher?.code;
  step(`Published ${code} from "${campaignName}" to ${sourceId} (publication ${publication.id}, channel ${publication.channel}).`);

  const again = await client.publications.create({ campaign: { name: campaignName }, customer, channel: 'email', join_once: true });
  step(
    `Published again with join_once: ${again.voucher?.code === code ? 'the same coupon' : 'a different coupon'} ${again.voucher?.code} (publication ${again.id}).`,
  );

  const held = await client.customers.listRedeemables(publication.customer_id ?? sourceId);
  step(`The customer holds ${plural(held.total ?? held.data.length, 'redeemable')}:`);
  for (const r of held.data) detail(`${r.redeemable?.voucher?.code}: ${r.voucher_type}, ${r.redeemable?.status}, as ${r.holder_role}`);

  const result = await client.vouchers.validate(code!, {
    customer: { source_id: sourceId },
    order: {
      items: [
        { source_id: 'croissant', quantity: 3, price: 320 },
        { source_id: 'flat-white', quantity: 2, price: 380 },
      ],
    },
  });
  step(
    result.valid
      ? `${code} on their first order of ${money(result.order?.amount)}: ${money(result.order?.discount_amount)} off, ${money(result.order?.total_amount)} to pay.`
      : `${code} is not valid: ${result.reason}.`,
  );
});
