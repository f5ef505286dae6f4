import { describe, expect, it } from 'vitest';
import { yearOptions } from '../../../domain/filterYears.ts';

describe('yearOptions', () => {
  it('offers the current year and the previous 4, newest first', () => {
    expect(yearOptions(new Date('2026-11-29T12:00:00'))).toEqual([2026, 2025, 2024, 2023, 2022]);
    expect(yearOptions(new Date('2027-01-01T00:30:00'))).toEqual([2027, 2026, 2025, 2024, 2023]);
  });
});
