import '../workerGlobals.ts';
import { describe, expect, it } from 'vitest';
import { getWidth, getHeight, scaleFromCenter } from 'ol/extent.js';
import { alignedExtent, SIGHTINGS_IMAGE_RATIO } from '../../../../mapscene/layers/canvasImage.ts';

describe('alignedExtent', () => {
  it('makes the image whole device pixels, as many past each edge of the view', () => {
    for (const [width, height, pixelRatio] of [
      [390, 844, 1],
      [390, 844, 3],
      [1280, 800, 1],
      [481, 701, 2],
    ] as const) {
      const resolution = 152.87405657041106;
      const unit = resolution / pixelRatio;
      const [cx, cy] = [1_660_123.4567, 5_800_987.6543];
      const view = [
        cx - (width / 2) * resolution,
        cy - (height / 2) * resolution,
        cx + (width / 2) * resolution,
        cy + (height / 2) * resolution,
      ];
      // As OpenLayers' ImageCanvasSource makes the image's extent from the one asked for.
      const image = alignedExtent(view, resolution, pixelRatio).slice();
      scaleFromCenter(image, SIGHTINGS_IMAGE_RATIO);
      const [w, h] = [getWidth(image) / unit, getHeight(image) / unit];
      expect(Math.abs(w - Math.round(w))).toBeLessThan(1e-6);
      expect(Math.abs(h - Math.round(h))).toBeLessThan(1e-6);
      // At least the ratio's margin, and where OpenLayers draws it (the view's left edge less the image's) a whole pixel.
      expect(Math.round(w)).toBeGreaterThanOrEqual(width * pixelRatio * SIGHTINGS_IMAGE_RATIO);
      expect(Math.round(w)).toBeLessThanOrEqual(width * pixelRatio * SIGHTINGS_IMAGE_RATIO + 2);
      for (const offset of [(view[0]! - image[0]!) / unit, (image[3]! - view[3]!) / unit]) {
        expect(Math.abs(offset - Math.round(offset))).toBeLessThan(1e-6);
      }
    }
  });
});
