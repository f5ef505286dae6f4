/**
 * The layer's wire format, decided by measurement (docs/layer-wire-format.md):
 * `node --import tsx bench/scale/wireFormat.ts [n]` prints, for `n` synthetic layer features
 * (layerFeatures.ts, the nine columns of the data core's layer as a reviewer sees them), the bytes
 * per find as sent and gzipped (level 6), and the time to decode in node (median of 5 runs) for:
 * JSON (today's answer), Apache Arrow IPC (the same columns, typed as well as Arrow can) and the
 * packed columns of domain/layerColumns/. Decoding is to what the data core needs: the columns as
 * typed arrays (Arrow, columns) and, for comparison with JSON, one object per find.
 */
import { gzipSync } from 'node:zlib';
import {
  Bool,
  Dictionary,
  Int16,
  Int32,
  Int8,
  Uint16,
  Utf8,
  Table,
  makeVector,
  tableFromIPC,
  tableToIPC,
  vectorFromArray,
} from 'apache-arrow';
import type { Feature } from '../../domain/model.ts';
import { encodeMessage } from '../../domain/layerColumns/encode.ts';
import { decodeMessage } from '../../domain/layerColumns/decode.ts';
import { layerFeatures } from './layerFeatures.ts';

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Median milliseconds of `run` over 5 runs (after one warm-up). */
function time(run: () => unknown): number {
  run();
  const out: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    run();
    out.push(performance.now() - t);
  }
  return median(out);
}

/** The layer's columns as an Arrow IPC stream: Int32 ids and metres, dictionary strings, minutes. */
function arrowBytes(fs: readonly Feature[]): Uint8Array {
  const p = (k: number) => fs.map((f) => f.properties[k] ?? null);
  const coord = (axis: 0 | 1) =>
    Int32Array.from(fs, (f) => Math.round(Number((f.geometry!.coordinates as number[])[axis])));
  const table = new Table({
    id: makeVector(Int32Array.from(fs, (f) => f.id)),
    x: makeVector(coord(0)),
    y: makeVector(coord(1)),
    version: vectorFromArray(
      fs.map((f) => f.version ?? null),
      new Int16(),
    ),
    generalised: vectorFromArray(
      fs.map((f) => f.generalised ?? null),
      new Uint16(),
    ),
    group: vectorFromArray(p(920) as (number | null)[], new Int8()),
    species: vectorFromArray(p(980) as (number | null)[], new Int32()),
    publicSpecies: vectorFromArray(p(2067) as (string | null)[], new Dictionary(new Utf8(), new Int32())),
    date: vectorFromArray(
      (p(1053) as (string | null)[]).map((d) => (d === null ? null : Date.parse(d) / 60_000)),
      new Int32(),
    ),
    status: vectorFromArray(p(974) as (number | null)[], new Int8()),
    public: vectorFromArray(p(2066) as (boolean | null)[], new Bool()),
    creator: vectorFromArray(p(1820) as (string | null)[], new Dictionary(new Utf8(), new Int32())),
    accuracy: vectorFromArray(p(976) as (number | null)[], new Int16()),
  });
  return tableToIPC(table, 'stream');
}

/** Decodes an Arrow stream to typed arrays per column (what the data core would keep). */
function arrowDecode(bytes: Uint8Array): number {
  const t = tableFromIPC(bytes);
  let sum = 0;
  for (const f of t.schema.fields) sum += t.getChild(f.name)!.toArray().length;
  return sum;
}

const n = Number(process.argv[2] ?? 100_000);
const features = layerFeatures(n);
const json = JSON.stringify({ features: { 48: features } });
const jsonBytes = new TextEncoder().encode(json);
const arrow = arrowBytes(features);
const ours = encodeMessage(new Map([[48, { features }]]), { cursor: '1:1:', viewer: 'v', reset: false });

const rows: [string, number, number, number, number | null][] = [
  ['JSON (today)', jsonBytes.length, gzipSync(jsonBytes).length, time(() => JSON.parse(json)), null],
  ['Arrow IPC stream', arrow.length, gzipSync(arrow).length, time(() => arrowDecode(arrow)), null],
  [
    'packed columns (ours)',
    ours.length,
    gzipSync(ours).length,
    time(() => decodeMessage(ours)),
    time(() => decodeMessage(ours).tables.get(48)!.features()),
  ],
];
console.log(`Layer wire formats, ${n.toLocaleString('en')} finds (9 columns), decode in node (median of 5)`);
console.log('format                    B/find  gzip B/find  decode ms  to Feature objects ms');
for (const [name, raw, gz, ms, objects] of rows) {
  console.log(
    `${name.padEnd(24)} ${(raw / n).toFixed(1).padStart(7)} ${(gz / n).toFixed(1).padStart(12)} ${ms.toFixed(1).padStart(10)} ${(objects === null ? '' : objects.toFixed(1)).padStart(22)}`,
  );
}
