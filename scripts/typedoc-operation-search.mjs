// A typedoc plugin (typedoc.json `plugin`): the reference's search finds each sub-client method by
// its operation path (`/v1/vouchers/{code}/validate`), by the name a caller writes
// (`vouchers.validate`) and by the words a user types for what it does (`coupon`, `points`,
// `redeem`), through typedoc's own extension point for search fields.
//
// typedoc's search (lunr) trims the non-word characters at both ends of every indexed word, so the
// paths in the doc comments are indexed as `v1/vouchers/{code}/validate` or `v1/locations/{locationId`
// and a query that starts with `/` or ends with `}` finds nothing. This plugin adds two fields:
// `operation`, holding for each method the paths its doc comment names and its `subClient.method`
// name, each wrapped in `_` so the trimming leaves them whole; and `task`, the words of
// USER_WORDS below. Only the ~20 methods have these fields, and lunr weighs a word against the
// fields' average length over every page (nearly 0 here), so both weigh far more than a name:
// enough that the method leads even a property named exactly like the word (`LoyaltyCard.points`,
// which the site's own ranking multiplies tenfold for the exact name).
import { IndexEvent, ReflectionKind } from 'typedoc';

/** `GET /v1/…` (and `POST`, `PUT`, `PATCH`, `DELETE`) in a comment: the operation's path. */
const OPERATION = /\b(?:GET|POST|PUT|PATCH|DELETE) (\/[\w/{}.-]*[\w}])/g;

/**
 * The words a user types for a task, by the method that does it. A word names one method only, so
 * that method leads its search. A word is never part of a type's name (`discount` would outrank
 * `DiscountInput`), and part of a property's name only where the method is the better answer: a
 * search for `points` lands on the member and its balance rather than on one of five `points`
 * fields. scripts/check-site.mjs checks `coupon`, `points` and `redeem`.
 */
export const USER_WORDS = {
  'vouchers.validate': ['coupon', 'checkout'],
  'loyalties.getMember': ['points'],
  'loyalties.redeemReward': ['redeem', 'spend'],
  'loyalties.listTransactions': ['history'],
  'redemptions.rollbackStackable': ['refund', 'undo'],
  'publications.create': ['publish'],
  'customers.listRedeemables': ['wallet'],
  'asyncActions.waitFor': ['poll'],
  'clientEvents.track': ['analytics'],
};

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.renderer.on(IndexEvent.PREPARE_INDEX, (event) => {
    event.searchFieldWeights.operation = 100;
    event.searchFieldWeights.task = 20_000;
    // `client.vouchers` is a `Vouchers`: the property names of `Client` name the sub-clients.
    const subClients = new Map();
    const client = event.searchResults.find((r) => r.kindOf(ReflectionKind.Class) && r.name === 'Client');
    for (const property of client?.children ?? []) {
      if (property.type?.type === 'reference') subClients.set(property.type.name, property.name);
    }
    const named = new Set();
    /** Each method's search result, name and operation paths. */
    const found = [];
    event.searchResults.forEach((reflection, index) => {
      if (!reflection.kindOf(ReflectionKind.Method) || !reflection.parent) return;
      const subClient = subClients.get(reflection.parent.name);
      if (!subClient) return;
      const name = `${subClient}.${reflection.name}`;
      const parts = (reflection.signatures ?? []).flatMap((s) => (s.comment ? [...s.comment.summary, ...s.comment.blockTags.flatMap((t) => t.content)] : []));
      const paths = new Set(
        [
          ...parts
            .map((p) => p.text)
            .join('\n')
            .matchAll(OPERATION),
        ].map((m) => m[1]),
      );
      found.push({ index, name, paths });
      named.add(name);
    });
    for (const { index, name, paths } of found) {
      const words = [name, ...paths].map((w) => `_${w}_`);
      // A name that begins another (`customers.list`, `customers.listRedeemables`): the search, which
      // matches any word holding the query, finds both; its own name among its task words leads it.
      const prefix = found.some((other) => other.name !== name && other.name.startsWith(name)) ? [name] : [];
      event.searchFields[index] = { ...event.searchFields[index], operation: words.join(' '), task: [...(USER_WORDS[name] ?? []), ...prefix].join(' ') };
    }
    const unknown = Object.keys(USER_WORDS).filter((name) => !named.has(name));
    if (unknown.length > 0) app.logger.error(`typedoc-operation-search: USER_WORDS names no method: ${unknown.join(', ')}`);
  });
}
