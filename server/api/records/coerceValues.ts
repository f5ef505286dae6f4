import type { Column, Properties, SelectValue } from '../../../domain/model.ts';
import { badRequest } from '../../http/errors.ts';

/** A stored property value. */
export type Value = string | number | boolean | null;

/** Longest accepted Text value. */
export const MAX_TEXT = 4000;
/** Longest accepted LongText value. */
export const MAX_LONG_TEXT = 20000;
/** Most properties in one body. */
export const MAX_PROPERTIES = 500;

/** True for columns a client may write: not calculated, not interpolated, not special; nor the key or geometry. */
export function isWritable(c: Column): boolean {
  return !c.isSpecial && !c.isPk && c.type !== 'Calculated' && c.type !== 'Interpolated' && c.type !== 'Geometry';
}

const label = (c: Column): string => `column ${c.id} (${c.dbName})`;

/** Parses an integer from a number or a decimal string; null when it is not one. */
function toInteger(v: unknown): number | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : null;
  if (typeof v === 'string' && /^\s*[-+]?\d{1,15}\s*$/.test(v)) return Number(v);
  return null;
}

/** Parses a finite number from a number or a numeric string; null when it is not one. */
function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '' && v.length < 64) {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** A string from a string, number or boolean; null for anything else. */
function toText(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'boolean') return String(v);
  return null;
}

/**
 * Coerces one value to the column's type (numeric → number, text → string, a foreign key to a
 * number or a string per its key type, null kept); throws 400 naming the column when it cannot.
 */
export function coerceValue(c: Column, v: unknown, selectValues: SelectValue[] | undefined): Value {
  if (v === null || v === undefined) return null;
  switch (c.type) {
    case 'Integer': {
      const n = toInteger(v);
      if (n === null) throw badRequest(`${label(c)} needs an integer, got ${JSON.stringify(v)}`);
      return n;
    }
    case 'Number': {
      const n = toNumber(v);
      if (n === null) throw badRequest(`${label(c)} needs a finite number, got ${JSON.stringify(v)}`);
      return n;
    }
    case 'Text':
    case 'LongText': {
      const s = toText(v);
      if (s === null) throw badRequest(`${label(c)} needs text`);
      const max = c.type === 'Text' ? MAX_TEXT : MAX_LONG_TEXT;
      if (s.length > max) throw badRequest(`${label(c)} may have at most ${max} characters`);
      return s;
    }
    case 'DateTime': {
      const t =
        typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.length <= 64 ? Date.parse(v) : NaN;
      const d = new Date(t);
      if (!Number.isFinite(t) || d.getUTCFullYear() < 1 || d.getUTCFullYear() > 9999) {
        throw badRequest(`${label(c)} needs an ISO 8601 date, got ${JSON.stringify(v)}`);
      }
      return d.toISOString();
    }
    case 'Boolean': {
      if (typeof v === 'boolean') return v;
      if (v === 1 || v === '1' || v === 'true') return true;
      if (v === 0 || v === '0' || v === 'false') return false;
      throw badRequest(`${label(c)} needs true or false, got ${JSON.stringify(v)}`);
    }
    case 'Select': {
      const key = toText(v);
      const hit = key === null ? undefined : (selectValues ?? []).find((s) => String(s.value) === key);
      if (!hit) {
        const allowed = (selectValues ?? []).map((s) => JSON.stringify(s.value)).join(', ');
        throw badRequest(`${label(c)} takes one of ${allowed}; got ${JSON.stringify(v)}`);
      }
      return hit.value;
    }
    case 'ForeignKey': {
      if (c.fkKeyType === 'string') {
        const s = toText(v);
        if (s === null || s.length > MAX_TEXT) throw badRequest(`${label(c)} needs a string key`);
        return s;
      }
      const n = toInteger(v);
      if (n === null) throw badRequest(`${label(c)} needs an integer key, got ${JSON.stringify(v)}`);
      return n;
    }
    default:
      throw badRequest(`${label(c)} cannot be written`);
  }
}

/**
 * Takes the writable properties of a body: keys must be ids of the table's columns (400
 * otherwise); special, calculated, interpolated, key and geometry columns are skipped; values are
 * coerced by type.
 */
export function coerceProperties(
  input: unknown,
  columns: Map<number, Column>,
  selectValues: Map<number, SelectValue[]>,
): Properties {
  if (input === undefined || input === null) return {};
  if (typeof input !== 'object' || Array.isArray(input))
    throw badRequest('properties must be an object keyed by column id');
  const entries = Object.entries(input as Record<string, unknown>);
  if (entries.length > MAX_PROPERTIES) throw badRequest(`At most ${MAX_PROPERTIES} properties are accepted`);
  const out: Properties = {};
  for (const [key, v] of entries) {
    const id = /^\d{1,9}$/.test(key) ? Number(key) : NaN;
    const c = columns.get(id);
    if (!c) throw badRequest(`Unknown column ${JSON.stringify(key)} in properties`);
    if (!isWritable(c)) continue;
    out[String(c.id)] = coerceValue(c, v, selectValues.get(c.id));
  }
  return out;
}
