// The layers of src/ and what each may import (ARCHITECTURE.md explains them). `npm run deps`
// checks every import, type-only imports included, and fails on any rule broken.
//
//   entries (index, client, client-side, redis, limiter-redis, testing/index; redis/ is the Redis entries' own)
//     └─ resources/  one file per sub-client, and resources/inputs/
//          └─ schemas/  response schemas and types
//               └─ core/  the request pipeline
//
// A layer imports only from the layers below it; nothing imports an entry; nothing in the SDK
// imports promokit/testing.

/** Modules the browser entry (promokit/client-side) must never reach: the server side. */
const serverOnly = [
  '^src/(client|index|redis|limiter-redis)\\.ts$',
  '^src/redis/',
  '^src/testing/',
  '^src/core/(transport|limits|schema-fast-path|page-strategies)\\.ts$',
  '^src/resources/(?!client-events\\.ts$|inputs/customer\\.ts$|guide\\.ts$)',
];

/**
 * A rule no import may break: from the modules `from` matches, nothing `to` matches.
 * @returns {import('dependency-cruiser').IForbiddenRuleType}
 */
const forbid = (name, comment, from, to) => ({ name, severity: 'error', comment, from, to });

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid('no-cycles', 'No import cycle, type-only imports included: every module can be read after the ones it imports.', {}, { circular: true }),
    forbid(
      'core-is-the-bottom-layer',
      'core/ is the request pipeline: it never imports resources, schemas, the testing entry or an entry.',
      { path: '^src/core/' },
      { path: '^src/(resources|schemas|testing|redis)/|^src/[^/]+\\.ts$' },
    ),
    forbid(
      'redis-stays-in-its-entries',
      'redis/ holds the Redis entries (promokit/redis and its alias promokit/limiter-redis): nothing else imports it, and it reaches the SDK only through core/.',
      { path: '^src/', pathNot: '^src/(redis|limiter-redis)\\.ts$|^src/redis/' },
      { path: '^src/redis/' },
    ),
    forbid(
      'redis-imports-only-core',
      "redis/ builds on the request pipeline's types and errors (core/), never on the sub-clients or the schemas.",
      { path: '^src/redis/' },
      { path: '^src/(resources|schemas|testing)/|^src/[^/]+\\.ts$' },
    ),
    forbid(
      'schemas-import-only-core',
      'schemas/ describe responses: they import core/ (types) and each other, nothing above.',
      { path: '^src/schemas/' },
      { path: '^src/(resources|testing)/|^src/[^/]+\\.ts$' },
    ),
    forbid(
      'resources-import-no-entry',
      'resources/ are imported by the entries, never the other way round.',
      { path: '^src/resources/' },
      { path: '^src/(testing)/|^src/[^/]+\\.ts$' },
    ),
    forbid(
      'browser-entry-stays-client-side',
      'promokit/client-side ships to every storefront: it must not reach the server side, even for a type.',
      { path: '^src/client-side\\.ts$' },
      { path: serverOnly, reachable: true },
    ),
    forbid(
      'sdk-never-imports-testing',
      "promokit/testing is for users' tests: no module of the SDK imports it.",
      { path: '^src/', pathNot: '^src/testing/' },
      { path: '^src/testing/' },
    ),
    forbid(
      'testing-uses-the-public-entry',
      'The mock service is built on what promokit exports: it reaches no resource or pipeline module directly.',
      { path: '^src/testing/' },
      { path: '^src/(resources|core/(http|transport|limits))' },
    ),
    forbid('no-unresolvable', 'Every import resolves to a file or an installed package.', {}, { couldNotResolve: true }),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^src/',
    // Type-only imports are dependencies too: a type-level cycle is still a cycle to a reader.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
