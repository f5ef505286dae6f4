import type { Column } from '../model.ts';
import { FilterError } from './FilterError.ts';
import { valueKindOf, type ValueKind } from './operations.ts';
import type { SortSpec } from './types.ts';
import { columnMap, type ColumnSource } from './validate.ts';

/** A validated sort: the column, how its values are read, and the direction. */
export interface ValidSort {
  column: Column;
  key: string;
  valueKind: Exclude<ValueKind, 'none'>;
  direction: 'asc' | 'desc';
}

/** Most sorts a query may have. */
const MAX_SORTS = 10;

/** Checks the sorts of a records query against the columns; throws FilterError. */
export function validateSorts(sorts: readonly SortSpec[] | null | undefined, columns: ColumnSource): ValidSort[] {
  if (sorts === null || sorts === undefined) return [];
  if (!Array.isArray(sorts)) throw new FilterError('sorts must be a list', 'shape', 'sorts');
  if (sorts.length > MAX_SORTS) throw new FilterError(`At most ${MAX_SORTS} sorts`, 'tooComplex', 'sorts');
  const byId = columnMap(columns);
  return sorts.map((s: unknown, i) => {
    const path = `sorts[${i}]`;
    if (typeof s !== 'object' || s === null)
      throw new FilterError('A sort must be {columnId, direction}', 'shape', path);
    const { columnId, direction } = s as Record<string, unknown>;
    if (typeof columnId !== 'number' || !Number.isSafeInteger(columnId)) {
      throw new FilterError(`columnId must be an integer, got ${JSON.stringify(columnId)}`, 'shape', path);
    }
    const column = byId.get(columnId);
    if (!column) throw new FilterError(`Unknown column ${columnId}`, 'unknownColumn', path, columnId);
    if (direction !== 'asc' && direction !== 'desc') {
      throw new FilterError(
        `direction must be 'asc' or 'desc', got ${JSON.stringify(direction)}`,
        'shape',
        path,
        columnId,
      );
    }
    const valueKind = valueKindOf(column);
    if (valueKind === 'none') {
      throw new FilterError(
        `Cannot sort by column ${columnId} (${column.dbName}, ${column.type})`,
        'operationNotAllowed',
        path,
        columnId,
      );
    }
    return { column, key: String(columnId), valueKind, direction };
  });
}
