/**
 * Locations: a circle or a polygon on the map (service interface §2.17).
 *
 * @module
 */
import * as z from 'zod/mini';
import { lazy, nullishStrings, openEnum, type ShapeOf } from './base.js';

/**
 * A circle on the map (`shape.distance` of a {@link LocationShape} with `format` `distance`).
 * @category Locations
 */
export interface LocationCircle {
  /** The center, `geo:<latitude>,<longitude>`, e.g. `geo:53.55,10.0`. */
  center?: string | null;
  /** The radius, `<number> <unit>`, e.g. `5 km`. */
  radius?: string | null;
}

/**
 * A GeoJSON polygon (`shape.geojson` of a {@link LocationShape} with `format` `geojson`).
 * @category Locations
 */
export interface LocationGeoJson {
  /** `Polygon` or `MultiPolygon`. */
  type?: 'Polygon' | 'MultiPolygon' | (string & {}) | null;
  /**
   * `[longitude, latitude]` positions (floats): rings of positions for a `Polygon`, polygons of
   * rings for a `MultiPolygon`. A bare list of positions is accepted too.
   */
  coordinates?: number[][] | number[][][] | number[][][][] | null;
}

/**
 * The area of a location: a circle (`format` `distance`) or a polygon (`format` `geojson`).
 * @category Locations
 */
export interface LocationShape {
  /** `circle` or `polygon`. */
  type?: 'circle' | 'polygon' | (string & {}) | null;
  /** `distance` for a circle, `geojson` for a polygon. */
  format?: 'distance' | 'geojson' | (string & {}) | null;
  /** Circles: the center and radius. */
  distance?: LocationCircle | null;
  /** Polygons: a GeoJSON `Polygon` or `MultiPolygon`. */
  geojson?: LocationGeoJson | null;
}

/** Schema of {@link LocationShape}. */
export const locationShapeSchema: () => z.ZodMiniType<LocationShape> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    type: z.nullish(openEnum()),
    format: z.nullish(openEnum()),
    distance: z.nullish(
      z.looseObject({
        ...nullishStrings('center', 'radius'),
      } satisfies ShapeOf<LocationCircle>),
    ),
    geojson: z.nullish(
      z.looseObject({
        type: z.nullish(openEnum()),
        // A position list, a polygon or a multi-polygon: the depths a GeoJSON polygon can take.
        coordinates: z.nullish(z.union([z.array(z.array(z.number())), z.array(z.array(z.array(z.number()))), z.array(z.array(z.array(z.array(z.number()))))])),
      } satisfies ShapeOf<LocationGeoJson>),
    ),
  } satisfies ShapeOf<LocationShape>),
);

/**
 * A named area on the map, usable in validation rules. `id` is always there; any other field may
 * be absent or null.
 * @category Locations
 */
export interface Location {
  /** `loc_…` */
  id: string;
  /** Always `location`. */
  object?: string | null;
  /** Location name. */
  name?: string | null;
  /** The area: a circle or a polygon. */
  shape?: LocationShape | null;
  /** When the location was created, ISO 8601 date-time. */
  created_at?: string | null;
  /** When the location was last updated, ISO 8601 date-time; null until the first update. */
  updated_at?: string | null;
}

/** Schema of {@link Location}. */
export const locationSchema: () => z.ZodMiniType<Location> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: z.string(),
    ...nullishStrings('object', 'name'),
    shape: z.nullish(locationShapeSchema()),
    ...nullishStrings('created_at', 'updated_at'),
  } satisfies ShapeOf<Location>),
);
