// A user's declaration of their metadata and events, as the guide shows it: every kind declared,
// two events (one whose metadata has a required key, one whose metadata is all optional). Only
// the program of this folder sees it (tsconfig.json here); the rest of the tests see promokit
// without it.
export {};

declare module 'promokit' {
  interface MetadataTypes {
    voucher: { campaign_tag: 'summer' | 'winter' };
    customer: { tier: 'gold' | 'silver' };
    order: { channel: 'web' | 'pos' };
    orderItem: { gift_wrap: boolean };
    product: { brand: string };
    promotionTier: { shelf: number };
    publication: { mailing: string };
    redemption: { till: number };
    reward: { stock_id: string };
  }
  interface CustomEventTypes {
    newsletter_signup: { source: string };
    review_written: { stars?: number };
  }
}
