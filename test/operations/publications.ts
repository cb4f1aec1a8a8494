/** The test data of every operation of `client.publications` (src/resources/publications.ts). */
import * as publications from '../fixtures/publications.js';
import * as realWorld from '../fixtures/real-world.js';
import * as fx from '../fixtures/every-field.js';
import { loose, customer } from './shared.js';
import type { SubClientTestData } from './types.js';

/** Keyed by operation: an operation of the sub-client without its record does not compile. */
export const publicationTestData: SubClientTestData<'publications'> = {
  'publications.create': {
    fixtures: { 'one voucher': fx.publicationSingle, 'several vouchers': fx.publicationMultiple },
    resourceTestFixtures: { publication: publications.publication },
    realWorldFixtures: {
      'voucher without id and object, with nulls': realWorld.publicationOfSparseVoucher,
      'several codes': realWorld.publicationOfSeveralCodes,
    },
    mockCalls: ({ client, ids }) => [
      ['one voucher', () => client.publications.create({ voucher: ids.vouchers.unpublished, customer: { id: ids.customers.grace } })],
      ['several codes', () => client.publications.create({ campaign: { name: 'Welcome Offer', count: 2 }, customer: { id: ids.customers.alan } })],
    ],
    faults: [
      {
        name: 'publications.create',
        class: 'publication',
        call: (c, _k, o) => c.publications.create({ voucher: 'SPRING-1', customer: { source_id: 'cust-1' } }, o),
        path: () => '/v1/publications',
        body: fx.publicationSingle,
      },
      {
        name: 'publications.create (join_once)',
        class: 'join_once publication',
        call: (c, _k, o) => c.publications.create({ voucher: 'SPRING-1', customer: { source_id: 'cust-1' }, join_once: true }, o),
        path: () => '/v1/publications',
        body: fx.publicationSingle,
      },
    ],
    badInputs: [
      {
        input: '`customer` missing',
        field: 'customer',
        call: (c, o) => loose(c).publications.create({ voucher: 'SPRING-1' }, o),
      },
      {
        input: 'voucher code missing (no `voucher`, no `campaign`)',
        field: 'voucher',
        call: (c, o) => loose(c).publications.create({ customer: { source_id: 'c' } }, o),
      },
    ],
    contract: (client) => [['POST /v1/publications', () => client.publications.create({ voucher: 'SUMMER-10', customer, join_once: true })]],
  },
};
