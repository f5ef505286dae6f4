import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../../../server/db/index.ts';
import { readAudit, writeAudit } from '../../../../server/api/access/auditLog.ts';

/**
 * The audit log (migration audit_log): entries are appended and read back oldest first, by
 * subject and after an id; nothing can change or remove one (update, delete, truncate fail).
 */
let db: Db;

beforeAll(async () => {
  db = await openDb({});
}, 120_000);
afterAll(async () => {
  await db?.close();
});

describe('audit log', () => {
  it('appends entries and reads them by subject, oldest first', async () => {
    const a = await writeAudit(db, {
      actor: 'admin@example.si',
      action: 'export-user-data',
      subject: 'ana@example.si',
      details: { route: 'x' },
    });
    await writeAudit(db, { actor: 'admin@example.si', action: 'export-user-data', subject: 'bor@example.si' });
    const b = await writeAudit(db, { actor: 'admin@example.si', action: 'delete-account', subject: 'ana@example.si' });
    expect(a).toMatchObject({ actor: 'admin@example.si', subject: 'ana@example.si', details: { route: 'x' } });
    expect(Date.parse(a.at)).not.toBeNaN();
    expect((await readAudit(db, 'ana@example.si', 0)).map((e) => e.id)).toEqual([a.id, b.id]);
    expect((await readAudit(db, 'ana@example.si', a.id)).map((e) => e.action)).toEqual(['delete-account']);
    expect(await readAudit(db, null, 0)).toHaveLength(3);
  });

  it('refuses to update, delete or truncate an entry', async () => {
    await expect(db.query(`update audit_log set actor = 'x'`)).rejects.toThrow(/append-only/);
    await expect(db.query('delete from audit_log')).rejects.toThrow(/append-only/);
    await expect(db.query('truncate audit_log')).rejects.toThrow(/append-only/);
    expect(await readAudit(db, null, 0)).toHaveLength(3);
  });
});
