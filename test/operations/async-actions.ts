/** The test data of every operation of `client.asyncActions` (src/resources/async-actions.ts). */
import * as asyncActions from '../fixtures/async-actions.js';
import * as fx from '../fixtures/every-field.js';
import { enc, loose, range } from './shared.js';
import type { SubClientTestData } from './types.js';

/** Keyed by operation: an operation of the sub-client without its record does not compile. */
export const asyncActionTestData: SubClientTestData<'asyncActions'> = {
  'asyncActions.get': {
    fixtures: { 'async action': fx.asyncAction },
    resourceTestFixtures: { 'import done': asyncActions.importDone },
    mockCalls: ({ client, ids }) => [['in progress', () => client.asyncActions.get(ids.asyncAction)]],
    faults: [
      { name: 'asyncActions.get', class: 'GET', call: (c, k, o) => c.asyncActions.get(k, o), path: (k) => `/v1/async-actions/${enc(k)}`, body: fx.asyncAction },
    ],
    badInputs: [{ input: "id `''`", field: 'asyncActionId', call: (c, o) => loose(c).asyncActions.get('', o) }],
    contract: (client) => [['GET /v1/async-actions/{asyncActionId}', () => client.asyncActions.get('aa_1')]],
  },
  'asyncActions.list': {
    fixtures: { 'async action list': fx.asyncActionList },
    resourceTestFixtures: {
      'three actions': { object: 'list', data_ref: 'async_actions', async_actions: range(3).map(asyncActions.listedAction) },
    },
    mockCalls: ({ client }) => [['actions', () => client.asyncActions.list({ limit: 3 })]],
    faults: [
      {
        name: 'asyncActions.list',
        class: 'GET',
        call: (c, _k, o) => c.asyncActions.list({ limit: 10 }, o),
        path: () => '/v1/async-actions',
        body: fx.asyncActionList,
      },
    ],
    badInputs: [
      { input: '`limit: 0`', field: 'limit', call: (c, o) => loose(c).asyncActions.list({ limit: 0 }, o) },
      {
        input: "`end_date: 'yesterday'` (not ISO 8601)",
        field: 'end_date',
        call: (c, o) => loose(c).asyncActions.list({ end_date: 'yesterday' }, o),
      },
      {
        input: "`end_date: '2026-13-01'` (month 13)",
        field: 'end_date',
        call: (c, o) => loose(c).asyncActions.list({ end_date: '2026-13-01' }, o),
      },
    ],
    contract: (client) => [['GET /v1/async-actions', () => client.asyncActions.list({ limit: 10 })]],
  },
};
