import { readNumericString } from '../../../domain/filters/numbers.ts';
import { OUT } from '../../../domain/filters/scratch.ts';
import type { OperationType } from '../../../domain/filters/types.ts';
import { member, SCAN_LIMIT, type Predicate } from './types.ts';

/**
 * Predicates that read the value as a number (number columns; key columns with numeric
 * literals). A value that does not read as a number (text, boolean, NaN, empty) matches none
 * of them, the not-operations included.
 */

/** Compiles a numeric comparison of property `key` against the literals `lits`. */
export function numberPredicate(key: number, op: OperationType, lits: readonly number[]): Predicate {
  const a = lits[0] ?? NaN;
  const b = lits[1] ?? NaN;
  switch (op) {
    case 'equals':
      return (p) => {
        const v = p[key];
        return typeof v === 'number' ? v === a : typeof v === 'string' && readNumericString(v) && OUT[0] === a;
      };
    case 'notEquals':
      return (p) => {
        const v = p[key];
        return typeof v === 'number'
          ? v === v && v !== a
          : typeof v === 'string' && readNumericString(v) && OUT[0] !== a;
      };
    case 'lessThan':
      return (p) => {
        const v = p[key];
        return typeof v === 'number' ? v < a : typeof v === 'string' && readNumericString(v) && OUT[0]! < a;
      };
    case 'greaterThan':
      return (p) => {
        const v = p[key];
        return typeof v === 'number' ? v > a : typeof v === 'string' && readNumericString(v) && OUT[0]! > a;
      };
    case 'lessOrEqual':
      return (p) => {
        const v = p[key];
        return typeof v === 'number' ? v <= a : typeof v === 'string' && readNumericString(v) && OUT[0]! <= a;
      };
    case 'greaterOrEqual':
      return (p) => {
        const v = p[key];
        return typeof v === 'number' ? v >= a : typeof v === 'string' && readNumericString(v) && OUT[0]! >= a;
      };
    case 'inRange':
      return (p) => {
        const v = p[key];
        if (typeof v === 'number') return v >= a && v <= b;
        return typeof v === 'string' && readNumericString(v) && OUT[0]! >= a && OUT[0]! <= b;
      };
    case 'notInRange':
      return (p) => {
        const v = p[key];
        if (typeof v === 'number') return v < a || v > b;
        return typeof v === 'string' && readNumericString(v) && (OUT[0]! < a || OUT[0]! > b);
      };
    case 'in':
    case 'notIn': {
      const list = Float64Array.from(lits);
      const set = lits.length > SCAN_LIMIT ? new Set(lits) : null;
      const want = op === 'in';
      return (p) => {
        const v = p[key];
        if (typeof v === 'number') return v === v && member(v, list, set) === want;
        return typeof v === 'string' && readNumericString(v) && member(OUT[0]!, list, set) === want;
      };
    }
    default:
      throw new Error(`numberPredicate: unexpected operation ${op}`);
  }
}
