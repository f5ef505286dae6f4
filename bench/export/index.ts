/**
 * Export benchmark (issue #21): `node --import tsx bench/export/index.ts [--quick]`.
 *
 * PostgreSQL (TEST_DATABASE_URL or BENCH_DATABASE_URL, default the local cluster's
 * postgres://sv_test:sv_test@127.0.0.1:5432/postgres): a fresh database, the real server started
 * on it (seeded), then 100k (--quick: 20k) table-48 records inserted with SQL as bench/api does
 * (copies of the seeded sightings' properties at random points over Slovenia), their public places
 * brought up to date with the server's own code (server/api/sensitivity/generalise.ts). For each export
 * (CSV, GeoJSON, Darwin Core Archive) of all finds, as an anonymous caller and as the reviewer of
 * groups 7 and 8: time to the first byte, the whole download, its size and finds/s, against the
 * raw SQL that feeds it (the keyset-paged chunk queries of server/api/exports/query.ts
 * `exportRowChunks`, run on one pg client from the same code, rows read and dropped). Also the
 * server's peak resident memory (VmHWM) before and after the exports: streaming keeps it flat.
 */
import { readFileSync } from 'node:fs';
import { ANONYMOUS, reviewScope } from '../../domain/review.ts';
import { parseExportQuery } from '../../server/api/exports/params.ts';
import { exportRowChunks } from '../../server/api/exports/query.ts';
import { loadTable } from '../../server/api/meta/tableMeta.ts';
import type { Queryable } from '../../server/db/types.ts';
import { signIn } from '../../tests/api/helpers/auth.ts';
import { fmt, median, printTable, QUICK } from '../lib.ts';
import { benchAdminUrl, insertBenchSightings, openBenchDatabase, queryableOf } from '../sightings.ts';

const N = QUICK ? 20_000 : 100_000;
const RUNS = QUICK ? 1 : 3;
const adminUrl = benchAdminUrl;

/** The server's peak resident set in MB (Linux /proc). */
function peakMb(pid: number | undefined): number {
  try {
    const m = /VmHWM:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

const { database, server, client } = await openBenchDatabase(adminUrl);
try {
  const t0 = Date.now();
  const changed = await insertBenchSightings(client, N);
  const db = queryableOf(client);
  const meta = await loadTable(db, 35, 48);
  console.log(
    `Inserted ${N.toLocaleString('en')} records (${changed.toLocaleString('en')} of sensitive species generalised) in ${((Date.now() - t0) / 1000).toFixed(1)} s.`,
  );

  if (process.env.BENCH_EXPORT_EXPLAIN === '1') {
    // The plan of the chunk query after 40,000 rows (BENCH_EXPORT_EXPLAIN=1), then stop.
    let n = 0;
    const explain: Queryable = {
      query: async <T>(sql: string, params?: unknown[]) => {
        if (n++ === 20)
          console.log(
            (await client.query(`explain analyze ${sql}`, params)).rows
              .map((r: Record<string, string>) => r['QUERY PLAN'])
              .join('\n'),
          );
        return (await client.query(sql, params)).rows as T[];
      },
    };
    for await (const chunk of exportRowChunks(explain, meta, parseExportQuery(meta, {}), ANONYMOUS)) void chunk;
    process.exit(0);
  }
  const reviewerToken = (await signIn(server.url, 'pregled@example.si', 'demo1234')).accessToken;
  const viewers = [
    { label: 'anonymous', token: null as string | null, viewer: ANONYMOUS },
    {
      label: 'reviewer (groups 7, 8)',
      token: reviewerToken,
      viewer: { email: 'pregled@example.si', review: reviewScope(['reviewer:7', 'reviewer:8']) },
    },
  ];
  const base = server.url.replace('//localhost:', '//127.0.0.1:');
  const memBefore = peakMb(server.proc.pid);
  const rows: string[][] = [];
  for (const v of viewers) {
    // The raw SQL that feeds every export: the keyset chunks, rows read and dropped.
    const q = parseExportQuery(meta, {});
    const sqlTimes: number[] = [];
    let finds = 0;
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      finds = 0;
      for await (const chunk of exportRowChunks(db, meta, q, v.viewer)) finds += chunk.length;
      sqlTimes.push(performance.now() - s);
    }
    const sqlMs = median(sqlTimes);
    rows.push([
      `${v.label}: raw SQL chunks`,
      finds.toLocaleString('en'),
      '',
      '',
      fmt(sqlMs, 0),
      fmt(finds / (sqlMs / 1000), 0),
      '',
    ]);
    for (const format of ['csv', 'geojson', 'dwca'] as const) {
      const firsts: number[] = [];
      const totals: number[] = [];
      let bytes = 0;
      for (let i = 0; i < RUNS; i++) {
        const s = performance.now();
        const res = await fetch(`${base}/api/Export/35/48/${format}`, {
          headers: { ...(v.token ? { authorization: `Bearer ${v.token}` } : {}), 'accept-encoding': 'identity' },
        });
        if (res.status !== 200 || !res.body) throw new Error(`${format}: ${res.status}`);
        const reader = res.body.getReader();
        bytes = 0;
        let first = NaN;
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          if (Number.isNaN(first)) first = performance.now() - s;
          bytes += value.byteLength;
        }
        firsts.push(first);
        totals.push(performance.now() - s);
      }
      const total = median(totals);
      const rowsOut = format === 'dwca' ? 'confirmed' : finds.toLocaleString('en');
      rows.push([
        `${v.label}: ${format}`,
        rowsOut,
        `${(bytes / 1e6).toFixed(1)} MB`,
        fmt(median(firsts), 0),
        fmt(total, 0),
        format === 'dwca' ? '' : fmt(finds / (total / 1000), 0),
        `${(total / sqlMs).toFixed(2)}x`,
      ]);
    }
  }
  printTable(
    `Exports on PostgreSQL 15, ${N.toLocaleString('en')} generated + seeded records, all of Slovenia, no compression, median of ${RUNS}; Node ${process.version}`,
    ['export', 'finds', 'size', 'first byte ms', 'total ms', 'finds/s', 'vs raw SQL'],
    rows,
  );
  console.log(
    `Server peak resident memory: ${fmt(memBefore, 0)} MB before the exports, ${fmt(peakMb(server.proc.pid), 0)} MB after.`,
  );
} finally {
  await client.end();
  await server.stop();
  await database.drop();
}
