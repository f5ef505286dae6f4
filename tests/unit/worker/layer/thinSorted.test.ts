import { describe, expect, it } from 'vitest';
import { THIN_ALL_LEVEL, thinCellSize } from '../../../../domain/thinGrid.ts';
import { thinLevels } from '../../../../worker/layer/thin.ts';
import { finestCell, thinSequence, zCompare } from '../../../../worker/layer/thinSorted.ts';
import { prng } from '../../server/filters/random.ts';

const HALF_WORLD = 20037508.342789244;

/** thinLevels through the Z-ordered walk. */
function viaWalk(coords: Float64Array, styleIndex: Uint16Array): Uint8Array {
  const n = styleIndex.length;
  const cx = Int32Array.from({ length: n }, (_, i) => finestCell(coords[2 * i]!));
  const cy = Int32Array.from({ length: n }, (_, i) => finestCell(coords[2 * i + 1]!));
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => zCompare(styleIndex[a]!, cx[a]!, cy[a]!, styleIndex[b]!, cx[b]!, cy[b]!) || a - b,
  );
  const out = new Uint8Array(n);
  thinSequence(
    Uint16Array.from(order, (i) => styleIndex[i]!),
    Int32Array.from(order, (i) => cx[i]!),
    Int32Array.from(order, (i) => cy[i]!),
    Int32Array.from(order),
    n,
    out,
    new Int32Array(THIN_ALL_LEVEL),
  );
  return out;
}

describe('thinning in Z-order', () => {
  it('gives the levels thinLevels gives, on clustered, spread and cell-boundary points', () => {
    const rng = prng(99);
    for (let round = 0; round < 40; round++) {
      const n = 1 + Math.floor(rng() * 3000);
      const styles = 1 + Math.floor(rng() * 6);
      const coords = new Float64Array(2 * n);
      const styleIndex = new Uint16Array(n);
      const spread = [50, 5_000, 300_000, 20_000_000][round % 4]!;
      for (let i = 0; i < n; i++) {
        for (let d = 0; d < 2; d++) {
          let c = 1_600_000 + (rng() - 0.5) * spread;
          // Exactly on a cell edge of some level now and then.
          if (rng() < 0.1) {
            const size = thinCellSize(Math.floor(rng() * THIN_ALL_LEVEL));
            c = Math.round((c + HALF_WORLD) / size) * size - HALF_WORLD;
          }
          coords[2 * i + d] = Math.max(-HALF_WORLD, Math.min(HALF_WORLD, c));
        }
        styleIndex[i] = Math.floor(rng() * styles);
        if (i > 0 && rng() < 0.05) {
          coords[2 * i] = coords[2 * i - 2]!;
          coords[2 * i + 1] = coords[2 * i - 1]!;
        }
      }
      expect([...viaWalk(coords, styleIndex)], `round ${round}`).toEqual([...thinLevels(coords, styleIndex)]);
    }
  });

  it('says when a coordinate is beyond the integer cells', () => {
    expect(finestCell(-HALF_WORLD)).toBe(0);
    expect(finestCell(HALF_WORLD)).toBeGreaterThan(0);
    expect(finestCell(-HALF_WORLD - 1)).toBe(-1);
    expect(finestCell(1e12)).toBe(-1);
    expect(finestCell(NaN)).toBe(-1);
  });
});
