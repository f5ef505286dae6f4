import '../workerGlobals.ts';
import { describe, expect, it } from 'vitest';
import type Feature from 'ol/Feature.js';
import type Polygon from 'ol/geom/Polygon.js';
import type { Style } from 'ol/style.js';
import {
  createSquaresLayer,
  MIN_SQUARE_PX,
  setSquares,
  squareStyles,
} from '../../../../mapscene/layers/squaresLayer.ts';
import { SightingsLayer } from '../../../../mapscene/layers/sightingsLayer.ts';
import { circle } from './circleStyle.ts';
import type { PointBatch } from '../../../../worker/api.ts';
import { pointBatch } from '../../../helpers/pointBatch.ts';

const ring = (x: number, y: number, w: number): number[] => [x, y, x + w, y + 1, x + w - 1, y + w, x - 1, y + w - 1];

/** Four finds: exact, two in one 1 km square (same colour), one in a 10 km square. */
function batch(): PointBatch {
  return pointBatch(4, {
    coords: new Float64Array([0, 0, 700, 700, 700, 700, 7000, 7000]),
    styleIndex: new Uint16Array([0, 1, 1, 0]),
    generalised: new Uint16Array([0, 1000, 1000, 10000]),
    squares: new Float64Array([...ring(0, 0, 1400), ...ring(0, 0, 1400), ...ring(0, 0, 14000)]),
  });
}

describe('squares layer', () => {
  const styles = [circle('#70BF4C'), circle('#903894'), circle('#848484')];

  it('draws one polygon per square and colour, knowing the finds in it, and hides itself while empty', () => {
    const layer = createSquaresLayer(styles);
    expect(layer.getVisible()).toBe(false);
    setSquares(layer, batch());
    const features = layer.getSource()!.getFeatures() as Feature<Polygon>[];
    expect(features.map((f) => [f.get('ids'), f.get('styleIndex')])).toEqual([
      [[2, 3], 1],
      [[4], 0],
    ]);
    expect(features[0]!.getGeometry()!.getCoordinates()[0]).toEqual([
      [0, 0],
      [1400, 1],
      [1399, 1400],
      [-1, 1399],
      [0, 0],
    ]);
    expect(layer.getVisible()).toBe(true);
    setSquares(layer, { ...batch(), generalised: new Uint16Array(4), squares: new Float64Array(0) });
    expect(layer.getSource()!.getFeatures()).toHaveLength(0);
    expect(layer.getVisible()).toBe(false);
  });

  it('skips squares the data core could not project', () => {
    const layer = createSquaresLayer(styles);
    setSquares(layer, { ...batch(), squares: new Float64Array(24).fill(NaN) });
    expect(layer.getSource()!.getFeatures()).toHaveLength(0);
  });

  it('outlines in the group colour with a faint tint, and leaves out squares too small to see', () => {
    const [green] = squareStyles(styles);
    expect(green![1]!.getStroke()!.getColor()).toEqual([112, 191, 76, 0.95]);
    expect((green![1]!.getFill()!.getColor() as number[])[3]).toBeLessThan(0.2);
    const layer = createSquaresLayer(styles);
    setSquares(layer, batch());
    const styleOf = layer.getStyleFunction()!;
    const small = layer.getSource()!.getFeatures()[0]!;
    expect(styleOf(small, 1401 / (MIN_SQUARE_PX - 1))).toBeUndefined();
    expect((styleOf(small, 1401 / MIN_SQUARE_PX / 2) as Style[])[1]!.getStroke()!.getColor()).toEqual([
      144, 56, 148, 0.95,
    ]);
  });

  it("gives the sightings layer's point of a generalised find its side and square", () => {
    const layer = new SightingsLayer(styles);
    layer.setBatch(batch());
    expect(layer.sighting(layer.indexOf(1))).toMatchObject({ generalised: undefined, square: null });
    expect(layer.sighting(layer.indexOf(3))).toMatchObject({ generalised: 1000, square: ring(0, 0, 1400) });
    expect(layer.sighting(layer.indexOf(4)).square).toEqual(ring(0, 0, 14000));
  });
});
