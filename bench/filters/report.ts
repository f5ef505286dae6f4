import type { Measurement } from './measure.ts';
import type { RefilterResult } from './refilter.ts';
import type { CaseResult } from './run.ts';

/** A case that could not run: the engine's error for an invalid filter. */
export interface CaseError {
  name: string;
  error: { code: string; message: string };
}

const rate = (m: Measurement | undefined): string => (m ? `${(m.recordsPerSecond / 1e6).toFixed(2)} M/s` : 'n/a');
const times = (x: number | null): string => (x === null ? 'n/a' : `${x.toFixed(2)}x`);
const round = (x: number | null, digits = 2): number | null => (x === null ? null : Number(x.toFixed(digits)));
const perSecond = (m: Measurement | undefined): number | null => (m ? Math.round(m.recordsPerSecond) : null);

/** Prints a table: first column left-aligned, the others right-aligned. */
export function printTable(head: string[], rows: string[][], log: (line: string) => void): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]): string =>
    r.map((x, i) => (i === 0 ? x.padEnd(widths[i]!) : (x ?? '').padStart(widths[i]!))).join('  ');
  log(line(head));
  log(widths.map((w) => '-'.repeat(w)).join('  '));
  rows.forEach((r) => log(line(r)));
}

/** The cases as a table: speeds, ratios (throughput, ours over theirs), build cost and memory. */
export function printCases(results: readonly (CaseResult | CaseError)[], log: (line: string) => void): void {
  const head = [
    'filter',
    'matches',
    'ours',
    'objects',
    'MapLibre',
    'hand',
    'naive',
    'ours/MapLibre',
    'ours/hand',
    'objects/ML',
    'objects/hand',
    'build',
    'B/rec columns',
    'B/rec alloc ours/objects/ML',
  ];
  const rows = results.map((r) => {
    if ('error' in r) return [r.name, 'invalid'];
    const w = r.ways;
    const alloc = ['ours', 'objects', 'MapLibre'].map((k) => w.get(k)?.bytesPerRecord?.toFixed(1) ?? '-').join(' / ');
    return [
      r.name,
      String(r.matches),
      rate(w.get('ours')),
      rate(w.get('objects')),
      rate(w.get('MapLibre')),
      rate(w.get('hand')),
      rate(w.get('naive')),
      times(r.oursOverMapLibre),
      times(r.oursOverHand),
      times(r.objectsOverMapLibre),
      times(r.objectsOverHand),
      `${r.buildMs.toFixed(1)} ms`,
      r.storeBytesPerRecord.toFixed(1),
      alloc,
    ];
  });
  printTable(head, rows, log);
  for (const r of results) {
    if ('error' in r) log(`  ${r.name}: invalid filter (${r.error.code}): ${r.error.message}`);
    else if (r.mapLibreNote) log(`  ${r.name}: no MapLibre ratio: ${r.mapLibreNote}.`);
  }
}

/** The app's re-filtering as a table. */
export function printRefilter(r: RefilterResult, log: (line: string) => void): void {
  printTable(
    [
      'filter panel state',
      'points',
      'ours median',
      'ours worst',
      'ours CPU median',
      'object path median',
      'objects/ours',
    ],
    r.states.map((s) => [
      s.name,
      String(s.points),
      `${s.oursMs.toFixed(1)} ms`,
      `${s.oursMaxMs.toFixed(1)} ms`,
      `${s.oursCpuMs.toFixed(1)} ms`,
      `${s.objectsMs.toFixed(1)} ms`,
      `${(s.objectsMs / s.oursMs).toFixed(1)}x`,
    ]),
    log,
  );
  log(
    `First batch after the layer loads: ${r.loadMs.toFixed(0)} ms (copy, styles, thinning order), then ${r.warmMs.toFixed(0)} ms encoding the filter panel's columns in the background.`,
  );
  log(
    `Memory of the layer's copy: ${r.bytesPerRecord.toFixed(0)} B/record counted, ${r.measuredBytesPerRecord?.toFixed(0) ?? '?'} B/record measured (heap and ArrayBuffers).`,
  );
  log(
    `Not in the goal: sending the largest batch to the map costs the data core ${r.serializeMs.toFixed(0)} ms more to serialize (v8.serialize), and the map ${r.deserializeMs.toFixed(0)} ms to read (v8.deserialize; its properties are packed by key, see README.md).`,
  );
}

/** One case for `--json`: at least name, matches, oursOverMapLibre and oursOverHand. */
export function caseJson(r: CaseResult | CaseError): Record<string, unknown> {
  if ('error' in r) return { name: r.name, error: r.error, matches: null, oursOverMapLibre: null, oursOverHand: null };
  const w = r.ways;
  return {
    name: r.name,
    matches: r.matches,
    oursOverMapLibre: round(r.oursOverMapLibre),
    oursOverHand: round(r.oursOverHand),
    objectsOverMapLibre: round(r.objectsOverMapLibre),
    objectsOverHand: round(r.objectsOverHand),
    recordsPerSecond: {
      ours: perSecond(w.get('ours')),
      objects: perSecond(w.get('objects')),
      mapLibre: perSecond(w.get('MapLibre')),
      hand: perSecond(w.get('hand')),
    },
    allocatedBytesPerRecord: {
      ours: round(w.get('ours')?.bytesPerRecord ?? null, 1),
      objects: round(w.get('objects')?.bytesPerRecord ?? null, 1),
    },
    buildMs: round(r.buildMs, 1),
    columnBytesPerRecord: round(r.storeBytesPerRecord, 1),
    mapLibreNote: r.mapLibreNote,
  };
}
