/**
 * The data core's memory for the layer at 100k finds (issue #32), in node:
 * `node --expose-gc --import tsx bench/scale/memory.ts [n]`. It builds what the data core holds
 * after a start, from synthetic layer features (layerFeatures.ts), and prints the V8 heap the
 * copy and the filter engine's index keep (after a full GC), and the structured-clone size of
 * what IndexedDB stores (v8.serialize: the same algorithm IndexedDB uses).
 *
 * Path 'objects' is the data core before the columnar replica: the JSON answer parsed into one
 * object per find, stored as one object, and the LayerIndex built from those objects.
 */
import { serialize } from 'node:v8';
import { gzipSync } from 'node:zlib';
import type { Feature } from '../../domain/model.ts';
import { SightingsLayer } from '../../worker/layer/SightingsLayer.ts';
import { nationalGrid } from '../../worker/nationalGrid.ts';
import { LAYER_RULES, LAYER_TABLE_COLUMNS, layerFeatures } from './layerFeatures.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('Run with node --expose-gc');

/** V8's heap in use after a full collection. */
function heap(): number {
  gc!();
  gc!();
  return process.memoryUsage().heapUsed;
}

const mb = (b: number): string => `${(b / 1e6).toFixed(1)} MB`;

/** The JSON answer of a full load, its size, gzipped size and the features parsed from it. */
function download(n: number): { features: Feature[]; wire: number; gz: number } {
  const text = JSON.stringify({ features: { 48: layerFeatures(n) } });
  const parsed = JSON.parse(text) as { features: Record<string, Feature[]> };
  return { features: parsed.features['48']!, wire: text.length, gz: gzipSync(text, { level: 6 }).length };
}

/** What the data core holds with the objects path, and the bytes it measures. */
function objectsPath(n: number): { held: unknown; rows: [string, string][] } {
  const base = heap();
  const { features, wire, gz } = download(n);
  const replica = { cursor: '1:1:', viewer: 'v', features };
  const afterCopy = heap();
  const stored = serialize(replica).length;
  const layer = new SightingsLayer();
  const q = {
    extent: null,
    filter: { year: null, speciesId: null, mineOnly: false, status: null },
    rules: LAYER_RULES,
    columns: LAYER_TABLE_COLUMNS,
    userEmail: 'oseba1@example.si',
    grid: nationalGrid,
    propertyKeys: LAYER_TABLE_COLUMNS.map((c) => c.id),
  };
  layer.points(features, q);
  // The filter panel's columns, encoded in the background after a start (SightingsLayer).
  layer.points(features, { ...q, filter: { year: 2020, speciesId: 980, mineOnly: true, status: 5 } });
  const afterIndex = heap();
  return {
    held: [replica, layer],
    rows: [
      ['wire (JSON)', `${mb(wire)}, gzip ${mb(gz)} (${(gz / n).toFixed(1)} B/find)`],
      ['heap: the copy (Feature objects)', mb(afterCopy - base)],
      ['heap: + LayerIndex and two batches', mb(afterIndex - afterCopy)],
      ['heap: total', mb(afterIndex - base)],
      ['IndexedDB (structured clone)', mb(stored)],
    ],
  };
}

const n = Number(process.argv[2] ?? 100_000);
const { held, rows } = objectsPath(n);
console.log(`Data core memory for the layer, ${n.toLocaleString('en')} finds, path: objects (Feature[])`);
for (const [k, v] of rows) console.log(`${k.padEnd(40)} ${v}`);
void held;
