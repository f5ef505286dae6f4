import { PGlite } from '@electric-sql/pglite';
import type { Properties } from '../../../../domain/model.ts';

/** An in-memory PGlite with a table `t(id, properties jsonb)` holding the given records. */
export async function recordsDb(records: { id: number; properties: Properties }[]): Promise<PGlite> {
  const db = await PGlite.create();
  // A session time zone far from Ljubljana proves that no result depends on it.
  await db.exec(
    `set timezone = 'Pacific/Chatham'; create table t (id integer primary key, properties jsonb not null, generalised integer not null default 0)`,
  );
  await insertRecords(db, records);
  return db;
}

/** Replaces the rows of `t`. */
export async function insertRecords(db: PGlite, records: { id: number; properties: Properties }[]): Promise<void> {
  await db.exec('delete from t');
  for (const r of records)
    await db.query('insert into t (id, properties) values ($1, $2::jsonb)', [r.id, JSON.stringify(r.properties)]);
}

/** Ids of the rows of `t` where `where` holds. */
export async function idsWhere(db: PGlite, where: string, params: unknown[]): Promise<number[]> {
  const res = await db.query<{ id: number }>(`select id from t where ${where} order by id`, params);
  return res.rows.map((r) => r.id);
}
