/**
 * The kind of a campaign, as the records that belong to one name it: a customer's redeemables,
 * a promotion tier's campaign and a reward's.
 *
 * @module
 */

/**
 * The kind of a campaign: `DISCOUNT_COUPONS`, `GIFT_VOUCHERS`, `LOYALTY_PROGRAM`, `PROMOTION` or
 * `REFERRAL_PROGRAM`. Open: any other string the service starts sending is accepted.
 * @category Shared responses
 */
export type CampaignType = 'DISCOUNT_COUPONS' | 'GIFT_VOUCHERS' | 'LOYALTY_PROGRAM' | 'PROMOTION' | 'REFERRAL_PROGRAM' | (string & {});
