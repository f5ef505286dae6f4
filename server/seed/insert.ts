import type { Queryable } from '../db/index.ts';

/**
 * Inserts `rows` into `table` in batches of multi-row INSERTs with parameters only.
 * `casts` gives a per-column cast suffix (e.g. '::jsonb'); table and column names are constants of the seed.
 */
export async function insertRows(
  tx: Queryable,
  table: string,
  columns: string[],
  rows: unknown[][],
  casts: Record<string, string> = {},
  batch = 100,
): Promise<void> {
  for (let start = 0; start < rows.length; start += batch) {
    const chunk = rows.slice(start, start + batch);
    const params: unknown[] = [];
    const tuples = chunk.map((row) => {
      const cells = row.map((v, i) => {
        params.push(v);
        return `$${params.length}${casts[columns[i] as string] ?? ''}`;
      });
      return `(${cells.join(', ')})`;
    });
    await tx.query(`insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`, params);
  }
}

/** Reserves `n` record ids from records_id_seq, in ascending order. */
export async function reserveRecordIds(tx: Queryable, n: number): Promise<number[]> {
  if (n === 0) return [];
  const rows = await tx.query<{ id: number }>(
    `select nextval('records_id_seq')::integer as id from generate_series(1, $1::integer)`,
    [n],
  );
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}
