import type { Feature } from '../../domain/model.ts';
import type { FilterNode } from '../../domain/filters/types.ts';
import { compile } from '../filters/compile.ts';
import type { Column } from '../../domain/model.ts';
import { COL } from '../../domain/columns.ts';
import { STATUS_VALUES, STATUS_WAITING, statusOf } from '../../domain/statuses.ts';
import { allOf, statusCondition } from '../layer/filterState.ts';
import { reviewsGroup, type ReviewScope } from '../../domain/review.ts';
import type { QueueItem, QueuePage, QueueQuery } from './types.ts';
import { likelyDuplicate, ljubljanaDay } from '../../domain/duplicates.ts';
import { factsOf } from '../records/duplicates.ts';

/**
 * For each find of `page`, the ids of the other finds (anyone's, among `features`) that are likely
 * the same find (domain/duplicates.ts); finds are bucketed by species and Ljubljana day first, so
 * a page costs one pass over the features.
 */
export function markDuplicates(page: readonly Feature[], features: readonly Feature[]): Map<number, number[]> {
  const keyOf = (f: Feature): string | null => {
    const facts = factsOf(f);
    const day = ljubljanaDay(facts.date);
    return facts.species === null || facts.species === undefined || day === null ? null : `${facts.species}|${day}`;
  };
  const wanted = new Map<string, Feature[]>();
  for (const f of page) {
    const k = keyOf(f);
    if (k !== null) wanted.set(k, []);
  }
  for (const f of features) {
    const k = wanted.size ? keyOf(f) : null;
    if (k !== null) wanted.get(k)?.push(f);
  }
  const out = new Map<number, number[]>();
  for (const f of page) {
    const k = keyOf(f);
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

/** True when a point feature lies in the extent. */
function inExtent(f: Feature, e: [number, number, number, number] | null): boolean {
  if (!e) return true;
  const g = f.geometry;
  if (!g || g.type !== 'Point') return false;
  const [x, y] = g.coordinates as [number, number];
  return x >= e[0] && x <= e[2] && y >= e[1] && y <= e[3];
}

/**
 * The review queue over the features the reviewer's map holds (the server gives her every record of
 * her groups): her groups only, filtered by the filter engine, oldest first (by id: ids grow with
 * every new record), paged. Runs in the data core; 10,000 records take a few milliseconds.
 */
export function reviewQueue(
  features: readonly Feature[],
  columns: Column[],
  scope: ReviewScope,
  email: string | null,
  q: QueueQuery,
): QueuePage {
  const ctx = { columns, userEmail: email };
  const others = compile(allOf(otherConditions(q)), ctx);
  const byStatus = compile(allOf([statusCondition(q.statuses)].filter((n): n is FilterNode => n !== null)), ctx);
  const counts: Record<number, number> = Object.fromEntries(STATUS_VALUES.map((s) => [s.value, 0]));
  const hits: Feature[] = [];
  for (const f of features) {
    const p = f.properties;
    // Her own finds are not hers to review (the server refuses it too).
    if (!reviewsGroup(scope, p[COL.group]) || (email !== null && p[COL.createdByEmail] === email)) continue;
    if (!inExtent(f, q.extent) || !others(p)) continue;
    const s = statusOf(p[COL.status]) ?? STATUS_WAITING;
    counts[s] = (counts[s] ?? 0) + 1;
    if (byStatus(p)) hits.push(f);
  }
  hits.sort((a, b) => Number(a.id) - Number(b.id));
  const page = hits.slice(q.offset, q.offset + q.limit);
  const duplicates = markDuplicates(page, features);
  const items = page.map((f): QueueItem => ({
    id: Number(f.id),
    properties: f.properties,
    coord: f.geometry?.type === 'Point' ? (f.geometry.coordinates as [number, number]) : null,
    version: typeof (f as { version?: unknown }).version === 'number' ? (f as { version: number }).version : undefined,
    duplicates: duplicates.get(Number(f.id)) ?? [],
  }));
  return { items, total: hits.length, counts };
}
