import { describe, expect, it } from 'vitest';
import { spritePixels } from '../../../../mapscene/layers/pointSymbols.ts';

describe('spritePixels', () => {
  // A 3 x 3 sprite: row 0 has two pixels, row 1 none, row 2 one (straight RGBA).
  const rgba = new Uint8ClampedArray(36);
  rgba.set([255, 0, 0, 255], 0); // (0, 0): opaque red
  rgba.set([0, 0, 255, 102], 8); // (2, 0): blue at 40 %
  rgba.set([255, 255, 255, 51], 28); // (1, 2): white at 20 %

  it('gives each touched pixel its offset, alpha, share shown through and premultiplied colour', () => {
    const p = spritePixels(rgba, 3, 10);
    expect([...p.offsets]).toEqual([0, 2, 21]);
    expect([...p.alpha]).toEqual([255, 102, 51]);
    expect([...p.keep]).toEqual([0, Math.round(0.6 * 65536), Math.round(0.8 * 65536)]);
    expect([...p.colour]).toEqual([255, 0, 0, 255, 0, 0, 102, 102, 51, 51, 51, 51]);
  });

  it('says where each row starts among the pixels, an empty row included', () => {
    expect([...spritePixels(rgba, 3, 10).rowStart]).toEqual([0, 2, 2, 3]);
  });
});
