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

/** The JSON answer of a full load, its size, gzipped size, the features parsed from it and the parse's ms. */
function download(n: number): { features: Feature[]; wire: number; gz: number; ms: number } {
  const text = JSON.stringify({ features: { 48: layerFeatures(n) } });
  const t = performance.now();
  const parsed = JSON.parse(text) as { features: Record<string, Feature[]> };
  const ms = performance.now() - t;
  return { features: parsed.features['48']!, wire: text.length, gz: gzipSync(text, { level: 6 }).length, ms };
}

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

/** What the data core holds with the objects path (before the columnar replica), and the bytes it measures. */
function objectsPath(n: number): Measured {
  const base = heap();
  const { features, wire, gz, ms } = download(n);
  const replica = { cursor: '1:1:', viewer: 'v', features };
  const afterCopy = heap();
  const stored = serialize(replica).length;
  const layer = new SightingsLayer();
  const t = performance.now();
  layer.points(features, QUERY);
  const first = ms + performance.now() - t;
  layer.points(features, { ...QUERY, filter: PANEL });
  const afterIndex = heap();
  return {
    held: [replica, layer],
    rows: [
      ['wire (JSON)', `${mb(wire)}, gzip ${mb(gz)} (${(gz / n).toFixed(1)} B/find)`],
      ['heap: the copy (Feature objects)', mb(afterCopy - base)],
      ['heap: + LayerIndex and two batches', mb(afterIndex - afterCopy)],
      ['heap: total', mb(afterIndex - base)],
      ['IndexedDB (structured clone)', mb(stored)],
      ['answer to first batch (parse, index, batch)', `${first.toFixed(0)} ms`],
    ],
  };
}

/** The full load in the columns form as the server sends it: one message per block. */
function columnsBody(n: number): Uint8Array {
  const features = layerFeatures(n);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < n; i += BLOCK_ROWS)
    parts.push(encodeMessage(new Map([[48, { features: features.slice(i, i + BLOCK_ROWS) }]]), { cursor: '1:1:' }));
  return joinMessages(parts);
}

/** What the data core holds with the columnar replica (worker/core/layer.ts today). */
function columnsPath(n: number): Measured {
  const body = columnsBody(n);
  const gz = gzipSync(body, { level: 6 }).length;
  const wire = body.length;
  const base = heap();
  const t = performance.now();
  const blocks = decodeMessages(body).map((m) => blockOf(m, 48));
  const replica = { cursor: '1:1:', viewer: 'v', blocks };
  const rowsOf = new ColumnLayer(blocks.map((b) => b.table));
  const decodeMs = performance.now() - t;
  const afterCopy = heap();
  const stored = blocks.reduce((s, b) => s + serialize(b.bytes).length, 0);
  const layer = new SightingsLayer();
  const t2 = performance.now();
  layer.points(rowsOf, QUERY);
  const first = decodeMs + performance.now() - t2;
  layer.points(rowsOf, { ...QUERY, filter: PANEL });
  const afterIndex = heap();
  return {
    held: [replica, rowsOf, layer],
    rows: [
      ['wire (columns)', `${mb(wire)}, gzip ${mb(gz)} (${(gz / n).toFixed(1)} B/find)`],
      ['heap: the copy (blocks + ColumnLayer)', mb(afterCopy - base)],
      ['heap: + LayerIndex and two batches', mb(afterIndex - afterCopy)],
      ['heap: total', mb(afterIndex - base)],
      ['IndexedDB (structured clone, all blocks)', mb(stored)],
      ['answer to first batch (decode, index, batch)', `${first.toFixed(0)} ms`],
    ],
  };
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
