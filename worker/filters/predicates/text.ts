import {
  foldEndsWith,
  foldEquals,
  foldIncludes,
  foldStartsWith,
  foldString,
  isFolded,
} from '../../../domain/filters/casefold.ts';
import type { OperationType } from '../../../domain/filters/types.ts';
import { SCAN_LIMIT, type Predicate } from './types.ts';

/**
 * Predicates that read the value as text and compare case-insensitively (casefold.ts) against
 * folded literals. Numbers read as JavaScript writes them ('5', '0.5'), booleans as 'true' /
 * 'false'. An empty value ('' or none) matches none of them, the not-operations included.
 */

/** The text of a property value, or null when it is empty. Allocates only for numbers. */
export function textOf(v: unknown): string | null {
  if (typeof v === 'string') return v.length === 0 ? null : v;
  if (typeof v === 'number') return v === v ? String(v) : null;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return null;
}

/** True when the text `t` folds to one of the folded literals. */
function member(t: string, list: readonly string[], set: ReadonlySet<string> | null): boolean {
  if (set !== null) return set.has(isFolded(t) ? t : foldString(t));
  for (let i = 0; i < list.length; i++) if (foldEquals(t, list[i]!)) return true;
  return false;
}

/** Compiles a text comparison of property `key` against the folded literals `lits`. */
export function textPredicate(key: number, op: OperationType, lits: readonly string[]): Predicate {
  const a = lits[0] ?? '';
  switch (op) {
    case 'equals':
    case 'equalsUserEmail':
      return (p) => {
        const t = textOf(p[key]);
        return t !== null && foldEquals(t, a);
      };
    case 'notEquals':
      return (p) => {
        const t = textOf(p[key]);
        return t !== null && !foldEquals(t, a);
      };
    case 'contains':
      return (p) => {
        const t = textOf(p[key]);
        return t !== null && foldIncludes(t, a);
      };
    case 'notContains':
      return (p) => {
        const t = textOf(p[key]);
        return t !== null && !foldIncludes(t, a);
      };
    case 'startsWith':
      return (p) => {
        const t = textOf(p[key]);
        return t !== null && foldStartsWith(t, a);
      };
    case 'endsWith':
      return (p) => {
        const t = textOf(p[key]);
        return t !== null && foldEndsWith(t, a);
      };
    case 'in':
    case 'notIn': {
      const set = lits.length > SCAN_LIMIT ? new Set(lits) : null;
      const want = op === 'in';
      return (p) => {
        const t = textOf(p[key]);
        return t !== null && member(t, lits, set) === want;
      };
    }
    default:
      throw new Error(`textPredicate: unexpected operation ${op}`);
  }
}
