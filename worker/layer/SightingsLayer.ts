import type { LayerFilterState, MapBatch, PointBatch } from '../api.ts';
import type { Properties } from '../../domain/model.ts';
import { layerStateFilter } from './filterState.ts';
import { LayerIndex, type LayerQuery } from './LayerIndex.ts';
import { markLayer } from './loadMarks.ts';
import { yearOptions } from '../../domain/filterYears.ts';
import type { LayerSource } from './LayerRows.ts';

/** The filter state with every part on: compiling it encodes every column the filter panel reads. */
const ALL_PARTS: LayerFilterState = { year: 2000, speciesId: 0, mineOnly: true, status: 5 };

/** What a batch of the sightings layer is asked for, besides the features. */
export type SightingsQuery = Omit<LayerQuery, 'filter'> & { filter: LayerFilterState };

/**
 * The data core's sightings layer: one LayerIndex over the loaded features, kept while the list
 * stays the same and synced when it changes, answering the filter panel's states with column
 * scans. Right after an index is built, the columns of the filter panel (date, species, creator, status)
 * are encoded in the background, so that the first filter change does not pay for them.
 */
export class SightingsLayer {
  private index: LayerIndex | null = null;

  /**
   * The point batch of `features` (a list, the replica's columns, or those with the device's records
   * over them) for a filter state (see LayerIndex.batch).
   */
  points(features: LayerSource, q: SightingsQuery): PointBatch {
    return this.indexOf(features, q).batch({ ...q, filter: layerStateFilter(q.filter) });
  }

  /** As `points`, without the properties (what the map draws). */
  mapPoints(features: LayerSource, q: SightingsQuery): MapBatch {
    return this.indexOf(features, q).mapBatch({ ...q, filter: layerStateFilter(q.filter) });
  }

  /** The properties (`keys`) of finds by id as the last batch's rows hold them (LayerIndex.propertiesOf); none before a batch. */
  propertiesOf(ids: readonly number[], keys: readonly number[]): (Properties | null)[] {
    return this.index?.propertiesOf(ids, keys) ?? ids.map(() => null);
  }

  /** The index over `features`, synced (and warmed in the background when built anew). */
  private indexOf(features: LayerSource, q: SightingsQuery): LayerIndex {
    let index = this.index;
    const fresh = index === null;
    if (index === null) index = this.index = new LayerIndex(features);
    if (fresh || index.sync(features)) {
      const warm = { ...q, filter: layerStateFilter(ALL_PARTS) };
      const built = index;
      setTimeout(() => {
        const started = performance.now();
        try {
          built.warm(warm);
          markLayer('warmed', { ms: Math.round(performance.now() - started) });
        } catch {
          // A table without the filter panel's columns: the batch itself reports the error.
          return;
        }
        this.yearsAhead(built, q, yearOptions());
      }, 0);
    }
    return index;
  }

  /**
   * Assembles the map's batch of each of the filter panel's years while the data core is idle, one
   * year per task (a batch asked meanwhile goes first), so that picking a year only sends it: at
   * 1M finds thinning a year's finds was over half of the batch's time, and gathering them from
   * the columns most of the rest. Stops when the index has been replaced; the rows changing since
   * makes new styles, which keep no batch.
   */
  private yearsAhead(index: LayerIndex, q: SightingsQuery, years: number[]): void {
    const [year, ...rest] = years;
    if (year === undefined || this.index !== index) return;
    setTimeout(() => {
      if (this.index !== index) return;
      const started = performance.now();
      const filter = layerStateFilter({ year, speciesId: null, mineOnly: false, status: null });
      if (index.ahead({ ...q, extent: null, filter }))
        markLayer('ahead', { year, ms: Math.round(performance.now() - started) });
      this.yearsAhead(index, q, rest);
    }, 0);
  }

  /** The current index (null before the first batch); for tests and the bench. */
  get current(): LayerIndex | null {
    return this.index;
  }
}
