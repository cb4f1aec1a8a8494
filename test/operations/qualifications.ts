/** The test data of every operation of `client.qualifications` (src/resources/qualifications.ts). */
import * as checkout from '../fixtures/checkout.js';
import { loose, order, customer } from './shared.js';
import type { SubClientTestData } from './types.js';

/** Keyed by operation: an operation of the sub-client without its record does not compile. */
export const qualificationTestData: SubClientTestData<'qualifications'> = {
  'qualifications.check': {
    fixtures: { qualification: checkout.qualification },
    realWorldFixtures: { 'bundle without limit (D6)': checkout.bareQualification },
    mockCalls: ({ client }) => [
      ['first page', () => client.qualifications.check({ customer: { source_id: 'shop-user-1001' }, order: { amount: 6000 }, options: { limit: 3 } })],
    ],
    faults: [
      {
        name: 'qualifications.check',
        class: 'validation',
        call: (c, k, o) => c.qualifications.check({ customer: { source_id: k } }, o),
        path: () => '/v1/qualifications',
        body: checkout.qualification,
      },
    ],
    badInputs: [
      {
        input: '`options.limit: 51`',
        field: 'options.limit',
        call: (c, o) => loose(c).qualifications.check({ options: { limit: 51 } }, o),
      },
      {
        input: "`session: { type: 'LOCK', key }` (its session is `{ type }` alone)",
        field: 'session.key',
        call: (c, o) => loose(c).qualifications.check({ session: { type: 'LOCK', key: 'checkout-1' } }, o),
      },
    ],
    contract: (client) => [
      [
        'POST /v1/qualifications',
        () => client.qualifications.check({ customer, order, scenario: 'ALL', options: { limit: 10, sorting_rule: 'BEST_DEAL' }, session: { type: 'LOCK' } }),
        'D5, D6, D24 (its own session shape)',
      ],
    ],
  },
};
