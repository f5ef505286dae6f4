import type { Column, Feature, Properties } from '../../domain/model.ts';
import { mulberry32 as prng } from '../../domain/prng.ts';
import { sightingsFkColumn } from '../../tests/helpers/sightingsTable.ts';

/**
 * 100k generated sightings in the shape of table 48 (server/seed/model.ts): group (Select,
 * numeric keys), species (ForeignKey, integer keys), finding date (ISO 8601 UTC strings as the
 * seed writes them), count, status, public flag, creator e-mail, location text.
 */

const col = sightingsFkColumn;

/** The columns of the generated records. */
export const BENCH_COLUMNS: Column[] = [
  col(920, 'SKUPINA', 'Select'),
  col(980, 'VRSTA', 'ForeignKey', { fkTableId: 53, fkKeyType: 'integer' }),
  col(1053, 'DATUM_NAJDBE', 'DateTime'),
  col(782, 'STEVILO', 'Integer'),
  col(974, 'STATUS', 'Select'),
  col(2066, 'JAVNO', 'Boolean'),
  col(1820, 'createdbyemail', 'Text'),
  col(780, 'OPIS_LOKACIJE', 'Text'),
];

/** Species ids of SPEC §3 and the 'other' entries of the groups. */
export const SPECIES = [
  1804, 2044, 846, 729, 3332, 492, 1186, 3100, 2140, 366, 2195, 701, 675, 1301, 1182, 512, 3140, 1105, 2349, 2363, 2351,
  2360, 2355, 2356,
];
const GROUPS = [1, 15, 3, 12, 7, 8];
const PLACES = [
  'Gozd pod Krimom',
  'ob potoku Gradaščica',
  'Travnik na Golovcu',
  'GOZDNA jasa',
  'Šmarna gora',
  'Ljubljansko barje',
  'Čemšeniška planina',
  'gozdni rob pri Vrhniki',
  'Kras, vrtača',
  'Pohorje',
];

/** Generates `n` records' properties, deterministically. */
export function generateRecords(n: number, seed = 48): Properties[] {
  const rng = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
  const emails = Array.from({ length: 50 }, (_, i) => (i % 7 === 0 ? `Oseba${i}@Example.SI` : `oseba${i}@example.si`));
  const from = Date.UTC(2019, 0, 1);
  const span = Date.UTC(2026, 0, 1) - from;
  const out: Properties[] = [];
  for (let i = 0; i < n; i++) {
    const r = rng();
    out.push({
      '920': pick(GROUPS),
      '980': pick(SPECIES),
      '1053': new Date(from + Math.floor(rng() * span)).toISOString(),
      '782': r < 0.05 ? null : 1 + Math.floor(rng() * 30),
      '974': r < 0.3 ? null : pick([5, 5, 1, 2]),
      '2066': rng() < 0.9,
      '1820': pick(emails),
      '780': pick(PLACES),
    });
  }
  return out;
}

/** Slovenia's extent in EPSG:3857, where the generated sightings lie. */
const SLOVENIA: [number, number, number, number] = [1_500_000, 5_690_000, 1_840_000, 5_880_000];

/** Generates `n` sightings as features: the records of generateRecords at uniform points over Slovenia. */
export function generateFeatures(n: number, seed = 48): Feature[] {
  const rng = prng(seed + 1);
  const [minX, minY, maxX, maxY] = SLOVENIA;
  return generateRecords(n, seed).map((properties, i) => ({
    type: 'Feature',
    id: 1000 + i,
    geometry: { type: 'Point', coordinates: [minX + rng() * (maxX - minX), minY + rng() * (maxY - minY)] },
    properties,
  }));
}
