/**
 * The device's copy of the sightings layer, kept up to date from the server's change feed
 * (GET /api/Changes): a start, and every redraw after a change, downloads only what changed since
 * the copy's cursor instead of the whole layer.
 */
import type { Feature } from '../../domain/model.ts';
import type { ChangeAnswer } from '../http/changes.ts';

/** A copy of the layer as one viewer may see it, and the cursor it is current to. */
export interface LayerReplica {
  cursor: string;
  /** The feed's digest of the viewer the copy was made for. */
  viewer: string;
  /** The features in id order, as a full load gives them. */
  features: Feature[];
}

/** What the feed's answer means for a copy. */
export type ReplicaStep =
  | { kind: 'reload' }
  | { kind: 'same'; replica: LayerReplica }
  | { kind: 'changed'; replica: LayerReplica; upserts: number; removed: number };

/**
 * The copy after the feed's `answer` for `tableId`: 'reload' when there is no copy, the server asks
 * for a full load, or the copy was made for another viewer (a role changed); otherwise the copy with
 * the answer's upserts and removals applied, in id order (the order a full load has, which is the
 * order the map draws in).
 */
export function applyAnswer(replica: LayerReplica | null, answer: ChangeAnswer, tableId: number): ReplicaStep {
  if (!replica || answer.reset || answer.viewer !== replica.viewer) return { kind: 'reload' };
  const t = answer.tables[String(tableId)];
  const next = { ...replica, cursor: answer.cursor };
  if (!t || (t.upserts.length === 0 && t.removed.length === 0)) return { kind: 'same', replica: next };
  const byId = new Map<number, Feature>();
  for (const f of replica.features) byId.set(Number(f.id), f);
  for (const id of t.removed) byId.delete(id);
  for (const f of t.upserts) byId.set(Number(f.id), f);
  const features = [...byId.values()].sort((a, b) => Number(a.id) - Number(b.id));
  return { kind: 'changed', replica: { ...next, features }, upserts: t.upserts.length, removed: t.removed.length };
}
