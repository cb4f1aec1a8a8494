// The layers of src/ and what each may import (ARCHITECTURE.md explains them). `npm run deps`
// checks every import, type-only imports included, and fails on any rule broken.
//
//   entries (index, client, client-side, limiter-redis, testing/index)
//     └─ resources/  one file per sub-client, and resources/inputs/
//          └─ schemas/  response schemas and types
//               └─ core/  the request pipeline
//
// A layer imports only from the layers below it; nothing imports an entry; nothing in the SDK
// imports promokit/testing.

/** Modules the browser entry (promokit/client-side) must never reach: the server side. */
const serverOnly = [
  '^src/(client|index|limiter-redis)\\.ts$',
  '^src/testing/',
  '^src/core/(transport|limits|schema-fast-path|page-strategies)\\.ts$',
  '^src/resources/(?!client-events\\.ts$|inputs/customer\\.ts$)',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'No import cycle, type-only imports included: every module can be read after the ones it imports.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-is-the-bottom-layer',
      severity: 'error',
      comment: 'core/ is the request pipeline: it never imports resources, schemas, the testing entry or an entry.',
      from: { path: '^src/core/' },
      to: { path: '^src/(resources|schemas|testing)/|^src/[^/]+\\.ts$' },
    },
    {
      name: 'schemas-import-only-core',
      severity: 'error',
      comment: 'schemas/ describe responses: they import core/ (types) and each other, nothing above.',
      from: { path: '^src/schemas/' },
      to: { path: '^src/(resources|testing)/|^src/[^/]+\\.ts$' },
    },
    {
      name: 'resources-import-no-entry',
      severity: 'error',
      comment: 'resources/ are imported by the entries, never the other way round.',
      from: { path: '^src/resources/' },
      to: { path: '^src/(testing)/|^src/[^/]+\\.ts$' },
    },
    {
      name: 'browser-entry-stays-client-side',
      severity: 'error',
      comment: 'promokit/client-side ships to every storefront: it must not reach the server side, even for a type.',
      from: { path: '^src/client-side\\.ts$' },
      to: { path: serverOnly, reachable: true },
    },
    {
      name: 'sdk-never-imports-testing',
      severity: 'error',
      comment: 'promokit/testing is for users\' tests: no module of the SDK imports it.',
      from: { path: '^src/', pathNot: '^src/testing/' },
      to: { path: '^src/testing/' },
    },
    {
      name: 'testing-uses-the-public-entry',
      severity: 'error',
      comment: 'The mock service is built on what promokit exports: it reaches no resource or pipeline module directly.',
      from: { path: '^src/testing/' },
      to: { path: '^src/(resources|core/(http|transport|limits))' },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'Every import resolves to a file or an installed package.',
      from: {},
      to: { couldNotResolve: true },
    },
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
