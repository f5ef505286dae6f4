import { readFileSync } from 'node:fs';
import { DATE_RE } from '../../domain/filters/grammar.ts';
import type { FilterInput } from '../../domain/filters/types.ts';
import { COLUMN_TYPES, type Column, type Properties } from '../../domain/model.ts';

/** One of a developer's filters. */
export interface UserFilter {
  name: string;
  filter: FilterInput | null;
}

/** What `--filters FILE` holds, with defaults filled in. */
export interface UserFilters {
  filters: UserFilter[];
  /** Columns given in the file; null = inferred from the data. */
  columns: Column[] | null;
  /** The signed-in user of equalsUserEmail; default null (it then matches nothing). */
  userEmail: string | null;
  /** The clock of afterNow / beforeNow, epoch ms; default the time of the run. */
  now: number;
}

/** A problem with a developer's file, reported as one line (never a stack trace). */
export class InputError extends Error {}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function readJson(path: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new InputError(`Cannot read the ${what} file ${path}: ${(e as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputError(`The ${what} file ${path} is not JSON: ${(e as Error).message}`);
  }
}

/** A column given as a platform Column or as {id, type[, fkKeyType]}. */
function column(v: unknown, i: number): Column {
  if (!isObj(v) || typeof v.id !== 'number' || typeof v.type !== 'string')
    throw new InputError(`columns[${i}] must be {id: number, type: string}`);
  if (!(COLUMN_TYPES as readonly string[]).includes(v.type))
    throw new InputError(`columns[${i}]: type must be one of ${COLUMN_TYPES.join(', ')}`);
  const name = typeof v.dbName === 'string' ? v.dbName : String(v.id);
  return {
    tableId: 0,
    name,
    isPk: false,
    isSpecial: false,
    fkTableId: null,
    fkKeyType: null,
    ...v,
    dbName: name,
  } as Column;
}

/**
 * Reads `--filters FILE`: either a Records/search body (`{"filters": <filter>}`: one case) or
 * `{"filters": [{"name", "filter"}, …], "columns"?, "userEmail"?, "now"?}`, or just the list
 * of `{"name", "filter"}`. A filter is the platform's filter JSON: a condition, an expression
 * or a flat list of conditions (null = everything).
 */
export function readUserFilters(path: string): UserFilters {
  const raw = readJson(path, 'filters');
  const top = Array.isArray(raw) ? { filters: raw } : raw;
  if (!isObj(top) || !('filters' in top))
    throw new InputError(`${path}: expected {"filters": …} or a list of {"name", "filter"}`);
  const list = top.filters;
  const entries = Array.isArray(list) && list.length > 0 && list.every((e) => isObj(e) && 'filter' in e);
  const filters: UserFilter[] = entries
    ? (list as Record<string, unknown>[]).map((e, i) => ({
        name: typeof e.name === 'string' ? e.name : `filter ${i + 1}`,
        filter: e.filter as FilterInput,
      }))
    : [{ name: path.split('/').pop()!, filter: list as FilterInput }];
  const columns = top.columns === undefined ? null : Array.isArray(top.columns) ? top.columns.map(column) : null;
  if (top.columns !== undefined && columns === null) throw new InputError(`${path}: "columns" must be a list`);
  const userEmail = typeof top.userEmail === 'string' ? top.userEmail : null;
  const now = typeof top.now === 'string' ? Date.parse(top.now) : Date.now();
  if (!Number.isFinite(now)) throw new InputError(`${path}: "now" must be an ISO 8601 date`);
  return { filters, columns, userEmail, now };
}

/** The properties of a GeoJSON feature, or of a bare properties object. */
function propertiesOf(v: unknown, where: string): Properties {
  if (isObj(v) && v.type === 'Feature') {
    if (!isObj(v.properties)) throw new InputError(`${where}: a feature without properties`);
    return v.properties as Properties;
  }
  if (isObj(v)) return v as Properties;
  throw new InputError(`${where}: expected a GeoJSON feature or a properties object`);
}

/**
 * Reads `--data FILE`: a GeoJSON FeatureCollection (.geojson / .json) or newline-delimited JSON
 * (.ndjson), one feature or one properties object per line. Properties are keyed by column id.
 */
export function readUserRecords(path: string): Properties[] {
  if (path.endsWith('.ndjson')) {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (e) {
      throw new InputError(`Cannot read the data file ${path}: ${(e as Error).message}`);
    }
    const out: Properties[] = [];
    text.split('\n').forEach((line, i) => {
      if (line.trim() === '') return;
      let v: unknown;
      try {
        v = JSON.parse(line);
      } catch (e) {
        throw new InputError(`${path}:${i + 1} is not JSON: ${(e as Error).message}`);
      }
      out.push(propertiesOf(v, `${path}:${i + 1}`));
    });
    return out;
  }
  const raw = readJson(path, 'data');
  if (!isObj(raw) || raw.type !== 'FeatureCollection' || !Array.isArray(raw.features)) {
    throw new InputError(`${path}: expected a GeoJSON FeatureCollection (or use .ndjson)`);
  }
  return raw.features.map((f, i) => propertiesOf(f, `${path}: features[${i}]`));
}

/**
 * Columns inferred from the records when the filters file names none: every integer key is a
 * column; its type is Boolean, Integer or Number when all its non-empty values are booleans or
 * numbers, DateTime when they are all date strings, else Text.
 */
export function inferColumns(records: readonly Properties[]): Column[] {
  const kinds = new Map<string, Set<string>>();
  for (const r of records) {
    for (const [k, v] of Object.entries(r)) {
      if (!/^\d+$/.test(k)) continue;
      let set = kinds.get(k);
      if (!set) kinds.set(k, (set = new Set()));
      if (v === null || v === '') continue;
      set.add(
        typeof v === 'number'
          ? Number.isInteger(v)
            ? 'integer'
            : 'number'
          : typeof v === 'string' && DATE_RE.test(v)
            ? 'date'
            : typeof v,
      );
    }
  }
  return [...kinds].map(([k, set]) => {
    const only = (...names: string[]): boolean => set.size > 0 && [...set].every((s) => names.includes(s));
    const type: Column['type'] = only('boolean')
      ? 'Boolean'
      : only('integer')
        ? 'Integer'
        : only('integer', 'number')
          ? 'Number'
          : only('date')
            ? 'DateTime'
            : 'Text';
    return column({ id: Number(k), type }, 0);
  });
}
