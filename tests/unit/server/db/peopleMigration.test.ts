import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../../../server/db/pglite.ts';
import { migrate } from '../../../../server/db/migrate.ts';
import { MIGRATIONS } from '../../../../server/db/migrations/index.ts';
import type { Db } from '../../../../server/db/index.ts';
import { readHistory } from '../../../../server/api/review/history.ts';

/**
 * Migration 12 (docs/account-deletion.md) on a database that already has a history: the actors'
 * e-mails move to people, the personal columns' values in `changes` move to history_values, and
 * the history is append-only again afterwards; readHistory gives the same entries as before.
 */
let db: Db;
const PEOPLE_VERSION = 12;

beforeAll(async () => {
  db = await openPglite(null);
  await db.query(
    'create table schema_migrations (version integer primary key, applied_at timestamptz not null default now())',
  );
  for (const m of MIGRATIONS.filter((x) => x.version < PEOPLE_VERSION)) {
    await db.transaction(async (tx) => {
      for (const statement of m.statements) await tx.query(statement);
      await tx.query('insert into schema_migrations (version) values ($1)', [m.version]);
    });
  }
  await db.query(`insert into projects (id, name) values (1, 'p')`);
  await db.query(`insert into platform_tables (id, project_id, name, geometry_type) values (10, 1, 't', 2)`);
  await db.query(
    `insert into platform_columns (id, table_id, db_name, name, type) values (1, 10, 'STEVILO', 'Število', 'Integer'), (2, 10, 'AVTOR', 'Najditelj', 'Text')`,
  );
  await db.query(
    `insert into records (id, project_id, table_id, properties, created_by_email) values (501, 1, 10, '{"1": 1, "2": "Ana Novak"}', 'ana@example.si')`,
  );
  await db.query(`update records set properties = '{"1": 2, "2": "A. Novak"}' where id = 501`);
  await db.query(
    `insert into record_history (record_id, project_id, table_id, actor_email, kind, comment) values (501, 1, 10, 'pregled@example.si', 'comment', 'Lepo.')`,
  );
}, 120_000);
afterAll(async () => {
  await db?.close();
});

describe('migration 12: people and history_values', () => {
  it('moves actors and personal values out of the history without changing what it reads', async () => {
    await migrate(db);
    const list = await readHistory(db, 501);
    expect(list.map((e) => [e.kind, e.actor, e.actorErased])).toEqual([
      ['create', 'ana@example.si', false],
      ['edit', 'ana@example.si', false],
      ['comment', 'pregled@example.si', false],
    ]);
    expect(list[1]!.changes).toEqual({ 1: [1, 2], 2: ['Ana Novak', 'A. Novak'] });
    const stored = await db.query<{ changes: Record<string, unknown> }>(
      `select changes from record_history where kind = 'edit'`,
    );
    expect(JSON.stringify(stored[0]!.changes)).not.toContain('Novak');
    expect((await db.query<{ n: number }>('select count(*)::int as n from history_values')).at(0)?.n).toBe(2);
    await expect(db.query(`update record_history set kind = 'x'`)).rejects.toThrow(/append-only/);
    await expect(db.query('delete from record_history')).rejects.toThrow(/append-only/);
  });
});
