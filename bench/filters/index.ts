/**
 * Filter engine benchmark: `npm run bench -- filters [--json] [--filters FILE --data FILE]`.
 *
 * Without files: 100k generated table-48 records and the bench's own filters of 1, 3 and 8
 * clauses, each run by our columnar engine (the app's path), our object engine, MapLibre's
 * featureFilter on the equivalent expression, a hand-written loop and a naive one; then the
 * app's re-filtering of a 100k-point layer through the filter panel's states. With files: a
 * developer's filters over their records, against MapLibre's nearest expression. README.md
 * tells how. The process re-runs itself with --expose-gc and a large young generation so that
 * allocations can be counted.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { FilterError } from '../../domain/filters/FilterError.ts';
import { validate } from '../../domain/filters/validate.ts';
import { BENCH_CASES, BENCH_USER } from './cases.ts';
import { BENCH_COLUMNS, generateRecords } from './data.ts';
import { toMapLibre } from './maplibre.ts';
import { runRefilter, type RefilterResult } from './refilter.ts';
import { caseJson, printCases, printRefilter, type CaseError } from './report.ts';
import { loadStyleSpec, runCase, type CaseResult } from './run.ts';
import { inferColumns, InputError, readUserFilters, readUserRecords } from './userInput.ts';

if (typeof (globalThis as { gc?: unknown }).gc !== 'function' && !process.env.BENCH_FILTERS_CHILD) {
  const args = [
    ...process.execArgv,
    '--expose-gc',
    '--min-semi-space-size=256',
    '--max-semi-space-size=256',
    fileURLToPath(import.meta.url),
    ...process.argv.slice(2),
  ];
  const child = spawnSync(process.execPath, args, {
    stdio: 'inherit',
    env: { ...process.env, BENCH_FILTERS_CHILD: '1' },
  });
  process.exit(child.status ?? 1);
}

const USAGE =
  'Usage: npm run bench -- filters [--json] [--quick] [--records N] [--iterations N] [--filters FILTERS.json --data RECORDS.geojson|.ndjson]';
/** The options: files and numbers take a value, --json and --quick are flags. */
const VALUE = { type: 'string' } as const;
const FLAG = { type: 'boolean' } as const;
const OPTIONS = { filters: VALUE, data: VALUE, records: VALUE, iterations: VALUE, json: FLAG, quick: FLAG };
let opts: ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];
try {
  opts = parseArgs({ options: OPTIONS }).values;
} catch (e) {
  console.error(`${(e as Error).message}\n${USAGE}`);
  process.exit(2);
}
if ((opts.filters === undefined) !== (opts.data === undefined)) {
  console.error(`--filters and --data go together.\n${USAGE}`);
  process.exit(2);
}

/** Goals of the issue: throughput ratios ours over theirs, and the app's re-filter time. */
const GOAL_MAPLIBRE = 2.5;
const GOAL_HAND = 1.2;
const GOAL_REFILTER_MS = 20;

const ITERATIONS = Number(opts.iterations ?? process.env.BENCH_FILTERS_ITERATIONS ?? 31);
const log = opts.json ? (): void => {} : (line: string): void => console.log(line);
const spec = await loadStyleSpec();
const loadStart = loadavg()[0]!;
const header = (records: number, what: string): void =>
  log(
    `Filter engine: ${what}, ${records.toLocaleString('en')} records, Node ${process.version}, load average ${loadStart.toFixed(2)} on 2 cores; ` +
      `median of ${ITERATIONS} round-robin samples after 5 warm-up passes; ratios are medians of per-sample throughput ratios (ours over theirs)`,
  );

/** Validates a filter; the engine's own error when it is invalid. */
function plan(
  name: string,
  filter: unknown,
  columns: Parameters<typeof validate>[1]['columns'],
): ReturnType<typeof validate> | CaseError {
  try {
    return validate(filter as Parameters<typeof validate>[0], { columns });
  } catch (e) {
    if (e instanceof FilterError) return { name, error: { code: e.code, message: e.message } };
    throw e;
  }
}
const isError = (x: unknown): x is CaseError => typeof x === 'object' && x !== null && 'error' in x;

/** The developer's filters over their records. */
function userRun(filtersPath: string, dataPath: string): (CaseResult | CaseError)[] {
  const input = readUserFilters(filtersPath);
  const records = readUserRecords(dataPath);
  const columns = input.columns ?? inferColumns(records);
  header(records.length, `${input.filters.length} filter(s) of ${filtersPath} over ${dataPath}`);
  if (!input.columns)
    log(`Columns inferred from the data: ${columns.map((c) => `${c.id} ${c.type}`).join(', ') || 'none'}`);
  return input.filters.map((f) => {
    const p = plan(f.name, f.filter, columns);
    if (isError(p)) return p;
    return runCase(
      {
        name: f.name,
        plan: p,
        records,
        columns,
        userEmail: input.userEmail,
        now: input.now,
        maplibre: toMapLibre(p, input.userEmail, input.now),
      },
      spec,
      ITERATIONS,
    );
  });
}

/** The bench's own cases. */
function ownRun(): CaseResult[] {
  const n = Number(opts.records ?? process.env.BENCH_FILTERS_RECORDS ?? 100_000);
  const records = generateRecords(n);
  header(n, "the bench's own filters over generated table-48 records");
  return BENCH_CASES.map((c) => {
    const p = plan(c.name, c.filter, BENCH_COLUMNS);
    if (isError(p)) throw new Error(`${c.name}: ${p.error.message}`);
    return runCase(
      {
        name: `${c.clauses}: ${c.name}`,
        plan: p,
        records,
        columns: BENCH_COLUMNS,
        userEmail: BENCH_USER,
        now: Date.now(),
        maplibre: c.maplibre,
        hand: c.hand,
        naive: c.naive,
      },
      spec,
      ITERATIONS,
    );
  });
}

try {
  const user = opts.filters !== undefined;
  const results = user ? userRun(opts.filters!, opts.data!) : ownRun();
  printCases(results, log);
  let refilter: RefilterResult | null = null;
  const goals: Record<string, boolean> = {};
  if (!user) {
    log('');
    log(
      "Re-filtering in the app: the data core's sightings layer (100k points, 8 symbology rules) through the filter panel's states, each visit a filter change; the point batch rebuilt (thinning included)",
    );
    refilter = await runRefilter(100_000, opts.quick ? 3 : 7);
    printRefilter(refilter, log);
    const own = results as CaseResult[];
    const low = (k: 'oursOverMapLibre' | 'oursOverHand'): number => Math.min(...own.map((r) => r[k] ?? 0));
    const worst = Math.max(...refilter.states.map((s) => s.oursMs));
    const alloc = Math.max(...own.map((r) => r.ways.get('ours')!.bytesPerRecord ?? 0));
    goals.mapLibre = spec !== null && low('oursOverMapLibre') >= GOAL_MAPLIBRE;
    goals.hand = low('oursOverHand') >= GOAL_HAND;
    goals.refilter = worst <= GOAL_REFILTER_MS;
    goals.allocation = alloc < 0.5;
    const met = (ok: boolean): string => (ok ? 'met' : 'NOT met');
    log('');
    log(`Goals (load average ${loadStart.toFixed(2)} at the start, ${loadavg()[0]!.toFixed(2)} at the end):`);
    log(
      `  ours/MapLibre >= ${GOAL_MAPLIBRE}x on every case: ${spec ? `${met(goals.mapLibre)} (lowest ${low('oursOverMapLibre').toFixed(1)}x)` : 'not checked: @maplibre/maplibre-gl-style-spec is not installed'}`,
    );
    log(`  ours/hand >= ${GOAL_HAND}x on every case: ${met(goals.hand)} (lowest ${low('oursOverHand').toFixed(1)}x)`);
    log(
      `  re-filter 100k in the app <= ${GOAL_REFILTER_MS} ms: ${met(goals.refilter)} (slowest state's median ${worst.toFixed(1)} ms)`,
    );
    log(`  no per-record allocation: ${met(goals.allocation)} (ours ${alloc.toFixed(2)} B/record per pass)`);
  }
  if (opts.json) {
    console.log(
      JSON.stringify(
        {
          node: process.version,
          loadAverage: { start: loadStart, end: loadavg()[0] },
          cases: results.map(caseJson),
          ...(refilter ? { refilter, goals } : {}),
        },
        null,
        2,
      ),
    );
  }
  if (results.some(isError) || Object.values(goals).some((ok) => !ok)) process.exitCode = 1;
} catch (e) {
  if (!(e instanceof InputError)) throw e;
  console.error(e.message);
  process.exit(2);
}
