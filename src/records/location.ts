import { transform } from 'ol/proj.js';
import { DATA_PROJECTION, NATIONAL_GRID, NATIONAL_GRID_EXTENT } from '../map/coords/projections.ts';

/** Whether an EPSG:3857 point is finite and inside the national grid extent (the server's own rule). */
export function insideSlovenia(coord: [number, number]): boolean {
  if (!Number.isFinite(coord[0]) || !Number.isFinite(coord[1])) return false;
  const [e, n] = transform(coord, DATA_PROJECTION, NATIONAL_GRID) as [number, number];
  const [minE, minN, maxE, maxN] = NATIONAL_GRID_EXTENT;
  return e >= minE && e <= maxE && n >= minN && n <= maxN;
}
