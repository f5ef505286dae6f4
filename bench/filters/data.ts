import type { Column, Feature, Properties } from '../../domain/model.ts';
import { mulberry32 as prng } from '../../domain/prng.ts';
import { sightingsFkColumn } from '../../tests/helpers/sightingsTable.ts';

/**
 * 100k generated sightings in the shape of table 48 (server/seed/model.ts): group (Select,
 * numeric keys), species (ForeignKey, integer keys), finding date (ISO 8601 UTC strings as the
 * seed writes them), count, status, public flag, creator e-mail, location text.
 */

const col = sightingsFkColumn;

/** The species ids of the catalogue and the 'other' entries of the groups. */
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
const EMAILS = Array.from({ length: 50 }, (_, i) => (i % 7 === 0 ? `Oseba${i}@Example.SI` : `oseba${i}@example.si`));
const FROM = Date.UTC(2019, 0, 1);
const SPAN = Date.UTC(2026, 0, 1) - FROM;

/** The random source of one record: the generator, a pick from a list, and a number drawn once per record. */
interface Draw {
  rng: () => number;
  pick: <T>(xs: readonly T[]) => T;
  r: number;
}

/**
 * The generated columns, each with how its value is drawn. A record draws its values in this
 * order, so the order is part of the data: the same seed gives the same records.
 */
const FIELDS: Array<{ column: Column; draw: (d: Draw) => Properties[string] }> = [
  { column: col(920, 'SKUPINA', 'Select'), draw: (d) => d.pick(GROUPS) },
  { column: col(980, 'VRSTA', 'ForeignKey', { fkTableId: 53, fkKeyType: 'integer' }), draw: (d) => d.pick(SPECIES) },
  {
    column: col(1053, 'DATUM_NAJDBE', 'DateTime'),
    draw: (d) => new Date(FROM + Math.floor(d.rng() * SPAN)).toISOString(),
  },
  { column: col(782, 'STEVILO', 'Integer'), draw: (d) => (d.r < 0.05 ? null : 1 + Math.floor(d.rng() * 30)) },
  { column: col(974, 'STATUS', 'Select'), draw: (d) => (d.r < 0.3 ? null : d.pick([5, 5, 1, 2])) },
  { column: col(2066, 'JAVNO', 'Boolean'), draw: (d) => d.rng() < 0.9 },
  { column: col(1820, 'createdbyemail', 'Text'), draw: (d) => d.pick(EMAILS) },
  { column: col(780, 'OPIS_LOKACIJE', 'Text'), draw: (d) => d.pick(PLACES) },
];

/** The columns of the generated records. */
export const BENCH_COLUMNS: Column[] = FIELDS.map((f) => f.column);

/** Generates `n` records' properties, deterministically. */
export function generateRecords(n: number, seed = 48): Properties[] {
  const rng = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
  const out: Properties[] = [];
  for (let i = 0; i < n; i++) {
    const d: Draw = { rng, pick, r: rng() };
    const record: Properties = {};
    for (const f of FIELDS) record[String(f.column.id)] = f.draw(d);
    out.push(record);
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
