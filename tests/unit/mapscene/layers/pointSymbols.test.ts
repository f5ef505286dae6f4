import { describe, expect, it } from 'vitest';
import { spritePixels } from '../../../../mapscene/layers/pointSymbols.ts';

describe('spritePixels', () => {
  // A 3 x 3 sprite: row 0 has two pixels, row 1 none, row 2 one (straight RGBA).
  const rgba = new Uint8ClampedArray(36);
  rgba.set([255, 0, 0, 255], 0); // (0, 0): opaque red
  rgba.set([0, 0, 255, 102], 8); // (2, 0): blue at 40 %
  rgba.set([255, 255, 255, 51], 28); // (1, 2): white at 20 %

  it('numbers each touched pixel and gives its alpha, share shown through and premultiplied colour', () => {
    const p = spritePixels(rgba, 3);
    expect([...p.index]).toEqual([0, -1, 1, -1, -1, -1, -1, 2, -1]);
    expect([...p.alpha]).toEqual([255, 102, 51]);
    expect([...p.keep]).toEqual([0, Math.round(0.6 * 65536), Math.round(0.8 * 65536)]);
    expect([...p.colour]).toEqual([255, 0, 0, 255, 0, 0, 102, 102, 51, 51, 51, 51]);
  });

  it("gives each row's first and last touched column, an empty row first past last", () => {
    const p = spritePixels(rgba, 3);
    expect([...p.first]).toEqual([0, 3, 1]);
    expect([...p.last]).toEqual([2, -1, 1]);
  });
});
