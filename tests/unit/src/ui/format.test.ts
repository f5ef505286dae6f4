import { describe, expect, it } from 'vitest';
import { formatDateSl, formatDateTimeSl } from '../../../../src/ui/format.ts';

describe('Slovenian date formats', () => {
  it('a date, and an instant in Ljubljana time', () => {
    expect(formatDateSl('2024-05-17')).toBe('17. 5. 2024');
    // 03:01 UTC in November is 04:01 in Ljubljana (CET).
    expect(formatDateTimeSl('2026-11-25T03:01:00Z')).toMatch(/^25\. 11\. (20)?26,? 0?4:01$/);
  });
});
