// The benchmark's second baseline: the client a careful user writes by hand on the same stack as
// promokit, ky 2 (the version promokit bundles, as installed) for the request and zod for the response. One `ky.get(url, { headers }).json()` per
// call, ky's defaults (2 retries, 10 s timeout) and zod schemas of the same fields promokit checks,
// unknown fields kept (`z.looseObject`). promokit's budgets are its own overhead over this.
import ky from 'ky';
import * as z from 'zod';

const text = z.string().nullish();
const number = z.number().nullish();
const bool = z.boolean().nullish();
const metadata = z.record(z.string(), z.unknown()).nullish();
const reference = z.looseObject({ id: text, name: text, type: text }).nullish();

const category = z.looseObject({ id: z.string(), name: text, hierarchy: number, object: text, created_at: text, updated_at: text });
const loyaltyCard = z.looseObject({
  points: number,
  balance: number,
  next_expiration_date: text,
  next_expiration_points: number,
  pending_points: number,
  expired_points: number,
  subtracted_points: number,
});
const asset = z.looseObject({ id: text, url: text }).nullish();
const customer = z.looseObject({ id: text, source_id: text, name: text, email: text, metadata, object: text });
const assignment = z.looseObject({ id: z.string(), rule_id: text, related_object_id: text, related_object_type: text, created_at: text, object: text });

/** A loyalty member: a voucher of type LOYALTY_CARD, with the fields promokit's schema checks. */
export const memberSchema = z.looseObject({
  id: z.string(),
  code: z.string(),
  campaign: text,
  campaign_id: text,
  category: text,
  category_id: text,
  categories: z.array(category).nullish(),
  type: text,
  discount: z.looseObject({ type: text, percent_off: number, amount_off: number }).nullish(),
  gift: z.looseObject({ amount: number, balance: number, effect: text }).nullish(),
  loyalty_card: loyaltyCard.nullish(),
  start_date: text,
  expiration_date: text,
  validity_timeframe: z.looseObject({ interval: text, duration: text }).nullish(),
  validity_day_of_week: z.array(z.number()).nullish(),
  validity_hours: z
    .looseObject({ daily: z.array(z.looseObject({ start_time: text, days_of_week: z.array(z.number()).nullish(), expiration_time: text })).nullish() })
    .nullish(),
  active: bool,
  additional_info: text,
  metadata,
  assets: z.looseObject({ qr: asset, barcode: asset }).nullish(),
  is_referral_code: bool,
  created_at: text,
  updated_at: text,
  holder_id: text,
  referrer_id: text,
  holder: customer.nullish(),
  redemption: z.looseObject({ quantity: number, redeemed_quantity: number, redeemed_points: number, object: text, url: text }).nullish(),
  publish: z.looseObject({ object: text, count: number, url: text }).nullish(),
  validation_rules_assignments: z.looseObject({ object: text, data_ref: text, total: number, data: z.array(assignment).nullish() }).nullish(),
  object: z.string(),
});

const transaction = z.looseObject({
  id: z.string(),
  source_id: text,
  voucher_id: text,
  campaign_id: text,
  source: text,
  reason: text,
  type: text,
  details: z
    .looseObject({
      balance: z
        .looseObject({
          type: text,
          total: number,
          object: text,
          amount: number,
          points: number,
          balance: number,
          operation_type: text,
          related_object: z.looseObject({ id: text, type: text }).nullish(),
        })
        .nullish(),
      order: reference,
      event: reference,
      earning_rule: reference,
      redemption: reference,
      rollback: reference,
      reward: reference,
    })
    .nullish(),
  related_transaction_id: text,
  created_at: text,
});

/** One page of loyalty transactions. */
export const transactionPageSchema = z.looseObject({
  object: text,
  data_ref: text,
  data: z.array(transaction),
  has_more: bool,
  more_starting_after: text,
});

/** The hand-written client: `getMember` and a walk over every transaction page (`fetch`: ky's default, else this one). */
export function kyZodClient(baseUrl, headers, fetch) {
  const ky_ = fetch ? ky.create({ fetch }) : ky;
  return {
    getMember: async (code) => memberSchema.parse(await ky_.get(`${baseUrl}/v1/loyalties/members/${encodeURIComponent(code)}`, { headers }).json()),
    /** Calls `onRecord` per record and awaits `afterPage` after each page; resolves with the count. */
    walk: async (campaignId, limit, onRecord, afterPage) => {
      let count = 0;
      let after = '';
      for (;;) {
        const searchParams = after ? { limit, starting_after_id: after } : { limit };
        const page = transactionPageSchema.parse(await ky_.get(`${baseUrl}/v1/loyalties/${campaignId}/transactions`, { headers, searchParams }).json());
        for (const record of page.data) count += onRecord(record);
        if (afterPage) await afterPage();
        if (!page.has_more || !page.more_starting_after) return count;
        after = page.more_starting_after;
      }
    },
  };
}
