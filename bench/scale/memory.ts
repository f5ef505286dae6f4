/**
 * The data core's memory for the layer at 100k finds (issue #32), in node:
 * `node --expose-gc --import tsx bench/scale/memory.ts [n]`. It builds what the data core holds
 * after a start, from synthetic layer features (layerFeatures.ts), and prints the V8 heap the
 * copy and the filter engine's index keep (after a full GC), and the structured-clone size of
 * what IndexedDB stores (v8.serialize: the same algorithm IndexedDB uses).
 *
 * Path 'objects' is the data core before the columnar replica: the JSON answer parsed into one
 * object per find, stored as one object, and the LayerIndex built from those objects. Path
 * 'columns' is the replica of worker/core/layer.ts: the full load's blocks (columns messages) kept
 * as they came, one ColumnLayer over them, the LayerIndex reading the columns. Third argument:
 * 'objects' or 'columns' for one path (each path is best measured in a process of its own).
 */
import { serialize } from 'node:v8';
import { gzipSync } from 'node:zlib';
import type { Feature } from '../../domain/model.ts';
import { SightingsLayer } from '../../worker/layer/SightingsLayer.ts';
import { nationalGrid } from '../../worker/nationalGrid.ts';
import { LAYER_RULES, LAYER_TABLE_COLUMNS, layerFeatures } from './layerFeatures.ts';
import { encodeMessage, joinMessages } from '../../domain/layerColumns/encode.ts';
import { decodeMessages } from '../../domain/layerColumns/decode.ts';
import { BLOCK_ROWS } from '../../domain/layerColumns/format.ts';
import { ColumnLayer } from '../../worker/layer/ColumnLayer.ts';
import { blockOf } from '../../worker/layer/layerReplica.ts';
import type { LayerSource } from '../../worker/layer/LayerRows.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('Run with node --expose-gc');

/** V8's heap in use after a full collection, with the ArrayBuffers (typed arrays live outside the heap). */
function heap(): number {
  gc!();
  gc!();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

const mb = (b: number): string => `${(b / 1e6).toFixed(1)} MB`;

/** The batch query of a start: no filter, the profile's rules, the national grid for the squares. */
const QUERY = {
  extent: null,
  filter: { year: null, speciesId: null, mineOnly: false, status: null },
  rules: LAYER_RULES,
  columns: LAYER_TABLE_COLUMNS,
  userEmail: 'oseba1@example.si',
  grid: nationalGrid,
  propertyKeys: LAYER_TABLE_COLUMNS.map((c) => c.id),
};
/** The filter panel's columns, encoded in the background after a start (SightingsLayer). */
const PANEL = { year: 2020, speciesId: 980, mineOnly: true, status: 5 };

/** What a path holds and the figures it prints. */
type Measured = { held: unknown; rows: [string, string][] };

/** A full load as it comes and what a path keeps of it: its copy, the rows the layer reads, IndexedDB's bytes. */
interface Path<B extends string | Uint8Array> {
  /** The answer's form, the copy's parts and what the first batch waits for, as printed. */
  labels: { wire: string; copy: string; stored: string; first: string };
  body: B;
  read: (body: B) => { held: unknown; rows: LayerSource; stored: () => number };
}

/**
 * The heap a path's copy keeps, then the LayerIndex and the two batches of a start (the start's,
 * then the filter panel's); the first batch's wait counts the answer's reading.
 */
function measure<B extends string | Uint8Array>(n: number, { labels, body, read }: Path<B>): Measured {
  const wire = typeof body === 'string' ? body.length : body.byteLength;
  const gz = gzipSync(body, { level: 6 }).length;
  const base = heap();
  const t = performance.now();
  const copy = read(body);
  const readMs = performance.now() - t;
  const afterCopy = heap();
  const stored = copy.stored();
  const layer = new SightingsLayer();
  const t2 = performance.now();
  layer.points(copy.rows, QUERY);
  const first = readMs + performance.now() - t2;
  layer.points(copy.rows, { ...QUERY, filter: PANEL });
  const afterIndex = heap();
  return {
    held: [copy.held, layer],
    rows: [
      [`wire (${labels.wire})`, `${mb(wire)}, gzip ${mb(gz)} (${(gz / n).toFixed(1)} B/find)`],
      [`heap: the copy (${labels.copy})`, mb(afterCopy - base)],
      ['heap: + LayerIndex and two batches', mb(afterIndex - afterCopy)],
      ['heap: total', mb(afterIndex - base)],
      [`IndexedDB (structured clone${labels.stored})`, mb(stored)],
      [`answer to first batch (${labels.first}, index, batch)`, `${first.toFixed(0)} ms`],
    ],
  };
}

/** The objects path (before the columnar replica): the JSON answer parsed, stored as one object. */
function objectsPath(n: number): Measured {
  return measure(n, {
    labels: { wire: 'JSON', copy: 'Feature objects', stored: '', first: 'parse' },
    body: JSON.stringify({ features: { 48: layerFeatures(n) } }),
    read(text) {
      const parsed = JSON.parse(text) as { features: Record<string, Feature[]> };
      const replica = { cursor: '1:1:', viewer: 'v', features: parsed.features['48']! };
      return { held: replica, rows: replica.features, stored: () => serialize(replica).length };
    },
  });
}

/** The full load in the columns form as the server sends it: one message per block. */
function columnsBody(n: number): Uint8Array {
  const features = layerFeatures(n);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < n; i += BLOCK_ROWS)
    parts.push(encodeMessage(new Map([[48, { features: features.slice(i, i + BLOCK_ROWS) }]]), { cursor: '1:1:' }));
  return joinMessages(parts);
}

/** The columnar replica (worker/core/layer.ts today): the blocks kept as they came, one ColumnLayer over them. */
function columnsPath(n: number): Measured {
  return measure(n, {
    labels: { wire: 'columns', copy: 'blocks + ColumnLayer', stored: ', all blocks', first: 'decode' },
    body: columnsBody(n),
    read(bytes) {
      const blocks = decodeMessages(bytes).map((m) => blockOf(m, 48));
      const rows = new ColumnLayer(blocks.map((b) => b.table));
      const replica = { cursor: '1:1:', viewer: 'v', blocks };
      return { held: [replica, rows], rows, stored: () => blocks.reduce((s, b) => s + serialize(b.bytes).length, 0) };
    },
  });
}

const n = Number(process.argv[2] ?? 100_000);
const path = process.argv[3] ?? 'both';
for (const [name, run] of [
  ['objects (Feature[], before)', objectsPath],
  ['columns (typed arrays in blocks, after)', columnsPath],
] as const) {
  if (path !== 'both' && !name.startsWith(path)) continue;
  const { held, rows } = run(n);
  console.log(`Data core memory for the layer, ${n.toLocaleString('en')} finds, path: ${name}`);
  for (const [k, v] of rows) console.log(`${k.padEnd(42)} ${v}`);
  void held;
}
