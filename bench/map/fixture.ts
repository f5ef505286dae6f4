/**
 * What every bench/map run draws: the seeded profile's kind of sightings layer, n generated
 * sightings over Slovenia, and the view the runs start from.
 */
import { COL } from '../../domain/columns.ts';
import type { Feature as RecordFeature, Profile, ProfileLayer } from '../../domain/model.ts';
import { mulberry32 } from '../../domain/prng.ts';

/** The group colours (8 groups) and the grey of the default style, as the seeded profile. */
export const COLORS = [
  '#2e7d32',
  '#1565c0',
  '#c62828',
  '#6a1b9a',
  '#ef6c00',
  '#00838f',
  '#ad1457',
  '#4e342e',
  '#848484',
];
const circle = (color: string) => ({
  marker: { type: 'circle' as const, radius: 7, fill: { color }, stroke: { color: '#FFFFFF', width: 2 } },
});
/** The sightings layer of the seeded profile (server/seed/profile.ts): one circle rule per group. */
export const LAYER: ProfileLayer = {
  id: 86,
  tableId: 48,
  tableViewId: 2,
  name: 'Najdbe',
  symbology: {
    type: 'complex',
    rules: COLORS.slice(0, -1).map((c, g) => ({
      filter: { type: 'condition', columnId: COL.group, operationType: 'equals', values: [g] },
      style: circle(c),
    })),
    style: circle(COLORS[COLORS.length - 1]!),
  },
};
/** The compiled rules as the worker's `compile` makes them: the group column equals g. */
export const RULES = COLORS.slice(0, -1).map((_, g) => (p: RecordFeature['properties']) => p[COL.group] === g);
// Slovenia in EPSG:3857.
export const BOX = [1_480_000, 5_686_000, 1_859_000, 5_925_000] as const;
export const START = { center: [1_660_000, 5_800_000], zoom: 8 };

/** n sightings spread uniformly over Slovenia, one of 8 groups each (seeded, domain/prng.ts). */
export function records(n: number): RecordFeature[] {
  const rnd = mulberry32(12345);
  const out: RecordFeature[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const x = BOX[0] + rnd() * (BOX[2] - BOX[0]);
    const y = BOX[1] + rnd() * (BOX[3] - BOX[1]);
    out[i] = {
      type: 'Feature',
      id: i + 1000,
      geometry: { type: 'Point', coordinates: [x, y] },
      properties: { [COL.public]: true, [COL.group]: Math.floor(rnd() * 8) },
    };
  }
  return out;
}

export function profile(): Profile {
  return {
    id: 18,
    projectId: 35,
    name: 'bench',
    tables: [48],
    tableViews: [],
    layers: [LAYER],
    baseMaps: [],
    initalCenterLong: 14.82,
    initalCenterLat: 46.12,
    initalZoom: 8,
    minZoom: 7,
    maxZoom: 19,
  };
}
