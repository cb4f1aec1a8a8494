/**
 * Metadata and events without a user's declaration (this program has none; test/types/augmented/
 * has one): every `metadata` is `Record<string, unknown>`, optional as before, `track` takes any
 * event name with any metadata, and the schema options take any Standard Schema of an object.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as v from 'valibot';
import * as z from 'zod';
import type {
  Client,
  ClientEvents,
  CreateOrderParams,
  CustomEventName,
  EventAcknowledgment,
  EventSchemas,
  Metadata,
  MetadataKind,
  MetadataSchemas,
  Order,
  Redemption,
  TrackEventParams,
  ValidationResult,
  Voucher,
} from '../../src/index.js';

type MetadataOf<T> = NonNullable<NonNullable<T> extends { metadata?: infer M } ? M : never>;
type Free = Record<string, unknown>;

describe('without a declaration, nothing changes', () => {
  it('every kind is Record<string, unknown>, in params and responses', () => {
    expectTypeOf<Metadata<MetadataKind>>().toEqualTypeOf<Free>();
    expectTypeOf<MetadataOf<CreateOrderParams>>().toEqualTypeOf<Free>();
    expectTypeOf<MetadataOf<Order>>().toEqualTypeOf<Free>();
    expectTypeOf<MetadataOf<ValidationResult['order']>>().toEqualTypeOf<Free>();
    expectTypeOf<MetadataOf<Voucher['holder']>>().toEqualTypeOf<Free>();
    expectTypeOf<MetadataOf<Redemption>>().toEqualTypeOf<Free>();
    expectTypeOf<MetadataOf<EventAcknowledgment>>().toEqualTypeOf<Free>();
  });

  it('track takes any event name with any metadata, or none', () => {
    expectTypeOf<CustomEventName>().toEqualTypeOf<string>();
    expectTypeOf<TrackEventParams['event']>().toEqualTypeOf<string>();
    expectTypeOf<TrackEventParams['metadata']>().toEqualTypeOf<Free | undefined>();
    const calls = async (events: ClientEvents, client: Client) => {
      await events.track({ event: 'anything', customer: {} });
      const ack = await client.clientEvents.track({ event: 'something_else', customer: { metadata: { any: 1 } }, metadata: { list: 'weekly' } });
      expectTypeOf(ack.type).toEqualTypeOf<string | null | undefined>();
      // @ts-expect-error: metadata is an object
      await events.track({ event: 'x', customer: {}, metadata: 'weekly' });
    };
    expectTypeOf(calls).toBeFunction();
  });

  it('the schema options take any object schema, for a kind or any event name', () => {
    const metadataSchemas: MetadataSchemas = { order: z.object({ channel: z.string() }), reward: v.looseObject({}) };
    const eventSchemas: EventSchemas = { any_event: z.object({}), another: v.object({ n: v.number() }) };
    // @ts-expect-error: no kind `sku`
    const sku: MetadataSchemas = { sku: z.object({}) };
    // @ts-expect-error: metadata is an object: a schema of a string does not fit
    const text: MetadataSchemas = { order: z.string() };
    expect([metadataSchemas, eventSchemas, sku, text]).toHaveLength(4);
  });
});
