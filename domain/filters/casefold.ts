/**
 * Case-insensitive text comparison without allocation.
 *
 * Folding is the Unicode *simple* lowercase mapping applied to each UTF-16 code unit, which is
 * what PostgreSQL's lower() does under a UTF-8 libc locale (glibc towlower): 'Č' → 'č',
 * 'Σ' → 'σ' (no final-sigma rule), 'İ' → 'i'. It never changes a string's length, so every
 * comparison below walks both strings once. Characters outside the BMP (surrogate pairs) are
 * left as they are.
 */

let table: Uint16Array | null = null;

/** Builds the fold table of the whole BMP once, on the first non-ASCII character seen. */
function buildTable(): Uint16Array {
  const t = new Uint16Array(65536);
  for (let c = 0; c < 65536; c++) {
    if (c >= 0xd800 && c <= 0xdfff) {
      t[c] = c;
      continue;
    }
    const lower = String.fromCharCode(c).toLowerCase();
    // Only U+0130 has a longer full mapping ('i' + U+0307); its simple mapping is 'i'.
    t[c] = lower.length === 1 ? lower.charCodeAt(0) : c === 0x130 ? 0x69 : c;
  }
  return t;
}

/** Folds one UTF-16 code unit. */
export function foldCode(c: number): number {
  if (c < 128) return c >= 65 && c <= 90 ? c + 32 : c;
  return (table ??= buildTable())[c]!;
}

/** Folds a whole string (allocates; for literals at compile time). */
export function foldString(s: string): string {
  let folded = true;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (foldCode(c) !== c) {
      folded = false;
      break;
    }
  }
  if (folded) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) out += String.fromCharCode(foldCode(s.charCodeAt(i)));
  return out;
}

/** True when `s` is already folded (so it can be looked up in a Set of folded strings as is). */
export function isFolded(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (foldCode(c) !== c) return false;
  }
  return true;
}

/** Compares `s` from position `at` with the folded literal `lit`, folding `s` on the fly. */
function regionMatches(s: string, at: number, lit: string): boolean {
  for (let i = 0; i < lit.length; i++) {
    const a = s.charCodeAt(at + i);
    const b = lit.charCodeAt(i);
    if (a !== b && foldCode(a) !== b) return false;
  }
  return true;
}

/** True when fold(s) === lit (lit already folded). */
export function foldEquals(s: string, lit: string): boolean {
  return s.length === lit.length && regionMatches(s, 0, lit);
}

/** True when fold(s) starts with lit (lit already folded). */
export function foldStartsWith(s: string, lit: string): boolean {
  return s.length >= lit.length && regionMatches(s, 0, lit);
}

/** True when fold(s) ends with lit (lit already folded). */
export function foldEndsWith(s: string, lit: string): boolean {
  return s.length >= lit.length && regionMatches(s, s.length - lit.length, lit);
}

/** True when fold(s) contains lit (lit already folded); a naive scan, fine for field-sized text. */
export function foldIncludes(s: string, lit: string): boolean {
  const last = s.length - lit.length;
  if (last < 0) return false;
  if (lit.length === 0) return true;
  const first = lit.charCodeAt(0);
  for (let at = 0; at <= last; at++) {
    const a = s.charCodeAt(at);
    if ((a === first || foldCode(a) === first) && regionMatches(s, at, lit)) return true;
  }
  return false;
}
