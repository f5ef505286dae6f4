import { OUT } from './scratch.ts';

/** Powers of ten that are exact doubles, for the integer fast path. */
const MAX_FAST_DIGITS = 15;

/**
 * Reads a string in the number grammar (grammar.ts NUMBER_RE_SOURCE) into OUT[0]; false when
 * the string is not in the grammar. Plain integers of up to 15 digits are computed without
 * calling Number(), so they never allocate.
 */
export function readNumericString(s: string): boolean {
  const n = s.length;
  if (n === 0) return false;
  let i = 0;
  let c = s.charCodeAt(0);
  let negative = false;
  if (c === 43 /* + */ || c === 45 /* - */) {
    negative = c === 45;
    i = 1;
    if (n === 1) return false;
  }
  // Integer part.
  let intDigits = 0;
  let value = 0;
  while (i < n) {
    c = s.charCodeAt(i);
    if (c < 48 || c > 57) break;
    value = value * 10 + (c - 48);
    intDigits++;
    i++;
  }
  if (i === n) {
    if (intDigits > MAX_FAST_DIGITS) {
      OUT[0] = Number(s);
      return true;
    }
    OUT[0] = negative ? -value : value;
    return true;
  }
  // Fraction.
  let fracDigits = 0;
  if (c === 46 /* . */) {
    i++;
    while (i < n) {
      c = s.charCodeAt(i);
      if (c < 48 || c > 57) break;
      fracDigits++;
      i++;
    }
    if (intDigits === 0 && fracDigits === 0) return false;
  } else if (intDigits === 0) {
    return false;
  }
  // Exponent.
  if (i < n) {
    if (c !== 101 /* e */ && c !== 69 /* E */) return false;
    i++;
    if (i < n) {
      c = s.charCodeAt(i);
      if (c === 43 || c === 45) i++;
    }
    const start = i;
    while (i < n) {
      c = s.charCodeAt(i);
      if (c < 48 || c > 57) return false;
      i++;
    }
    const expDigits = i - start;
    if (expDigits < 1 || expDigits > 3) return false;
  }
  OUT[0] = Number(s);
  return true;
}

/**
 * Reads a property value as a number into OUT[0]: a finite-or-infinite JS number (not NaN),
 * or a string in the number grammar. Everything else (booleans, other strings, null) is false.
 */
export function readNumber(v: unknown): boolean {
  if (typeof v === 'number') {
    if (v !== v) return false;
    OUT[0] = v;
    return true;
  }
  return typeof v === 'string' && readNumericString(v);
}
