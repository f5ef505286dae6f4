import type { LayerFilterState } from '../api.ts';
import type { FilterCondition, FilterInput, FilterNode } from '../filters/types.ts';
import { COL } from '../columns.ts';
import { STATUS_WAITING } from '../../domain/statuses.ts';

/**
 * The STATUS condition of a filter: the given values, where 5 also takes an empty STATUS (a record
 * nobody has looked at waits). The map's Status filter and the review queue use this one rule.
 */
export function statusCondition(statuses: readonly number[]): FilterNode | null {
  if (statuses.length === 0) return null;
  const inList: FilterNode = { type: 'condition', columnId: COL.status, operationType: 'in', values: [...statuses] };
  if (!statuses.includes(STATUS_WAITING)) return inList;
  return { type: 'expression', joinType: 'Or', left: inList, right: { type: 'condition', columnId: COL.status, operationType: 'isNull', values: [] } };
}

/** Joins filter nodes with And; null for none (everything passes). */
export function allOf(nodes: readonly FilterNode[]): FilterInput | null {
  if (nodes.length === 0) return null;
  return nodes.reduce((left, right) => ({ type: 'expression', joinType: 'And', left, right }));
}

/**
 * Turns the filter state (year, species, mine only, status; combined with AND) into a filter. The
 * year spans 1 Jan to 31 Dec of that year.
 */
export function layerStateFilter(state: LayerFilterState): FilterInput | null {
  const out: FilterNode[] = filterStateToConditions(state);
  const status = state.status === null ? null : statusCondition([state.status]);
  if (status) out.push(status);
  return allOf(out);
}

/** The conditions of year, species and 'mine only' as a flat list (SPEC §4). */
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
