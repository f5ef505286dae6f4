/**
 * The data core's part of a filter change at scale, in node:
 * `node --expose-gc --import tsx bench/scale/refilter.ts [n]` (default 1M). It builds the layer's replica as
 * the data core holds it (the full load's blocks, one ColumnLayer over them; synthetic finds from
 * layerFeatures.ts, a quarter of them generalised), draws it once as a start does, then times the
 * map's batch (SightingsLayer.mapPoints: re-filter, styles, thinning, squares, flags) for the
 * filter panel's year, none, another year, none and the first year again (the batch of every row
 * handed back after each, as the map does when a newer one replaces it). The synthetic Feature
 * objects are dropped and collected first (with --expose-gc), else a major GC of the process's
 * large heap can land in one of the figures.
 */
import { SightingsLayer } from '../../worker/layer/SightingsLayer.ts';
import { nationalGrid } from '../../worker/nationalGrid.ts';
import { LAYER_RULES, LAYER_TABLE_COLUMNS, layerFeatures } from './layerFeatures.ts';
import { encodeMessage, joinMessages } from '../../domain/layerColumns/encode.ts';
import { decodeMessages } from '../../domain/layerColumns/decode.ts';
import { BLOCK_ROWS } from '../../domain/layerColumns/format.ts';
import { ColumnLayer } from '../../worker/layer/ColumnLayer.ts';
import { blockOf } from '../../worker/layer/layerReplica.ts';
import { lentBatches } from '../../worker/layer/keptBatches.ts';

const n = Number(process.argv[2] ?? 1_000_000);

/** The replica's blocks of `n` synthetic finds, as a full load leaves them (the Feature objects dropped after). */
function replicaBlocks(): ReturnType<typeof blockOf>[] {
  const features = layerFeatures(n);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < n; i += BLOCK_ROWS)
    parts.push(encodeMessage(new Map([[48, { features: features.slice(i, i + BLOCK_ROWS) }]]), { cursor: '1:1:' }));
  return decodeMessages(joinMessages(parts)).map((m) => blockOf(m, 48));
}
const blocks = replicaBlocks();
// The Feature objects collected before anything is timed, when node runs with --expose-gc.
(globalThis as { gc?: () => void }).gc?.();
const rows = new ColumnLayer(blocks.map((b) => b.table));
const query = {
  extent: null,
  filter: { year: null as number | null, speciesId: null, mineOnly: false, status: null },
  rules: LAYER_RULES,
  columns: LAYER_TABLE_COLUMNS,
  userEmail: 'oseba1@example.si',
  grid: nationalGrid,
  propertyKeys: LAYER_TABLE_COLUMNS.map((c) => c.id),
};
const layer = new SightingsLayer();
const timed = (year: number | null): void => {
  const t = performance.now();
  const b = layer.mapPoints(rows, { ...query, filter: { ...query.filter, year } });
  const ms = performance.now() - t;
  // The map hands back the batch of every row it was lent once a newer one replaces it.
  lentBatches.get(b)?.(b);
  console.log(
    `${String(year ?? 'no year').padEnd(8)} ${ms.toFixed(0).padStart(6)} ms  ${b.ids.length.toLocaleString('en')} finds`,
  );
};
console.log(
  `The map's batch in the data core, ${n.toLocaleString('en')} finds (replica path, node ${process.version})`,
);
timed(null);
// The filter panel's columns are encoded in the background after a start (SightingsLayer).
await new Promise((r) => setTimeout(r, 10));
const y = new Date().getFullYear();
for (const year of [y - 1, null, y - 2, null, y - 1]) timed(year);
