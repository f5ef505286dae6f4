import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { Topology, GeometryObject } from 'topojson-specification';

/** A ring of [lon, lat] positions. */
export type Ring = [number, number][];

/** Slovenia's border: polygons (outer ring first, then holes) in WGS84. */
export interface Outline {
  polygons: Ring[][];
  /** [minLon, minLat, maxLon, maxLat]. */
  bbox: [number, number, number, number];
}

let cached: Outline | null = null;

/** Slovenia's border from Natural Earth 1:10m (world-atlas countries-10m, id "705"), loaded once. */
export function sloveniaOutline(): Outline {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const path = require.resolve('world-atlas/countries-10m.json');
  const topology = JSON.parse(readFileSync(path, 'utf8')) as Topology;
  const countries = topology.objects.countries as GeometryObject & { geometries: GeometryObject[] };
  const slo = countries.geometries.find((g) => String(g.id) === '705');
  if (!slo) throw new Error('Slovenia (705) is missing from world-atlas countries-10m');
  const f = feature(topology, slo);
  if (f.type !== 'Feature') throw new Error('Slovenia is not a single feature in world-atlas');
  const geom = f.geometry;
  let polygons: Ring[][];
  if (geom.type === 'Polygon') polygons = [geom.coordinates as Ring[]];
  else if (geom.type === 'MultiPolygon') polygons = geom.coordinates as Ring[][];
  else throw new Error(`Unexpected geometry for Slovenia: ${geom.type}`);
  const bbox: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const poly of polygons) {
    for (const [lon, lat] of poly[0] ?? []) {
      bbox[0] = Math.min(bbox[0], lon);
      bbox[1] = Math.min(bbox[1], lat);
      bbox[2] = Math.max(bbox[2], lon);
      bbox[3] = Math.max(bbox[3], lat);
    }
  }
  cached = { polygons, bbox };
  return cached;
}

/** Even-odd ray casting: true when [x, y] is inside `ring`. */
export function inRing(x: number, y: number, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** True when WGS84 [lon, lat] lies inside Slovenia's border. */
export function isInSlovenia(lon: number, lat: number): boolean {
  const { polygons, bbox } = sloveniaOutline();
  if (lon < bbox[0] || lon > bbox[2] || lat < bbox[1] || lat > bbox[3]) return false;
  return polygons.some(
    ([outer, ...holes]) => !!outer && inRing(lon, lat, outer) && !holes.some((h) => inRing(lon, lat, h)),
  );
}
