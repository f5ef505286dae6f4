import { openPanel } from '../../state/panel.ts';
import { shortInfo } from '../../state/shortInfo.ts';
import type { MapExtent, MapPort } from './mapPort.ts';

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
function squareExtent(c: ArrayLike<number>): MapExtent {
  const xs = [c[0]!, c[2]!, c[4]!, c[6]!];
  const ys = [c[1]!, c[3]!, c[5]!, c[7]!];
  const m = (Math.max(...xs) - Math.min(...xs)) * SQUARE_MARGIN;
  return [Math.min(...xs) - m, Math.min(...ys) - m, Math.max(...xs) + m, Math.max(...ys) + m];
}

/**
 * Centres the map on a linked sighting (when it is on the layer) and opens its card; a
 * generalised find (issue #21) is fitted with its whole square, which is where it may be.
 */
export async function openLinkedFind(mc: MapPort, id: number): Promise<boolean> {
  const f = await mc.sightingById(id);
  if (!f) return false;
  const [x, y] = f.coord;
  mc.fit(f.square ? squareExtent(f.square) : [x, y, x, y], 'feature');
  shortInfo.value = {
    coord: [x, y],
    features: [{ id, coord: [x, y], properties: f.properties, generalised: f.generalised }],
  };
  openPanel('shortInfo');
  return true;
}
