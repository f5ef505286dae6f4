import { isInSlovenia, sloveniaOutline } from '../geo/slovenia.ts';
import type { Prng } from '../../domain/prng.ts';
import places from './places.json' with { type: 'json' };

/** A lon/lat box [minLon, minLat, maxLon, maxLat]. */
type Box = [number, number, number, number];

/** Region and months (1-12, inclusive) of a species, by Latin name. */
interface Habits {
  region?: string;
  months: [number, number];
}

/** Rough regions where some species are typically found (places.json). */
const REGIONS: Record<string, Box> = Object.fromEntries(
  Object.entries(places.regions).map(([name, b]): [string, Box] => [name, [b[0]!, b[1]!, b[2]!, b[3]!]]),
);

/** Where and when species are plausibly reported (places.json); the rest: anywhere, April to September. */
const HABITS: Record<string, Habits> = Object.fromEntries(
  Object.entries(places.habits).map(([latin, h]): [string, Habits] => [
    latin,
    { ...h, months: [h.months[0]!, h.months[1]!] },
  ]),
);

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
