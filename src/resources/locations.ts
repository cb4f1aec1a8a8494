/**
 * `client.locations`: named areas on the map.
 *
 * @module
 */
import type { APIPromise } from '../core/pagination.js';
import { loadManagementResponses } from './responses.js';
import { operation, operations, type Relies, type RequestOptions } from '../core/call.js';
import { APIResource } from '../core/resource.js';
import type { Location } from '../schemas/location.js';
import type { SubClientGuide } from './guide.js';

/**
 * Locations: circles and polygons usable in validation rules.
 * @category Locations
 */
export class Locations extends APIResource {
  /**
   * Reads a location: its name and shape, a circle (`shape.distance.center` `geo:<lat>,<lng>`
   * and `radius`) or a GeoJSON polygon (`shape.geojson`).
   *
   * `GET /v1/locations/{locationId}`. Read-only: retried on network errors, timeouts, 408, 429
   * and 5xx.
   *
   * @param locationId The location ID, `loc_…`.
   * @throws {InvalidRequestError} An empty `locationId`; nothing is sent.
   * @throws {NotFoundError} No such location (404).
   *
   * @example
   * ```ts
   * // GET /v1/locations/{locationId}
   * const location = await client.locations.get('loc_NoMiwGNDDfpkIWAmdHyDdS3T');
   * console.log(location.name, location.shape?.type);
   * ```
   */
  get(locationId: string, options?: RequestOptions): APIPromise<Location> {
    return this.core.request(locationOperations['locations.get'], { locationId }, {}, options);
  }
}

/** The operations of {@link Locations}, as the registry lists them (resources/registry.ts). */
export const locationOperations = operations(loadManagementResponses, {
  'locations.get': operation<Location>({ method: 'GET', path: '/v1/locations/{locationId}' }),
});

/**
 * Where `client.locations` stands in the documentation: the reference's category of its class, and
 * what each method is for, in the order the home page lists them (`npm run operations` writes both).
 */
export const locationGuide: SubClientGuide<keyof typeof locationOperations> = {
  category: 'Locations',
  tasks: {
    'locations.get': 'read a store location',
  },
};

/**
 * The response fields each operation of `client.locations` relies on (the tolerance policy, see
 * {@link Relies}): read by the documentation and the tests, never at run time.
 */
export const locationRelies: Relies<keyof typeof locationOperations> = {
  'locations.get': ['id'],
};
