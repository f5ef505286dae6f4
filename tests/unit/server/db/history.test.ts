import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../../../server/db/index.ts';
import { describeChange, readHistory } from '../../../../server/api/review/history.ts';

/**
 * The record history is written by the database (schema 5 triggers) and cannot be rewritten: every
 * insert, change, archive, photo and delete of a record leaves an entry with the actor the
 * transaction named (else the creator), and update, delete and truncate of the history fail.
 */
let db: Db;

beforeAll(async () => {
  db = await openDb({});
  await db.query(`insert into projects (id, name) values (1, 'p')`);
  await db.query(`insert into platform_tables (id, project_id, name, geometry_type) values (10, 1, 't', 2)`);
}, 120_000);
afterAll(async () => {
  await db?.close();
});

describe('record history (database triggers)', () => {
  it('records create, edit (old → new), archive, photo and delete, with the actor of the transaction', async () => {
    await db.query(
      `insert into records (id, project_id, table_id, properties, created_by_email) values (501, 1, 10, '{"1": 1, "2": "a"}', 'ana@example.si')`,
    );
    await db.query(`update records set properties = '{"1": 2, "2": "a", "3": true}' where id = 501`);
    await db.query(`update records set version = version + 1 where id = 501`); // nothing a user sees changed: no entry
    await db.transaction(async (tx) => {
      await describeChange(tx, 'pregled@example.si', 'verdict', 'Prosim za fotografijo.');
      await tx.query(`update records set properties = properties || '{"974": 3}' where id = 501`);
    });
    await db.transaction(async (tx) => {
      await describeChange(tx, 'admin@example.si');
      await tx.query('update records set archived = true where id = 501');
    });
    await db.query(
      `insert into attachments (record_id, table_id, attachment_info_id, name, mime_type, size, data) values (501, 10, 1, 'a.jpg', 'image/jpeg', 1, '\\x00')`,
    );
    const list = await readHistory(db, 501);
    expect(list.map((e) => [e.kind, e.actor])).toEqual([
      ['create', 'ana@example.si'],
      ['edit', 'ana@example.si'],
      ['verdict', 'pregled@example.si'],
      ['archive', 'admin@example.si'],
      ['photo', 'ana@example.si'],
    ]);
    expect(list[1]!.changes).toEqual({ 1: [1, 2], 3: [null, true] });
    expect(list[2]!.comment).toBe('Prosim za fotografijo.');
    expect(list[3]!.changes).toEqual({ archived: [false, true] });
    expect(list[4]!.changes).toEqual({ photo: [null, 'a.jpg'] });
    // The names a transaction gave do not leak into the next one.
    await db.query(`update records set properties = properties || '{"1": 5}' where id = 501`);
    expect((await readHistory(db, 501)).at(-1)).toMatchObject({ kind: 'edit', actor: 'ana@example.si', comment: null });
    // Deleting the record keeps its history and adds the delete (its photo's cascade adds nothing).
    await db.query('delete from records where id = 501');
    const after = await readHistory(db, 501);
    expect(after.map((e) => e.kind).slice(-2)).toEqual(['edit', 'delete']);
  });

  it('refuses to update, delete or truncate an entry', async () => {
    const before = await db.query<{ n: number }>('select count(*)::int as n from record_history');
    for (const sql of [
      'update record_history set comment = $$x$$',
      'delete from record_history',
      'truncate record_history',
    ]) {
      await expect(db.query(sql), sql).rejects.toThrow(/append-only/);
    }
    expect(await db.query<{ n: number }>('select count(*)::int as n from record_history')).toEqual(before);
  });
});
