import type { Column } from '../model.ts';
import type { ValueKind } from './operations.ts';
import type { OperationType } from './types.ts';

/**
 * A validated filter: what `validate` returns and what both the engine (compile.ts) and the
 * SQL compiler (server/filters/sql.ts) compile. Columns are resolved, literals are read once
 * into the form the comparison needs, and runs of the same join are flattened into one group.
 */
export type PlanNode = PlanCondition | PlanGroup;

/** A validated condition with its literals read. */
export interface PlanCondition {
  kind: 'condition';
  column: Column;
  /** The property key: the column id as a string. */
  key: string;
  valueKind: ValueKind;
  op: OperationType;
  negate: boolean;
  /** Literals that compare numerically (number columns; key columns when they read as numbers). */
  numbers: number[];
  /** Folded (lowercased) literals that compare as text (text columns; other key literals). */
  texts: string[];
  /** Date literals as epoch microseconds (date columns, all operations but dateEquals/dateNotEquals). */
  instants: number[];
  /** Europe/Ljubljana day numbers (days since 1970-01-01) for dateEquals / dateNotEquals. */
  days: number[];
  /** Boolean literals (boolean columns). */
  booleans: boolean[];
}

/** Children joined by And or Or, optionally negated. */
export interface PlanGroup {
  kind: 'and' | 'or';
  children: PlanNode[];
  negate: boolean;
}
