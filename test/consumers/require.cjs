// CommonJS consumer: plain `require`, no TypeScript, no bundler. scripts/consumers.mjs runs it
// twice on Node 20: as is, and with --no-experimental-require-module, the behaviour of Node
// before 20.19 (no require() of ES modules), which proves the CJS build needs no ESM-only package.
const promokit = require('promokit');
const clientSide = require('promokit/client-side');
const { createMockService } = require('promokit/testing');
const { version } = require('promokit/package.json');

async function main() {
  const checks = {};
  const mock = createMockService();
  const server = await mock.listen();
  try {
    const client = new promokit.Client({ baseUrl: server.url, ...mock.credentials, logLevel: 'off', maxRetries: 0 });
    checks.get = (await client.loyalties.getMember(mock.ids.members.ada)).loyalty_card.points === 1250;
    let records = 0;
    for await (const tx of client.loyalties.listTransactions(mock.ids.campaigns.coffeeClub, { limit: 2 })) records += tx.id ? 1 : 0;
    checks.listWalk = records > 2;
    checks.redemption = (await client.loyalties.redeemReward(mock.ids.members.ada, { reward: { id: mock.ids.rewards.espresso } })).result === 'SUCCESS';
    try {
      await client.loyalties.getMember('LC-NO-SUCH-CARD');
      checks.notFound = false;
    } catch (error) {
      checks.notFound =
        error instanceof promokit.NotFoundError && error instanceof promokit.ApiError && error instanceof promokit.PromokitError && error.status === 404;
    }
    const events = new clientSide.ClientEvents({
      baseUrl: server.url,
      clientApplicationId: mock.credentials.clientApplicationId,
      clientToken: mock.credentials.clientToken,
      origin: mock.credentials.origin,
    });
    checks.clientEvent = (await events.track({ event: 'review_written', customer: { source_id: 'shop-user-1002' } })).object === 'event';
    try {
      await events.track({ event: '', customer: {} });
      checks.crossEntryInstanceof = false;
    } catch (error) {
      checks.crossEntryInstanceof = error instanceof promokit.InvalidRequestError && error instanceof clientSide.InvalidRequestError;
    }
    checks.sameClientEventsClass = promokit.ClientEvents === clientSide.ClientEvents;
    checks.packageJson = typeof version === 'string';
  } finally {
    await server.close();
  }
  return checks;
}

main().then(
  (checks) => console.log(JSON.stringify({ checks })),
  (error) => {
    console.log(JSON.stringify({ error: String(error) }));
    process.exitCode = 1;
  },
);
