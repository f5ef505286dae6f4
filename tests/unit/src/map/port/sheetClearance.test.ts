import { describe, expect, it } from 'vitest';
import { SHEET_MARGIN_PX, sheetPan } from '../../../../../src/map/port/sheetClearance.ts';

describe('sheetPan', () => {
  it('leaves a place that shows above the sheet where it is', () => {
    expect(sheetPan(200, 400)).toBe(0);
    expect(sheetPan(400 - SHEET_MARGIN_PX, 400)).toBe(0);
  });

  it('moves a place under the sheet (or just above its edge) to the middle of the part above it', () => {
    expect(sheetPan(600, 400)).toBe(400); // 600 → 200, the middle of 0..400
    expect(sheetPan(390, 400)).toBe(190);
  });

  it('does nothing when there is no room above the sheet', () => {
    expect(sheetPan(600, 0)).toBe(0);
  });
});
