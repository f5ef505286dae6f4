import type { PointBatch } from '../../worker/api.ts';
import type { RunResult } from './result.ts';

type Clicks = NonNullable<RunResult['clicks']>;

/**
 * Clicks up to 300 sightings spread over the batch at their own pixel (those at least 10 px inside
 * the map) and counts how many each click gives back, the ones the thinning did not draw at
 * `level` apart: every one must come back, drawn or thinned.
 */
export async function clickSightings(
  batch: PointBatch,
  level: number,
  size: readonly [number, number],
  pixelOf: (coord: [number, number]) => readonly number[] | null,
  idsAt: (pixel: readonly number[], coord: [number, number]) => Promise<readonly unknown[]> | readonly unknown[],
): Promise<Clicks> {
  const clicks: Clicks = { tried: 0, found: 0, hiddenTried: 0, hiddenFound: 0 };
  const step = Math.max(1, Math.floor(batch.ids.length / 3000));
  for (let i = 0; i < batch.ids.length && clicks.tried < 300; i += step) {
    const coord: [number, number] = [batch.coords[2 * i]!, batch.coords[2 * i + 1]!];
    const px = pixelOf(coord);
    if (!px || px[0]! < 10 || px[1]! < 10 || px[0]! > size[0] - 10 || px[1]! > size[1] - 10) continue;
    const found = (await idsAt(px, coord)).includes(batch.ids[i]);
    clicks.tried++;
    if (found) clicks.found++;
    if (batch.minLevel[i]! > level) {
      clicks.hiddenTried++;
      if (found) clicks.hiddenFound++;
    }
  }
  return clicks;
}
