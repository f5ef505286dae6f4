/**
 * Synthetic layer features in the shape the change feed and extenttables give the data core for
 * its layer's nine columns (worker/core/layer.ts LAYER_COLUMNS), as a reviewer sees them (creator
 * e-mails included): ids ascending, points at random places in Slovenia with full float precision,
 * a quarter generalised to a square centre, the seed's species and their public names, dates to
 * the minute, a few empty statuses, a few own records with their version. Deterministic.
 */
import type { Feature } from '../../domain/model.ts';
import { createPrng } from '../../domain/prng.ts';
import type { FilterInput } from '../../domain/filters/types.ts';
import { sightingsColumn, specialColumn } from '../../tests/helpers/sightingsTable.ts';

/** [minX, minY, maxX, maxY] of Slovenia in EPSG:3857 (as bench/sightings.ts). */
const SLOVENIA = [1_480_000, 5_686_000, 1_859_000, 5_925_000] as const;

/** Species id, public name and group of the seed's catalogue (a sample of it). */
const SPECIES: readonly [number, string, number][] = [
  [366, 'veliki vrtni polž', 3],
  [492, 'vidra', 15],
  [512, 'planinski močerad', 12],
  [675, 'človeška ribica', 12],
  [701, 'potujoča trikotničarka', 3],
  [729, 'orjaški dežen', 1],
  [846, 'zdravilna strašnica', 1],
  [1105, 'rogač', 7],
  [1182, 'veliki pupek', 12],
  [1186, 'bober', 15],
  [1301, 'hribski urh', 12],
  [1804, 'lepi čeveljc', 1],
  [2044, 'alpska možina', 1],
  [2140, 'volk', 15],
  [2195, 'navadni škržek', 3],
  [2349, 'Druga rastlina', 1],
  [2360, 'Druga dvoživka', 12],
  [3100, 'ris', 15],
  [3140, 'zelena krastača', 12],
  [3332, 'japonski dresnik', 1],
  [3401, 'alpski kozliček', 7],
  [3406, 'apolon', 8],
  [3408, 'močvirski cekinček', 8],
];
const EMAILS = Array.from({ length: 200 }, (_, i) => `oseba${i}@example.si`);
const ACCURACY = [5, 10, 50, 100, 1000];
const FROM = Date.UTC(2015, 0, 1);
const SPAN_MINUTES = (Date.UTC(2026, 10, 1) - FROM) / 60_000;

/** `n` layer features with ids from `firstId` up (gaps of 1–3, as deletions leave them). */
export function layerFeatures(n: number, seed = 32, firstId = 10_000_000): Feature[] {
  const r = createPrng(seed);
  const out: Feature[] = [];
  let id = firstId;
  for (let i = 0; i < n; i++) {
    id += r.chance(0.9) ? 1 : r.int(2, 3);
    const [species, name, group] = r.pick(SPECIES);
    const generalised = r.chance(0.25) ? (r.chance(0.8) ? 1000 : 10000) : undefined;
    let x = r.range(SLOVENIA[0], SLOVENIA[2]);
    let y = r.range(SLOVENIA[1], SLOVENIA[3]);
    if (generalised) {
      // A square's centre, projected: not a round number in EPSG:3857 either.
      x = Math.floor(x / generalised) * generalised + generalised / 2 + 0.0250404472;
      y = Math.floor(y / generalised) * generalised + generalised / 2 + 0.6359407995;
    }
    const email = r.pick(EMAILS);
    const properties: Feature['properties'] = {
      767: id,
      920: group,
      980: species,
      2067: name,
      1053: new Date(FROM + r.int(0, SPAN_MINUTES) * 60_000).toISOString(),
      974: r.chance(0.03) ? null : r.pick([5, 5, 1, 2]),
      2066: r.chance(0.97),
      1820: email,
      976: r.pick(ACCURACY),
    };
    const f: Feature = { type: 'Feature', id, geometry: { type: 'Point', coordinates: [x, y] }, properties };
    if (email === EMAILS[0]) f.version = r.int(1, 4);
    if (generalised) f.generalised = generalised;
    out.push(f);
  }
  return out;
}

/** The layer's columns as the profile describes them (what the filter engine reads). */
export const LAYER_TABLE_COLUMNS = [
  sightingsColumn(767, 'ID', 'Integer'),
  specialColumn(920, 'SKUPINA', 'Select'),
  sightingsColumn(980, 'VRSTA', 'ForeignKey', { fkTableId: 53, fkKeyType: 'integer' }),
  sightingsColumn(2067, 'JAVNA_VRSTA', 'Text'),
  sightingsColumn(1053, 'DATUM_NAJDBE', 'DateTime'),
  specialColumn(974, 'STATUS', 'Select'),
  specialColumn(2066, 'JAVNO', 'Boolean'),
  specialColumn(1820, 'createdbyemail', 'Text'),
  sightingsColumn(976, 'NATANCNOST', 'Integer'),
];

/** The seeded profile's symbology: one rule per group. */
export const LAYER_RULES: FilterInput[] = [1, 15, 3, 12].map((g) => ({
  type: 'condition',
  columnId: 920,
  operationType: 'equals',
  values: [g],
}));
