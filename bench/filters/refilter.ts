import { deserialize, serialize } from 'node:v8';
import type { LayerFilterState, PointBatch } from '../../worker/api.ts';
import { compile } from '../../worker/filters/compile.ts';
import type { FilterInput } from '../../domain/filters/types.ts';
import { filterStateToConditions } from '../../worker/layer/filterState.ts';
import { buildPointBatch } from '../../worker/layer/points.ts';
import { SightingsLayer } from '../../worker/layer/SightingsLayer.ts';
import { BENCH_USER } from './cases.ts';
import { BENCH_COLUMNS, generateFeatures } from './data.ts';
import { median } from './measure.ts';

/** One state of the filter panel and what re-filtering to it cost. */
export interface RefilterState {
  name: string;
  points: number;
  /** Median and worst ms of the app's path (SightingsLayer.points, as the data core calls it), over the rounds. */
  oursMs: number;
  oursMaxMs: number;
  /** Median CPU ms of the process during those calls (all its threads: GC helpers too); less than `oursMs` when it waited for a core. */
  oursCpuMs: number;
  /** Median ms of the object path it replaced (compile + buildPointBatch). */
  objectsMs: number;
}

/** The app's filter changes over the generated layer. */
export interface RefilterResult {
  states: RefilterState[];
  /** The first batch after the layer loads: the columnar copy built, styles, thinning order. */
  loadMs: number;
  /** The background encoding of the filter panel's columns right after. */
  warmMs: number;
  /** Serializing the largest batch (v8.serialize): the data core's side of sending it to the map. */
  serializeMs: number;
  /** Reading it back (v8.deserialize): the map's side. */
  deserializeMs: number;
  /** Bytes per record the layer's copy holds, counted from its arrays. */
  bytesPerRecord: number;
  /** The same measured: heap and ArrayBuffer growth over building it (needs --expose-gc). */
  measuredBytesPerRecord: number | null;
}

/** The filter panel's states, visited in this order (each visit is a filter change). */
const STATES: [string, LayerFilterState][] = [
  ['none', { year: null, speciesId: null, mineOnly: false, status: null }],
  ['year 2024', { year: 2024, speciesId: null, mineOnly: false, status: null }],
  ['year + species', { year: 2024, speciesId: 1804, mineOnly: false, status: null }],
  ['species', { year: null, speciesId: 1804, mineOnly: false, status: null }],
  ['mine only', { year: null, speciesId: null, mineOnly: true, status: null }],
  ['year + mine', { year: 2024, speciesId: null, mineOnly: true, status: null }],
  ['year 2025', { year: 2025, speciesId: null, mineOnly: false, status: null }],
];

/** Symbology like the seeded profile's: one rule per group (8 groups), grey for the rest. */
const RULES: FilterInput[] = [1, 15, 3, 12, 7, 8, 2, 4].map((g) => ({
  type: 'condition',
  columnId: 920,
  operationType: 'equals',
  values: [g],
}));

const gc = (globalThis as { gc?: () => void }).gc;
const allocated = (): number => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
const tick = (ms = 0): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const ALL: [number, number, number, number] = [-Infinity, -Infinity, Infinity, Infinity];
const BENCH_KEYS = BENCH_COLUMNS.map((c) => c.id);

/** Re-filters `n` generated sightings through the filter panel's states, `rounds` times each. */
export async function runRefilter(n: number, rounds: number): Promise<RefilterResult> {
  const features = generateFeatures(n);
  const layer = new SightingsLayer();
  const query = (filter: LayerFilterState) => ({
    extent: ALL,
    filter,
    rules: RULES,
    columns: BENCH_COLUMNS,
    userEmail: BENCH_USER,
    // As the data core asks: the layer's columns.
    propertyKeys: BENCH_KEYS,
  });
  const fullGc = (): void => {
    gc?.();
    gc?.();
  };
  fullGc();
  const before = allocated();
  let t0 = performance.now();
  layer.points(features, query(STATES[0]![1]));
  const loadMs = performance.now() - t0;
  t0 = performance.now();
  await tick();
  const warmMs = performance.now() - t0;
  fullGc();
  const measuredBytesPerRecord = gc ? (allocated() - before) / n : null;
  const ctx = { columns: BENCH_COLUMNS, userEmail: BENCH_USER };
  const rules = RULES.map((r) => compile(r, ctx));
  const objectPath = (state: LayerFilterState): PointBatch => {
    const conditions = filterStateToConditions(state);
    return buildPointBatch(features, {
      extent: ALL,
      filter: conditions.length ? compile(conditions, ctx) : null,
      rules,
      propertyKeys: BENCH_KEYS,
    });
  };
  const ours: number[][] = STATES.map(() => []);
  const oursCpu: number[][] = STATES.map(() => []);
  const objects: number[][] = STATES.map(() => []);
  const points: number[] = [];
  let largest: PointBatch | null = null;
  // One warm-up round, then `rounds` timed ones. Each round runs one way through every state; the
  // garbage of the other way is collected first (and its concurrent sweeping given time to end),
  // so that each pays for its own only.
  for (let round = -1; round < rounds; round++) {
    fullGc();
    await tick(50);
    for (const [i, [, state]] of STATES.entries()) {
      const cpu = process.cpuUsage();
      t0 = performance.now();
      const batch = layer.points(features, query(state));
      if (round >= 0) {
        ours[i]!.push(performance.now() - t0);
        const used = process.cpuUsage(cpu);
        oursCpu[i]!.push((used.user + used.system) / 1000);
      }
      points[i] = batch.ids.length;
      if (!largest || batch.ids.length > largest.ids.length) largest = batch;
    }
    fullGc();
    await tick(50);
    for (const [i, [, state]] of STATES.entries()) {
      t0 = performance.now();
      const expected = objectPath(state);
      if (round >= 0) objects[i]!.push(performance.now() - t0);
      if (expected.ids.length !== points[i])
        throw new Error(`re-filter: ${points[i]} points, object path ${expected.ids.length}`);
    }
  }
  t0 = performance.now();
  const wire = serialize(largest);
  const serializeMs = performance.now() - t0;
  t0 = performance.now();
  deserialize(wire);
  const deserializeMs = performance.now() - t0;
  return {
    states: STATES.map(([name], i) => ({
      name,
      points: points[i]!,
      oursMs: median(ours[i]!),
      oursMaxMs: Math.max(...ours[i]!),
      oursCpuMs: median(oursCpu[i]!),
      objectsMs: median(objects[i]!),
    })),
    loadMs,
    warmMs,
    serializeMs,
    deserializeMs,
    bytesPerRecord: layer.current!.bytes() / n,
    measuredBytesPerRecord,
  };
}
