import type { MapBatch } from '../api.ts';
import type { GridProjection } from './squareRing.ts';
import type { KeptBatch, LayerStyles } from './layerStyles.ts';
import { MAP_BATCH_ARRAYS, withArrays } from './batchArrays.ts';

/**
 * The map's batches kept with the rows' styles, so that a filter the user goes back to, or one of
 * the filter panel's years assembled ahead while the data core is idle, is sent as it is instead
 * of being gathered again: at 1M finds gathering a year's 150k finds from the columns row by row
 * took 45–84 ms of a phone's data core at each pick. Kept: the batch of every row (`styles.all`,
 * the filter panel's default state) and those of a few filters (`styles.batches`, by the filter's
 * key), at most KEPT_FILTERS of them and KEPT_POINTS points in all (~34 bytes a point).
 *
 * A batch sent to the map worker moves there (its arrays emptied here), so a kept batch is lent:
 * sent as it is, and the map hands its arrays back when a newer batch replaces it
 * (worker/core/mapChannel.ts); until then its filter's batch is assembled anew.
 */

/** At most this many filters' batches are kept (the panel's years and a few more). */
const KEPT_FILTERS = 8;
/** At most this many points in the filters' kept batches together (~34 MB). */
const KEPT_POINTS = 1_000_000;

/** The kept batches lent to the map, each with what takes it back (worker/core/mapChannel.ts). */
export const lentBatches = new WeakMap<MapBatch, (back: MapBatch) => void>();

/** The kept batch of every row (`key` null) or of a filter made with `grid`, or null. */
export function keptBatch(styles: LayerStyles, key: string | null, grid: GridProjection | null): MapBatch | null {
  const slot = key === null ? styles.all : styles.batches.get(key);
  return slot?.grid === grid ? slot.batch : null;
}

/**
 * Keeps `batch` with the styles, as the batch of every row (`key` null) or of a filter; `lend`: it
 * is sent to the map now, so the styles hold it only once the map hands it back. Returns it.
 */
export function keepBatch(
  styles: LayerStyles,
  key: string | null,
  grid: GridProjection | null,
  batch: MapBatch,
  lend: boolean,
): MapBatch {
  const entry: KeptBatch = { grid, batch: lend ? null : batch, size: batch.ids.length };
  if (key === null) styles.all = entry;
  else {
    const kept = styles.batches;
    kept.delete(key);
    // A batch larger than all the kept ones may be is not kept, and drops none.
    if (entry.size > KEPT_POINTS) return batch;
    let points = entry.size;
    for (const other of kept.values()) points += other.size;
    // The oldest dropped first.
    for (const [oldKey, old] of kept) {
      if (kept.size < KEPT_FILTERS && points <= KEPT_POINTS) break;
      kept.delete(oldKey);
      points -= old.size;
    }
    kept.set(key, entry);
  }
  if (lend) {
    lentBatches.set(batch, (back) => {
      // Taken back only while that entry is still kept and waits for it (the rows or the rules may have changed since).
      const now = key === null ? styles.all : styles.batches.get(key);
      if (now === entry && entry.batch === null && back.ids.length === entry.size) entry.batch = back;
    });
  }
  return batch;
}

/** Lends the map the kept batch of every row (`key` null) or of a filter made with `grid`; null when none is kept now. */
export function lendKept(styles: LayerStyles, key: string | null, grid: GridProjection | null): MapBatch | null {
  const kept = keptBatch(styles, key, grid);
  return kept && keepBatch(styles, key, grid, kept, true);
}

/** Bytes of the kept batches the styles hold now. */
export function keptBytes(styles: LayerStyles): number {
  let bytes = 0;
  for (const slot of [styles.all, ...styles.batches.values()])
    if (slot?.batch) bytes += MAP_BATCH_ARRAYS.reduce((sum, k) => sum + slot.batch![k].byteLength, 0);
  return bytes;
}

/**
 * A copy of a batch's arrays: a batch sent to the map worker is moved there (its arrays emptied
 * here), so a kept one given to a caller that keeps it is copied first: a memory copy of ~30 MB
 * at 1M finds, 11–15 ms in node and 25–38 ms in the browser's data core.
 */
export function copyBatch(b: MapBatch): MapBatch {
  return withArrays(b, (a) => a.slice());
}
