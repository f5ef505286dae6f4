import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/index.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { compileFilterSql } from '../../server/filters/sql.ts';
import { HttpError } from '../../server/http/errors.ts';
import { ColumnStore } from '../../worker/filters/columnar/ColumnStore.ts';
import type { FilterInput } from '../../domain/filters/types.ts';
import type { Column, Properties } from '../../domain/model.ts';
import { runEngines } from '../unit/server/filters/engines.ts';
import { prng, randomFilter, randomRecords } from '../unit/server/filters/random.ts';
import { loadVectors } from '../unit/worker/filters/vectorsFile.ts';
import { createTestDatabase } from './helpers/server.ts';

/**
 * The shared filter vectors through compileFilterSql on the server's own database layer: the
 * PostgreSQL of TEST_DATABASE_URL when set (CI runs Debian's PostgreSQL 15), else PGlite. Every
 * query runs with a session time zone far from Ljubljana, which must not change any answer.
 */
const url = process.env.TEST_DATABASE_URL;
const v = loadVectors();
const columns = new Map<number, Column>(v.columns.map((c) => [c.id, c]));
const now = Date.parse(v.now);
const table = `filter_vectors_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
let db: Db;
let pgDb: { url: string; drop(): Promise<void> } | null = null;

/** Replaces the rows of the test table. */
async function load(records: { id: number; properties: Properties }[]): Promise<void> {
  await db.query(`delete from ${table}`);
  await db.query(
    `insert into ${table} (id, properties) select (x->>'id')::int, x->'properties' from jsonb_array_elements($1::jsonb) x`,
    [JSON.stringify(records)],
  );
}

/** Ids where `filter` holds, or 'rejected' when compileFilterSql refuses it with 400. */
async function sqlIds(filter: unknown, userEmail: string | null): Promise<number[] | 'rejected'> {
  const params: unknown[] = [];
  let where: string;
  try {
    where = compileFilterSql(filter as FilterInput, {
      columns,
      userEmail,
      params,
      propertiesSql: 'v.properties',
      now: () => now,
    });
  } catch (e) {
    if (e instanceof HttpError && e.status === 400) return 'rejected';
    throw e;
  }
  return db.transaction(async (tx) => {
    await tx.query(`set local timezone = 'America/Caracas'`);
    const rows = await tx.query<{ id: number }>(`select id from ${table} v where ${where} order by id`, params);
    return rows.map((r) => r.id);
  });
}

beforeAll(async () => {
  // A database of its own: the admin URL's database may not let the test role create tables.
  pgDb = url ? await createTestDatabase(url) : null;
  db = pgDb ? await openPostgres(pgDb.url) : await openPglite(null);
  await db.query(`create table ${table} (id integer primary key, properties jsonb not null)`);
  await load(v.records);
});
afterAll(async () => {
  await db?.query(`drop table if exists ${table}`);
  await db?.close();
  await pgDb?.drop();
});

describe(`filter vectors on ${url ? 'PostgreSQL' : 'PGlite'}`, () => {
  for (const c of v.cases) {
    it(c.name, async () => {
      expect(await sqlIds(c.filter, c.userEmail === undefined ? v.userEmail : c.userEmail)).toEqual(c.expectedIds);
    });
  }

  it('refuses every invalid vector with 400', async () => {
    for (const c of v.invalid) expect(await sqlIds(c.filter, v.userEmail), c.name).toBe('rejected');
  });

  it('agrees with the engine (objects and columns) on 400 seeded random filters over 300 random records', async () => {
    const rng = prng(1053);
    const cols = [...columns.values()];
    const records = randomRecords(rng, cols, 300);
    const store = new ColumnStore(records.map((r) => r.properties));
    await load(records);
    try {
      const wrong: string[] = [];
      for (let i = 0; i < 400; i++) {
        const filter = randomFilter(rng, cols);
        const ids = runEngines(filter, records, store, { columns, userEmail: v.userEmail, now });
        if (ids.columnar && JSON.stringify(ids.columnar) !== JSON.stringify(ids.engine))
          wrong.push(`columnar: ${JSON.stringify(filter)}`);
        const sql = await sqlIds(filter, v.userEmail);
        if (JSON.stringify(sql) !== JSON.stringify(ids.engine)) wrong.push(JSON.stringify(filter));
      }
      expect(wrong).toEqual([]);
    } finally {
      await load(v.records);
    }
  });
});
