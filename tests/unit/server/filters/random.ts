import type { FilterCondition, FilterNode, FilterValue, OperationType } from '../../../../domain/filters/types.ts';
import { OPERATIONS, valueKindOf } from '../../../../domain/filters/operations.ts';
import type { Column, Properties } from '../../../../domain/model.ts';

/** The seeded PRNG (domain/prng.ts), so that failures reproduce. */
export { mulberry32 as prng } from '../../../../domain/prng.ts';

type Rng = () => number;
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

const EMPTY: FilterValue[] = [null, ''];
const NUMBERS: FilterValue[] = [
  0,
  1,
  2,
  5,
  7,
  15,
  -3,
  2.5,
  0.1,
  1e6,
  '7',
  '1.50',
  '.5',
  '5.',
  '1e2',
  '-0',
  ' 5',
  'abc',
  '1,5',
  true,
  false,
];
const WORDS = [
  'gozd',
  'Gozd',
  'GOZDNA jasa',
  'Čebelnjak',
  'čebelnjak',
  'ŠMARNA gora',
  'žaga',
  'Žaga',
  'ob potoku',
  'ΣΊΣΥΦΟΣ',
  'σίσυφοσ',
  'İzmir',
  'izmir',
  'Straße',
  'STRASSE',
  'ẞ',
  'Ǆ',
  'ǆ',
  'Ω',
  'ω',
  'Ǳ',
  'a_b',
  '50%',
  'x',
  'X',
  '  gozd  ',
  'Ana@Example.SI',
  'ana@example.si',
];
const KEYS = [1, 3, 7, 8, 12, 15, '15', '05', 'osebek', 'OSEBEK', 'par', 'x'];
const BOOLS: FilterValue[] = [true, false, 1, 0, '1', '0', 'true', 'FALSE', 'True', 'da', 2, '1.0'];

/** A random ISO date string near the interesting places: midnights, DST changes, new year. */
export function randomDate(rng: Rng): string {
  const y = pick(rng, [1890, 1915, 1943, 1946, 1983, 1990, 1995, 1996, 2023, 2024, 2024, 2024, 2025, 2037]);
  const special = rng();
  let m = 1 + Math.floor(rng() * 12);
  let d = 1 + Math.floor(rng() * 28);
  let h = Math.floor(rng() * 24);
  if (special < 0.3) {
    m = pick(rng, [3, 9, 10]);
    d = pick(
      rng,
      [24, 25, 26, 27, 28, 29, 30, 31].filter((x) => x <= 30 || m !== 9),
    );
    h = pick(rng, [0, 1, 2, 3, 22, 23]);
  } else if (special < 0.4) {
    m = pick(rng, [1, 12]);
    d = m === 1 ? 1 : 31;
    h = pick(rng, [0, 22, 23]);
  }
  const mi = pick(rng, [0, 0, 15, 30, 59]);
  const date = `${y}-${pad(m)}-${pad(d)}`;
  const form = rng();
  if (form < 0.15) return date;
  const sep = rng() < 0.8 ? 'T' : ' ';
  let time = `${pad(h)}:${pad(mi)}`;
  if (rng() < 0.8) time += `:${pad(Math.floor(rng() * 60))}`;
  if (time.length === 8 && rng() < 0.3)
    time +=
      '.' +
      String(Math.floor(rng() * 1e9))
        .padStart(9, '0')
        .slice(0, 1 + Math.floor(rng() * 9));
  const offset = pick(rng, ['', '', 'Z', 'Z', '+01:00', '+02:00', '-05:30', '+0530', '+14', '-00:00']);
  return `${date}${sep}${time}${offset}`;
}

const BAD_DATES = [
  'not a date',
  '2024-02-30',
  '2023-02-29',
  '2024-13-01',
  '17.5.2024',
  '2024-05-17T24:00:00Z',
  '2024-05-17T10:00:00+16:00',
  '0999-01-01',
  '2024-5-17',
];

/** A random stored value for a column: mostly of its type, sometimes empty or of another type. */
export function randomValue(rng: Rng, column: Column): FilterValue | undefined {
  const r = rng();
  if (r < 0.08) return undefined;
  if (r < 0.16) return pick(rng, EMPTY);
  if (r < 0.22) return pick(rng, [...NUMBERS, ...WORDS.slice(0, 4), ...BAD_DATES.slice(0, 2)]);
  switch (valueKindOf(column)) {
    case 'number':
      return pick(rng, NUMBERS);
    case 'text':
      return pick(rng, WORDS);
    case 'date':
      return rng() < 0.9 ? randomDate(rng) : pick(rng, BAD_DATES);
    case 'boolean':
      return pick(rng, BOOLS);
    case 'key':
      return pick(rng, KEYS);
    default:
      return pick(rng, ['x', '']);
  }
}

/** Random records over the columns. */
export function randomRecords(
  rng: Rng,
  columns: readonly Column[],
  n: number,
): { id: number; properties: Properties }[] {
  return Array.from({ length: n }, (_, i) => {
    const properties: Properties = {};
    for (const c of columns) {
      const v = randomValue(rng, c);
      if (v !== undefined) properties[String(c.id)] = v;
    }
    return { id: i + 1, properties };
  });
}

/** A literal for an operation on a column; sometimes one of the wrong type. */
function literal(rng: Rng, column: Column, op: OperationType): FilterValue {
  const kind = valueKindOf(column);
  if (rng() < 0.03) return pick(rng, [...NUMBERS, ...WORDS, null]);
  if (kind === 'date') return rng() < 0.97 ? randomDate(rng) : pick(rng, BAD_DATES);
  if (
    kind === 'number' ||
    (kind === 'key' &&
      ['lessThan', 'greaterThan', 'lessOrEqual', 'greaterOrEqual', 'inRange', 'notInRange'].includes(op))
  ) {
    return pick(rng, [0, 1, 2, 5, 7, 15, -3, 2.5, 0.5, '7', '1.5', 100]);
  }
  if (kind === 'boolean') return pick(rng, [true, false, 1, 0, 'true', 'false']);
  if (kind === 'key') return pick(rng, KEYS);
  return pick(rng, [...WORDS, 'g', 'GOZ', 'ŽA', 'Σ', 'ß', 'a', '']);
}

/** A random condition; valid for its column most of the time. */
export function randomCondition(rng: Rng, columns: readonly Column[]): FilterCondition {
  const column = pick(rng, columns);
  const kind = valueKindOf(column);
  const ops = (Object.keys(OPERATIONS) as OperationType[]).filter(
    (op) => rng() < 0.05 || OPERATIONS[op].kinds.includes(kind),
  );
  const op = pick(rng, ops);
  const arity = OPERATIONS[op].arity;
  const count = arity === 'list' ? 1 + Math.floor(rng() * 4) : arity;
  const values = Array.from({ length: count }, () => literal(rng, column, op));
  const cond: FilterCondition = { type: 'condition', columnId: column.id, operationType: op, values };
  if (rng() < 0.2) cond.negate = true;
  if (rng() < 0.4) cond.joinType = rng() < 0.5 ? 'And' : 'Or';
  return cond;
}

/** A random filter tree of at most `depth` levels, or a flat list. */
export function randomFilter(rng: Rng, columns: readonly Column[], depth = 3): FilterNode | FilterCondition[] {
  if (rng() < 0.2) return Array.from({ length: 1 + Math.floor(rng() * 4) }, () => randomCondition(rng, columns));
  const node = (d: number): FilterNode => {
    if (d === 0 || rng() < 0.4) return randomCondition(rng, columns);
    return {
      type: 'expression',
      joinType: rng() < 0.5 ? 'And' : 'Or',
      left: node(d - 1),
      right: node(d - 1),
      ...(rng() < 0.2 ? { negate: true } : {}),
    };
  };
  return node(depth);
}
