/**
 * bench/review: the reviewer's queue (10,000 waiting records must page without a pause).
 * The data core builds a page of the queue from the layer's replica (typed-array columns,
 * worker/layer/ColumnLayer.ts) with the filter engine (worker/review/queue.ts). Baselines, measured
 * in the same run: a hand-written loop that does the same selection over Feature objects with
 * plain comparisons and the same sort. Prints the median time of a page for 10,000 and 100,000
 * records (half of them waiting, in 6 groups, the reviewer's 2): a page with the queue's column
 * store kept (as the data core keeps it between pages), the first page (the columns it reads
 * encoded on the way), the hand loop, and the ratio.
 * A page under 16 ms is within one frame of a data-core message; it never runs on the main thread.
 */
import type { Feature } from '../../domain/model.ts';
import { queueLayer, reviewQueue } from '../../worker/review/queue.ts';
import { ColumnLayer } from '../../worker/layer/ColumnLayer.ts';
import { blocksOf } from '../../worker/layer/layerReplica.ts';
import type { QueueQuery } from '../../worker/review/types.ts';
import { QUICK, fmt, median, printTable } from '../lib.ts';
import { REVIEW_COLUMNS } from '../../tests/helpers/sightingsTable.ts';

const COLUMNS = REVIEW_COLUMNS;
const GROUPS = [1, 15, 3, 12, 7, 8];
const STATUSES = [5, 5, 1, 2, 3, null, 5, 1];

function features(n: number): Feature[] {
  const out: Feature[] = [];
  for (let i = 0; i < n; i++) {
    out.push({
      type: 'Feature',
      id: 10_000_001 + i,
      geometry: {
        type: 'Point',
        coordinates: [1_450_000 + ((i * 7919) % 400_000), 5_670_000 + ((i * 104_729) % 240_000)],
      },
      properties: {
        920: GROUPS[i % 6]!,
        980: 1000 + (i % 40),
        974: STATUSES[i % 8]!,
        1053: `${2021 + (i % 5)}-0${1 + (i % 9)}-1${i % 10}T10:00:00`,
        1820: `user${i % 50}@example.si`,
      },
    } as Feature);
  }
  return out;
}

/** The same selection by hand: the reviewer's groups, waiting (5 or empty), in a year, oldest first. */
function handLoop(fs: readonly Feature[], from: string, to: string): Feature[] {
  const hits: Feature[] = [];
  for (const f of fs) {
    const p = f.properties;
    const g = p[920];
    if (g !== 7 && g !== 8) continue;
    const s = p[974];
    if (!(s === 5 || s === null || s === undefined)) continue;
    const d = String(p[1053]);
    if (d < from || d > to) continue;
    hits.push(f);
  }
  return hits.sort((a, b) => Number(a.id) - Number(b.id)).slice(0, 50);
}

const rounds = QUICK ? 7 : 21;
const rows: string[][] = [];
for (const n of [10_000, 100_000]) {
  const fs = features(n);
  const layer = new ColumnLayer(blocksOf(fs, 48).map((b) => b.table));
  // Kept between pages, as the data core keeps it.
  const view = queueLayer(layer);
  const q: QueueQuery = {
    statuses: [5],
    group: null,
    species: null,
    from: '2023-01-01',
    to: '2023-12-31',
    extent: null,
    offset: 0,
    limit: 50,
  };
  const scope = { all: false as const, groups: [7, 8] };
  const ours: number[] = [];
  const objects: number[] = [];
  const hand: number[] = [];
  let total = 0;
  for (let r = 0; r < rounds; r++) {
    let t = performance.now();
    total = reviewQueue(view, COLUMNS, scope, 'pregled@example.si', q).total;
    ours.push(performance.now() - t);
    t = performance.now();
    reviewQueue(queueLayer(layer), COLUMNS, scope, 'pregled@example.si', q);
    objects.push(performance.now() - t);
    t = performance.now();
    handLoop(fs, '2023-01-01', '2023-12-31T23:59:59.999');
    hand.push(performance.now() - t);
  }
  rows.push([
    n.toLocaleString('en'),
    String(total),
    fmt(median(ours), 2),
    fmt(median(objects), 2),
    fmt(median(hand), 2),
    `${fmt(median(ours) / median(hand), 2)}x`,
  ]);
}
printTable(
  `Review queue page (median of ${rounds})`,
  [
    'records',
    'waiting in scope and year',
    'queue page ms',
    'first page ms',
    'hand loop over objects ms',
    'queue page / hand',
  ],
  rows,
);
