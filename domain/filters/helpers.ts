import { FilterError } from './FilterError.ts';
import type { FilterCondition, FilterNode, JoinType } from './types.ts';

/**
 * A condition spanning 1 January to 31 December of `year` on a date column (the year filter
 * spans the whole calendar year): inRange from 00:00 on 1 January to the last microsecond of 31 December, both as
 * Europe/Ljubljana wall-clock time (no offset), so a sighting at 00:30 on 1 January in
 * Ljubljana (23:30 UTC the day before) counts in the new year.
 */
export function yearFilter(columnId: number, year: number): FilterCondition {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) {
    throw new FilterError(
      `Year must be an integer from 1000 to 9999, got ${year}`,
      'badValue',
      '',
      columnId,
      'inRange',
    );
  }
  return {
    type: 'condition',
    columnId,
    operationType: 'inRange',
    values: [`${year}-01-01T00:00:00`, `${year}-12-31T23:59:59.999999`],
  };
}

/** Joins nodes left to right with `joinType`, skipping null and undefined; null when none is left. */
function joinAll(nodes: ReadonlyArray<FilterNode | null | undefined>, joinType: JoinType): FilterNode | null {
  let acc: FilterNode | null = null;
  for (const n of nodes) {
    if (n === null || n === undefined) continue;
    acc = acc === null ? n : { type: 'expression', left: acc, right: n, joinType };
  }
  return acc;
}

/** All of the given nodes joined with And (the map's year, species and 'mine only' combine so); null when none. */
export function andAll(nodes: ReadonlyArray<FilterNode | null | undefined>): FilterNode | null {
  return joinAll(nodes, 'And');
}

/** Any of the given nodes; null when none. */
export function orAll(nodes: ReadonlyArray<FilterNode | null | undefined>): FilterNode | null {
  return joinAll(nodes, 'Or');
}
