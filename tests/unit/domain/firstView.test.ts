import { describe, expect, it } from 'vitest';
import { COUNTRY_VIEW, VIEW_CELLS_ACROSS, viewCell } from '../../../domain/firstView.ts';

describe('first view', () => {
  it('thins to VIEW_CELLS_ACROSS cells across the longer side', () => {
    expect(viewCell([0, 0, 256_000, 100_000])).toBe(256_000 / VIEW_CELLS_ACROSS);
    expect(viewCell([0, 0, 10, 20])).toBe(1);
    expect(viewCell(COUNTRY_VIEW)).toBe(Math.ceil((COUNTRY_VIEW[2] - COUNTRY_VIEW[0]) / VIEW_CELLS_ACROSS));
  });
});
