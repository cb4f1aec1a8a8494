/**
 * `GET /v1/locations/{locationId}` (service interface §4.21).
 *
 * @module
 */
import { notFound } from '../http.js';
import type { MockHandlers } from '../router.js';

/** The mock's route for `locations.get`. */
export const locationHandlers = {
  'locations.get': {
    method: 'GET',
    path: '/v1/locations/{locationId}',
    auth: 'server',
    handle(state, req) {
      const location = state.store.locations.get(req.params.locationId!);
      if (!location) throw notFound('location', req.params.locationId!);
      return location;
    },
  },
} satisfies MockHandlers;
