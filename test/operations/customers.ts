/** The test data of every operation of `client.customers` (src/resources/customers.ts). */
import * as customers from '../fixtures/customers.js';
import * as fx from '../fixtures/every-field.js';
import { cursorList, enc, loose } from './shared.js';
import type { SubClientTestData } from './types.js';

/** Keyed by operation: an operation of the sub-client without its record does not compile. */
export const customerTestData: SubClientTestData<'customers'> = {
  'customers.list': {
    fixtures: { 'customer list': fx.customerList },
    mockCalls: ({ client }) => [
      ['by page', () => client.customers.list({ limit: 2, page: 1 })],
      ['by time cursor', () => client.customers.list({ limit: 2, starting_after: '2026-03-01T00:00:00.000Z' })],
    ],
    faults: [
      {
        name: 'customers.list',
        class: 'GET',
        call: (c, _k, o) => c.customers.list({ limit: 10 }, o),
        path: () => '/v1/customers',
        body: fx.customerList,
      },
    ],
    badInputs: [
      { input: '`page: 100` (customers stop at 99)', field: 'page', call: (c, o) => loose(c).customers.list({ page: 100 }, o) },
      {
        input: "`created_at: { after: 'yesterday' }`",
        field: 'created_at.after',
        call: (c, o) => loose(c).customers.list({ created_at: { after: 'yesterday' } }, o),
      },
    ],
    contract: (client) => [
      [
        'GET /v1/customers',
        () => client.customers.list({ limit: 10, page: 1, email: 'bob.smith@email.com', created_at: { after: '2022-01-01T00:00:00Z' }, order: '-created_at' }),
        'D22, D23',
      ],
      ['GET /v1/customers (time cursor)', () => client.customers.list({ limit: 10, starting_after: '2022-08-31T00:00:00.000Z' })],
    ],
  },
  'customers.create': {
    fixtures: { customer: fx.customer },
    mockCalls: ({ client }) => [
      ['new customer', () => client.customers.create({ source_id: 'tolerance-customer', name: 'Mary Jackson', address: { city: 'Hampton' } })],
      ['upsert', () => client.customers.create({ source_id: 'tolerance-customer', email: 'mary@example.com' })],
    ],
    faults: [
      {
        name: 'customers.create (source_id)',
        class: 'upsert',
        call: (c, k, o) => c.customers.create({ source_id: k, name: 'Ada' }, o),
        path: () => '/v1/customers',
        body: fx.customer,
      },
      {
        name: 'customers.create',
        class: 'keyless create',
        call: (c, _k, o) => c.customers.create({ name: 'Walk-in', email: 'walk-in@example.test' }, o),
        path: () => '/v1/customers',
        body: fx.customer,
      },
    ],
    badInputs: [
      { input: "`source_id: ''`", field: 'source_id', call: (c, o) => loose(c).customers.create({ source_id: '' }, o) },
      { input: "`source_id: '  '` (only spaces)", field: 'source_id', call: (c, o) => loose(c).customers.create({ source_id: '  ' }, o) },
      {
        input: "`birthdate: '1990-02-30'`",
        field: 'birthdate',
        call: (c, o) => loose(c).customers.create({ source_id: 'c', birthdate: '1990-02-30' }, o),
      },
    ],
    contract: (client) => [
      [
        'POST /v1/customers',
        () =>
          client.customers.create({
            source_id: 'source_123',
            name: 'Bob Smith',
            email: 'bob.smith@email.com',
            birthdate: '2022-01-01',
            address: { city: 'New York', country: 'United States', postal_code: '10001' },
            metadata: { lang: 'en' },
          }),
      ],
    ],
  },
  'customers.get': {
    fixtures: { customer: fx.customer },
    mockCalls: ({ client, ids }) => [['customer with a card', () => client.customers.get(ids.customers.ada)]],
    faults: [{ name: 'customers.get', class: 'GET', call: (c, k, o) => c.customers.get(k, o), path: (k) => `/v1/customers/${enc(k)}`, body: fx.customer }],
    badInputs: [{ input: "id `'.'` (a dot segment)", field: 'customerId', call: (c, o) => loose(c).customers.get('.', o) }],
    contract: (client) => [['GET /v1/customers/{customerId}', () => client.customers.get('cust_CSnYd37MXmrbS19XCrghjBsv')]],
  },
  'customers.update': {
    fixtures: { customer: fx.customer },
    mockCalls: ({ client }) => [
      ['address', () => client.customers.update('tolerance-customer', { address: { line_1: '12 Harbor Road' }, metadata: { tier: 'gold' } })],
    ],
    faults: [
      {
        name: 'customers.update',
        class: 'PUT',
        call: (c, k, o) => c.customers.update(k, { name: 'Ada L.' }, o),
        path: (k) => `/v1/customers/${enc(k)}`,
        body: fx.customer,
      },
    ],
    badInputs: [
      {
        input: '`source_id` among the fields (the customer is named by the path)',
        field: 'source_id',
        call: (c, o) => loose(c).customers.update('cust_1', { source_id: 'other' }, o),
      },
    ],
    contract: (client) => [
      ['PUT /v1/customers/{customerId}', () => client.customers.update('source_123', { name: 'Bob Smith', address: { line_1: '123 Main St.' } })],
    ],
  },
  'customers.delete': {
    fixtures: { 'no content': undefined },
    mockCalls: ({ client }) => [['deleted', () => client.customers.delete('tolerance-customer')]],
    faults: [{ name: 'customers.delete', class: 'DELETE', call: (c, k, o) => c.customers.delete(k, o), path: (k) => `/v1/customers/${enc(k)}`, body: {} }],
    badInputs: [{ input: "id `'  '`", field: 'customerId', call: (c, o) => loose(c).customers.delete('  ', o) }],
    contract: (client) => [['DELETE /v1/customers/{customerId}', () => client.customers.delete('cust_CSnYd37MXmrbS19XCrghjBsv')]],
  },
  'customers.listRedeemables': {
    fixtures: { 'redeemable list': fx.customerRedeemableList },
    resourceTestFixtures: {
      'two redeemables': { ...cursorList([customers.redeemable(1), customers.redeemable(2, 'REFERRER')]), total: 2 },
    },
    mockCalls: ({ client, ids }) => [['redeemables', () => client.customers.listRedeemables(ids.customers.ada, { limit: 3 })]],
    faults: [
      {
        name: 'customers.listRedeemables',
        class: 'GET',
        call: (c, k, o) => c.customers.listRedeemables(k, {}, o),
        path: (k) => `/v1/customers/${enc(k)}/redeemables`,
        body: fx.customerRedeemableList,
      },
    ],
    badInputs: [
      {
        input: '`limit: 101`',
        field: 'limit',
        call: (c, o) => loose(c).customers.listRedeemables('cust_1', { limit: 101 }, o),
      },
    ],
    contract: (client) => [['GET /v1/customers/{customerId}/redeemables', () => client.customers.listRedeemables('cust_1', { limit: 10 })]],
  },
};
