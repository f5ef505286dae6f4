import { readNumber } from '../../../domain/filters/numbers.ts';
import { OUT } from '../../../domain/filters/scratch.ts';
import type { OperationType } from '../../../domain/filters/types.ts';
import { numberPredicate } from './number.ts';
import { textPredicate } from './text.ts';
import { isEmpty, type Predicate } from './types.ts';

/**
 * Predicates on key columns (Select, ForeignKey of unknown key type, Calculated, Interpolated),
 * whose values may be numbers or text. A literal that reads as a number matches values that
 * read as the same number ('05' and 5 are equal); any other literal matches case-insensitively
 * as text. notEquals / notIn match every non-empty value that equals no literal.
 */

/** Compiles a key-column condition; `numbers` and `texts` are its literals split by kind. */
export function keyPredicate(
  key: number,
  op: OperationType,
  numbers: readonly number[],
  texts: readonly string[],
): Predicate {
  switch (op) {
    case 'equals':
    case 'in':
      return anyOf(key, numbers, texts);
    case 'notEquals':
    case 'notIn': {
      const hit = anyOf(key, numbers, texts);
      return (p) => !isEmpty(p[key]) && !hit(p);
    }
    case 'contains':
    case 'notContains':
    case 'startsWith':
    case 'endsWith':
    case 'equalsUserEmail':
      return textPredicate(key, op, texts);
    default:
      return numberPredicate(key, op, numbers);
  }
}

/** Matches a value equal to any of the numeric or the text literals. */
function anyOf(key: number, numbers: readonly number[], texts: readonly string[]): Predicate {
  const byText = texts.length ? textPredicate(key, texts.length === 1 ? 'equals' : 'in', texts) : null;
  if (numbers.length === 0 && byText) return byText;
  if (numbers.length === 1 && !byText) {
    const a = numbers[0]!;
    return (p) => readNumber(p[key]) && OUT[0] === a;
  }
  const byNumber = numberPredicate(key, 'in', numbers);
  return byText ? (p) => byNumber(p) || byText(p) : byNumber;
}
