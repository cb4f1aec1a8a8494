/**
 * A user's program that declares its metadata and events by module augmentation of 'promokit',
 * type-checked and run by scripts/consumers.mjs against the packed tarball, like scenario.ts (and
 * copied the same way to `typed.cts`, `typed.mts` and `typed.ts`). Wrong metadata shapes, unknown
 * event names and wrong event metadata are `@ts-expect-error` lines, which fail the type-check
 * once they compile; right ones compile; response metadata has the declared type. At run time, a
 * Standard Schema written by hand (no schema library installed) refuses wrong metadata before
 * anything reaches the mock service.
 *
 * It prints one JSON line `{ "checks": { name: true | false, … } }`; the driver wants every check true.
 */
import { Client, InvalidRequestError, type Metadata, type StandardSchemaV1 } from 'promokit';
import * as clientSide from 'promokit/client-side';
import { createMockService, type MockServer } from 'promokit/testing';

declare module 'promokit' {
  interface MetadataTypes {
    order: { channel: 'web' | 'pos' };
    customer: { tier: 'gold' | 'silver' };
  }
  interface CustomEventTypes {
    newsletter_signup: { source: string };
    review_written: { stars?: number };
  }
}

/** Fails to compile when the two types are not the same. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function assertType<T extends true>(_: T): void {}

/** A Standard Schema written by hand: an object whose `key` is one of `values`. */
function oneOf<const K extends string, const V extends string>(key: K, values: readonly V[]): StandardSchemaV1<unknown, { [P in K]: V }> {
  return {
    '~standard': {
      version: 1,
      vendor: 'consumer',
      validate: (value) => {
        const given = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
        return values.includes(given as V)
          ? { value: value as { [P in K]: V } }
          : { issues: [{ message: `must be one of ${values.join(', ')}`, path: [key] }] };
      },
    },
  };
}

async function main(): Promise<Record<string, boolean>> {
  const checks: Record<string, boolean> = {};
  const mock = createMockService();
  const server: MockServer = await mock.listen();
  try {
    const client = new Client({
      baseUrl: server.url,
      ...mock.credentials,
      logLevel: 'off',
      maxRetries: 0,
      metadataSchemas: { order: oneOf('channel', ['web', 'pos']) },
      eventSchemas: { newsletter_signup: oneOf('source', ['footer', 'header']) },
    });

    // Response metadata has the declared type.
    const order = await client.orders.create({ source_id: 'typed-1', metadata: { channel: 'pos' } });
    assertType<Equal<typeof order.metadata, { channel: 'web' | 'pos' } | null | undefined>>(true);
    assertType<Equal<Metadata<'customer'>, { tier: 'gold' | 'silver' }>>(true);
    checks.typedResponse = order.metadata?.channel === 'pos';

    // Metadata the types allow but the schema refuses (a JavaScript caller, a cast): nothing sent.
    const before = mock.requests.length;
    try {
      await client.orders.create({ metadata: { channel: 'phone' } as never });
      checks.refusedBeforeSending = false;
    } catch (error) {
      checks.refusedBeforeSending =
        error instanceof InvalidRequestError && error.issues[0]?.path.join('.') === 'metadata.channel' && error.outcome === 'not_sent';
    }
    checks.nothingSent = mock.requests.length === before;

    // Events from the browser entry: its own schemas, the same declared types.
    const { clientApplicationId, clientToken, origin } = mock.credentials;
    const events = new clientSide.ClientEvents({
      baseUrl: server.url,
      clientApplicationId,
      clientToken,
      origin,
      eventSchemas: { newsletter_signup: oneOf('source', ['footer', 'header']) },
    });
    const ack = await events.track({ event: 'newsletter_signup', customer: { source_id: 'shop-user-1002' }, metadata: { source: 'footer' } });
    assertType<Equal<typeof ack.metadata, { source: string } | null | undefined>>(true);
    checks.eventSent = ack.type === 'newsletter_signup';
    try {
      await events.track({ event: 'newsletter_signup', customer: { source_id: 'shop-user-1002' }, metadata: { source: 'popup' } });
      checks.eventRefused = false;
    } catch (error) {
      checks.eventRefused = error instanceof clientSide.InvalidRequestError && error.issues[0]?.path.join('.') === 'metadata.source';
    }
    checks.optionalEventMetadata = (await client.clientEvents.track({ event: 'review_written', customer: { source_id: 'shop-user-1002' } })).object === 'event';
    checks.sameTypes = client.clientEvents instanceof clientSide.ClientEvents;
  } finally {
    await server.close();
  }
  return checks;
}

// Types, not behaviour: each line must fail to compile.
function typeErrors(client: Client, events: clientSide.ClientEvents): void {
  // @ts-expect-error: 'phone' is not a channel
  void client.orders.create({ metadata: { channel: 'phone' } });
  // @ts-expect-error: a misspelt key of the declared metadata
  void client.vouchers.validate('CODE', { order: { metadata: { chanel: 'web' } } });
  // @ts-expect-error: the customer's tier, inside a publication
  void client.publications.create({ voucher: 'CODE', customer: { metadata: { tier: 'bronze' } } });
  // @ts-expect-error: no such event
  void events.track({ event: 'newsletter_sigup', customer: {}, metadata: { source: 'footer' } });
  // @ts-expect-error: newsletter_signup needs its metadata
  void events.track({ event: 'newsletter_signup', customer: {} });
  // @ts-expect-error: `source` is a string
  void client.clientEvents.track({ event: 'newsletter_signup', customer: {}, metadata: { source: 1 } });
  // @ts-expect-error: a schema whose output does not fit the declared type
  void new Client({ metadataSchemas: { order: oneOf('channel', ['web', 'phone']) } });
  // @ts-expect-error: no schema for an undeclared event
  void new Client({ eventSchemas: { newsletter_sigup: oneOf('source', ['footer']) } });
  void client.loyalties.redeemReward('LC-1', {}).then((redemption) => {
    // @ts-expect-error: a misspelt key of the declared metadata of a response
    void redemption.order?.metadata?.chanel;
  });
}
void typeErrors;

main().then(
  (checks) => console.log(JSON.stringify({ checks })),
  (error: unknown) => {
    console.log(JSON.stringify({ error: String(error) }));
    throw error;
  },
);
