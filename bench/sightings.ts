/**
 * Bench data: `n` more table-48 sightings in one `insert … select` (copies of the seeded
 * sightings' properties at random points over Slovenia, deterministic), then the public places of
 * the sensitive species' finds, as the server would have written them (server/api/sensitivity/generalise.ts),
 * then a vacuum with fresh planner statistics. Used by bench/api, bench/export and bench/scale.
 */
import pg from 'pg';
import { createTestDatabase, startServer, type TestServer } from '../tests/api/helpers/server.ts';

const PgClient = pg.Client;
import { refreshPublicPlaces } from '../server/api/sensitivity/generalise.ts';
import { loadTable } from '../server/api/meta/tableMeta.ts';
import type { Queryable } from '../server/db/types.ts';

/** [minX, minY, maxX, maxY] of Slovenia in EPSG:3857. */
/** The cluster the benches create their databases in: BENCH_DATABASE_URL, TEST_DATABASE_URL or the local one. */
export const benchAdminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://sv_test:sv_test@127.0.0.1:5432/postgres';

export const SLOVENIA = [1_480_000, 5_686_000, 1_859_000, 5_925_000];

/** A pg client as the server's Queryable. */
export const queryableOf = (c: pg.Client): Queryable => ({
  query: async <T>(sql: string, params?: unknown[]) => (await c.query(sql, params)).rows as T[],
});

/** Inserts the sightings; returns how many of them were generalised. */
export async function insertBenchSightings(client: pg.Client, n: number): Promise<number> {
  await client.query('select setseed(0.42)');
  await client.query(
    `
    with src as (select row_number() over (order by id) - 1 as k, project_id, table_id, properties, created_by_email
                   from records where table_id = 48 and not archived and geometry is not null),
         n as (select count(*) as c from src),
         p as (select g, $2::float8 + random() * ($4::float8 - $2::float8) as x, $3::float8 + random() * ($5::float8 - $3::float8) as y
                 from generate_series(1, $1::int) g)
    insert into records (project_id, table_id, properties, geometry, min_x, min_y, max_x, max_y, created_by_email)
    select s.project_id, s.table_id, s.properties, jsonb_build_object('type', 'Point', 'coordinates', jsonb_build_array(p.x, p.y)),
           p.x, p.y, p.x, p.y, s.created_by_email
      from p join src s on s.k = p.g % (select c from n)`,
    [n, ...SLOVENIA],
  );
  const db = queryableOf(client);
  const changed = await refreshPublicPlaces(db, await loadTable(db, 35, 48));
  // A settled database, as one that grew over years is: vacuumed (the visibility map set) and
  // analysed. Without it autovacuum's pass over the new rows ran beside the measured starts.
  await client.query('vacuum analyze records');
  return changed;
}

/** A fresh PostgreSQL database from `adminUrl`, the seeded server on it, and a pg client to it. */
export async function openBenchDatabase(
  adminUrl: string,
): Promise<{ database: Awaited<ReturnType<typeof createTestDatabase>>; server: TestServer; client: pg.Client }> {
  const database = await createTestDatabase(adminUrl);
  const server = await startServer({ env: { DATABASE_URL: database.url, SEED: '1' } });
  const client = new PgClient({ connectionString: database.url });
  await client.connect();
  return { database, server, client };
}
