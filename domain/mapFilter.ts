/**
 * The map's filter state (year, species, 'mine only', and the review status of issue #20,
 * combined with AND) as a filter of the filter language. The data core filters the map with it,
 * the review queue takes its status rule, and the server's exports (server/api/exports/query.ts)
 * build the very same filter, so an export holds what the map shows.
 */
import type { FilterCondition, FilterInput, FilterNode } from './filters/types.ts';
import { STATUS_WAITING } from './statuses.ts';

/** The filter state of the map. */
export interface MapFilterState {
  year: number | null;
  speciesId: number | null;
  mineOnly: boolean;
  /** A STATUS value (5 takes empty too); null = every status. */
  status: number | null;
}

/** The column ids the filter state reads (a table without one cannot take that part). */
export interface MapFilterColumns {
  date: number;
  species: number;
  creator: number;
  status: number;
}

/**
 * The STATUS condition of a filter: the given values, where 5 also takes an empty STATUS (a record
 * nobody has looked at waits).
 */
export function statusCondition(statusColumn: number, statuses: readonly number[]): FilterNode | null {
  if (statuses.length === 0) return null;
  const inList: FilterNode = { type: 'condition', columnId: statusColumn, operationType: 'in', values: [...statuses] };
  if (!statuses.includes(STATUS_WAITING)) return inList;
  return {
    type: 'expression',
    joinType: 'Or',
    left: inList,
    right: { type: 'condition', columnId: statusColumn, operationType: 'isNull', values: [] },
  };
}

/** Joins filter nodes with And; null for none (everything passes). */
export function allOf(nodes: readonly FilterNode[]): FilterInput | null {
  if (nodes.length === 0) return null;
  return nodes.reduce((left, right) => ({ type: 'expression', joinType: 'And', left, right }));
}

/** The conditions of year, species and 'mine only' as a flat list. The year spans 1 Jan to 31 Dec. */
export function mapStateConditions(
  state: MapFilterState,
  cols: Pick<MapFilterColumns, 'date' | 'species' | 'creator'>,
): FilterCondition[] {
  const out: FilterCondition[] = [];
  if (state.year !== null) {
    out.push({
      type: 'condition',
      columnId: cols.date,
      operationType: 'inRange',
      values: [`${state.year}-01-01T00:00:00`, `${state.year}-12-31T23:59:59.999`],
      joinType: 'And',
    });
  }
  if (state.speciesId !== null) {
    out.push({
      type: 'condition',
      columnId: cols.species,
      operationType: 'equals',
      values: [state.speciesId],
      joinType: 'And',
    });
  }
  if (state.mineOnly) {
    out.push({
      type: 'condition',
      columnId: cols.creator,
      operationType: 'equalsUserEmail',
      values: [],
      joinType: 'And',
    });
  }
  return out;
}

/** The whole filter state as one filter; null when it lets everything through. */
export function mapStateFilter(state: MapFilterState, cols: MapFilterColumns): FilterInput | null {
  const out: FilterNode[] = mapStateConditions(state, cols);
  const status = state.status === null ? null : statusCondition(cols.status, [state.status]);
  if (status) out.push(status);
  return allOf(out);
}
