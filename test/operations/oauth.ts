/** The test data of every operation of `client.oauth` (src/resources/oauth.ts). */
import * as fx from '../fixtures/every-field.js';
import { loose, introspection } from './shared.js';
import type { SubClientTestData } from './types.js';

/** Keyed by operation: an operation of the sub-client without its record does not compile. */
export const oauthTestData: SubClientTestData<'oauth'> = {
  'oauth.introspect': {
    fixtures: { active: fx.activeToken, inactive: fx.inactiveToken },
    mockCalls: ({ client, mock }) => [
      ['active token', () => client.oauth.introspect(mock.credentials.accessToken)],
      ['unknown token', () => client.oauth.introspect('never-issued')],
    ],
    faults: [
      {
        name: 'oauth.introspect',
        class: 'introspection',
        call: (c, _k, o) => c.oauth.introspect('token-under-inspection', o),
        path: () => '/v1/oauth/introspect',
        body: introspection,
      },
    ],
    badInputs: [{ input: "access token `''`", field: 'access_token', call: (c, o) => loose(c).oauth.introspect('', o) }],
    contract: (client) => [['POST /v1/oauth/introspect', () => client.oauth.introspect('some-token')]],
  },
};
