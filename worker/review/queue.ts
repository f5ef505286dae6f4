import type { Feature, Properties } from '../../domain/model.ts';
import type { FilterNode } from '../../domain/filters/types.ts';
import { compile } from '../filters/compile.ts';
import { compileColumnar } from '../filters/columnar/ColumnarFilter.ts';
import { ColumnStore, type ColumnSource } from '../filters/columnar/ColumnStore.ts';
import { validate } from '../../domain/filters/validate.ts';
import type { Column } from '../../domain/model.ts';
import { COL } from '../../domain/columns.ts';
import { STATUS_VALUES, STATUS_WAITING, statusOf } from '../../domain/statuses.ts';
import { allOf, statusCondition } from '../layer/filterState.ts';
import { reviewsGroup, type ReviewScope } from '../../domain/review.ts';
import type { QueueItem, QueuePage, QueueQuery } from './types.ts';
import { likelyDuplicate, ljubljanaDay } from '../../domain/duplicates.ts';
import { factsOf } from '../records/duplicates.ts';

/**
 * The rows the queue reads: the layer's replica (worker/layer/ColumnLayer.ts, no object per find)
 * or, for callers that hold objects, features (`featureRows`).
 */
export interface QueueRows {
  readonly size: number;
  /** Each row's id. */
  readonly ids: ArrayLike<number>;
  /** Each row's point in EPSG:3857 (NaN without one). */
  readonly xs: ArrayLike<number>;
  readonly ys: ArrayLike<number>;
  /** Row `row`'s value of property `key`, undefined where it has none. */
  value(row: number, key: string): Properties[string] | undefined;
  /** Row `row` as a Feature (built only for the rows a page shows). */
  feature(row: number): Feature;
}

/** Features as queue rows. */
export function featureRows(features: readonly Feature[]): QueueRows {
  const point = (f: Feature, axis: 0 | 1): number =>
    f.geometry?.type === 'Point' ? ((f.geometry.coordinates as number[])[axis] ?? NaN) : NaN;
  return {
    size: features.length,
    ids: features.map((f) => Number(f.id)),
    xs: features.map((f) => point(f, 0)),
    ys: features.map((f) => point(f, 1)),
    value: (row, key) => features[row]!.properties[key],
    feature: (row) => features[row]!,
  };
}

/** The species-and-day key of duplicates (domain/duplicates.ts buckets by it), or null without one. */
function duplicateKey(species: unknown, date: unknown): string | null {
  const day = typeof date === 'string' ? ljubljanaDay(date) : null;
  return species === null || species === undefined || day === null ? null : `${String(species)}|${day}`;
}

/**
 * For each find of `page`, the ids of the other finds (anyone's, among `rows`) that are likely the
 * same find (domain/duplicates.ts); finds are bucketed by species and Ljubljana day first, so a
 * page costs one pass over the rows, and only the rows in a page's buckets become Features.
 */
export function markDuplicates(page: readonly Feature[], rows: QueueRows): Map<number, number[]> {
  const species = String(COL.species);
  const date = String(COL.date);
  const wanted = new Map<string, Feature[]>();
  for (const f of page) {
    const k = duplicateKey(f.properties[COL.species], f.properties[COL.date]);
    if (k !== null) wanted.set(k, []);
  }
  for (let row = 0; wanted.size > 0 && row < rows.size; row++) {
    const k = duplicateKey(rows.value(row, species), rows.value(row, date));
    const bucket = k === null ? undefined : wanted.get(k);
    bucket?.push(rows.feature(row));
  }
  const out = new Map<number, number[]>();
  for (const f of page) {
    const k = duplicateKey(f.properties[COL.species], f.properties[COL.date]);
    const same = k === null ? [] : (wanted.get(k) ?? []);
    const facts = factsOf(f);
    out.set(
      Number(f.id),
      same.filter((o) => o.id !== f.id && likelyDuplicate(facts, factsOf(o))).map((o) => Number(o.id)),
    );
  }
  return out;
}

/** The queue's filters other than status, as conditions of the filter engine. */
function otherConditions(q: QueueQuery): FilterNode[] {
  const out: FilterNode[] = [];
  if (q.group !== null)
    out.push({ type: 'condition', columnId: COL.group, operationType: 'equals', values: [q.group] });
  if (q.species !== null)
    out.push({ type: 'condition', columnId: COL.species, operationType: 'equals', values: [q.species] });
  if (q.from)
    out.push({
      type: 'condition',
      columnId: COL.date,
      operationType: 'greaterOrEqual',
      values: [`${q.from}T00:00:00`],
    });
  if (q.to)
    out.push({ type: 'condition', columnId: COL.date, operationType: 'lessOrEqual', values: [`${q.to}T23:59:59.999`] });
  return out;
}

/** A layer the queue pages: its rows, and a ColumnStore over them that the caller keeps between pages (each column is encoded once). */
export interface QueueLayer {
  rows: QueueRows;
  store: ColumnStore;
}

/** The queue's view of the layer's replica (read a value at a time) or of features. */
export function queueLayer(source: QueueRows & ColumnSource): QueueLayer;
export function queueLayer(source: readonly Feature[]): QueueLayer;
export function queueLayer(source: (QueueRows & ColumnSource) | readonly Feature[]): QueueLayer {
  if (isFeatureList(source))
    return { rows: featureRows(source), store: new ColumnStore(source.map((f) => f.properties)) };
  return { rows: source, store: new ColumnStore(source) };
}

function isFeatureList(source: unknown): source is readonly Feature[] {
  return Array.isArray(source);
}

/**
 * The review queue over the layer the reviewer's map holds (the server gives her every record of
 * her groups): her groups only, filtered by the filter engine, oldest first (by id: ids grow with
 * every new record), paged. Runs in the data core over the replica's columns: the queue's filters
 * (group, species, dates) are column scans of the columnar engine, the rows they keep are checked
 * a few values each, and only the page's rows become Features.
 */
export function reviewQueue(
  layer: QueueLayer,
  columns: Column[],
  scope: ReviewScope,
  email: string | null,
  q: QueueQuery,
): QueuePage {
  const { rows, store } = layer;
  const ctx = { columns, userEmail: email };
  const others = compileColumnar(validate(allOf(otherConditions(q)), { columns }), store, ctx);
  const byStatus = compile(allOf([statusCondition(q.statuses)].filter((n): n is FilterNode => n !== null)), ctx);
  const counts: Record<number, number> = Object.fromEntries(STATUS_VALUES.map((s) => [s.value, 0]));
  const e = q.extent;
  const group = String(COL.group);
  const creator = String(COL.createdByEmail);
  const status = String(COL.status);
  const hits: number[] = [];
  const kept = others.rows;
  const n = others.select();
  for (let j = 0; j < n; j++) {
    const row = kept[j]!;
    if (e && !(rows.xs[row]! >= e[0] && rows.xs[row]! <= e[2] && rows.ys[row]! >= e[1] && rows.ys[row]! <= e[3]))
      continue;
    // Her own finds are not hers to review (the server refuses it too).
    if (!reviewsGroup(scope, rows.value(row, group)) || (email !== null && rows.value(row, creator) === email))
      continue;
    const value = rows.value(row, status);
    const s = statusOf(value) ?? STATUS_WAITING;
    counts[s] = (counts[s] ?? 0) + 1;
    if (byStatus({ [status]: value } as Properties)) hits.push(row);
  }
  hits.sort((a, b) => rows.ids[a]! - rows.ids[b]!);
  const page = hits.slice(q.offset, q.offset + q.limit).map((row) => rows.feature(row));
  const duplicates = markDuplicates(page, rows);
  const items = page.map((f): QueueItem => ({
    id: Number(f.id),
    properties: f.properties,
    coord: f.geometry?.type === 'Point' ? (f.geometry.coordinates as [number, number]) : null,
    version: typeof (f as { version?: unknown }).version === 'number' ? (f as { version: number }).version : undefined,
    duplicates: duplicates.get(Number(f.id)) ?? [],
  }));
  return { items, total: hits.length, counts };
}
