import type { Properties } from '../../../domain/model.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db, type Queryable, type Session } from '../../../server/db/index.ts';
import { jobKey, prepareDatabase, STARTUP_JOBS } from '../../../server/lifecycle/startup.ts';
import { copyProject } from '../../../server/api/projects/copy.ts';
import { updateRecord } from '../../../server/api/records/store.ts';
import { SIGHTINGS_TABLE_ID, UNIT_COL, UNITS_TABLE_ID } from '../../../server/seed/model.ts';
import { createTestDatabase } from '../helpers/server.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
let db: Db;
let drop: () => Promise<void> = async () => undefined;
/** Every statement the start-up ran, through its session (the real database underneath). */
let statements: string[] = [];

/** `db` with its sessions' statements recorded in `statements`. */
function recording(inner: Db): Db {
  const record = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      statements.push(sql);
      return q.query(sql, params);
    },
  });
  return {
    ...inner,
    withSession: (fn) =>
      inner.withSession((s) => {
        const r = record(s);
        const session: Session = { query: r.query, transaction: (f) => s.transaction((tx) => f(record(tx))) };
        return fn(session);
      }),
  };
}

beforeAll(async () => {
  if (adminUrl) {
    const target = await createTestDatabase(adminUrl);
    drop = target.drop;
    db = await openDb({ databaseUrl: target.url });
  } else {
    db = await openDb({});
  }
});
afterAll(async () => {
  await db?.close();
  await drop();
});

/** How many sample finds have a public place other than their exact one. */
async function generalisedCount(project: number): Promise<number> {
  const [r] = await db.query<{ n: number }>(
    'select count(*)::int as n from records where project_id = $1 and generalised <> 0',
    [project],
  );
  return r?.n ?? 0;
}

describe('the database work of a start', () => {
  it('seeds and runs each job once; a second start reads its markers and touches no records', async () => {
    const first = await prepareDatabase(recording(db), { seed: true });
    expect(first).toEqual({ seeded: true, ran: ['sensitivity-classes', 'public-places'] });
    const sample = await generalisedCount(35);
    expect(sample).toBeGreaterThan(0);
    const marks = await db.query<{ key: string; value: unknown }>(
      `select key, value from settings where key like 'startup-job:%' order by key`,
    );
    expect(marks).toEqual([
      { key: jobKey('public-places'), value: STARTUP_JOBS['public-places'] },
      { key: jobKey('sensitivity-classes'), value: STARTUP_JOBS['sensitivity-classes'] },
    ]);

    statements = [];
    const second = await prepareDatabase(recording(db), { seed: true });
    expect(second).toEqual({ seeded: false, ran: [] });
    // The lock, the markers and the seed's one-row check; not one statement over the records.
    expect(statements.length).toBeLessThanOrEqual(5);
    expect(statements.filter((s) => /\brecords\b/.test(s))).toEqual([]);
  });

  it('runs a job again when its recorded version is not the current one (an upgrade)', async () => {
    await db.query(`update records set generalised = 0 where project_id = 35`);
    expect(await generalisedCount(35)).toBe(0);
    await db.query(`update settings set value = '0'::jsonb where key = $1`, [jobKey('public-places')]);
    const again = await prepareDatabase(db, { seed: true });
    expect(again).toEqual({ seeded: false, ran: ['public-places'] });
    expect(await generalisedCount(35)).toBeGreaterThan(0);
  });

  it('gives a copied project its public places at once (no start needed)', async () => {
    const copy = await db.transaction((tx) =>
      copyProject(tx, 35, { name: 'Kopija', isPublic: false, includeRecords: true }),
    );
    expect(await generalisedCount(copy)).toBe(await generalisedCount(35));
  });

  it("moves a species' finds when its class is edited as a record of the species table", async () => {
    // A species with finds and no class: class 3 (withheld) through the records path.
    const [row] = await db.query<{ id: number; sp: string }>(
      `select u.id, u.properties->>'${UNIT_COL.id}' as sp from records u
        where u.table_id = $1 and coalesce((u.properties->>'${UNIT_COL.sensitivity}')::int, 0) = 0
          and exists (select 1 from records f where f.table_id = $2 and f.properties->>'980' = u.properties->>'${UNIT_COL.id}')
        order by u.id limit 1`,
      [UNITS_TABLE_ID, SIGHTINGS_TABLE_ID],
    );
    expect(row).toBeDefined();
    const withheld = async (): Promise<number> =>
      (
        await db.query<{ n: number }>(
          `select count(*)::int as n from records where table_id = $1 and properties->>'980' = $2 and generalised = -1`,
          [SIGHTINGS_TABLE_ID, row!.sp],
        )
      )[0]!.n;
    expect(await withheld()).toBe(0);
    await db.transaction(async (tx) => {
      const [cur] = await tx.query<{ properties: Properties }>('select properties from records where id = $1', [
        row!.id,
      ]);
      await updateRecord(tx, row!.id, { ...cur!.properties, [UNIT_COL.sensitivity]: 3 }, null);
    });
    expect(await withheld()).toBeGreaterThan(0);
  });
});
