import { TILE_SIZE, WORLD_TO_GROUND_M, tilePoints, tileTransform, type TileCoord } from '../math/tile.ts';
import { LATTICE_MIN_WAVELENGTH_PX, LATTICE_N, octave, tileLattice, upsample, type TileLattice } from './lattice.ts';
import type { ReliefModel } from './model.ts';
import { scratchF32 } from './scratch.ts';

/** Side of the padded elevation grid (one extra pixel each side for gradients). */
export const PADDED = TILE_SIZE + 2;

/** Where a tile's pixels are: coordinates shared by every layer's computations. */
export interface TileFrame {
  tile: TileCoord;
  /** The tile's coarse lattice (for smooth fields). */
  lattice: TileLattice;
  /** Noise coordinates (ground-scaled metres) of the padded columns and rows (PADDED each). */
  gx: Float64Array;
  gy: Float64Array;
  /** Longitude of padded columns, latitude of padded rows (pixel centres). */
  lon: Float64Array;
  lat: Float64Array;
  /** Ground metres per pixel at the tile's latitude. */
  mpp: number;
  /** Metres of noise coordinate per pixel (for choosing noise octaves). */
  noisePerPx: number;
}

/** The frame of a tile. */
export function tileFrame(tile: TileCoord): TileFrame {
  const tr = tileTransform(tile);
  // Pixel centres, from half a pixel outside the tile on either side.
  const { lon, lat, gx, gy } = tilePoints(tr, PADDED, -0.5, 1);
  const mpp = (40075016.686 * Math.cos((lat[PADDED >> 1]! * Math.PI) / 180)) / tr.scale;
  return { tile, lattice: tileLattice(tile), gx, gy, lon, lat, mpp, noisePerPx: WORLD_TO_GROUND_M / tr.scale };
}

/** Elevation and derived surfaces of one tile. */
export interface TileTerrain extends TileFrame {
  /** Elevation in metres, PADDED × PADDED, row-major; pixel (x, y) is at [(y + 1) * PADDED + x + 1]. */
  elev: Float32Array;
  /** Roughness 0..1 of the smooth model, same layout as elev. */
  rough: Float32Array;
  /** Slope as rise/run, 256 × 256. */
  slope: Float32Array;
  /** Lambert hillshade 0..1 (flat = ~0.71), light from the north-west, 256 × 256. */
  shade: Float32Array;
}

const ELEV_SEED = 17;
const FIRST_WAVELENGTH = 16000;
const MIN_WAVELENGTH_M = 6;
const LIGHT_ALT = (45 * Math.PI) / 180;
const LX = -Math.cos(LIGHT_ALT) * Math.SQRT1_2;
const LY = -Math.cos(LIGHT_ALT) * Math.SQRT1_2;
const LZ = Math.sin(LIGHT_ALT);

/** Vertical exaggeration of the hillshade: small scales need more to show relief. */
export function shadeExaggeration(z: number): number {
  return z >= 13 ? 1.3 : 1.3 + (13 - z) * 0.32;
}

/** One octave of the relief noise: ridged where the model is rough (mountains), plain elsewhere. */
function reliefOctave(x: number, y: number, wl: number, o: number, r: number): number {
  const s = octave(x, y, wl, o, ELEV_SEED);
  if (o >= 4) return s;
  const ridge = 1 - Math.abs(s);
  return r * (2 * ridge * ridge - 0.67) + (1 - r) * s;
}

/** Noise amplitude in metres for roughness r. */
function amplitude(r: number): number {
  return 0.5 * (50 + 1300 * r);
}

/**
 * Computes the tile's elevation — the smooth model plus fractal noise whose octaves stop
 * at about two pixels, so every zoom agrees on the large forms — and its slope and
 * hillshade. Long octaves go through the lattice, short ones are per pixel. The arrays
 * are per-thread scratch, valid until the next call.
 */
export function computeTerrain(model: ReliefModel, frame: TileFrame): TileTerrain {
  const { tile, lattice, noisePerPx, gx, gy, mpp } = frame;
  const minWl = Math.max(MIN_WAVELENGTH_M, noisePerPx * (tile.z <= 10 ? 4 : 3));
  const split = LATTICE_MIN_WAVELENGTH_PX * noisePerPx;

  const octaves: { wl: number; amp: number }[] = [];
  let amp = 1;
  for (let wl = FIRST_WAVELENGTH; wl > minWl * 0.5 && octaves.length < 14; wl *= 0.5) {
    const fade = wl >= minWl ? 1 : (wl - minWl * 0.5) / (minWl * 0.5);
    octaves.push({ wl, amp: amp * fade });
    // Below ~1 km the relief gets smoother faster than brownian noise would (slopes stay calm up close).
    amp *= wl > 1000 ? 0.5 : 0.38;
  }

  const nL = LATTICE_N * LATTICE_N;
  const coarseE = scratchF32('terrain-coarse-e', nL, false);
  const coarseR = scratchF32('terrain-coarse-r', nL, false);
  const v = new Float32Array(2);
  for (let j = 0; j < LATTICE_N; j++)
    for (let i = 0; i < LATTICE_N; i++) {
      model.at(lattice.lon[i]!, lattice.lat[j]!, v);
      const r = v[1]!;
      let h = 0;
      octaves.forEach((oc, o) => {
        if (oc.wl >= split) h += oc.amp * reliefOctave(lattice.gx[i]!, lattice.gy[j]!, oc.wl, o, r);
      });
      coarseE[j * LATTICE_N + i] = v[0]! + h * amplitude(r);
      coarseR[j * LATTICE_N + i] = r;
    }
  const elev = upsample(coarseE, 1, scratchF32('terrain-elev', PADDED * PADDED, false));
  const rough = upsample(coarseR, 1, scratchF32('terrain-rough', PADDED * PADDED, false));
  for (let k = 0; k < rough.length; k++) rough[k] = Math.min(1, Math.max(0, rough[k]!));

  const first = octaves.findIndex((oc) => oc.wl < split);
  if (first >= 0)
    for (let j = 0; j < PADDED; j++) {
      const y = gy[j]!;
      for (let i = 0; i < PADDED; i++) {
        const k = j * PADDED + i;
        const r = rough[k]!;
        const x = gx[i]!;
        let h = 0;
        for (let o = first; o < octaves.length; o++) h += octaves[o]!.amp * reliefOctave(x, y, octaves[o]!.wl, o, r);
        elev[k] = elev[k]! + h * amplitude(r);
      }
    }

  const ex = shadeExaggeration(tile.z);
  const slope = scratchF32('terrain-slope', TILE_SIZE * TILE_SIZE, false);
  const shade = scratchF32('terrain-shade', TILE_SIZE * TILE_SIZE, false);
  const inv = 1 / (2 * mpp);
  for (let y = 0; y < TILE_SIZE; y++) {
    for (let x = 0; x < TILE_SIZE; x++) {
      const k = (y + 1) * PADDED + x + 1;
      const dx = (elev[k + 1]! - elev[k - 1]!) * inv;
      const dy = (elev[k + PADDED]! - elev[k - PADDED]!) * inv;
      const o = y * TILE_SIZE + x;
      slope[o] = Math.sqrt(dx * dx + dy * dy);
      const nx = -dx * ex;
      const ny = -dy * ex;
      const d = (nx * LX + ny * LY + LZ) / Math.sqrt(nx * nx + ny * ny + 1);
      shade[o] = d > 0 ? d : 0;
    }
  }
  return { ...frame, elev, rough, slope, shade };
}
