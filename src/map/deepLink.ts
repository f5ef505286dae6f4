import { openPanel } from '../state/panel.ts';
import { shortInfo } from '../state/shortInfo.ts';
import type { Properties } from '../../domain/model.ts';
import type { MapController } from './MapController.ts';
import { buffer, type Extent } from 'ol/extent.js';

/** The query parameter of a link to one sighting: #/?najdba=123. */
export const FIND_PARAM = 'najdba';

/** The sighting id a hash links to, or null. */
export function linkedFindId(hash: string): number | null {
  const q = hash.split('?')[1];
  if (!q) return null;
  const v = new URLSearchParams(q).get(FIND_PARAM);
  return v && /^\d+$/.test(v) ? Number(v) : null;
}

/** The link that opens a sighting. */
export function findLink(id: number): string {
  return `${location.origin}/#/?${FIND_PARAM}=${id}`;
}

/** Margin around a fitted square, as a share of its width: its outline shows whole, inside the map's edges. */
const SQUARE_MARGIN = 0.15;

/** The extent to fit for a generalised find's square (its corners x, y as the batch gives them), with a margin. */
function squareExtent(c: ArrayLike<number>): Extent {
  const xs = [c[0]!, c[2]!, c[4]!, c[6]!];
  const ys = [c[1]!, c[3]!, c[5]!, c[7]!];
  const e: Extent = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  return buffer(e, (e[2]! - e[0]!) * SQUARE_MARGIN);
}

/**
 * Centres the map on a linked sighting (when it is on the layer) and opens its card; a
 * generalised find (issue #21) is fitted with its whole square, which is where it may be.
 */
export function openLinkedFind(mc: MapController, id: number): boolean {
  const f = mc.sightingById(id);
  const coord = f?.getGeometry()?.getCoordinates();
  if (!f || !coord) return false;
  const square = f.get('square') as Float64Array | undefined;
  const generalised = f.get('generalised') as number | undefined;
  const extent =
    square && square.every(Number.isFinite) ? squareExtent(square) : [coord[0]!, coord[1]!, coord[0]!, coord[1]!];
  mc.fit(extent, 'feature');
  shortInfo.value = {
    coord: [coord[0]!, coord[1]!],
    features: [{ id, coord: [coord[0]!, coord[1]!], properties: f.get('props') as Properties, generalised }],
  };
  openPanel('shortInfo');
  return true;
}
