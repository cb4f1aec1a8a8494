/** The test data of every operation of `client.locations` (src/resources/locations.ts). */
import * as locations from '../fixtures/locations.js';
import * as fx from '../fixtures/every-field.js';
import { enc, loose } from './shared.js';
import type { SubClientTestData } from './types.js';

/** Keyed by operation: an operation of the sub-client without its record does not compile. */
export const locationTestData: SubClientTestData<'locations'> = {
  'locations.get': {
    fixtures: { circle: fx.circleLocation, polygon: fx.polygonLocation, 'multi-polygon': fx.multiPolygonLocation },
    resourceTestFixtures: { circle: locations.circleLocation, polygon: locations.polygonLocation },
    mockCalls: ({ client, ids }) => [['location', () => client.locations.get(ids.location)]],
    faults: [
      { name: 'locations.get', class: 'GET', call: (c, k, o) => c.locations.get(k, o), path: (k) => `/v1/locations/${enc(k)}`, body: fx.circleLocation },
    ],
    badInputs: [{ input: "id `'..'` (a dot segment)", field: 'locationId', call: (c, o) => loose(c).locations.get('..', o) }],
    contract: (client) => [['GET /v1/locations/{locationId}', () => client.locations.get('loc_1')]],
  },
};
