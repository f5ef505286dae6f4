/**
 * Filter structures (conditions, And/Or expressions, records queries), shared by the worker's engine, the symbology,
 * table views, the server's SQL compiler and the map's filter state (domain/mapFilter.ts).
 */

/** The 21 operations of the filter language, in the order the platform lists them. */
export type OperationType =
  | 'equals'
  | 'notEquals'
  | 'lessThan'
  | 'greaterThan'
  | 'lessOrEqual'
  | 'greaterOrEqual'
  | 'contains'
  | 'notContains'
  | 'startsWith'
  | 'endsWith'
  | 'dateEquals'
  | 'dateNotEquals'
  | 'inRange'
  | 'notInRange'
  | 'in'
  | 'notIn'
  | 'isNull'
  | 'isNotNull'
  | 'afterNow'
  | 'beforeNow'
  | 'equalsUserEmail';

/** All operations, in SPEC order. */
export const OPERATION_TYPES: readonly OperationType[] = [
  'equals',
  'notEquals',
  'lessThan',
  'greaterThan',
  'lessOrEqual',
  'greaterOrEqual',
  'contains',
  'notContains',
  'startsWith',
  'endsWith',
  'dateEquals',
  'dateNotEquals',
  'inRange',
  'notInRange',
  'in',
  'notIn',
  'isNull',
  'isNotNull',
  'afterNow',
  'beforeNow',
  'equalsUserEmail',
];

/** How a condition or expression is joined to what comes before it. */
export type JoinType = 'And' | 'Or';

/** A literal a condition compares against. Dates are ISO 8601 strings. */
export type FilterValue = string | number | boolean | null;

/**
 * One condition over a column, as a records query sends it: type, columnId, joinType, operationType, values.
 * `joinType` only matters in a flat list, where it joins this condition to the previous one.
 */
export interface FilterCondition {
  type: 'condition';
  columnId: number;
  operationType: OperationType;
  values: FilterValue[];
  joinType?: JoinType;
  negate?: boolean;
}

/** An expression joining left and right with And or Or, with optional negate. */
export interface FilterExpression {
  type: 'expression';
  left: FilterNode;
  right: FilterNode;
  joinType: JoinType;
  negate?: boolean;
}

/** A node of a filter tree. */
export type FilterNode = FilterCondition | FilterExpression;

/**
 * What callers may pass: a tree, or a flat list of conditions folded left to right by
 * each condition's joinType (the form records queries send).
 */
export type FilterInput = FilterNode | FilterCondition[];

/** A sort of a records query. */
export interface SortSpec {
  columnId: number;
  direction: 'asc' | 'desc';
}

/** A records query: tableId, page, perPage, filters and sorts. */
export interface RecordQuery {
  tableId: number;
  page?: number;
  perPage?: number;
  filters?: FilterInput | null;
  sorts?: SortSpec[];
}
