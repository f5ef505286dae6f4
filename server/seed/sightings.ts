import type { Properties } from '../../domain/model.ts';
import { lonLatToMercator } from '../geo/projection.ts';
import { catalogueUnits, type Catalogue } from './catalogue.ts';
import { COL } from './model.ts';
import { dateFor, placeFor } from './places.ts';
import { createPrng, type Prng } from '../../domain/prng.ts';

/**
 * The sample sightings, by construction (tests count them):
 * - 300 in all, every one with VIR 'vzorec' and KOMENTAR starting with 'Vzorčni podatek';
 * - 12 by ana@example.si (8 with STATUS 5, 4 with STATUS empty; 2 of them JAVNO false, 3 with a photo);
 * - 8 by bor@example.si (5 with STATUS 5, 3 empty; all public; 2 with a photo);
 * - 280 by vzorec@example.si (230 STATUS 1, 30 STATUS 5, 20 STATUS 2; 13 JAVNO false, all of them
 *   Proteus, lynx or wolf: sensitive locations; 25 with a photo);
 * - so 15 JAVNO false and 30 with a photo in all;
 * - the 20 rejected ones are all public, and seen only by their creator and the reviewers of their
 *   group (domain/review.ts): everyone else sees 265.
 */
export const SEED_COUNTS = {
  total: 300,
  byCreator: { 'ana@example.si': 12, 'bor@example.si': 8, 'vzorec@example.si': 280 },
  hidden: 15,
  hiddenByCreator: { 'ana@example.si': 2, 'bor@example.si': 0, 'vzorec@example.si': 13 },
  withPhoto: 30,
  sampleStatus: { 1: 230, 5: 30, 2: 20 },
  /** What anyone sees: public and not rejected. */
  shown: 265,
} as const;

/** The demo users and the author names they report under. */
export const SEED_USERS = { ana: 'ana@example.si', bor: 'bor@example.si', sample: 'vzorec@example.si' } as const;

/** The text every sample comment starts with. */
export const SAMPLE_COMMENT = 'Vzorčni podatek: ustvarjen samodejno za predstavitev aplikacije, ni resnična najdba.';

/** One generated sighting before it gets its id. */
export interface SampleSighting {
  /** EPSG:3857 position. */
  point: [number, number];
  properties: Properties;
  createdBy: string;
  createdAt: Date;
  /** Group id whose colour the sample photo takes, or null for no photo. */
  photoGroupId: number | null;
}

const SENSITIVE = new Set(['Proteus anguinus', 'Lynx lynx', 'Canis lupus']);
const AUTHORS = ['Maja Kos', 'Luka Horvat', 'Nina Zupan', 'Jure Kovač', 'Eva Potočnik', 'Tim Golob'];
const PLACES = [
  'ob gozdni cesti',
  'pri mostu čez potok',
  'ob planinski poti',
  'na robu vasi',
  'pri izviru',
  'ob kolovozu',
  'na jasi nad vasjo',
  'ob robu travnika',
];
const HABITATS: Record<number, string[]> = {
  1: ['bukov gozd', 'vlažen travnik', 'rečni breg', 'gozdni rob', 'skalnato pobočje'],
  15: ['ob reki', 'mešani gozd', 'gozdna jasa', 'rečni breg'],
  3: ['potok s peščenim dnom', 'vrt', 'gozdni rob', 'jezero'],
  12: ['kraški izvir', 'kolesnica z vodo', 'ribnik', 'gramoznica', 'planinski pašnik'],
  7: ['star hrastov gozd', 'bukov gozd', 'skladovnica bukovih drv', 'votlo drevo'],
  8: ['vlažen travnik', 'gozdni rob', 'planinski travnik', 'močvirni travnik'],
};
const OTHER_NAMES: Record<number, string> = {
  1: 'kranjska lilija',
  15: 'mali podkovnjak',
  3: 'ozki vrtenec',
  12: 'laška žaba',
  7: 'rdeči kukuj',
  8: 'petelinček',
};

/** Who created sighting number i: 12 for ana, 8 for bor, the rest sample. */
function creatorOf(i: number): string {
  if (i % 25 === 3) return SEED_USERS.ana;
  if (i % 25 === 15 && i < 200) return SEED_USERS.bor;
  return SEED_USERS.sample;
}

/** Finding type, unit and count that fit the group and species. */
function findingDetails(rng: Prng, groupId: number, latin: string): { type: string; unit: string; count: number } {
  if (groupId === 15) {
    const type = rng.pick(['opazovanje', 'sled', 'sled', 'mrtev']);
    return {
      type,
      unit: type === 'sled' ? 'sledovi' : rng.pick(['osebek', 'osebek', 'par', 'leglo']),
      count: rng.int(1, 3),
    };
  }
  if (latin === 'Dreissena polymorpha') return { type: 'opazovanje', unit: 'kolonija', count: rng.int(10, 200) };
  if (groupId === 1) return { type: 'opazovanje', unit: 'osebek', count: rng.int(1, 30) };
  if (groupId === 12)
    return {
      type: rng.pick(['opazovanje', 'opazovanje', 'oglasanje']),
      unit: rng.pick(['osebek', 'osebek', 'par']),
      count: rng.int(1, 6),
    };
  return { type: rng.pick(['opazovanje', 'opazovanje', 'opazovanje', 'mrtev']), unit: 'osebek', count: rng.int(1, 4) };
}

/** Generates the 300 sample sightings (deterministic: seeded PRNG; dates relative to `now`). */
export function generateSightings(catalogue: Catalogue, now: Date): SampleSighting[] {
  const rng = createPrng(0x5e0c1a);
  const units = catalogueUnits(catalogue);
  const named = units.filter((u) => !u.isOther);
  const out: SampleSighting[] = [];
  const seen = { ana: 0, bor: 0, sample: 0, sampleHidden: 0, samplePhotos: 0 };
  for (let i = 0; i < SEED_COUNTS.total; i++) {
    const createdBy = creatorOf(i);
    const unit = rng.chance(0.05) ? rng.pick(units.filter((u) => u.isOther)) : rng.pick(named);
    const date = dateFor(rng, unit.latin, now);
    const [lon, lat] = placeFor(rng, unit.latin);
    const [x, y] = lonLatToMercator(lon, lat);
    const details = findingDetails(rng, unit.groupId, unit.latin);
    let status: number | null;
    let isPublic = true;
    let photo = false;
    let author = rng.pick(AUTHORS);
    if (createdBy === SEED_USERS.ana) {
      status = seen.ana < 8 ? 5 : null;
      isPublic = seen.ana >= 2;
      photo = seen.ana < 3;
      author = 'Ana Novak';
      seen.ana++;
    } else if (createdBy === SEED_USERS.bor) {
      status = seen.bor < 5 ? 5 : null;
      photo = seen.bor < 2;
      author = 'Bor Kranjc';
      seen.bor++;
    } else {
      const k = seen.sample++ % 28;
      status = k < 2 ? 2 : k < 5 ? 5 : 1;
      if (SENSITIVE.has(unit.latin) && seen.sampleHidden < 13) {
        isPublic = false;
        seen.sampleHidden++;
      }
      if (seen.sample % 11 === 0 && seen.samplePhotos < 25) {
        photo = true;
        seen.samplePhotos++;
      }
    }
    const createdAt = new Date(
      Math.min(now.getTime(), date.getTime() + rng.int(0, 14) * 86_400_000 + rng.int(0, 36_000_000)),
    );
    out.push({
      point: [Math.round(x * 100) / 100, Math.round(y * 100) / 100],
      createdBy,
      createdAt,
      photoGroupId: photo ? unit.groupId : null,
      properties: {
        [COL.group]: unit.groupId,
        [COL.species]: unit.id,
        [COL.speciesPublic]: unit.name,
        [COL.speciesOriginal]: unit.isOther ? (OTHER_NAMES[unit.groupId] ?? unit.name) : unit.name,
        [COL.date]: date.toISOString(),
        [COL.count]: details.count,
        [COL.unit]: details.unit,
        [COL.habitat]: rng.pick(HABITATS[unit.groupId] ?? ['gozd']),
        [COL.locationDescription]: rng.pick(PLACES),
        [COL.comments]: SAMPLE_COMMENT,
        [COL.accuracy]: rng.pick([5, 10, 10, 50, 100, 1000]),
        [COL.findingType]: details.type,
        [COL.author]: author,
        [COL.status]: status,
        [COL.source]: 'vzorec',
        [COL.isPublic]: isPublic,
        [COL.createdBy]: createdBy,
      },
    });
  }
  if (seen.ana !== 12 || seen.bor !== 8 || seen.sampleHidden !== 13 || seen.samplePhotos !== 25) {
    throw new Error(`seed counts drifted: ${JSON.stringify(seen)}`);
  }
  return out;
}
