import { describe, expect, it } from 'vitest';
import { InvalidStyleError, strokeWidth, toOlStyle, validateStyle } from '../../../../mapscene/layers/symbology.ts';

describe('symbology (style validity, stroke widths)', () => {
  it('never draws a stroke below 1 px and divides scaled widths by the resolution factor', () => {
    expect(strokeWidth(0.2, false, 1)).toBe(1);
    expect(strokeWidth(6, true, 3)).toBe(2);
    expect(strokeWidth(6, true, 0.5)).toBe(6);
    expect(strokeWidth(2, true, 10)).toBe(1);
  });

  it('rejects an icon without svgString, a fill without color, a text without stroke', () => {
    expect(() => validateStyle({ icon: { svgString: '' } })).toThrow(InvalidStyleError);
    expect(() => validateStyle({ fill: { color: '' } })).toThrow(/Invalid json style/);
    expect(() => validateStyle({ text: { columnId: 1, fill: { color: '#000' } } as never })).toThrow(InvalidStyleError);
    expect(() => validateStyle({})).toThrow(InvalidStyleError);
  });

  it('makes a circle marker in the given colour', () => {
    const s = toOlStyle({
      marker: { type: 'circle', radius: 7, fill: { color: '#70BF4C' }, stroke: { color: '#fff', width: 2 } },
    });
    const img = s.getImage() as unknown as { getFill(): { getColor(): string }; getRadius(): number };
    expect(img.getFill().getColor()).toBe('#70BF4C');
    expect(img.getRadius()).toBe(7);
  });
});
