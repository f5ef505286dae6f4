import { isInSlovenia, sloveniaOutline } from '../geo/slovenia.ts';
import type { Prng } from '../../domain/prng.ts';

/** A lon/lat box [minLon, minLat, maxLon, maxLat]. */
type Box = [number, number, number, number];

/** Rough regions where some species are typically found. */
const REGIONS: Record<string, Box> = {
  karst: [13.6, 45.5, 14.6, 45.95],
  alps: [13.55, 46.25, 14.9, 46.5],
  krn: [13.6, 46.18, 14.05, 46.32],
  dinaric: [14.3, 45.45, 15.2, 45.85],
  forests: [14.0, 45.5, 15.3, 46.0],
  northEast: [15.7, 46.35, 16.6, 46.85],
  krka: [15.2, 45.8, 15.75, 46.05],
  bled: [14.05, 46.34, 14.14, 46.38],
};

/** Region and months (1-12, inclusive) of a species, by Latin name. */
interface Habits {
  region?: keyof typeof REGIONS;
  months: [number, number];
}

/** Where and when species are plausibly reported; the rest: anywhere, April to September. */
const HABITS: Record<string, Habits> = {
  'Cypripedium calceolus': { region: 'alps', months: [5, 6] },
  'Eryngium alpinum': { region: 'krn', months: [7, 8] },
  'Sanguisorba officinalis': { months: [6, 9] },
  'Heracleum mantegazzianum': { months: [6, 8] },
  'Fallopia japonica': { months: [5, 10] },
  'Lutra lutra': { region: 'northEast', months: [1, 12] },
  'Castor fiber': { region: 'krka', months: [1, 12] },
  'Lynx lynx': { region: 'dinaric', months: [1, 12] },
  'Canis lupus': { region: 'dinaric', months: [1, 12] },
  'Helix pomatia': { months: [4, 10] },
  'Unio crassus': { months: [4, 10] },
  'Dreissena polymorpha': { region: 'bled', months: [4, 10] },
  'Proteus anguinus': { region: 'karst', months: [1, 12] },
  'Bombina variegata': { months: [4, 8] },
  'Triturus carnifex': { months: [3, 6] },
  'Salamandra atra': { region: 'alps', months: [5, 9] },
  'Bufotes viridis': { months: [4, 6] },
  'Lucanus cervus': { months: [5, 8] },
  'Rosalia alpina': { region: 'forests', months: [7, 8] },
  'Morimus funereus': { region: 'forests', months: [5, 8] },
  'Cerambyx cerdo': { months: [5, 8] },
  'Osmoderma eremita': { months: [7, 9] },
  'Euplagia quadripunctaria': { months: [7, 8] },
  'Parnassius apollo': { region: 'alps', months: [6, 7] },
  'Euphydryas aurinia': { months: [5, 6] },
  'Lycaena dispar': { region: 'northEast', months: [5, 9] },
  'Phengaris nausithous': { months: [7, 8] },
};

/** A random point inside `box` and inside Slovenia, or null after `tries` misses. */
function pointIn(rng: Prng, box: Box, tries: number): [number, number] | null {
  for (let i = 0; i < tries; i++) {
    const lon = rng.range(box[0], box[2]);
    const lat = rng.range(box[1], box[3]);
    if (isInSlovenia(lon, lat)) return [lon, lat];
  }
  return null;
}

/** A plausible [lon, lat] for a species: mostly in its region when it has one, else anywhere in Slovenia. */
export function placeFor(rng: Prng, latin: string): [number, number] {
  const region = HABITS[latin]?.region;
  if (region && rng.chance(0.8)) {
    const p = pointIn(rng, REGIONS[region] as Box, 500);
    if (p) return p;
  }
  const p = pointIn(rng, sloveniaOutline().bbox, 10_000);
  if (!p) throw new Error('could not place a point inside Slovenia');
  return p;
}

/** A plausible observation date for a species within the last five years (never after `now`). */
export function dateFor(rng: Prng, latin: string, now: Date): Date {
  const [m0, m1] = HABITS[latin]?.months ?? [4, 9];
  const year = now.getUTCFullYear() - rng.int(0, 4);
  const month = rng.int(m0, m1);
  const day = rng.int(1, 28);
  const hour = rng.int(6, 18);
  const minute = rng.int(0, 59);
  let d = new Date(Date.UTC(year, month - 1, day, hour, minute));
  if (d > now) d = new Date(Date.UTC(year - 1, month - 1, day, hour, minute));
  return d;
}
