import { foldEquals, foldIncludes } from '../../domain/filters/casefold.ts';
import { readInstant } from '../../domain/filters/dates.ts';
import { andAll, orAll, yearFilter } from '../../domain/filters/helpers.ts';
import { prefixWindow } from '../../worker/filters/predicates/date.ts';
import { OUT } from '../../domain/filters/scratch.ts';
import type { FilterCondition, FilterInput } from '../../domain/filters/types.ts';
import type { Properties } from '../../domain/model.ts';

/**
 * The benchmarked filters, each written four ways that give the same matches on the generated
 * data: our filter structure; a MapLibre expression; a hand loop, which is the bar: straight-line
 * code for this one filter doing what the engine does (same order, same allocation-free readers,
 * same date prefix window), so that hand/ours is the engine's own overhead; and a naive hand loop
 * (filter order as written, Date.parse, toLowerCase). MapLibre gets the same property objects and
 * compares the ISO date strings as text, which is right only because every generated date is a
 * UTC 'YYYY-MM-DDTHH:MM:SS.sssZ' string; it validates and parses nothing, which favours it.
 */
export interface BenchCase {
  name: string;
  clauses: number;
  filter: FilterInput;
  /** MapLibre expression (typed loosely: the package may not be installed). */
  maplibre: unknown[];
  hand: (p: Properties) => boolean;
  naive: (p: Properties) => boolean;
}

/** The signed-in user of the benchmark; stored as 'Oseba7@Example.SI'. */
export const BENCH_USER = 'oseba7@example.si';

const cond = (
  columnId: number,
  operationType: FilterCondition['operationType'],
  values: FilterCondition['values'] = [],
  joinType?: 'And' | 'Or',
): FilterCondition => ({ type: 'condition', columnId, operationType, values, ...(joinType ? { joinType } : {}) });

/** Epoch microseconds of a Ljubljana wall-clock time, read by the engine's own reader. */
function localUs(s: string): number {
  if (!readInstant(s)) throw new Error(s);
  return OUT[0]!;
}
const iso = (us: number): string => new Date(Math.floor(us / 1000)).toISOString();

const Y24_FROM = localUs('2024-01-01T00:00:00');
const Y24_TO = localUs('2024-12-31T23:59:59.999999');
const Y22_FROM = localUs('2022-01-01T00:00:00');
const [Y24_LO, Y24_HI] = prefixWindow(Y24_FROM, Y24_TO);
const [Y22_LO, Y22_HI] = prefixWindow(Y22_FROM, Y24_TO);
const GROUPS = [1, 15, 12];
const OTHER = [2349, 2363, 2351];

const mlRange = (from: number, to: number): unknown[] => [
  ['>=', ['get', '1053'], iso(from)],
  ['<=', ['get', '1053'], iso(to)],
];

/** The three filters: 1, 3 and 8 clauses. */
export const BENCH_CASES: BenchCase[] = [
  {
    name: 'year 2024',
    clauses: 1,
    filter: yearFilter(1053, 2024),
    maplibre: ['all', ...mlRange(Y24_FROM, Y24_TO)],
    hand: (p) => {
      const d = p['1053'];
      return (
        typeof d === 'string' && d >= Y24_LO && d < Y24_HI && readInstant(d) && OUT[0]! >= Y24_FROM && OUT[0]! <= Y24_TO
      );
    },
    naive: (p) => {
      const t = Date.parse(p['1053'] as string) * 1000;
      return t >= Y24_FROM && t <= Y24_TO;
    },
  },
  {
    name: 'year + species + mine',
    clauses: 3,
    filter: [yearFilter(1053, 2024), cond(980, 'equals', [1804], 'And'), cond(1820, 'equalsUserEmail', [], 'And')],
    maplibre: [
      'all',
      ...mlRange(Y24_FROM, Y24_TO),
      ['==', ['get', '980'], 1804],
      ['==', ['downcase', ['to-string', ['get', '1820']]], BENCH_USER],
    ],
    hand: (p) => {
      if (p['980'] !== 1804) return false;
      const e = p['1820'];
      if (!(typeof e === 'string' && foldEquals(e, BENCH_USER))) return false;
      const d = p['1053'];
      return (
        typeof d === 'string' && d >= Y24_LO && d < Y24_HI && readInstant(d) && OUT[0]! >= Y24_FROM && OUT[0]! <= Y24_TO
      );
    },
    naive: (p) => {
      const t = Date.parse(p['1053'] as string) * 1000;
      return t >= Y24_FROM && t <= Y24_TO && p['980'] === 1804 && String(p['1820']).toLowerCase() === BENCH_USER;
    },
  },
  {
    name: 'eight clauses, nested Or',
    clauses: 8,
    filter: andAll([
      cond(920, 'in', GROUPS),
      cond(782, 'greaterOrEqual', [2]),
      orAll([cond(974, 'equals', [5]), cond(974, 'isNull')]),
      cond(1053, 'inRange', ['2022-01-01T00:00:00', '2024-12-31T23:59:59.999999']),
      cond(2066, 'equals', [true]),
      cond(980, 'notIn', OTHER),
      cond(780, 'contains', ['gozd']),
    ])!,
    maplibre: [
      'all',
      ['in', ['get', '920'], ['literal', GROUPS]],
      ['>=', ['to-number', ['get', '782'], 0], 2],
      ['any', ['==', ['get', '974'], 5], ['==', ['get', '974'], null]],
      ...mlRange(Y22_FROM, Y24_TO),
      ['==', ['get', '2066'], true],
      ['!', ['in', ['get', '980'], ['literal', OTHER]]],
      ['in', 'gozd', ['downcase', ['to-string', ['get', '780']]]],
    ],
    hand: (p) => {
      const n = p['782'];
      if (!(typeof n === 'number' && n >= 2)) return false;
      if (p['2066'] !== true) return false;
      const sp = p['980'];
      if (typeof sp !== 'number' || sp === 2349 || sp === 2363 || sp === 2351) return false;
      const g = p['920'];
      if (g !== 1 && g !== 15 && g !== 12) return false;
      const s = p['974'];
      if (!(s === null || s === undefined || s === '' || s === 5)) return false;
      const l = p['780'];
      if (!(typeof l === 'string' && foldIncludes(l, 'gozd'))) return false;
      const d = p['1053'];
      return (
        typeof d === 'string' && d >= Y22_LO && d < Y22_HI && readInstant(d) && OUT[0]! >= Y22_FROM && OUT[0]! <= Y24_TO
      );
    },
    naive: (p) => {
      const s = p['974'];
      const t = Date.parse(p['1053'] as string) * 1000;
      return (
        GROUPS.includes(p['920'] as number) &&
        ((p['782'] as number | null) ?? 0) >= 2 &&
        (s === 5 || s == null) &&
        t >= Y22_FROM &&
        t <= Y24_TO &&
        p['2066'] === true &&
        !OTHER.includes(p['980'] as number) &&
        String(p['780'] ?? '')
          .toLowerCase()
          .includes('gozd')
      );
    },
  },
];
