import '../workerGlobals.ts';
import { describe, expect, it } from 'vitest';
import { Canvas } from '@napi-rs/canvas';
import { blendedTint, MIN_SQUARE_PX, squareLooks, SquaresLayer } from '../../../../mapscene/layers/squaresLayer.ts';
import { SightingsLayer } from '../../../../mapscene/layers/sightingsLayer.ts';
import { circle } from './circleStyle.ts';
import type { PointBatch } from '../../../../worker/api.ts';
import { pointBatch } from '../../../helpers/pointBatch.ts';

const ring = (x: number, y: number, w: number): number[] => [x, y, x + w, y + 1, x + w - 1, y + w, x - 1, y + w - 1];

/** Four finds: exact, two in one 1 km square (same colour), one in a 10 km square. */
function batch(fields: Partial<PointBatch> = {}): PointBatch {
  return pointBatch(4, {
    coords: new Float64Array([0, 0, 700, 700, 700, 700, 7000, 7000]),
    styleIndex: new Uint16Array([0, 1, 1, 0]),
    generalised: new Uint16Array([0, 1000, 1000, 10000]),
    squares: new Float64Array([...ring(0, 0, 1400), ...ring(0, 0, 14000)]),
    squareOf: new Int32Array([-1, 0, 0, 1]),
    ...fields,
  });
}

describe('squares layer', () => {
  const styles = [circle('#70BF4C'), circle('#903894'), circle('#848484')];

  it('keeps one square per square and colour, knowing the finds in it, and hides itself while empty', () => {
    const layer = new SquaresLayer(styles);
    expect(layer.layer.getVisible()).toBe(false);
    layer.setBatch(batch());
    expect(layer.size).toBe(2);
    expect(layer.layer.getVisible()).toBe(true);
    // Inside both squares: the 1 km square's two finds (one colour) and the 10 km square's, in batch order.
    expect(layer.indicesAt([700, 700], 1)).toEqual([1, 2, 3]);
    // Inside the 10 km square only; outside both.
    expect(layer.indicesAt([5000, 5000], 1)).toEqual([3]);
    expect(layer.indicesAt([-500, 7000], 1)).toEqual([]);
    layer.setBatch(
      batch({
        generalised: new Uint16Array(4),
        squares: new Float64Array(0),
        squareOf: new Int32Array(4).fill(-1),
      }),
    );
    expect(layer.size).toBe(0);
    expect(layer.layer.getVisible()).toBe(false);
  });

  it('keeps finds of one ring in another colour in a square of their own', () => {
    const layer = new SquaresLayer(styles);
    layer.setBatch(batch({ styleIndex: new Uint16Array([0, 1, 2, 0]) }));
    expect(layer.size).toBe(3);
    expect(layer.indicesAt([700, 700], 1)).toEqual([1, 2, 3]);
  });

  it('skips squares the data core could not project', () => {
    const layer = new SquaresLayer(styles);
    layer.setBatch(batch({ squares: new Float64Array(16).fill(NaN) }));
    expect(layer.size).toBe(0);
    expect(layer.indicesAt([700, 700], 1)).toEqual([]);
    // The 10 km ring not projected: the 1 km square's finds only.
    layer.setBatch(batch({ squares: new Float64Array([...ring(0, 0, 1400), ...new Array<number>(8).fill(NaN)]) }));
    expect(layer.size).toBe(1);
    expect(layer.indicesAt([700, 700], 1)).toEqual([1, 2]);
  });

  it('leaves out squares too small to see, for clicks as for the eye', () => {
    const layer = new SquaresLayer(styles);
    layer.setBatch(batch());
    expect(layer.indicesAt([700, 700], 1401 / (MIN_SQUARE_PX - 1))).toEqual([3]);
    expect(layer.indicesAt([700, 700], 1401 / MIN_SQUARE_PX / 2)).toEqual([1, 2, 3]);
  });

  it('outlines in the group colour over a white halo, with a faint tint inside', () => {
    const [green] = squareLooks(styles);
    expect(green).toEqual({ outline: 'rgba(112,191,76,0.95)', tint: 'rgba(112,191,76,0.08)' });
    const layer = new SquaresLayer(styles);
    layer.setBatch(batch());
    const source = layer.layer.getSource()!;
    // 1 map unit a pixel: the 1 km square spans 0 … 1400, its middle at 700 (the image is 1.25 times the extent).
    const extent = [-100, -100, 1900, 1500];
    const canvas = source.getImage(extent, 1, 1, source.getProjection()!)!.getImage() as unknown as OffscreenCanvas;
    const ctx = canvas.getContext('2d')!;
    const at = (x: number, y: number): number[] => {
      const [left, top] = [-100 - 250, 1500 + 200];
      return [...ctx.getImageData(x - left, top - y, 1, 1).data];
    };
    // The purple outline of the two finds' square just inside its bottom edge (from y 0 to 1 over
    // x; the 10 km square's green edge runs along it), the white halo just outside.
    expect(at(700, 1)).toEqual([144, 63, 145, 254]);
    const halo = at(700, -1);
    expect(halo.slice(0, 3)).toEqual([255, 255, 255]);
    expect(halo[3]).toBeGreaterThan(60);
    // Inside: a faint tint (both squares' tints over each other), never opaque.
    const inside = at(700, 700);
    expect(inside[3]).toBeGreaterThan(0);
    expect(inside[3]).toBeLessThan(60);
    // Outside every square: nothing.
    expect(at(-200, -200)[3]).toBe(0);
  });

  it("outlines a square of several colours once, in the last one's", () => {
    /** The pixel at (x, y) of the layer's image of `b` at 1 map unit a pixel (as in the test above). */
    const pixel = (b: PointBatch, x: number, y: number): number[] => {
      const layer = new SquaresLayer(styles);
      layer.setBatch(b);
      const source = layer.layer.getSource()!;
      const image = source.getImage([-100, -100, 1900, 1500], 1, 1, source.getProjection()!)!;
      const ctx = (image.getImage() as unknown as OffscreenCanvas).getContext('2d')!;
      return [...ctx.getImageData(x + 350, 1700 - y, 1, 1).data];
    };
    // The 1 km square with a purple and a grey find, and with the grey one only.
    const both = pixel(batch({ styleIndex: new Uint16Array([0, 1, 2, 0]) }), 700, 1);
    const grey = pixel(batch({ styleIndex: new Uint16Array([0, 2, 2, 0]) }), 700, 1);
    // The purple outline under the grey one showed through at 5 % (3–4 levels of green): not drawn.
    both.forEach((v, c) => expect(Math.abs(v - grey[c]!)).toBeLessThanOrEqual(1));
  });

  it('tints a square of several colours once, as their tints filled over each other would', () => {
    const rgbs = [
      [112, 191, 76],
      [144, 56, 148],
      [132, 132, 132],
    ];
    for (const looks of [[0], [1, 2], [0, 1, 2], [2, 0]]) {
      const stacked = new Canvas(4, 4).getContext('2d');
      for (const look of looks) {
        stacked.fillStyle = squareLooks(styles)[look]!.tint;
        stacked.fillRect(0, 0, 4, 4);
      }
      const once = new Canvas(4, 4).getContext('2d');
      once.fillStyle = blendedTint(rgbs, looks);
      once.fillRect(0, 0, 4, 4);
      // Premultiplied, as it shows over the map (a faint pixel's straight colour is rounded coarsely),
      // within the rounding of the stacked fills, each rounded to whole levels.
      const [a, b] = [stacked, once].map((c) => {
        const [r, g, bl, alpha] = c.getImageData(1, 1, 1, 1).data;
        return [...[r!, g!, bl!].map((v) => (v * alpha!) / 255), alpha!];
      });
      a!.forEach((v, c) => expect(Math.abs(v - b![c]!), `${looks}: ${a} / ${b}`).toBeLessThanOrEqual(3));
    }
  });

  it('keeps its image when a new batch draws the same squares in the same colours in it', () => {
    const layer = new SquaresLayer(styles);
    layer.setBatch(batch());
    const source = layer.layer.getSource()!;
    // A view where only the 10 km square is wide enough to see (the 1 km one is 7 px).
    const resolution = 1400 / (MIN_SQUARE_PX - 3);
    source.getImage([-20000, -20000, 40000, 40000], resolution, 1, source.getProjection()!);
    const revision = source.getRevision();
    // Other finds and rings, in another order; the 10 km square again with a find of its colour.
    layer.setBatch(
      pointBatch(3, {
        coords: new Float64Array([7000, 7000, 300, 300, 7100, 7100]),
        styleIndex: new Uint16Array([0, 2, 0]),
        generalised: new Uint16Array([10000, 1000, 10000]),
        squares: new Float64Array([...ring(0, 0, 14000), ...ring(0, 0, 1500)]),
        squareOf: new Int32Array([0, 1, 0]),
      }),
    );
    expect(source.getRevision()).toBe(revision);
    // Clicks follow the new batch.
    expect(layer.indicesAt([5000, 5000], resolution)).toEqual([0, 2]);
    // The 10 km square with a find of another colour too: drawn anew.
    layer.setBatch(batch({ styleIndex: new Uint16Array([0, 1, 1, 1]) }));
    expect(source.getRevision()).toBeGreaterThan(revision);
    // Drawn at a closer view, where the 1 km square shows: a batch without it is drawn anew.
    source.getImage([-100, -100, 1900, 1500], 1, 1, source.getProjection()!);
    const closer = source.getRevision();
    layer.setBatch(batch({ squareOf: new Int32Array([-1, -1, -1, 1]) }));
    expect(source.getRevision()).toBeGreaterThan(closer);
  });

  it("gives the sightings layer's point of a generalised find its side and square", () => {
    const layer = new SightingsLayer(styles);
    layer.setBatch(batch());
    expect(layer.sighting(layer.indexOf(1))).toMatchObject({ generalised: undefined, square: null });
    expect(layer.sighting(layer.indexOf(3))).toMatchObject({ generalised: 1000, square: ring(0, 0, 1400) });
    expect(layer.sighting(layer.indexOf(4)).square).toEqual(ring(0, 0, 14000));
  });
});
