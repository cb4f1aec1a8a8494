/**
 * Locations: a circle or a polygon on the map (service interface §2.17).
 *
 * @module
 */
import * as z from 'zod/mini';
import { lazy, openEnum } from './base.js';

/** Schema of {@link LocationShape}. */
export const locationShapeSchema = lazy(() =>
  z.looseObject({
    /** `circle` or `polygon`. */
    type: z.nullish(openEnum(['circle', 'polygon'])),
    /** `distance` for a circle, `geojson` for a polygon. */
    format: z.nullish(openEnum(['distance', 'geojson'])),
    /** Circles: the center and radius. */
    distance: z.nullish(
      z.looseObject({
        /** `geo:<latitude>,<longitude>` */
        center: z.nullish(z.string()),
        /** `<number> <unit>`, e.g. `5 km`. */
        radius: z.nullish(z.string()),
      }),
    ),
    /** Polygons: a GeoJSON `Polygon` or `MultiPolygon`. */
    geojson: z.nullish(
      z.looseObject({
        /** `Polygon` or `MultiPolygon`. */
        type: z.nullish(openEnum(['Polygon', 'MultiPolygon'])),
        /**
         * `[longitude, latitude]` positions (floats): rings of positions for a `Polygon`, polygons
         * of rings for a `MultiPolygon`. A bare list of positions is accepted too.
         */
        coordinates: z.nullish(
          z.union([
            z.array(z.array(z.number())),
            z.array(z.array(z.array(z.number()))),
            z.array(z.array(z.array(z.array(z.number())))),
          ]),
        ),
      }),
    ),
  }),
);

/** The area of a location: a circle (`format` `distance`) or a polygon (`format` `geojson`). */
export interface LocationShape extends z.infer<ReturnType<typeof locationShapeSchema>> {}

/** Schema of {@link Location}. */
export const locationSchema = lazy(() =>
  z.looseObject({
    /** `loc_…` */
    id: z.string(),
    /** Always `location`. */
    object: z.string(),
    name: z.nullish(z.string()),
    shape: z.nullish(locationShapeSchema()),
    created_at: z.nullish(z.string()),
    /** Null until the location is first updated. */
    updated_at: z.nullish(z.string()),
  }),
);

/** A named area on the map, usable in validation rules. */
export interface Location extends z.infer<ReturnType<typeof locationSchema>> {}
