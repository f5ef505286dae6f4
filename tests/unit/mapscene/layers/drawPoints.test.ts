import '../workerGlobals.ts';
import { describe, expect, it } from 'vitest';
import { Canvas } from '@napi-rs/canvas';
import { DrawScratch, drawPoints, type DrawFrame } from '../../../../mapscene/layers/drawPoints.ts';
import { pointSymbol, type PointSymbol } from '../../../../mapscene/layers/pointSymbols.ts';
import { unconfirmedStyle } from '../../../../mapscene/layers/layerStyles.ts';
import { toOlStyle } from '../../../../mapscene/layers/symbology.ts';
import { mulberry32 } from '../../../../domain/prng.ts';
import { circle } from './circleStyle.ts';

const styles = [
  circle('#2e7d32'),
  circle('#1565c0'),
  toOlStyle({ marker: { type: 'star', radius: 9, fill: { color: '#c62828' }, stroke: { color: '#000', width: 1 } } }),
];
/** Rotated: drawn by OpenLayers point by point. */
const rotated = toOlStyle({ marker: { type: 'square', radius: 6, rotation: 0.3, fill: { color: '#6a1b9a' } } });

/** n random points in a 100 x 60 px view (resolution 1), some thinned, some unconfirmed. */
function arrays(n: number) {
  const rnd = mulberry32(7);
  return {
    coords: Float64Array.from({ length: 2 * n }, (_, i) => (i % 2 ? rnd() * 70 - 5 : rnd() * 110 - 5)),
    styleIndex: Uint16Array.from({ length: n }, () => Math.floor(rnd() * styles.length)),
    minLevel: Uint8Array.from({ length: n }, () => (rnd() < 0.2 ? 20 : 0)),
    unconfirmed: Uint8Array.from({ length: n }, () => (rnd() < 0.3 ? 1 : 0)),
  };
}

function render(
  ratio: number,
  a: ReturnType<typeof arrays>,
  skipHidden: boolean,
  list = styles,
  resolution = 1,
  scratch = new DrawScratch(),
) {
  const frame: DrawFrame = {
    extent: [0, 0, 100, 60],
    resolution,
    pixelRatio: ratio,
    width: (100 * ratio) / resolution,
    height: (60 * ratio) / resolution,
    level: 10,
    bufferPx: 20,
  };
  const symbols = new Map<number, PointSymbol>();
  const symbolOf = (s: number, u: boolean): PointSymbol => {
    const key = s * 2 + (u ? 1 : 0);
    let sym = symbols.get(key);
    if (!sym) {
      sym = pointSymbol(u ? unconfirmedStyle(list[s]!) : list[s]!, ratio);
      // Without its pixels a sprite is copied point by point: the reference image draws every point.
      if (!skipHidden && sym.kind === 'sprite') sym.rgba = null;
      symbols.set(key, sym);
    }
    return sym;
  };
  const canvas = new Canvas(frame.width, frame.height);
  const ctx = canvas.getContext('2d') as unknown as OffscreenCanvasRenderingContext2D;
  const count = drawPoints(ctx, a, frame, symbolOf, scratch);
  return { count, pixels: ctx.getImageData(0, 0, frame.width, frame.height).data };
}

/** The same image but for rounding: a few levels at most, on a few pixels. */
function expectSameImage(pixels: Uint8ClampedArray, reference: Uint8ClampedArray): void {
  let worst = 0;
  let off = 0;
  for (let i = 0; i < reference.length; i++) {
    const d = Math.abs(reference[i]! - pixels[i]!);
    worst = Math.max(worst, d);
    if (d > 1) off++;
  }
  expect(worst).toBeLessThanOrEqual(4);
  expect(off).toBeLessThan(reference.length / 100);
}

describe('drawPoints', () => {
  it('skips the points hidden under later ones and draws the same image as drawing them all', () => {
    // At 1 and 2 device px a pixel, and over 400 x 240 px (many strips of rows, words of bits).
    for (const [ratio, resolution] of [
      [1, 1],
      [2, 1],
      [1, 0.25],
    ] as const) {
      // As many points a pixel in each.
      const a = arrays(3000 / resolution ** 2);
      const all = render(ratio, a, false, styles, resolution);
      const skipped = render(ratio, a, true, styles, resolution);
      expect(all.count.drawn).toBe(all.count.candidates);
      expect(skipped.count.candidates).toBe(all.count.candidates);
      // Thousands of points in 100 x 60 px: most are under others.
      expect(skipped.count.drawn).toBeLessThan(all.count.candidates / 4);
      expectSameImage(skipped.pixels, all.pixels);
    }
  });

  it('composites only the strips of rows with points, leaving nothing of a fuller redraw before it', () => {
    const scratch = new DrawScratch();
    // Over 400 x 240 px: points all over, then, with the same buffers, only in a band across the middle.
    render(1, arrays(48_000), true, styles, 0.25, scratch);
    const band = arrays(48_000);
    for (let i = 1; i < band.coords.length; i += 2) band.coords[i] = 28 + ((band.coords[i]! + 5) % 4);
    const again = render(1, band, true, styles, 0.25, scratch);
    expectSameImage(again.pixels, render(1, band, false, styles, 0.25).pixels);
    // The band's points are on rows 112 … 128, their symbols 10 px across or less: the rows above and below are as cleared.
    const rowBytes = 4 * 400;
    expect(again.pixels.subarray(0, 96 * rowBytes).every((v) => v === 0)).toBe(true);
    expect(again.pixels.subarray(144 * rowBytes).every((v) => v === 0)).toBe(true);
    expect(again.count.drawn).toBeGreaterThan(50);
  });

  it('draws every point one by one, in batch order, when a style is not a plain sprite', () => {
    const a = arrays(300);
    const { count } = render(1, a, true, [...styles.slice(0, 2), rotated]);
    expect(count.drawn).toBe(count.candidates);
    expect(count.candidates).toBeGreaterThan(200);
  });

  it('draws in batch order (the later on top) and leaves thinned points out', () => {
    const a = {
      coords: new Float64Array([50, 30, 50, 30, 50, 30]),
      styleIndex: new Uint16Array([0, 1, 0]),
      minLevel: new Uint8Array([0, 0, 11]),
      unconfirmed: new Uint8Array(3),
    };
    const { count, pixels } = render(1, a, true);
    expect(count.candidates).toBe(2);
    // The blue of the second point, at its centre (row 30, column 50).
    expect([...pixels.subarray((30 * 100 + 50) * 4, (30 * 100 + 50) * 4 + 4)]).toEqual([0x15, 0x65, 0xc0, 255]);
  });
});
