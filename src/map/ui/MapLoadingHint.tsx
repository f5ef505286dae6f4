import { useSignals } from '@preact/signals-react/runtime';
import { sl } from '../../i18n/sl.ts';
import { online } from '../../state/online.ts';
import { tilesPending } from '../port/mapState.ts';

/** Over a still-grey map on a cold start: says that the map is loading (not broken). */
export function MapLoadingHint() {
  useSignals();
  if (!tilesPending.value || !online.value) return null;
  return (
    <p className="map-loading" role="status" data-testid="map-loading">
      <span className="spinner small" aria-hidden /> {sl.map.tilesLoading}
    </p>
  );
}
