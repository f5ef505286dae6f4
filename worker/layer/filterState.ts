import type { LayerFilterState } from '../api.ts';
import type { FilterCondition, FilterInput, FilterNode } from '../../domain/filters/types.ts';
import { COL } from '../../domain/columns.ts';
import {
  allOf,
  mapStateConditions,
  mapStateFilter,
  statusCondition as statusOn,
  type MapFilterColumns,
} from '../../domain/mapFilter.ts';

/** The sightings table's columns the map's filter state reads. */
const MAP_COLUMNS: MapFilterColumns = {
  date: COL.date,
  species: COL.species,
  creator: COL.createdByEmail,
  status: COL.status,
};

export { allOf };

/** The STATUS condition on the sightings table (domain/mapFilter.ts): 5 also takes an empty STATUS. */
export function statusCondition(statuses: readonly number[]): FilterNode | null {
  return statusOn(COL.status, statuses);
}

/** The map's filter state as a filter of the sightings table (domain/mapFilter.ts, as the server's exports build it). */
export function layerStateFilter(state: LayerFilterState): FilterInput | null {
  return mapStateFilter(state, MAP_COLUMNS);
}

/** The conditions of year, species and 'mine only' as a flat list, joined with And. */
export function filterStateToConditions(state: LayerFilterState): FilterCondition[] {
  return mapStateConditions(state, MAP_COLUMNS);
}
