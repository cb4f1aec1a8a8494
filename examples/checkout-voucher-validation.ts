/**
 * Checkout: validate the codes a customer types in against their cart. A code that cannot be
 * used is a result (`valid: false` with `reason` and `error.key`), not an exception; an unknown
 * code is a 404.
 *
 * Against a real service set PROMOKIT_EXAMPLE_VOUCHER_CODES (comma-separated codes to try).
 */
import { NotFoundError, type OrderInput } from 'promokit';
import { connect, detail, money, run, step, title } from './lib/connect.js';

const setup = connect();
const { client } = setup;
const codes = setup
  .id('VOUCHER_CODES', (ids) =>
    [ids.vouchers.valid, ids.vouchers.expired, ids.vouchers.notYetActive, ids.vouchers.disabled, ids.vouchers.usedUp, 'NO-SUCH-CODE'].join(','),
  )
  .split(',');

const cart: OrderInput = {
  items: [
    { source_id: 'flat-white', quantity: 2, price: 380 },
    { source_id: 'beans-1kg', quantity: 1, price: 2400 },
  ],
};

run(async () => {
  title('Checkout: validate voucher codes against a cart', setup);
  const total = cart.items!.reduce((sum, item) => sum + item.price! * item.quantity!, 0);
  step(`The cart: 2 × flat white, 1 × house blend beans = ${money(total)}.`);

  for (const code of codes) {
    try {
      const result = await client.vouchers.validate(code, { customer: { source_id: 'shop-user-1001' }, order: cart });
      if (result.valid) {
        const d = result.discount;
        const what = d?.type === 'PERCENT' ? `${d.percent_off}% off` : d?.type === 'AMOUNT' ? `${money(d.amount_off)} off` : 'valid';
        step(`${code}: valid, ${what}: discount ${money(result.order?.discount_amount)}, to pay ${money(result.order?.total_amount)}.`);
      } else {
        step(`${code}: refused, ${result.reason}.`);
        detail(`${result.error?.key ?? result.error?.message ?? result.reason}${result.error?.details ? `: ${result.error.details}` : ''}`);
      }
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      step(`${code}: no such code (${error.status} ${error.key}).`);
    }
  }
});
