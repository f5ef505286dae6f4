/**
 * What a start draws before the whole layer: on a first visit, the view's finds thinned on the
 * server to one per cell (GET /api/Changes, view and cell); on a returning start with a large copy,
 * the copy thinned the same way on the device (thinRows), while the change feed answers. The view goes first and alone: on a slow link
 * (1.6 Mbps) a full load beside it took half the bandwidth and doubled the view's wait; the full
 * load is asked once the view's batch is on its way to the map, and replaces the view when it is in
 * (worker/core/layer.ts).
 */
import type { Feature } from '../../domain/model.ts';
import type { ColumnLayer } from './ColumnLayer.ts';
import type { LayerReplica } from './layerReplica.ts';
import { encodeMessage } from '../../domain/layerColumns/encode.ts';
import { COUNTRY_CELL, COUNTRY_VIEW } from '../../domain/firstView.ts';
import { markLayer } from './loadMarks.ts';

/**
 * A view holding at most this many finds comes whole, not thinned (~13 B a find: 52 KB): the map
 * then draws a small layer's every find at once, as its full load will.
 */
export const VIEW_WHOLE_MAX = 4_000;

/**
 * The device's copy thinned as the server thins a view: the rows whose point lies in `extent`, one
 * per square cell of side `cell` on the server's grid (the lowest id, as ids ascend), as features. What a returning start
 * draws first when the copy is large; at the country view the map draws about as many anyway.
 */
export function thinRows(
  rows: ColumnLayer,
  extent: readonly [number, number, number, number],
  cell: number,
): Feature[] {
  const [x0, y0, x1, y1] = extent;
  // The server's grid: cells counted from 0 in map metres, not from the extent's corner.
  const gx0 = Math.floor(x0 / cell);
  const gy0 = Math.floor(y0 / cell);
  const across = Math.floor(x1 / cell) - gx0 + 1;
  const taken = new Uint8Array(across * (Math.floor(y1 / cell) - gy0 + 1));
  const out: Feature[] = [];
  for (let r = 0; r < rows.size; r++) {
    const x = rows.xs[r]!;
    const y = rows.ys[r]!;
    // NaN (no point) fails both tests.
    if (!(x >= x0 && x <= x1 && y >= y0 && y <= y1)) continue;
    const c = (Math.floor(y / cell) - gy0) * across + Math.floor(x / cell) - gx0;
    if (taken[c]) continue;
    taken[c] = 1;
    out.push(rows.feature(r));
  }
  return out;
}

/**
 * The copy thinned as the country view, as a columns message to store beside it
 * (worker/layer/replicaStore.ts), when the copy is large enough to be drawn thinned first; null
 * for a smaller copy, which a returning start draws whole.
 */
export function storedView(rows: ColumnLayer, tableId: number, copy: LayerReplica): Uint8Array | null {
  const features = countryView(rows);
  return features && encodeMessage(new Map([[tableId, { features }]]), { cursor: copy.cursor, viewer: copy.viewer });
}

/** A large copy thinned as the country view (what a returning start draws first); null for one drawn whole. */
function countryView(rows: ColumnLayer): Feature[] | null {
  return rows.size > VIEW_WHOLE_MAX ? thinRows(rows, COUNTRY_VIEW, COUNTRY_CELL) : null;
}

/** What a returning start draws before the feed answers, and whether it is thinned. */
export interface FirstDrawing {
  source: readonly Feature[] | ColumnLayer;
  thinned: boolean;
  /** The copy's rows when they were read for it (null: drawn from the stored view). */
  rows: ColumnLayer | null;
}

/**
 * What a returning start draws before the feed answers: the stored copy's thinned `view` when it
 * has one (a large copy, whose blocks are then not read for it), else the copy `held` gives,
 * thinned here when large; null when the device holds no copy for this user.
 */
export async function firstDrawing(
  view: Feature[] | null,
  held: () => Promise<ColumnLayer | null>,
): Promise<FirstDrawing | null> {
  if (view) {
    markLayer('copy-view', { n: view.length });
    return { source: view, thinned: true, rows: null };
  }
  const rows = await held();
  if (!rows) return null;
  const thinned = countryView(rows);
  return { source: thinned ?? rows, thinned: thinned !== null, rows };
}
