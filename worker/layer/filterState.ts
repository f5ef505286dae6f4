import type { LayerFilterState } from '../api.ts';
import type { FilterCondition } from '../filters/types.ts';
import { COL } from '../columns.ts';

/**
 * Turns the filter state (year, species, mine only; combined with AND) into a flat filter
 * list. The year spans 1 Jan to 31 Dec of that year.
 */
export function filterStateToConditions(state: LayerFilterState): FilterCondition[] {
  const out: FilterCondition[] = [];
  if (state.year !== null) {
    out.push({
      type: 'condition',
      columnId: COL.date,
      operationType: 'inRange',
      values: [`${state.year}-01-01T00:00:00`, `${state.year}-12-31T23:59:59.999`],
      joinType: 'And',
    });
  }
  if (state.speciesId !== null) {
    out.push({ type: 'condition', columnId: COL.species, operationType: 'equals', values: [state.speciesId], joinType: 'And' });
  }
  if (state.mineOnly) {
    out.push({ type: 'condition', columnId: COL.createdByEmail, operationType: 'equalsUserEmail', values: [], joinType: 'And' });
  }
  return out;
}
