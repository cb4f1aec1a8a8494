/**
 * The mock's handler table: a route (or two) for every operation promokit types, keyed by its
 * name. The table's type requires every `OperationName`, so an operation added to the SDK's
 * registry without its mock behaviour does not compile. The methods and paths here are the mock's
 * own, written from the service's interface, not read from the SDK: the mock checks the SDK, it
 * does not mirror it.
 *
 * @module
 */
// joins:imports
import { asyncActionHandlers } from './ops/async-actions.js';
import { commerceHandlers } from './ops/commerce.js';
import { eventHandlers } from './ops/events.js';
import { locationHandlers } from './ops/locations.js';
import { loyaltyHandlers } from './ops/loyalties.js';
import { oauthHandlers } from './ops/oauth.js';
import { promotionHandlers } from './ops/promotions.js';
import { redemptionHandlers } from './ops/redemptions.js';
import { checkoutHandlers } from './ops/checkout.js';
import { rewardHandlers } from './ops/rewards.js';
import { voucherHandlers } from './ops/vouchers.js';
import { customerHandlers } from './ops/customers.js';
import { voucherRecordHandlers } from './ops/voucher-records.js';
import { catalogHandlers } from './ops/catalog.js';
import { campaignHandlers } from './ops/campaigns.js';
// /joins
import type { MockHandler, MockOperation, Route } from './router.js';

/** Every operation's routes. */
const handlers: { readonly [N in MockOperation]: MockHandler | readonly MockHandler[] } = {
  // joins:handlers
  ...oauthHandlers,
  ...loyaltyHandlers,
  ...voucherHandlers,
  ...promotionHandlers,
  ...redemptionHandlers,
  ...checkoutHandlers,
  ...commerceHandlers,
  ...rewardHandlers,
  ...asyncActionHandlers,
  ...locationHandlers,
  ...eventHandlers,
  ...customerHandlers,
  ...voucherRecordHandlers,
  ...catalogHandlers,
  ...campaignHandlers,
  // /joins
};

/**
 * The SDK method of every operation the mock answers, as `mock.requests` logs it and
 * `mock.inject({ operation })` names it.
 */
export const mockOperations = Object.keys(handlers) as readonly MockOperation[];

/** Every route of the mock, each with the operation it serves. */
export const routes: readonly Route[] = mockOperations.flatMap((name) => {
  const routed = handlers[name];
  return (Array.isArray(routed) ? routed : [routed as MockHandler]).map((route) => ({ name, ...route }));
});
