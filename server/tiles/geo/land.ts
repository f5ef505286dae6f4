import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import { bboxOf, simplify, type Box } from '../math/geom.ts';
import { latToWorldY, lonToWorldX, projectLonLat } from '../math/tile.ts';
import { REGION, loadRegionFile, type RegionData } from './extract.ts';

/** A ring or polyline in normalised world coordinates with its bounding box. */
export interface WorldShape {
  c: Float64Array;
  box: Box;
}

/** A border line in world coordinates; `svn` when it is Slovenia's. */
export interface WorldBorder extends WorldShape {
  svn: boolean;
}

/** Land and borders simplified for one zoom level. */
export interface ZoomGeometry {
  /** Detailed land inside the region (all countries). */
  land: WorldShape[];
  /** Slovenia's own rings. */
  slovenia: WorldShape[];
  /** Natural Earth land, to be drawn only outside the region. */
  outside: WorldShape[];
  /** International borders inside the region, in chunks of at most ~256 points. */
  borders: WorldBorder[];
}

/** Zoom at and beyond which the full-resolution data is used. */
const FULL_DETAIL_ZOOM = 14;
/** Simplification tolerance in pixels of the target zoom. */
const TOLERANCE_PX = 0.3;
const CHUNK = 256;

function shape(c: Float64Array): WorldShape {
  return { c, box: bboxOf(c) };
}

function chunked(c: Float64Array): Float64Array[] {
  const n = c.length / 2;
  if (n <= CHUNK) return [c];
  const out: Float64Array[] = [];
  for (let i = 0; i < n - 1; i += CHUNK - 1) out.push(c.slice(i * 2, Math.min(n, i + CHUNK) * 2));
  return out;
}

/** Natural Earth 1:50m land polygons' rings as lon/lat flat arrays. */
function naturalEarthLand(): number[][] {
  const require = createRequire(import.meta.url);
  const topo = require('world-atlas/land-50m.json') as Topology;
  const land = topo.objects.land;
  if (!land) return [];
  const fc = feature(topo, land);
  const rings: number[][] = [];
  const features = 'features' in fc ? fc.features : [fc];
  for (const f of features) {
    const g = f.geometry;
    const polys = g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : [];
    for (const p of polys) for (const r of p) rings.push(r.flat());
  }
  return rings;
}

/**
 * Land, Slovenia and borders projected once to world coordinates, with lazily made
 * per-zoom simplifications, so a tile never re-reads or re-projects the source data.
 */
export class GeoIndex {
  /** The detailed region in world coordinates. */
  readonly regionBox: Box;
  private readonly land: Float64Array[];
  private readonly slovenia: Float64Array[];
  private readonly outside: Float64Array[];
  private readonly borders: { svn: boolean; c: Float64Array }[];
  private readonly byZoom = new Map<number, ZoomGeometry>();

  private constructor(data: RegionData, outside: number[][]) {
    this.land = data.land.flatMap((l) => l.rings.map(projectLonLat));
    this.slovenia = data.land.filter((l) => l.a3 === 'SVN').flatMap((l) => l.rings.map(projectLonLat));
    this.borders = data.borders.map((b) => ({ svn: b.svn, c: projectLonLat(b.line) }));
    this.outside = outside.map(projectLonLat);
    this.regionBox = {
      minX: lonToWorldX(REGION.minX),
      maxX: lonToWorldX(REGION.maxX),
      minY: latToWorldY(REGION.maxY),
      maxY: latToWorldY(REGION.minY),
    };
  }

  /** Loads the region extract (see ensureRegionFile) and Natural Earth land. */
  static async load(regionFile: string): Promise<GeoIndex> {
    return new GeoIndex(await loadRegionFile(regionFile), naturalEarthLand());
  }

  /** Geometry simplified to about a third of a pixel at zoom z (memoised). */
  atZoom(z: number): ZoomGeometry {
    const zl = Math.min(Math.max(0, Math.floor(z)), FULL_DETAIL_ZOOM);
    let g = this.byZoom.get(zl);
    if (g) return g;
    const tol = zl >= FULL_DETAIL_ZOOM ? 0 : TOLERANCE_PX / (256 * 2 ** zl);
    const simp = (c: Float64Array): Float64Array => (tol > 0 ? simplify(c, tol) : c);
    const minArea = (tol * 2) ** 2;
    const rings = (list: Float64Array[]): WorldShape[] =>
      list
        .map((c) => shape(simp(c)))
        .filter((s) => s.c.length >= 6 && (s.box.maxX - s.box.minX) * (s.box.maxY - s.box.minY) >= minArea);
    g = {
      land: rings(this.land),
      slovenia: rings(this.slovenia),
      outside: rings(this.outside),
      borders: this.borders.flatMap((b) => chunked(simp(b.c)).map((c) => ({ ...shape(c), svn: b.svn }))),
    };
    this.byZoom.set(zl, g);
    return g;
  }
}
