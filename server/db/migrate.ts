import type { Db } from './types.ts';
import { MIGRATIONS } from './schema.ts';

/** Applies every migration not yet recorded in schema_migrations, each in its own transaction. */
export async function migrate(db: Db): Promise<void> {
  await db.exec(`create table if not exists schema_migrations (
    version integer primary key,
    applied_at timestamptz not null default now()
  )`);
  const done = new Set(
    (await db.query<{ version: number }>('select version from schema_migrations')).map((r) => r.version),
  );
  for (const m of MIGRATIONS) {
    if (done.has(m.version)) continue;
    await db.transaction(async (tx) => {
      for (const statement of m.statements) await tx.query(statement);
      await tx.query('insert into schema_migrations (version) values ($1) on conflict do nothing', [m.version]);
    });
  }
}
