import { describe, expect, it } from 'vitest';
import { isPersonalColumn, keepsFind } from '../../../domain/erasure.ts';

describe('account deletion rules', () => {
  it('keeps only confirmed finds, and only when she keeps them', () => {
    for (const status of [1, '1']) {
      expect(keepsFind('keep', status)).toBe(true);
      expect(keepsFind('all', status)).toBe(false);
    }
    for (const status of [5, '5', 3, 2, null, undefined, '', 'x']) expect(keepsFind('keep', status)).toBe(false);
  });
  it('names the columns that could name her, whatever their case', () => {
    for (const c of ['createdbyemail', 'CREATEDBYEMAIL', 'AVTOR', 'avtor', 'KOMENTAR'])
      expect(isPersonalColumn(c)).toBe(true);
    for (const c of ['OPIS_LOKACIJE', 'HABITAT', 'VRSTA', 'STATUS']) expect(isPersonalColumn(c)).toBe(false);
  });
});
