import { signal } from '@preact/signals-react';
import type { LayerFilterState } from '../../worker/api.ts';

/** The map's filter state: year, species, 'mine only' and the review status (issue #20), combined with AND. */
export const layerFilter = signal<LayerFilterState>({ year: null, speciesId: null, mineOnly: false, status: null });

/** Reset clears year and species (and the status); 'mine only' stays. */
export function resetFilter(): void {
  layerFilter.value = { ...layerFilter.value, year: null, speciesId: null, status: null };
}

export { yearOptions } from '../../domain/filterYears.ts';

/** True when any filter narrows the map (year, species, 'mine only' or status). */
export function isFiltering(f: LayerFilterState): boolean {
  return f.year !== null || f.speciesId !== null || f.mineOnly || f.status !== null;
}

/** How many sightings the map draws under the current filter; null until the first batch. */
export const drawnSightings = signal<number | null>(null);

/** Clears every filter, 'mine only' too (the empty-result notice's button). */
export function clearAllFilters(): void {
  layerFilter.value = { year: null, speciesId: null, mineOnly: false, status: null };
}
