/**
 * Filter engine benchmark: `node --import tsx bench/filters/index.ts`.
 *
 * 100k generated table-48 records; filters of 1, 3 and 8 clauses; records/s (median of timed
 * passes after warm-up) for our compiled engine, MapLibre's featureFilter on the equivalent
 * expression, a hand loop and a naive hand loop; ratios ours/MapLibre and ours/hand; heap bytes
 * allocated per record. Targets: ours >= 2x MapLibre and ours within 1.3x of the hand loop
 * (i.e. hand/ours <= 1.3). The process re-runs itself with --expose-gc and a large young
 * generation so that allocations can be counted.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { compile } from '../../worker/filters/compile.ts';
import { BENCH_CASES, BENCH_USER } from './cases.ts';
import { BENCH_COLUMNS, generateRecords } from './data.ts';
import { asFeatures, measureTogether, pairedRatio, type Measurement, type Way } from './measure.ts';

if (typeof (globalThis as { gc?: unknown }).gc !== 'function' && !process.env.BENCH_FILTERS_CHILD) {
  const args = [...process.execArgv, '--expose-gc', '--min-semi-space-size=256', '--max-semi-space-size=256', fileURLToPath(import.meta.url)];
  const child = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, BENCH_FILTERS_CHILD: '1' } });
  process.exit(child.status ?? 1);
}

/** The part of @maplibre/maplibre-gl-style-spec the benchmark uses. */
interface StyleSpec {
  featureFilter(filter: unknown, rootKey: string): { filter: (globals: { zoom: number }, feature: unknown) => boolean };
}

/**
 * Loads MapLibre's style spec. The specifier is a variable so that the repository typechecks
 * before the package is installed; it is a devDependency to add (see README.md in this folder).
 */
async function loadStyleSpec(): Promise<StyleSpec | null> {
  const specifier = '@maplibre/maplibre-gl-style-spec';
  try {
    return (await import(specifier)) as StyleSpec;
  } catch {
    return null;
  }
}

const N = Number(process.env.BENCH_FILTERS_RECORDS ?? 100_000);
const ITERATIONS = Number(process.env.BENCH_FILTERS_ITERATIONS ?? 31);
const records = generateRecords(N);
const features = asFeatures(records);
const spec = await loadStyleSpec();
const rate = (m: Measurement | null): string => (m ? `${(m.recordsPerSecond / 1e6).toFixed(2)} M/s` : 'n/a');
const bytes = (m: Measurement | null): string => (m && m.bytesPerRecord !== null ? m.bytesPerRecord.toFixed(1) : '?');
const rows: string[][] = [];
let mlOk = true;
let handOk = true;

for (const c of BENCH_CASES) {
  const ways: Way[] = [
    { name: 'ours', pred: compile(c.filter, { columns: BENCH_COLUMNS, userEmail: BENCH_USER }), items: records },
    { name: 'hand', pred: c.hand, items: records },
    { name: 'naive', pred: c.naive, items: records },
  ];
  if (spec) {
    const f = spec.featureFilter(c.maplibre, `bench.${c.clauses}`).filter;
    const globals = { zoom: 10 };
    ways.push({ name: 'MapLibre', pred: (feature: unknown) => f(globals, feature), items: features });
  }
  const m = measureTogether(ways, { iterations: ITERATIONS });
  const ours = m.get('ours')!;
  const hand = m.get('hand')!;
  const ml = m.get('MapLibre') ?? null;
  for (const [name, x] of m) {
    if (x.matches !== ours.matches) throw new Error(`${c.name}: ${name} matched ${x.matches}, ours ${ours.matches}`);
  }
  const vsMl = ml ? pairedRatio(ours, ml) : null;
  const vsHand = pairedRatio(hand, ours);
  mlOk &&= vsMl !== null && vsMl >= 2;
  handOk &&= vsHand <= 1.3;
  rows.push([`${c.clauses}: ${c.name}`, String(ours.matches), rate(ours), rate(ml), rate(hand), rate(m.get('naive')!),
    vsMl ? `${vsMl.toFixed(2)}x` : 'n/a', `${vsHand.toFixed(2)}x`,
    `${bytes(ours)} / ${bytes(ml)} / ${bytes(hand)} / ${bytes(m.get('naive')!)}`]);
}

const head = ['filter (clauses)', 'matches', 'ours', 'MapLibre', 'hand', 'naive hand', 'ours/MapLibre', 'hand/ours', 'B/record ours/ML/hand/naive'];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (r: string[]): string => r.map((x, i) => (i === 0 ? x.padEnd(widths[i]!) : x.padStart(widths[i]!))).join('  ');
console.log(`Filter engine: ${N.toLocaleString('en')} records, Node ${process.version}, median of ${ITERATIONS} round-robin passes after 5 warm-up passes; ratios are medians of per-pass ratios`);
console.log(line(head));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
rows.forEach((r) => console.log(line(r)));
console.log(`Targets: ours/MapLibre >= 2x ${spec ? (mlOk ? 'met' : 'NOT met') : 'not checked'}; hand/ours <= 1.3x ${handOk ? 'met' : 'NOT met'}.`);
if (!spec) {
  console.log('MapLibre baseline skipped: @maplibre/maplibre-gl-style-spec is not installed (add it as a devDependency).');
  process.exitCode = 1;
}
