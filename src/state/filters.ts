import { signal } from '@preact/signals-react';
import type { LayerFilterState } from '../../worker/api.ts';

/** SPEC §4 filter state: year, species and 'mine only', combined with AND. */
export const layerFilter = signal<LayerFilterState>({ year: null, speciesId: null, mineOnly: false });

/** SPEC §4: reset clears year and species. */
export function resetFilter(): void {
  layerFilter.value = { ...layerFilter.value, year: null, speciesId: null };
}

/** SPEC §5: the year filter offers the current year and the previous 4. */
export function yearOptions(now = new Date()): number[] {
  const y = now.getFullYear();
  return [y, y - 1, y - 2, y - 3, y - 4];
}

/** True when any filter narrows the map (year, species or 'mine only'). */
export function isFiltering(f: LayerFilterState): boolean {
  return f.year !== null || f.speciesId !== null || f.mineOnly;
}

/** How many sightings the map draws under the current filter; null until the first batch. */
export const drawnSightings = signal<number | null>(null);

/** Clears every filter, 'mine only' too (the empty-result notice's button). */
export function clearAllFilters(): void {
  layerFilter.value = { year: null, speciesId: null, mineOnly: false };
}
