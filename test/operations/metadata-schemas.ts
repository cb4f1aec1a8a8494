/** The test data of every operation of `client.metadataSchemas` (src/resources/metadata-schemas.ts). */
import * as fx from '../fixtures/every-field.js';
import { enc, loose } from './shared.js';
import type { SubClientTestData } from './types.js';

/** Keyed by operation: an operation of the sub-client without its record does not compile. */
export const metadataSchemaTestData: SubClientTestData<'metadataSchemas'> = {
  'metadataSchemas.list': {
    fixtures: { 'schemas under schemas': fx.metadataSchemaList },
    mockCalls: ({ client }) => [['schemas', () => client.metadataSchemas.list()]],
    faults: [
      {
        name: 'metadataSchemas.list',
        class: 'GET',
        call: (c, _k, o) => c.metadataSchemas.list(o),
        path: () => '/v1/metadata-schemas',
        body: fx.metadataSchemaList,
      },
    ],
    // It takes no params: nothing to break but its options, which are checked as every call's are.
    badInputs: [],
    contract: (client) => [['GET /v1/metadata-schemas', () => client.metadataSchemas.list(), 'D15']],
  },
  'metadataSchemas.get': {
    fixtures: { 'order schema': fx.metadataSchema },
    mockCalls: ({ client }) => [
      ['order', () => client.metadataSchemas.get('order')],
      ['custom schema', () => client.metadataSchemas.get('Payment')],
    ],
    faults: [
      {
        name: 'metadataSchemas.get',
        class: 'GET',
        call: (c, k, o) => c.metadataSchemas.get(k, o),
        path: (k) => `/v1/metadata-schemas/${enc(k)}`,
        body: fx.metadataSchema,
      },
    ],
    badInputs: [{ input: "resource `''`", field: 'resource', call: (c, o) => loose(c).metadataSchemas.get('', o) }],
    contract: (client) => [['GET /v1/metadata-schemas/{resource}', () => client.metadataSchemas.get('customer'), 'D27']],
  },
};
