import type { Column, Properties } from '../../domain/model.ts';
import type { FormValue } from './types.ts';

/** Thrown when a value cannot be coerced to its column's type. */
export class CoercionError extends Error {
  constructor(
    readonly columnId: number,
    detail: string,
  ) {
    super(detail);
    this.name = 'CoercionError';
  }
}

/** Properties are sent only for columns that are not calculated, interpolated or special. */
export function isSavable(c: Column): boolean {
  return !c.isSpecial && c.type !== 'Calculated' && c.type !== 'Interpolated' && c.type !== 'Geometry';
}

/**
 * Keeps only savable columns and coerces by type — numeric types become a
 * number, text types a string, a foreign key a number or a string per its key type; null is
 * kept (an empty form field is null).
 */
export function toSaveProperties(values: Record<string, FormValue>, columns: readonly Column[]): Properties {
  const out: Properties = {};
  for (const c of columns) {
    if (!isSavable(c)) continue;
    const key = String(c.id);
    if (!(key in values)) continue;
    const v = values[key];
    if (v === null || v === undefined || v === '') {
      out[key] = null;
      continue;
    }
    out[key] = coerce(c, v);
  }
  return out;
}

function toNumber(c: Column, v: FormValue): number {
  const n = typeof v === 'number' ? v : Number(String(v).trim().replace(',', '.'));
  if (!Number.isFinite(n)) throw new CoercionError(c.id, `${c.name}: not a number`);
  if (c.type === 'Integer' && !Number.isInteger(n)) throw new CoercionError(c.id, `${c.name}: not a whole number`);
  return n;
}

function coerce(c: Column, v: FormValue): string | number | boolean | null {
  switch (c.type) {
    case 'Integer':
    case 'Number':
      return toNumber(c, v);
    case 'Boolean':
      return v === true || v === 'true' || v === 1 || v === '1';
    case 'ForeignKey':
      return c.fkKeyType === 'string' ? String(v) : toNumber(c, v);
    case 'Select':
      return typeof v === 'number' ? v : /^-?\d+$/.test(String(v)) ? Number(v) : String(v);
    default:
      return String(v);
  }
}
