import type { Column } from '../../domain/model.ts';
import { FilterError } from '../../domain/filters/FilterError.ts';
import { validateSorts, type ValidSort } from '../../domain/filters/sorts.ts';
import type { SortSpec } from '../../domain/filters/types.ts';
import { badRequest } from '../http/errors.ts';
import { booleanSql, instantSql, numberSql, propertySql } from './valueSql.ts';

/** What compileSortSql needs. */
export interface SortSqlContext {
  columns: ReadonlyMap<number, Column> | readonly Column[];
  /** The jsonb properties column, e.g. 'r.properties'. */
  propertiesSql: string;
}

/** The ORDER BY items of one sort. */
function items(s: ValidSort, propertiesSql: string): string[] {
  const x = propertySql(propertiesSql, s.key);
  const by = (expr: string): string => `${expr} ${s.direction} nulls last`;
  const text = by(`lower(nullif(${x}, ''))`);
  switch (s.valueKind) {
    case 'number':
      return [by(numberSql(x))];
    case 'date':
      return [by(instantSql(x))];
    case 'boolean':
      return [by(booleanSql(x))];
    case 'text':
      return [text];
    case 'key':
      return [by(numberSql(x)), text];
  }
}

/**
 * Compiles the sorts of a records query to ORDER BY items, '' when there are none:
 * numbers numerically, dates by instant, booleans false before true, text case-insensitively in
 * the database's collation, key columns numbers first then text; empty and unreadable values
 * last in both directions. Throws badRequest (HTTP 400) for an invalid sort.
 */
export function compileSortSql(sorts: readonly SortSpec[] | null | undefined, ctx: SortSqlContext): string {
  let valid: ValidSort[];
  try {
    valid = validateSorts(sorts, ctx.columns);
  } catch (e) {
    if (e instanceof FilterError) throw badRequest(`Invalid sort: ${e.message}`);
    throw e;
  }
  return valid.flatMap((s) => items(s, ctx.propertiesSql)).join(', ');
}
