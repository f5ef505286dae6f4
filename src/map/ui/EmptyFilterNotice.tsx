import { useSignals } from '@preact/signals-react/runtime';
import { FilterX } from 'lucide-react';
import { sl } from '../../i18n/sl.ts';
import { clearAllFilters, drawnSightings, isFiltering, layerFilter } from '../../state/filters.ts';

/** Over the map when the filters leave nothing to draw: says so and offers to clear them. */
export function EmptyFilterNotice() {
  useSignals();
  if (drawnSightings.value !== 0 || !isFiltering(layerFilter.value)) return null;
  return (
    <div className="empty-filter" role="status">
      <p>{sl.filters.emptyResult}</p>
      <button type="button" className="button small" onClick={clearAllFilters}>
        <FilterX aria-hidden /> {sl.filters.clearAll}
      </button>
    </div>
  );
}
