/**
 * Typed metadata and events, with a user's declaration (augmentation.d.ts): type-checked by
 * `npm run typecheck` in a program of its own (tsconfig.json here), where every kind and two
 * events are declared. Each kind types the metadata of every params and response type of that
 * kind, wherever the record sits; `track` takes only the declared events, each with its metadata;
 * the schema options take only schemas whose output fits. A `@ts-expect-error` that stops
 * erroring fails the type-check.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type * as Spec from '@standard-schema/spec';
import * as v from 'valibot';
import * as z from 'zod';
import type {
  CatalogProduct,
  Client,
  ClientEvents,
  CreateCustomerParams,
  Customer,
  UpdateCustomerParams,
  UpdateVoucherParams,
  CreateOrderParams,
  CreatePromotionTierParams,
  CreatePublicationParams,
  CreateVoucherParams,
  CustomerInput,
  CustomerRedeemable,
  CustomEventName,
  EventAcknowledgment,
  EventSchemas,
  LoyaltyMember,
  Metadata,
  MetadataSchemas,
  Order,
  OrderInput,
  OrderItemInput,
  OrderItemProductInput,
  OrderItemSkuInput,
  PromotionTier,
  PromotionTierSetup,
  Publication,
  RedeemRewardParams,
  Redemption,
  RedemptionRollbackResult,
  Reward,
  RollbackStackableParams,
  SetupPromotionTierParams,
  Sku,
  StandardSchemaV1,
  TrackEventParams,
  ValidateVoucherParams,
  ValidationResult,
  Voucher,
  ValidateStackedParams,
  RedeemStackedParams,
  RollbackRedemptionParams,
  CheckEligibilityParams,
  StackedValidation,
  StackedRedemption,
  RedemptionEntry,
  QualifiedRedeemable,
  Qualification,
} from '../../../src/index.js';
import type * as ClientSide from '../../../src/client-side.js';

/** The metadata type of a record type, out of its optional and nullable wrapping. */
type MetadataOf<T> = NonNullable<NonNullable<T> extends { metadata?: infer M } ? M : never>;

type VoucherMeta = { campaign_tag: 'summer' | 'winter' };
type CustomerMeta = { tier: 'gold' | 'silver' };
type OrderMeta = { channel: 'web' | 'pos' };
type OrderItemMeta = { gift_wrap: boolean };
type ProductMeta = { brand: string };
type TierMeta = { shelf: number };
type PublicationMeta = { mailing: string };
type RedemptionMeta = { till: number };
type RewardMeta = { stock_id: string };

describe('each declared kind types its metadata in params and responses, wherever the record sits', () => {
  it('Metadata<K> is the declared type of every kind', () => {
    expectTypeOf<Metadata<'voucher'>>().toEqualTypeOf<VoucherMeta>();
    expectTypeOf<Metadata<'customer'>>().toEqualTypeOf<CustomerMeta>();
    expectTypeOf<Metadata<'order'>>().toEqualTypeOf<OrderMeta>();
    expectTypeOf<Metadata<'orderItem'>>().toEqualTypeOf<OrderItemMeta>();
    expectTypeOf<Metadata<'product'>>().toEqualTypeOf<ProductMeta>();
    expectTypeOf<Metadata<'promotionTier'>>().toEqualTypeOf<TierMeta>();
    expectTypeOf<Metadata<'publication'>>().toEqualTypeOf<PublicationMeta>();
    expectTypeOf<Metadata<'redemption'>>().toEqualTypeOf<RedemptionMeta>();
    expectTypeOf<Metadata<'reward'>>().toEqualTypeOf<RewardMeta>();
  });

  it('voucher: the create params, the voucher, a loyalty member, a validation result and every embedded voucher', () => {
    expectTypeOf<MetadataOf<CreateVoucherParams>>().toEqualTypeOf<VoucherMeta>();
    expectTypeOf<MetadataOf<Voucher>>().toEqualTypeOf<VoucherMeta>();
    expectTypeOf<MetadataOf<LoyaltyMember>>().toEqualTypeOf<VoucherMeta>();
    expectTypeOf<MetadataOf<ValidationResult>>().toEqualTypeOf<VoucherMeta>();
    expectTypeOf<MetadataOf<Redemption['voucher']>>().toEqualTypeOf<VoucherMeta>();
    expectTypeOf<MetadataOf<Reward['voucher']>>().toEqualTypeOf<VoucherMeta>();
    expectTypeOf<MetadataOf<Publication['voucher']>>().toEqualTypeOf<VoucherMeta>();
    expectTypeOf<MetadataOf<NonNullable<CustomerRedeemable['redeemable']>['voucher']>>().toEqualTypeOf<VoucherMeta>();
  });

  it('customer: every customer input, and the customer of a voucher, redemption, reward, publication and event', () => {
    expectTypeOf<MetadataOf<CustomerInput>>().toEqualTypeOf<CustomerMeta>();
    expectTypeOf<MetadataOf<ValidateVoucherParams['customer']>>().toEqualTypeOf<CustomerMeta>();
    expectTypeOf<MetadataOf<OrderInput['customer']>>().toEqualTypeOf<CustomerMeta>();
    expectTypeOf<MetadataOf<OrderInput['referrer']>>().toEqualTypeOf<CustomerMeta>();
    expectTypeOf<MetadataOf<CreatePublicationParams['customer']>>().toEqualTypeOf<CustomerMeta>();
    expectTypeOf<MetadataOf<RollbackStackableParams['customer']>>().toEqualTypeOf<CustomerMeta>();
    expectTypeOf<MetadataOf<TrackEventParams['customer']>>().toEqualTypeOf<CustomerMeta>();
    expectTypeOf<MetadataOf<Voucher['holder']>>().toEqualTypeOf<CustomerMeta>();
    expectTypeOf<MetadataOf<Redemption['customer']>>().toEqualTypeOf<CustomerMeta>();
    expectTypeOf<MetadataOf<Reward['customer']>>().toEqualTypeOf<CustomerMeta>();
    expectTypeOf<MetadataOf<Publication['customer']>>().toEqualTypeOf<CustomerMeta>();
    expectTypeOf<MetadataOf<EventAcknowledgment['customer']>>().toEqualTypeOf<CustomerMeta>();
  });

  it('order: every order input, the order, and the order of a validation, a redemption and a rollback', () => {
    expectTypeOf<MetadataOf<CreateOrderParams>>().toEqualTypeOf<OrderMeta>();
    expectTypeOf<MetadataOf<ValidateVoucherParams['order']>>().toEqualTypeOf<OrderMeta>();
    expectTypeOf<MetadataOf<RedeemRewardParams['order']>>().toEqualTypeOf<OrderMeta>();
    expectTypeOf<MetadataOf<RollbackStackableParams['order']>>().toEqualTypeOf<OrderMeta>();
    expectTypeOf<MetadataOf<Order>>().toEqualTypeOf<OrderMeta>();
    expectTypeOf<MetadataOf<ValidationResult['order']>>().toEqualTypeOf<OrderMeta>();
    expectTypeOf<MetadataOf<Redemption['order']>>().toEqualTypeOf<OrderMeta>();
    expectTypeOf<MetadataOf<RedemptionRollbackResult['parent_rollback']['order']>>().toEqualTypeOf<OrderMeta>();
  });

  it("orderItem and product: an order's items and their products, in requests and responses", () => {
    type Item = NonNullable<Order['items']>[number];
    expectTypeOf<MetadataOf<OrderItemInput>>().toEqualTypeOf<OrderItemMeta>();
    expectTypeOf<MetadataOf<NonNullable<OrderInput['items']>[number]>>().toEqualTypeOf<OrderItemMeta>();
    expectTypeOf<MetadataOf<Item>>().toEqualTypeOf<OrderItemMeta>();
    expectTypeOf<MetadataOf<NonNullable<NonNullable<ValidationResult['order']>['items']>[number]>>().toEqualTypeOf<OrderItemMeta>();
    expectTypeOf<MetadataOf<OrderItemProductInput>>().toEqualTypeOf<ProductMeta>();
    expectTypeOf<MetadataOf<Item['product']>>().toEqualTypeOf<ProductMeta>();
    expectTypeOf<MetadataOf<Reward['product']>>().toEqualTypeOf<ProductMeta>();
  });

  it('the records around a checkout: a customer, a voucher and a product of the catalog, in their params and as listed or read', () => {
    expectTypeOf<MetadataOf<CreateCustomerParams>>().toEqualTypeOf<CustomerMeta>();
    expectTypeOf<MetadataOf<UpdateCustomerParams>>().toEqualTypeOf<CustomerMeta>();
    expectTypeOf<MetadataOf<Customer>>().toEqualTypeOf<CustomerMeta>();
    expectTypeOf<MetadataOf<UpdateVoucherParams>>().toEqualTypeOf<VoucherMeta>();
    expectTypeOf<MetadataOf<CatalogProduct>>().toEqualTypeOf<ProductMeta>();
    const calls = async (client: Client) => {
      await client.customers.create({ source_id: 'c-1', metadata: { tier: 'gold' } });
      // @ts-expect-error: the customer's tier is gold or silver
      await client.customers.update('c-1', { metadata: { tier: 'bronze' } });
      // @ts-expect-error: a voucher's campaign_tag is summer or winter
      await client.vouchers.update('CODE', { metadata: { campaign_tag: 'autumn' } });
      for await (const customer of client.customers.list()) expectTypeOf(customer.metadata?.tier).toEqualTypeOf<'gold' | 'silver' | undefined>();
      const page = await client.vouchers.list();
      expectTypeOf(page.data[0]?.metadata?.campaign_tag).toEqualTypeOf<'summer' | 'winter' | undefined>();
      expectTypeOf((await client.vouchers.enable('CODE')).metadata?.campaign_tag).toEqualTypeOf<'summer' | 'winter' | undefined>();
      expectTypeOf((await client.products.get('p-1')).metadata?.brand).toEqualTypeOf<string | undefined>();
      // A SKU of a product of the catalog is no kind.
      expectTypeOf((await client.products.get('p-1')).skus?.data?.[0]?.metadata).toEqualTypeOf<Record<string, unknown> | null | undefined>();
    };
    expectTypeOf(calls).toBeFunction();
  });

  it('a SKU is no kind: its metadata stays Record<string, unknown>, in requests and responses', () => {
    expectTypeOf<MetadataOf<OrderItemSkuInput>>().toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf<MetadataOf<NonNullable<Order['items']>[number]['sku']>>().toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf<MetadataOf<Sku>>().toEqualTypeOf<Record<string, unknown>>();
  });

  it('promotionTier, publication, redemption and reward', () => {
    expectTypeOf<MetadataOf<CreatePromotionTierParams>>().toEqualTypeOf<TierMeta>();
    expectTypeOf<MetadataOf<SetupPromotionTierParams>>().toEqualTypeOf<TierMeta>();
    expectTypeOf<MetadataOf<PromotionTier>>().toEqualTypeOf<TierMeta>();
    expectTypeOf<MetadataOf<PromotionTierSetup['promotion_tier']>>().toEqualTypeOf<TierMeta>();
    expectTypeOf<MetadataOf<Redemption['promotion_tier']>>().toEqualTypeOf<TierMeta>();
    expectTypeOf<MetadataOf<CreatePublicationParams>>().toEqualTypeOf<PublicationMeta>();
    expectTypeOf<MetadataOf<Publication>>().toEqualTypeOf<PublicationMeta>();
    expectTypeOf<MetadataOf<ValidateVoucherParams>>().toEqualTypeOf<RedemptionMeta>();
    expectTypeOf<MetadataOf<RedeemRewardParams>>().toEqualTypeOf<RedemptionMeta>();
    expectTypeOf<MetadataOf<RollbackStackableParams>>().toEqualTypeOf<RedemptionMeta>();
    expectTypeOf<MetadataOf<Redemption>>().toEqualTypeOf<RedemptionMeta>();
    expectTypeOf<MetadataOf<RedemptionRollbackResult['parent_rollback']>>().toEqualTypeOf<RedemptionMeta>();
    expectTypeOf<MetadataOf<Reward>>().toEqualTypeOf<RewardMeta>();
    expectTypeOf<MetadataOf<Redemption['reward']>>().toEqualTypeOf<RewardMeta>();
  });

  it('metadata stays optional, and a wrong shape or key does not compile, in a call or a read', () => {
    const calls = async (client: Client) => {
      await client.orders.create({});
      await client.orders.create({
        metadata: { channel: 'pos' },
        items: [{ quantity: 1, metadata: { gift_wrap: true }, product: { metadata: { brand: 'Acme' } } }],
      });
      // @ts-expect-error: 'phone' is not a channel
      await client.orders.create({ metadata: { channel: 'phone' } });
      // @ts-expect-error: the order's key is `channel`
      await client.orders.create({ metadata: { chanel: 'web' } });
      // @ts-expect-error: an item's gift_wrap is a boolean, inside a validation's order
      await client.vouchers.validate('CODE', { order: { items: [{ metadata: { gift_wrap: 'yes' } }] } });
      // @ts-expect-error: a product's brand is a string
      await client.vouchers.validate('CODE', { order: { items: [{ product: { metadata: { brand: 42 } } }] } });
      // @ts-expect-error: the customer's tier is gold or silver
      await client.publications.create({ voucher: 'CODE', customer: { metadata: { tier: 'bronze' } } });
      // @ts-expect-error: a validation's own metadata is the redemption's: `till` is a number
      await client.vouchers.validate('CODE', { metadata: { till: '3' } });
      // @ts-expect-error: a voucher's campaign_tag is summer or winter
      await client.vouchers.create('X', { type: 'GIFT_VOUCHER', gift: { amount: 1, balance: 1 }, metadata: { campaign_tag: 'autumn' } });
      // @ts-expect-error: a tier's shelf is a number
      await client.promotions.createTier('camp_1', { name: 'T', metadata: { shelf: 'top' } });
      const result = await client.vouchers.validate('CODE', {});
      expectTypeOf(result.order?.metadata?.channel).toEqualTypeOf<'web' | 'pos' | undefined>();
      // @ts-expect-error: a misspelt key of a response's metadata does not compile
      void result.metadata?.campaign_tga;
      const redemption = await client.loyalties.redeemReward('LC-1', { metadata: { till: 3 } });
      expectTypeOf(redemption.customer?.metadata?.tier).toEqualTypeOf<'gold' | 'silver' | undefined>();
    };
    expectTypeOf(calls).toBeFunction();
  });
});

describe('the checkout: the redemption, order and customer kinds in its params and answers', () => {
  it('the stacked validation and redemption, the rollback and the qualification take each kind where it sits', () => {
    expectTypeOf<MetadataOf<ValidateStackedParams>>().toEqualTypeOf<RedemptionMeta>();
    expectTypeOf<MetadataOf<RedeemStackedParams>>().toEqualTypeOf<RedemptionMeta>();
    expectTypeOf<MetadataOf<RollbackRedemptionParams>>().toEqualTypeOf<RedemptionMeta>();
    expectTypeOf<MetadataOf<CheckEligibilityParams>>().toEqualTypeOf<RedemptionMeta>();
    expectTypeOf<MetadataOf<ValidateStackedParams['order']>>().toEqualTypeOf<OrderMeta>();
    expectTypeOf<MetadataOf<RedeemStackedParams['customer']>>().toEqualTypeOf<CustomerMeta>();
    expectTypeOf<MetadataOf<CheckEligibilityParams['order']>>().toEqualTypeOf<OrderMeta>();
  });

  it('the answers: a redemption record and its order, a validated or qualified redeemable (its voucher kind)', () => {
    expectTypeOf<MetadataOf<RedemptionEntry>>().toEqualTypeOf<RedemptionMeta>();
    expectTypeOf<MetadataOf<RedemptionEntry['order']>>().toEqualTypeOf<OrderMeta>();
    expectTypeOf<MetadataOf<RedemptionEntry['customer']>>().toEqualTypeOf<CustomerMeta>();
    expectTypeOf<MetadataOf<NonNullable<StackedRedemption['redemptions']>[number]>>().toEqualTypeOf<RedemptionMeta>();
    expectTypeOf<MetadataOf<StackedValidation['order']>>().toEqualTypeOf<OrderMeta>();
    expectTypeOf<MetadataOf<StackedValidation['redeemables'][number]>>().toEqualTypeOf<VoucherMeta>();
    expectTypeOf<MetadataOf<QualifiedRedeemable>>().toEqualTypeOf<VoucherMeta>();
    expectTypeOf<MetadataOf<Qualification['order']>>().toEqualTypeOf<OrderMeta>();
  });

  it('a wrong metadata shape does not compile in a checkout call', () => {
    const calls = (client: Client) => [
      // @ts-expect-error: the redemption metadata is { till: number }
      client.validations.validate({ redeemables: [{ object: 'voucher', id: 'A' }], metadata: { till: 'one' } }),
      // @ts-expect-error: the order metadata's channel is 'web' or 'pos'
      client.redemptions.redeem({ redeemables: [{ object: 'voucher', id: 'A' }], order: { metadata: { channel: 'phone' } } }),
      client.redemptions.redeem({ redeemables: [{ object: 'voucher', id: 'A' }], metadata: { till: 3 }, marker: true }),
    ];
    expectTypeOf(calls).toBeFunction();
  });
});

describe('custom events: only the declared names, each with its metadata', () => {
  it('the event names are the declared ones', () => {
    expectTypeOf<CustomEventName>().toEqualTypeOf<'newsletter_signup' | 'review_written'>();
  });

  it('track takes a declared event with its metadata, on the server and the browser entry alike', () => {
    const calls = async (events: ClientEvents, browser: ClientSide.ClientEvents, client: Client) => {
      const customer = { source_id: 'c-1' };
      for (const e of [events, browser, client.clientEvents]) {
        const ack = await e.track({ event: 'newsletter_signup', customer, metadata: { source: 'footer' } });
        expectTypeOf(ack.metadata).toEqualTypeOf<{ source: string } | null | undefined>();
        expectTypeOf(ack.type).toEqualTypeOf<'newsletter_signup' | null | undefined>();
        await e.track({ event: 'review_written', customer });
        await e.track({ event: 'review_written', customer, metadata: { stars: 5 } });
        // @ts-expect-error: no such event
        await e.track({ event: 'newsletter_sigup', customer, metadata: { source: 'footer' } });
        // @ts-expect-error: newsletter_signup's metadata has a required `source`
        await e.track({ event: 'newsletter_signup', customer });
        // @ts-expect-error: `source` is a string
        await e.track({ event: 'newsletter_signup', customer, metadata: { source: 1 } });
        // @ts-expect-error: review_written's metadata has no `source`
        await e.track({ event: 'review_written', customer, metadata: { source: 'footer' } });
        // @ts-expect-error: a customer's metadata is typed in an event too
        await e.track({ event: 'review_written', customer: { metadata: { tier: 'bronze' } } });
      }
    };
    expectTypeOf(calls).toBeFunction();
  });

  it('TrackEventParams is a union on `event`, narrowing the metadata', () => {
    const read = (params: TrackEventParams) => {
      if (params.event === 'newsletter_signup') expectTypeOf(params.metadata).toEqualTypeOf<{ source: string }>();
      else expectTypeOf(params.metadata).toEqualTypeOf<{ stars?: number } | undefined>();
    };
    expectTypeOf(read).toBeFunction();
  });
});

describe('the schema options take schemas whose output fits the declared types', () => {
  it('zod 4 and valibot schemas of the declared shapes are accepted; a wrong output, kind or event is not', () => {
    const metadataSchemas: MetadataSchemas = {
      order: z.object({ channel: z.enum(['web', 'pos']) }),
      customer: v.object({ tier: v.picklist(['gold', 'silver']) }),
    };
    const eventSchemas: EventSchemas = { newsletter_signup: z.object({ source: z.string() }), review_written: v.object({ stars: v.optional(v.number()) }) };
    // @ts-expect-error: a channel may not be any string
    const loose: MetadataSchemas = { order: z.object({ channel: z.string() }) };
    // @ts-expect-error: no kind `sku`
    const sku: MetadataSchemas = { sku: z.object({}) };
    // @ts-expect-error: no such event
    const unknownEvent: EventSchemas = { newsletter_sigup: z.object({ source: z.string() }) };
    expect([metadataSchemas, eventSchemas, loose, sku, unknownEvent]).toHaveLength(5);
  });

  it("promokit's StandardSchemaV1 and @standard-schema/spec's are the same interface", () => {
    expectTypeOf<Spec.StandardSchemaV1<unknown, OrderMeta>>().toExtend<StandardSchemaV1<unknown, OrderMeta>>();
    expectTypeOf<StandardSchemaV1<unknown, OrderMeta>>().toExtend<Spec.StandardSchemaV1<unknown, OrderMeta>>();
    expectTypeOf<StandardSchemaV1.Issue>().toEqualTypeOf<Spec.StandardSchemaV1.Issue>();
  });
});
