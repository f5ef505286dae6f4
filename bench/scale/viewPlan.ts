/**
 * The first view's query (server/api/changes/viewAnswer.ts) on a database the scale bench filled:
 * `node --import tsx bench/scale/viewPlan.ts <database url>`. For each viewer, the country view and
 * a 10 km view around Ljubljana thinned as the data core asks (VIEW_CELLS_ACROSS): the finds
 * answered, the time (median of 5) and the indexes the plan reads (EXPLAIN).
 */
import pg from 'pg';
import { ANONYMOUS, type Viewer } from '../../domain/review.ts';
import { tableView } from '../../server/api/changes/viewAnswer.ts';
import { loadTable } from '../../server/api/meta/tableMeta.ts';
import { lonLatToMercator } from '../../server/geo/projection.ts';
import { viewCell } from '../../domain/firstView.ts';
import { queryableOf } from '../sightings.ts';

const VIEWERS: [string, Viewer][] = [
  ['anonymous', ANONYMOUS],
  ['reporter', { email: 'ana@example.si', review: { all: false, groups: [] } }],
  ['reviewer', { email: 'pregled@example.si', review: { all: true } }],
];
const [lx, ly] = lonLatToMercator(14.5058, 46.0569);
const VIEWS: [string, [number, number, number, number]][] = [
  ['country', [...lonLatToMercator(13.3, 45.3), ...lonLatToMercator(16.7, 47)] as [number, number, number, number]],
  ['10 km', [lx - 5000, ly - 5000, lx + 5000, ly + 5000]],
];

const client = new pg.Client({ connectionString: process.argv[2] });
await client.connect();
const db = queryableOf(client);
const meta = await loadTable(db, 35, 48);
for (const [who, viewer] of VIEWERS) {
  for (const [label, box] of VIEWS) {
    const cell = viewCell(box);
    let plan: unknown = null;
    const explaining = {
      query: async <T>(sql: string, params?: unknown[]): Promise<T[]> => {
        // The count that chooses the answer's query runs; the answer's query is explained.
        if (sql.startsWith('select count(*)')) return (await client.query(sql, params)).rows as T[];
        plan = (await client.query(`explain (format json) ${sql}`, params)).rows[0];
        return [];
      },
    };
    await tableView(explaining, meta, viewer, box, cell, 0, null, 'feature');
    const names = [...JSON.stringify(plan).matchAll(/"Index Name":"([^"]+)"/g)].map((m) => m[1]);
    const times: number[] = [];
    let n = 0;
    for (let i = 0; i < 5; i++) {
      const s = performance.now();
      n = (await tableView(db, meta, viewer, box, cell, 0, null, 'feature')).upserts.length;
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${who}\t${label}\tcell ${cell} m\t${n} finds\t${times[2]!.toFixed(0)} ms\t${[...new Set(names)].join(' + ') || '(table scan)'}`,
    );
  }
}
await client.end();
