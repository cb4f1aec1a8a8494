// A typedoc plugin (typedoc.json `plugin`): the reference's search finds each sub-client method by
// its operation path (`/v1/vouchers/{code}/validate`) and by the name a caller writes
// (`vouchers.validate`), through typedoc's own extension point for search fields.
//
// typedoc's search (lunr) trims the non-word characters at both ends of every indexed word, so the
// paths in the doc comments are indexed as `v1/vouchers/{code}/validate` or `v1/locations/{locationId`
// and a query that starts with `/` or ends with `}` finds nothing. This plugin adds one field,
// `operation`, weighted like a name, holding for each method the paths its doc comment names and its
// `subClient.method` name, each wrapped in `_` so the trimming leaves them whole.
import { IndexEvent, ReflectionKind } from 'typedoc';

/** `GET /v1/…` (and `POST`, `PUT`, `PATCH`, `DELETE`) in a comment: the operation's path. */
const OPERATION = /\b(?:GET|POST|PUT|PATCH|DELETE) (\/[\w/{}.-]*[\w}])/g;

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.renderer.on(IndexEvent.PREPARE_INDEX, (event) => {
    event.searchFieldWeights.operation = 10;
    // `client.vouchers` is a `Vouchers`: the property names of `Client` name the sub-clients.
    const subClients = new Map();
    const client = event.searchResults.find((r) => r.kindOf(ReflectionKind.Class) && r.name === 'Client');
    for (const property of client?.children ?? []) {
      if (property.type?.type === 'reference') subClients.set(property.type.name, property.name);
    }
    event.searchResults.forEach((reflection, index) => {
      if (!reflection.kindOf(ReflectionKind.Method) || !reflection.parent) return;
      const subClient = subClients.get(reflection.parent.name);
      if (!subClient) return;
      const parts = (reflection.signatures ?? []).flatMap((s) => (s.comment ? [...s.comment.summary, ...s.comment.blockTags.flatMap((t) => t.content)] : []));
      const paths = new Set([...parts.map((p) => p.text).join('\n').matchAll(OPERATION)].map((m) => m[1]));
      const words = [`${subClient}.${reflection.name}`, ...paths].map((w) => `_${w}_`);
      event.searchFields[index] = { ...event.searchFields[index], operation: words.join(' ') };
    });
  });
}
