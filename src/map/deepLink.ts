import { openPanel } from '../state/panel.ts';
import { shortInfo } from '../state/shortInfo.ts';
import type { Properties } from '../../worker/types.ts';
import type { MapController } from './MapController.ts';

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

/** Centres the map on a linked sighting (when it is on the layer) and opens its card. */
export function openLinkedFind(mc: MapController, id: number): boolean {
  const f = mc.sightingById(id);
  const coord = f?.getGeometry()?.getCoordinates();
  if (!f || !coord) return false;
  mc.fit([coord[0]!, coord[1]!, coord[0]!, coord[1]!], 'feature');
  shortInfo.value = { coord: [coord[0]!, coord[1]!], features: [{ id, coord: [coord[0]!, coord[1]!], properties: f.get('props') as Properties }] };
  openPanel('shortInfo');
  return true;
}
