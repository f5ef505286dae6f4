/**
 * The buffers compositing (compositePoints.ts) keeps from redraw to redraw, grown when an image
 * or a batch needs more: a strip's buffers, the image, each point's sprite corner and whether it
 * shows, and the points sorted into strips.
 */

/**
 * What compositing keeps for the strip of rows being composited, `rowWidth` pixels a row: each
 * pixel's see-through, its open bit (a word per 32 pixels), each band of 8 rows' count of open
 * bits per word.
 */
export interface StripBuffers {
  seeThrough: Uint16Array;
  open: Int32Array;
  band: Int32Array;
}
export class CompositeScratch {
  strip: StripBuffers = {
    seeThrough: new Uint16Array(0),
    open: new Int32Array(0),
    band: new Int32Array(0),
  };
  image: ImageData | null = null;
  px = new Int32Array(0);
  py = new Int32Array(0);
  shown = new Uint8Array(0);
  starts = new Int32Array(0);
  stripPoints = new Int32Array(0);

  /** Each of `n` points' sprite corner, and whether it shows (zeroed). */
  pointsFor(n: number): { px: Int32Array; py: Int32Array; shown: Uint8Array } {
    if (this.px.length < n) {
      this.px = new Int32Array(n);
      this.py = new Int32Array(n);
      this.shown = new Uint8Array(n);
    } else this.shown.fill(0, 0, n);
    return { px: this.px, py: this.py, shown: this.shown };
  }

  /** Where each of `n - 1` strips' points start (zeroed). */
  stripsFor(n: number): Int32Array {
    if (this.starts.length < n) this.starts = new Int32Array(n);
    this.starts.fill(0, 0, n);
    return this.starts;
  }

  /** Room for `n` strip entries. */
  stripPointsFor(n: number): Int32Array {
    if (this.stripPoints.length < n) this.stripPoints = new Int32Array(n);
    return this.stripPoints;
  }

  /** The buffers of a strip of `pixels` pixels, `words` words of bits and `bands` band counts (as the last strip left them). */
  stripFor(pixels: number, words: number, bands: number): StripBuffers {
    const strip = this.strip;
    if (strip.seeThrough.length >= pixels && strip.open.length >= words && strip.band.length >= bands) return strip;
    return (this.strip = {
      seeThrough: new Uint16Array(pixels),
      open: new Int32Array(words),
      band: new Int32Array(bands),
    });
  }

  /** An image `width` x `height` made by `ctx` (as the last redraw left it: every pixel inside is written). */
  imageFor(ctx: OffscreenCanvasRenderingContext2D, width: number, height: number): ImageData {
    const image = this.image;
    if (image?.width === width && image.height === height) return image;
    return (this.image = ctx.createImageData(width, height));
  }
}
