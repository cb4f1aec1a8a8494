/**
 * The checkout: see what the cart qualifies for, validate the customer's codes together under a
 * session lock, redeem them under the lock, then roll the redemption back when the order is
 * returned.
 *
 * Against a real service set PROMOKIT_EXAMPLE_VOUCHER_CODE (a discount voucher the customer may
 * use), PROMOKIT_EXAMPLE_GIFT_CARD_CODE (a gift card with credit) and
 * PROMOKIT_EXAMPLE_CUSTOMER_SOURCE_ID; the order gets a new source ID on every run.
 */
import type { RedeemableInput } from 'promokit';
import { connect, detail, money, run, step, title } from './lib/connect.js';

const setup = connect();
const { client } = setup;
const voucherCode = setup.id('VOUCHER_CODE', (ids) => ids.vouchers.valid);
const giftCardCode = setup.id('GIFT_CARD_CODE', (ids) => ids.vouchers.giftCard);
const customer = { source_id: setup.id('CUSTOMER_SOURCE_ID', () => 'shop-user-1001') };

run(async () => {
  title('The checkout: validate under a session, redeem, roll back a returned order', setup);
  const order = { source_id: `web-${Date.now()}`, items: [{ source_id: 'beans-1kg', quantity: 2, price: 2400 }] };

  // What the cart qualifies for: the first page, and the walk over the rest.
  const first = await client.qualifications.check({ customer, order, options: { limit: 5, sorting_rule: 'BEST_DEAL' } });
  step(
    `The cart qualifies for ${first.body.redeemables.total ?? first.data.length} redeemables on the first page${first.body.redeemables.has_more ? ', and more' : ''}:`,
  );
  for (const r of first.data) detail(`${r.object} ${r.id}${r.name ? ` (${r.name})` : ''}`);

  // The customer's codes, validated together; the lock holds them for this checkout.
  const redeemables: RedeemableInput[] = [
    { object: 'voucher', id: voucherCode },
    { object: 'voucher', id: giftCardCode, gift: { credits: 1000 } },
  ];
  const validation = await client.validations.validate({ redeemables, order, customer, session: { type: 'LOCK', ttl: 15, ttl_unit: 'MINUTES' } });
  step(`Validated: ${validation.valid ? 'valid' : 'not valid'}; the lock's key is ${validation.session?.key} (promokit's own, as none was given).`);
  for (const r of validation.redeemables) {
    if (r.status === 'APPLICABLE')
      detail(`${r.id}: applies (${r.result?.discount ? `discount ${r.result.discount.type}` : `${money(r.result?.gift?.credits)} of gift credit`})`);
    else if (r.status === 'INAPPLICABLE') detail(`${r.id}: cannot be used (${r.result?.error?.key})`);
    else detail(`${r.id}: skipped (${r.result?.details?.key})`);
  }
  if (!validation.valid) throw new Error('the codes are not valid together: nothing to redeem');
  detail(
    `Order ${money(validation.order?.amount)}, discounts ${money(validation.order?.total_discount_amount)}, to pay ${money(validation.order?.total_amount)}.`,
  );

  // The payment went through: redeem under the lock (which the redemption consumes).
  const redeemed = await client.redemptions.redeem({ redeemables, order, customer, session: { key: validation.session?.key ?? undefined } });
  const parent = redeemed.parent_redemption;
  step(`Redeemed ${redeemed.redemptions?.length} redeemables${parent ? ` under the parent redemption ${parent.id}` : ''}:`);
  for (const r of redeemed.redemptions ?? []) detail(`${r.id}: ${r.result}, ${r.voucher?.code ?? r.promotion_tier?.id}`);

  // The order comes back: undo the redemption. A stacked one is rolled back whole, parent and
  // children; a redemption of its own with `rollback`.
  if (parent) {
    const { rollbacks } = await client.redemptions.rollbackStackable(parent.id, { reason: 'order returned' });
    step(`The order was returned: ${rollbacks?.length} rollbacks, the gift credit and the voucher's redemption given back.`);
  } else {
    const rollback = await client.redemptions.rollback(redeemed.redemptions![0]!.id, { reason: 'order returned' });
    step(`The order was returned: rollback ${rollback.id}, ${rollback.result}.`);
  }
  const history = await client.vouchers.getRedemptions(giftCardCode);
  detail(`${giftCardCode}'s history: ${history.redemption_entries?.map((e) => e.object).join(', ')}.`);
  if (setup.mock)
    detail(
      `The gift card holds ${money(setup.mock.get('vouchers', giftCardCode)?.gift?.balance)} again, and no lock is held: ${setup.mock.list('sessions').length === 0}.`,
    );
});
