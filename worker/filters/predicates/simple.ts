import { readBoolean } from '../../../domain/filters/booleans.ts';
import type { OperationType } from '../../../domain/filters/types.ts';
import { isEmpty, type Predicate } from './types.ts';

/** Compiles isNull (empty: null, missing or '') or isNotNull of property `key`. */
export function nullPredicate(key: number, op: 'isNull' | 'isNotNull'): Predicate {
  return op === 'isNull' ? (p) => isEmpty(p[key]) : (p) => !isEmpty(p[key]);
}

/**
 * Compiles equals / notEquals on a boolean column (booleans.ts reads the value); a value that
 * does not read as a boolean matches neither.
 */
export function booleanPredicate(key: number, op: OperationType, literal: boolean): Predicate {
  const want = literal ? 1 : 0;
  if (op === 'equals') return (p) => readBoolean(p[key]) === want;
  if (op === 'notEquals') return (p) => readBoolean(p[key]) === 1 - want;
  throw new Error(`booleanPredicate: unexpected operation ${op}`);
}
