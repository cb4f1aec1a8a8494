/**
 * A user's program, type-checked and run by scripts/consumers.mjs against the packed tarball.
 * The driver copies it to `scenario.cts` (CommonJS: `import` compiles to `require`),
 * `scenario.mts` (ESM) and `scenario.ts` (ESM under bundler resolution, CommonJS under node10),
 * and compiles each under the tsconfig files of this folder
 * (moduleResolution node10, node16, nodenext and bundler; with and without the DOM lib;
 * `skipLibCheck: false`; `strict`, `exactOptionalPropertyTypes` and `noUncheckedIndexedAccess`). It uses no Node API of its own, so it also compiles without @types/node.
 *
 * It prints one JSON line `{ "checks": { name: true | false, … } }`; the driver wants every check true.
 */
import {
  ApiError,
  AuthenticationError,
  Client,
  ClientEvents,
  InvalidRequestError,
  NotFoundError,
  PromokitError,
  idKind,
  type LoyaltyTransaction,
  type RequestOptions,
} from 'promokit';
import * as clientSide from 'promokit/client-side';
import { createMockService, type MockServer } from 'promokit/testing';

/** Fails to compile when the two types are not the same. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function assertType<T extends true>(_: T): void {}

async function main(): Promise<Record<string, boolean>> {
  const checks: Record<string, boolean> = {};
  const mock = createMockService();
  const server: MockServer = await mock.listen();
  try {
    const client = new Client({ baseUrl: server.url, ...mock.credentials, logLevel: 'off', maxRetries: 0 });

    // A GET, typed: the card's points are a number.
    const member = await client.loyalties.getMember(mock.ids.members.ada);
    const points: number | null | undefined = member.loyalty_card?.points;
    checks.get = points === 1250;

    // A list walk, page by page and record by record, with typed records.
    let pages = 0;
    let fromPages = 0;
    for await (const page of client.loyalties.listTransactions(mock.ids.campaigns.coffeeClub, { limit: 2 }).pages()) {
      pages += 1;
      fromPages += page.data.length;
    }
    const records: LoyaltyTransaction[] = [];
    for await (const tx of client.loyalties.listTransactions(mock.ids.campaigns.coffeeClub, { limit: 2 })) records.push(tx);
    checks.listWalk = pages >= 2 && fromPages === records.length && records.every((tx) => typeof tx.id === 'string');

    // A redemption: a result, not an exception, narrowed on `result`.
    const redemption = await client.loyalties.redeemReward(mock.ids.members.ada, { reward: { id: mock.ids.rewards.espresso } });
    checks.redemption = redemption.result === 'SUCCESS';
    if (redemption.result === 'FAILURE') assertType<Equal<typeof redemption.failure_code, string | null | undefined>>(true);

    // A member is a LOYALTY_CARD, by type.
    assertType<Equal<typeof member.type, 'LOYALTY_CARD'>>(true);
    // No metadata declared (typed.ts declares some): every metadata is free-form, any event name goes.
    assertType<Equal<typeof member.metadata, Record<string, unknown> | null | undefined>>(true);
    assertType<Equal<Parameters<clientSide.ClientEvents['track']>[0]['event'], string>>(true);
    checks.memberType = member.type === 'LOYALTY_CARD';

    // Optional params take an explicit undefined (exactOptionalPropertyTypes), as code passing
    // its own optional values along does.
    const campaignId: string | undefined = undefined;
    const again = await client.loyalties.getMember(mock.ids.members.ada, { campaign_id: campaignId });
    checks.explicitUndefined = again.id === member.id;

    // A validation result narrowed on `valid`: an invalid one always has its `error`.
    const validation = await client.vouchers.validate(mock.ids.vouchers.expired, { customer: { source_id: 'shop-user-1002' }, session: undefined });
    if (!validation.valid) {
      const why: string | null | undefined = validation.error?.key ?? validation.error?.message ?? validation.reason;
      checks.validationNarrows = typeof why === 'string';
    } else checks.validationNarrows = false;

    // An error, narrowed with instanceof through the whole hierarchy.
    try {
      await client.loyalties.getMember('LC-NO-SUCH-CARD');
      checks.notFound = false;
    } catch (error) {
      checks.notFound =
        error instanceof NotFoundError &&
        error instanceof ApiError &&
        error instanceof PromokitError &&
        error instanceof Error &&
        error.status === 404 &&
        error.name === 'NotFoundError';
      if (error instanceof ApiError) assertType<Equal<typeof error.status, number>>(true);
    }

    // A client event from the browser entry; its class is the server entry's class.
    const events = new clientSide.ClientEvents({
      baseUrl: server.url,
      clientApplicationId: mock.credentials.clientApplicationId,
      clientToken: mock.credentials.clientToken,
      origin: mock.credentials.origin,
    });
    const ack = await events.track({ event: 'review_written', customer: { source_id: 'shop-user-1002' } });
    checks.clientEvent = ack.object === 'event';
    checks.sameClientEventsClass = client.clientEvents instanceof clientSide.ClientEvents && events instanceof ClientEvents;
    // …and the same type: the two entries declare it once (dist/client-side.d.ts re-exports index.d.ts).
    assertType<Equal<typeof client.clientEvents, clientSide.ClientEvents>>(true);
    assertType<Equal<clientSide.NotFoundError, NotFoundError>>(true);

    // Errors thrown by one entry are instances of the other entry's classes (one shared module).
    try {
      await new clientSide.ClientEvents({
        baseUrl: server.url,
        clientApplicationId: 'wrong',
        clientToken: 'wrong',
        origin: mock.credentials.origin,
        maxRetries: 0,
      }).track({ event: 'x', customer: {} });
      checks.crossEntryInstanceof = false;
    } catch (error) {
      checks.crossEntryInstanceof =
        error instanceof AuthenticationError && error instanceof clientSide.AuthenticationError && error instanceof clientSide.PromokitError;
    }
    try {
      await events.track({ event: '', customer: { source_id: 'c' } });
      checks.invalidRequest = false;
    } catch (error) {
      checks.invalidRequest = error instanceof InvalidRequestError && error instanceof clientSide.InvalidRequestError && error.issues[0]?.path[0] === 'event';
    }

    checks.idKind = idKind('camp_tpl_1') === 'campaign_template';
    const options: RequestOptions = { timeout: 5_000 };
    checks.requestOptions = (await client.locations.get(mock.ids.location, options)).id === mock.ids.location;
  } finally {
    await server.close();
  }
  return checks;
}

// Types, not behaviour: these must fail to compile, proving the declarations are not `any`.
function typeErrors(client: Client): void {
  // @ts-expect-error: no such method
  void client.loyalties.noSuchMethod;
  // @ts-expect-error: the member ID is a string
  void client.loyalties.getMember(42);
  // @ts-expect-error: validation is 'strict' | 'warn' | 'off'
  void new Client({ validation: 'sometimes' });
  // @ts-expect-error: a gift voucher needs its gift
  void client.vouchers.create('GIFT-1', { type: 'GIFT_VOUCHER' });
  // @ts-expect-error: the customer's field is source_id
  void client.vouchers.validate('CODE', { customer: { sourceId: 'c-1' } });
  void client.loyalties.getMember('LC-1').then((member) => {
    // @ts-expect-error: a misspelt response field does not compile
    void member.loyalty_card?.pointz;
  });
  void client.loyalties.redeemReward('LC-1', { reward: { id: 'rew_1' } }).then((redemption) => {
    // @ts-expect-error: failure_code exists only once narrowed to result 'FAILURE'
    void redemption.failure_code;
    // @ts-expect-error: result is 'SUCCESS' | 'FAILURE'
    void (redemption.result === 'SUCESS');
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
