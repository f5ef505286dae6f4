/**
 * bench/scale, the server's part (index.ts runs it at each size). For an anonymous viewer, a
 * reporter and a reviewer of every group: the in-view query the map and the OGC API run
 * (server/api/spatial/extentTables.ts `extentChunks`, the whole answer) over three boxes: 1 km,
 * 10 km and 50 km around Ljubljana (the last for information); and the change feed a returning
 * start asks (server/api/changes/feed.ts `tableChanges`, its changed records and its removals)
 * since a cursor taken before CHANGED_FINDS finds were changed. p50 and p95 over R runs, the rows,
 * and the indexes the plans use (EXPLAIN), against the goal: p95 <= 100 ms, each plan through an
 * index.
 */
import type pg from 'pg';
import { ANONYMOUS, type Viewer } from '../../domain/review.ts';
import { extentChunks } from '../../server/api/spatial/extentTables.ts';
import { currentCursor, tableChanges } from '../../server/api/changes/feed.ts';
import { LAYER_COLUMNS } from '../../domain/columns.ts';
import { CHANGED_FINDS, changeFinds } from './browser.ts';
import { loadTable } from '../../server/api/meta/tableMeta.ts';
import type { Queryable } from '../../server/db/types.ts';
import { fmt, printTable, QUICK } from '../lib.ts';
import { queryableOf } from '../sightings.ts';

const RUNS = QUICK ? 15 : 40;
const GOAL_P95_MS = 100;
// Around Ljubljana (EPSG:3857): half-sides of 0.5, 5 and 25 km (at 46° N a metre on the ground is ~1.44 m here).
const CENTRE = [1_617_000, 5_782_000] as const;
const boxOf = (halfKm: number): number[] => {
  const h = halfKm * 1000 * 1.44;
  return [CENTRE[0] - h, CENTRE[1] - h, CENTRE[0] + h, CENTRE[1] + h];
};
// The in-view boxes a zoomed-in map asks for; the 50 km box is printed for information only: at
// that zoom the map draws a thinned set, and an unthinned answer is bound by its row count.
const BOXES: [string, number[], boolean][] = [
  ['1 km', boxOf(0.5), true],
  ['10 km', boxOf(5), true],
  ['50 km', boxOf(25), false],
];
const VIEWERS: [string, Viewer][] = [
  ['anonymous', ANONYMOUS],
  ['reporter', { email: 'ana@example.si', review: { all: false, groups: [] } }],
  ['reviewer', { email: 'pregled@example.si', review: { all: true } }],
];

/** The value below which a share `q` of `xs` lies (nearest rank). */
const quantile = (xs: readonly number[], q: number): number =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(q * xs.length) - 1)]!;

/** A statement and its parameters. */
interface Statement {
  sql: string;
  params: unknown[];
}

/** A Queryable that keeps the statements it runs and their parameters. */
function recording(c: pg.Client): Queryable & { statements: Statement[] } {
  const q = queryableOf(c);
  const r = {
    statements: [] as Statement[],
    query: <T>(sql: string, params?: unknown[]): Promise<T[]> => {
      r.statements.push({ sql, params: [...(params ?? [])] });
      return q.query<T>(sql, params);
    },
  };
  return r;
}

/** The indexes the plans of `statements` read, together. */
async function indexesRead(client: pg.Client, statements: readonly Statement[]): Promise<string[]> {
  const names = new Set<string>();
  for (const { sql, params } of statements) {
    const [plan] = (await client.query(`explain (format json) ${sql}`, params)).rows as { 'QUERY PLAN': unknown }[];
    for (const name of indexesOf(plan?.['QUERY PLAN'])) names.add(name);
  }
  return [...names];
}

/** The names of the indexes a plan reads ('' when it reads none). */
function indexesOf(plan: unknown): string[] {
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown>;
    if (typeof n['Index Name'] === 'string') names.add(n['Index Name']);
    for (const v of Object.values(n)) if (typeof v === 'object') walk(v);
  };
  walk(plan);
  return [...names];
}

/** The server's figures at one size: a row per viewer and box, and whether every goal row was met. */
export async function serverFigures(client: pg.Client, size: number): Promise<{ rows: string[][]; ok: boolean }> {
  const db = queryableOf(client);
  const meta = await loadTable(db, 35, 48);
  const rows: string[][] = [];
  let ok = true;
  for (const [who, viewer] of VIEWERS) {
    for (const [label, box, goal] of BOXES) {
      const rec = recording(client);
      for await (const chunk of extentChunks(rec, meta, box, viewer, null, 'record')) void chunk;
      const used = await indexesRead(client, rec.statements.slice(0, 1));
      const times: number[] = [];
      let features = 0;
      for (let i = 0; i < (goal ? RUNS : 3); i++) {
        const s = performance.now();
        let text = '';
        for await (const chunk of extentChunks(db, meta, box, viewer, null, 'record')) text += chunk;
        times.push(performance.now() - s);
        features = text === '' ? 0 : (text.match(/\{"id":/g)?.length ?? 0);
      }
      const p95 = quantile(times, 0.95);
      const met = p95 <= GOAL_P95_MS && used.length > 0;
      if (goal) ok &&= met;
      rows.push([
        size.toLocaleString('en'),
        who,
        label,
        features.toLocaleString('en'),
        fmt(quantile(times, 0.5)),
        fmt(p95),
        used.join(' + ') || '(none: a table scan)',
        !goal ? '(info)' : met ? 'met' : 'MISSED',
      ]);
    }
  }
  return { rows, ok };
}

/**
 * The change feed at one size: a cursor taken, CHANGED_FINDS finds changed (as browser.ts does
 * before a returning start), then the feed since the cursor for each viewer, in the Features form
 * with the layer's columns, as a returning start asks it. A row per viewer, and whether each met.
 */
export async function feedFigures(client: pg.Client, size: number): Promise<{ rows: string[][]; ok: boolean }> {
  const db = queryableOf(client);
  const meta = await loadTable(db, 35, 48);
  const cursor = await currentCursor(db);
  await changeFinds(client, CHANGED_FINDS);
  const rows: string[][] = [];
  let ok = true;
  for (const [who, viewer] of VIEWERS) {
    const rec = recording(client);
    await tableChanges(rec, meta, viewer, cursor, [...LAYER_COLUMNS], 'feature');
    const used = await indexesRead(client, rec.statements);
    const times: number[] = [];
    let items = 0;
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      const changes = await tableChanges(db, meta, viewer, cursor, [...LAYER_COLUMNS], 'feature');
      times.push(performance.now() - s);
      items = changes ? changes.upserts.length + changes.removed.length : NaN;
    }
    const p95 = quantile(times, 0.95);
    const met = p95 <= GOAL_P95_MS && used.length > 0;
    ok &&= met;
    rows.push([
      size.toLocaleString('en'),
      who,
      'feed',
      items.toLocaleString('en'),
      fmt(quantile(times, 0.5)),
      fmt(p95),
      used.join(' + ') || '(none: a table scan)',
      met ? 'met' : 'MISSED',
    ]);
  }
  return { rows, ok };
}

/** Prints the server's rows of every size as one table. */
export function printServerTable(rows: string[][]): void {
  printTable(
    `In-view query (extentChunks, whole answer) and the change feed since ${CHANGED_FINDS} changes (tableChanges, the layer's columns) on PostgreSQL; ${RUNS} runs each (information rows: 3); goal p95 <= ${GOAL_P95_MS} ms through an index`,
    ['finds', 'viewer', 'box', 'rows', 'p50 ms', 'p95 ms', 'indexes of the plans', 'goal'],
    rows,
  );
}
