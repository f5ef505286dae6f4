import { compilePlan } from '../../worker/filters/compile.ts';
import { ColumnStore } from '../../worker/filters/columnar/ColumnStore.ts';
import { compileColumnar } from '../../worker/filters/columnar/ColumnarFilter.ts';
import type { PlanNode } from '../../domain/filters/plan.ts';
import type { Column, Properties } from '../../domain/model.ts';
import { asFeatures, loopPass, measureTogether, median, pairedRatio, type Measurement, type Way } from './measure.ts';

/** The part of @maplibre/maplibre-gl-style-spec the benchmark uses. */
export interface StyleSpec {
  featureFilter(filter: unknown, rootKey: string): { filter: (globals: { zoom: number }, feature: unknown) => boolean };
}

/**
 * Loads MapLibre's style spec (a devDependency). The specifier is a variable so that the
 * repository typechecks without it; null when it is not installed.
 */
export async function loadStyleSpec(): Promise<StyleSpec | null> {
  const specifier = '@maplibre/maplibre-gl-style-spec';
  try {
    return (await import(specifier)) as StyleSpec;
  } catch {
    return null;
  }
}

/** One filter to measure over records, with the baselines it has. */
export interface CaseInput {
  name: string;
  plan: PlanNode | null;
  records: readonly Properties[];
  columns: readonly Column[];
  userEmail: string | null;
  now: number;
  /** MapLibre's equivalent expression, or why there is none. */
  maplibre: unknown[] | string;
  /** A hand-written loop for this one filter (the bench's own cases only). */
  hand?: (p: Properties) => boolean;
  /** The same, written naively. */
  naive?: (p: Properties) => boolean;
}

/** What one case measured. `ours` is the columnar engine (the app's path), `objects` the object engine. */
export interface CaseResult {
  name: string;
  matches: number;
  ways: Map<string, Measurement>;
  oursOverMapLibre: number | null;
  oursOverHand: number | null;
  objectsOverMapLibre: number | null;
  objectsOverHand: number | null;
  /** Why there is no MapLibre ratio, when there is none. */
  mapLibreNote: string | null;
  /** Building the columns this filter reads from the records (median of 3), ms. */
  buildMs: number;
  /** Bytes per record of those columns. */
  storeBytesPerRecord: number;
}

/** Builds a fresh store and compiles the plan (which encodes its columns); the median time of 3. */
function timeBuild(c: CaseInput): { ms: number; bytes: number } {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const store = new ColumnStore(c.records);
    compileColumnar(c.plan, store, { userEmail: c.userEmail, now: () => c.now });
    times.push(performance.now() - t0);
    bytes = store.bytes();
  }
  return { ms: median(times), bytes };
}

/** Whether MapLibre's expression gives the engine's answer on every record; a note when not. */
function disagreement(
  f: (feature: unknown) => boolean,
  features: readonly unknown[],
  ours: (p: Properties) => boolean,
  records: readonly Properties[],
): string | null {
  let differ = 0;
  for (let i = 0; i < records.length; i++) if (f(features[i]) !== ours(records[i]!)) differ++;
  return differ ? `MapLibre's nearest expression answers differently on ${differ} of ${records.length} records` : null;
}

/** Measures one case: ours, the object engine, MapLibre (when equivalent), the hand loops (when given). */
export function runCase(c: CaseInput, spec: StyleSpec | null, iterations: number): CaseResult {
  const ctx = { userEmail: c.userEmail, now: () => c.now };
  const store = new ColumnStore(c.records);
  const columnar = compileColumnar(c.plan, store, ctx);
  const pred = compilePlan(c.plan, ctx);
  const n = c.records.length;
  const ways: Way[] = [
    { name: 'ours', pass: () => columnar.select(), records: n },
    { name: 'objects', pass: loopPass(pred, c.records), records: n },
  ];
  if (c.hand) ways.push({ name: 'hand', pass: loopPass(c.hand, c.records), records: n });
  if (c.naive) ways.push({ name: 'naive', pass: loopPass(c.naive, c.records), records: n });
  let mapLibreNote: string | null =
    typeof c.maplibre === 'string' ? c.maplibre : spec ? null : '@maplibre/maplibre-gl-style-spec is not installed';
  if (spec && typeof c.maplibre !== 'string') {
    const features = asFeatures(c.records);
    let f: ReturnType<StyleSpec['featureFilter']>['filter'] | null = null;
    try {
      f = spec.featureFilter(c.maplibre, `bench.${c.name}`).filter;
    } catch (e) {
      mapLibreNote = `MapLibre rejects the nearest expression (${(e as Error).message})`;
    }
    if (f) {
      const globals = { zoom: 10 };
      const filter = f;
      const ml = (feature: unknown): boolean => filter(globals, feature);
      mapLibreNote = disagreement(ml, features, pred, c.records);
      if (mapLibreNote === null) ways.push({ name: 'MapLibre', pass: loopPass(ml, features), records: n });
    }
  }
  const m = measureTogether(ways, { iterations });
  const ours = m.get('ours')!;
  for (const [name, x] of m) {
    if (x.matches !== ours.matches) throw new Error(`${c.name}: ${name} matched ${x.matches}, ours ${ours.matches}`);
  }
  const ratio = (a: string, b: string): number | null =>
    m.has(a) && m.has(b) ? pairedRatio(m.get(a)!, m.get(b)!) : null;
  const build = timeBuild(c);
  return {
    name: c.name,
    matches: ours.matches,
    ways: m,
    mapLibreNote,
    oursOverMapLibre: ratio('ours', 'MapLibre'),
    oursOverHand: ratio('ours', 'hand'),
    objectsOverMapLibre: ratio('objects', 'MapLibre'),
    objectsOverHand: ratio('objects', 'hand'),
    buildMs: build.ms,
    storeBytesPerRecord: build.bytes / Math.max(n, 1),
  };
}
