import { describe, expect, it } from 'vitest';
import type { Feature } from '../../../../domain/model.ts';
import { encodeMessage } from '../../../../domain/layerColumns/encode.ts';
import { decodeMessage } from '../../../../domain/layerColumns/decode.ts';
import { ColumnLayer } from '../../../../worker/layer/ColumnLayer.ts';
import { thinRows } from '../../../../worker/layer/firstView.ts';

const at = (id: number, x: number, y: number): Feature => ({
  type: 'Feature',
  id,
  geometry: { type: 'Point', coordinates: [x, y] },
  properties: { 920: 1 },
});

function layer(features: Feature[]): ColumnLayer {
  return new ColumnLayer([decodeMessage(encodeMessage(new Map([[48, { features }]]))).tables.get(48)!]);
}

describe('a returning start thinned on the device (thinRows)', () => {
  it('keeps the lowest id of each cell of the server grid inside the extent', () => {
    const rows = layer([
      at(1, 1050, 1050),
      at(2, 1990, 1010), // the same cell as 1 (cells of 1,000 m counted from 0)
      at(3, 2010, 1010), // the next cell
      at(4, 2500, 1500),
      at(5, 5000, 5000), // outside the extent
    ]);
    const kept = thinRows(rows, [900, 900, 3000, 3000], 1000).map((f) => f.id);
    expect(kept).toEqual([1, 3]);
  });
});
