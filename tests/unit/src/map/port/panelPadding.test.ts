import { describe, expect, it } from 'vitest';
import { DESKTOP_PANEL_COVER_PX, panelPadding } from '../../../../../src/map/port/panelPadding.ts';

describe('panelPadding', () => {
  it('keeps a zoomed-to find in the top half on a phone, above the bottom sheet (at most 72 % high)', () => {
    const [top, right, bottom, left] = panelPadding([412, 768], true);
    expect([top, right, left]).toEqual([0, 0, 0]);
    expect(bottom).toBe(384);
    // The find lands at the middle of the unpadded part: 192 px from the top, above the sheet's top edge (28 % of 768 = 215 px).
    expect((768 - bottom) / 2).toBeLessThan(768 * 0.28);
  });

  it('keeps it left of the card on a desktop', () => {
    expect(panelPadding([1280, 800], false)).toEqual([0, DESKTOP_PANEL_COVER_PX, 0, 0]);
  });

  it('never pads away more than half of a narrow desktop map', () => {
    expect(panelPadding([600, 800], false)).toEqual([0, 300, 0, 0]);
  });
});
