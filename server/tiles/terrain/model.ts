import { LAKES } from '../data/lakes.ts';
import { BASE_ELEVATION, RELIEF } from '../data/relief.ts';
import { RIVERS, type River } from '../data/rivers.ts';
import { smoothLine } from '../math/geom.ts';
import { simplex2 } from '../math/noise.ts';

/** Valley half-width in km by river rank. */
const VALLEY_KM: Record<River['rank'], number> = { 1: 2.6, 2: 1.7, 3: 1.2 };
const KM_LAT = 110.57;
const KM_LON = 111.32;
/** Range axes wander by up to this many km (domain warp), so ranges are not tubes. */
const WARP_KM = 3.5;
const WARP_WAVELENGTH_KM = 30;

/** Rivers smoothed once (Catmull–Rom), shared by valley carving and drawing so both agree. */
export const SMOOTH_RIVERS: River[] = RIVERS.map((r) => ({ ...r, line: smoothLine(r.line, 6) }));

interface Line {
  /** Flat [lon, lat, ...]. */
  c: Float64Array;
  minLon: number;
  maxLon: number;
  minLat: number;
  maxLat: number;
}

interface Feature extends Line {
  w: number;
  h: number;
  r: number;
  p: number;
  reach: number;
}

interface Valley extends Line {
  w: number;
  reach: number;
}

interface Basin {
  lon: number;
  lat: number;
  /** Radius in km of the flat lake floor; the shore rises over another radius. */
  r: number;
  level: number;
}

/** Lakes as round flat basins at their water level. */
const BASINS: Basin[] = LAKES.map((l) => {
  let lon = 0,
    lat = 0,
    n = 0;
  for (let i = 0; i < l.ring.length; i += 2, n++) {
    lon += l.ring[i]!;
    lat += l.ring[i + 1]!;
  }
  lon /= n;
  lat /= n;
  let r = 0;
  for (let i = 0; i < l.ring.length; i += 2)
    r = Math.max(
      r,
      Math.hypot((l.ring[i]! - lon) * KM_LON * Math.cos((lat * Math.PI) / 180), (l.ring[i + 1]! - lat) * KM_LAT),
    );
  return { lon, lat, r: r + 0.3, level: l.level };
});

/** A line's box grown by reach km (conservatively, for latitudes up to 60°). */
function line(c: number[], reach: number): Line {
  let minLon = Infinity,
    maxLon = -Infinity,
    minLat = Infinity,
    maxLat = -Infinity;
  for (let i = 0; i < c.length; i += 2) {
    minLon = Math.min(minLon, c[i]!);
    maxLon = Math.max(maxLon, c[i]!);
    minLat = Math.min(minLat, c[i + 1]!);
    maxLat = Math.max(maxLat, c[i + 1]!);
  }
  const dLat = reach / KM_LAT;
  const dLon = reach / (KM_LON * 0.5);
  return {
    c: Float64Array.from(c),
    minLon: minLon - dLon,
    maxLon: maxLon + dLon,
    minLat: minLat - dLat,
    maxLat: maxLat + dLat,
  };
}

/** Distance in km from (lon, lat) to a polyline (or point), in a local equirectangular frame. */
function distanceKm(l: Line, lon: number, lat: number, kx: number): number {
  const c = l.c;
  const n = c.length / 2;
  let best = Infinity;
  if (n === 1) return Math.hypot((lon - c[0]!) * kx, (lat - c[1]!) * KM_LAT);
  for (let k = 0; k + 1 < n; k++) {
    const ax = (c[k * 2]! - lon) * kx,
      ay = (c[k * 2 + 1]! - lat) * KM_LAT;
    const dx = (c[k * 2 + 2]! - lon) * kx - ax,
      dy = (c[k * 2 + 3]! - lat) * KM_LAT - ay;
    const l2 = dx * dx + dy * dy;
    const t = l2 > 0 ? Math.max(0, Math.min(1, -(ax * dx + ay * dy) / l2)) : 0;
    const ex = ax + t * dx,
      ey = ay + t * dy;
    const d2 = ex * ex + ey * ey;
    if (d2 < best) best = d2;
  }
  return Math.sqrt(best);
}

function chunks(c: number[], size: number): number[][] {
  const out: number[][] = [];
  const n = c.length / 2;
  for (let i = 0; i < n - 1; i += size - 1) out.push(c.slice(i * 2, Math.min(n, i + size) * 2));
  return out;
}

/**
 * The smooth part of the elevation model, evaluated analytically at any point: base
 * elevation (metres) from the relief features with river valleys carved in, and
 * roughness (0..1: how much noise relief to add there).
 */
export class ReliefModel {
  private readonly features: Feature[];
  private readonly valleys: Valley[];

  constructor() {
    this.features = RELIEF.map((f) => {
      const p = f.p ?? 2;
      const reach = f.w * (p >= 3 ? 2 : 2.6) + WARP_KM;
      return { ...line(f.axis, reach), w: f.w, h: f.h, r: f.r, p, reach };
    });
    this.valleys = SMOOTH_RIVERS.flatMap((r) =>
      chunks(r.line, 16).map((c) => ({
        ...line(c, VALLEY_KM[r.rank] * 2.5),
        w: VALLEY_KM[r.rank],
        reach: VALLEY_KM[r.rank] * 2.5,
      })),
    );
  }

  /** Base elevation and roughness at a point, written to out[0], out[1]. */
  at(lon: number, lat: number, out: Float32Array): void {
    const kx = KM_LON * Math.cos((lat * Math.PI) / 180);
    // Warp the point for the ranges (not for the rivers, which are at real positions).
    const wx =
      lon + (simplex2(lon * (KM_LON / WARP_WAVELENGTH_KM), lat * (KM_LAT / WARP_WAVELENGTH_KM), 301) * WARP_KM) / kx;
    const wy =
      lat +
      (simplex2(lon * (KM_LON / WARP_WAVELENGTH_KM), lat * (KM_LAT / WARP_WAVELENGTH_KM), 302) * WARP_KM) / KM_LAT;
    let base = BASE_ELEVATION;
    let rough = 0.08;
    for (const f of this.features) {
      if (wx < f.minLon || wx > f.maxLon || wy < f.minLat || wy > f.maxLat) continue;
      const d = distanceKm(f, wx, wy, kx);
      if (d > f.reach) continue;
      const g = Math.exp(-((d / f.w) ** f.p));
      base += f.h * g;
      if (f.r * g > rough) rough = f.r * g;
    }
    let dn = Infinity;
    for (const v of this.valleys) {
      if (lon < v.minLon || lon > v.maxLon || lat < v.minLat || lat > v.maxLat) continue;
      const d = distanceKm(v, lon, lat, kx) / v.w;
      if (d < dn) dn = d;
    }
    if (dn < 2.5) {
      const keep = 1 - Math.exp(-(dn ** 3));
      // Deep valleys in the mountains, shallow ones in basins and plains.
      const depth = 0.7 * (0.15 + 0.85 * Math.min(1, Math.max(0, (base - 250) / 600)));
      const floor = base - (base - BASE_ELEVATION) * depth;
      base = floor + (base - floor) * keep;
      rough *= 0.15 + 0.85 * keep;
    }
    for (const b of BASINS) {
      const d = Math.hypot((lon - b.lon) * kx, (lat - b.lat) * KM_LAT) / b.r;
      if (d > 3) continue;
      const k = Math.exp(-((d / 1.6) ** 4));
      base = b.level + (base - b.level) * (1 - k);
      rough *= 1 - k * 0.9;
    }
    out[0] = base;
    out[1] = rough;
  }
}
