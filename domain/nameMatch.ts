/**
 * How names are compared when a user types them (the species search, issue "In the field"): case
 * and diacritics do not count, so `rogac` finds rogač and `LUCANUS` finds Lucanus cervus. Every
 * place that matches typed text against names uses this one function.
 */

/** Letters that Unicode does not decompose into a base letter and a mark (NFD leaves them whole). */
const WHOLE_LETTERS: Record<string, string> = { đ: 'd', ð: 'd', ł: 'l', ø: 'o', ß: 'ss', æ: 'ae', œ: 'oe' };

/** A name or a typed query as compared: lower case, without diacritics, runs of blanks as one space, trimmed. */
export function normaliseName(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[đðłøßæœ]/g, (c) => WHOLE_LETTERS[c] ?? c)
    .replace(/\s+/g, ' ')
    .trim();
}
