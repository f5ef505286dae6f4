import type { Column } from '../model.ts';
import type { OperationType } from './types.ts';

/**
 * How the filters read a column's values:
 * - number: Integer, Number, ForeignKey with integer keys;
 * - text: Text, LongText, ForeignKey with string keys;
 * - date: DateTime;
 * - boolean: Boolean;
 * - key: Select, ForeignKey of unknown key type, Calculated, Interpolated: a literal that reads
 *   as a number compares numerically, any other literal compares as case-insensitive text;
 * - none: Geometry (only isNull / isNotNull).
 */
export type ValueKind = 'number' | 'text' | 'date' | 'boolean' | 'key' | 'none';

/** The value kind of a column. */
export function valueKindOf(column: Column): ValueKind {
  switch (column.type) {
    case 'Integer':
    case 'Number':
      return 'number';
    case 'Text':
    case 'LongText':
      return 'text';
    case 'DateTime':
      return 'date';
    case 'Boolean':
      return 'boolean';
    case 'ForeignKey':
      return column.fkKeyType === 'integer' ? 'number' : column.fkKeyType === 'string' ? 'text' : 'key';
    case 'Geometry':
      return 'none';
    default:
      return 'key';
  }
}

/** How many values an operation takes: an exact count, or 'list' (one or more). */
export type Arity = 0 | 1 | 2 | 'list';

/** What the engine and the SQL compiler need to know about an operation. */
export interface OperationInfo {
  arity: Arity;
  /** The value kinds the operation applies to. */
  kinds: readonly ValueKind[];
}

const ALL: readonly ValueKind[] = ['number', 'text', 'date', 'boolean', 'key', 'none'];
const ORDERED: readonly ValueKind[] = ['number', 'date', 'key'];
const TEXTUAL: readonly ValueKind[] = ['text', 'key'];
const LISTABLE: readonly ValueKind[] = ['number', 'text', 'date', 'key'];
const EQUATABLE: readonly ValueKind[] = ['number', 'text', 'date', 'boolean', 'key'];

/** Every operation of the filter language with its arity and the value kinds it applies to. */
export const OPERATIONS: Readonly<Record<OperationType, OperationInfo>> = {
  equals: { arity: 1, kinds: EQUATABLE },
  notEquals: { arity: 1, kinds: EQUATABLE },
  lessThan: { arity: 1, kinds: ORDERED },
  greaterThan: { arity: 1, kinds: ORDERED },
  lessOrEqual: { arity: 1, kinds: ORDERED },
  greaterOrEqual: { arity: 1, kinds: ORDERED },
  contains: { arity: 1, kinds: TEXTUAL },
  notContains: { arity: 1, kinds: TEXTUAL },
  startsWith: { arity: 1, kinds: TEXTUAL },
  endsWith: { arity: 1, kinds: TEXTUAL },
  dateEquals: { arity: 1, kinds: ['date'] },
  dateNotEquals: { arity: 1, kinds: ['date'] },
  inRange: { arity: 2, kinds: ORDERED },
  notInRange: { arity: 2, kinds: ORDERED },
  in: { arity: 'list', kinds: LISTABLE },
  notIn: { arity: 'list', kinds: LISTABLE },
  isNull: { arity: 0, kinds: ALL },
  isNotNull: { arity: 0, kinds: ALL },
  afterNow: { arity: 0, kinds: ['date'] },
  beforeNow: { arity: 0, kinds: ['date'] },
  equalsUserEmail: { arity: 0, kinds: TEXTUAL },
};

/** Operations on key columns whose literals must all read as numbers. */
export const NUMERIC_ONLY_ON_KEY: ReadonlySet<OperationType> = new Set<OperationType>([
  'lessThan',
  'greaterThan',
  'lessOrEqual',
  'greaterOrEqual',
  'inRange',
  'notInRange',
]);

/** Operations on key columns that always compare as text. */
export const TEXT_ONLY_ON_KEY: ReadonlySet<OperationType> = new Set<OperationType>([
  'contains',
  'notContains',
  'startsWith',
  'endsWith',
  'equalsUserEmail',
]);
