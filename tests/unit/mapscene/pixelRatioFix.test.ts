import { describe, expect, it } from 'vitest';
import { scaleCompositionByPixelRatio } from '../../../mapscene/pixelRatioFix.ts';

/** A 2D context's transform state, as far as the fix uses it. */
function fakeContext() {
  let m = [1, 0, 0, 1, 0, 0];
  const ctx = {
    getTransform: () => ({ isIdentity: m.join() === '1,0,0,1,0,0' }),
    setTransform: (...t: number[]) => (m = t),
    transform: (a: number, b: number, c: number, d: number, e: number, f: number) => {
      const [A, B, C, D, E, F] = m as [number, number, number, number, number, number];
      m = [A * a + C * b, B * a + D * b, A * c + C * d, B * c + D * d, A * e + C * f + E, B * e + D * f + F];
    },
    matrix: () => m,
  };
  return ctx;
}

/** A context with the fix installed at this pixel ratio. */
function fixedContext(pixelRatio: number) {
  const ctx = fakeContext();
  scaleCompositionByPixelRatio(ctx as unknown as OffscreenCanvasRenderingContext2D, () => pixelRatio);
  return ctx;
}

describe('scaleCompositionByPixelRatio', () => {
  it('scales a layer composed on the identity by the pixel ratio (OpenLayers 10.11 maps it to CSS px)', () => {
    const ctx = fixedContext(2);
    // Composite.js: reset to identity, then apply the layer's CSS transform (here 1/2: device → CSS px).
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.transform(0.5, 0, 0, 0.5, 10, 20);
    expect(ctx.matrix()).toEqual([1, 0, 0, 1, 20, 40]);
  });

  it('leaves other transforms, and every transform at pixel ratio 1, as they are', () => {
    const ctx = fixedContext(2);
    ctx.setTransform(2, 0, 0, 2, 0, 0);
    ctx.transform(0.5, 0, 0, 0.5, 10, 20);
    expect(ctx.matrix()).toEqual([1, 0, 0, 1, 20, 40]);
    const one = fixedContext(1);
    one.transform(0.5, 0, 0, 0.5, 10, 20);
    expect(one.matrix()).toEqual([0.5, 0, 0, 0.5, 10, 20]);
  });
});
