import type { OfflineDb, OutboxRow } from '../store/db.ts';

/** One outbox row (the schema's OutboxRow); the sync module's name for it. */
export type Change = OutboxRow;

/** Kinds of change the outbox holds. */
export type ChangeKind = Change['kind'];

/** The seq after the last change in the outbox (changes replay in seq order). */
export async function nextSeq(db: OfflineDb): Promise<number> {
  const last = await db.outbox.orderBy('seq').last();
  return (last?.seq ?? 0) + 1;
}

/** The fields that put a change back to the front of its retry schedule, as new. */
export const REQUEUED: Pick<Change, 'state' | 'attempts' | 'nextAttemptAt' | 'lastError' | 'lastStatus'> = {
  state: 'queued',
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
  lastStatus: null,
};

/** Queues a new change at the end of the outbox; call inside a transaction on the outbox. */
export async function addChange(
  db: OfflineDb,
  c: { id: string; kind: ChangeKind; tableId: number; featureId: number; featureRowId: number },
  now: number,
): Promise<Change> {
  const row: OutboxRow = { ...c, seq: await nextSeq(db), ...REQUEUED, createdAt: now };
  await db.outbox.add(row);
  return row;
}

/** The changes of one record (its change row), in seq order. */
export async function changesOfRow(db: OfflineDb, featureId: number, featureRowId: number): Promise<Change[]> {
  const rows = await db.outbox.where('featureId').equals(featureId).toArray();
  return rows.filter((r) => r.featureRowId === featureRowId).sort((a, b) => a.seq - b.seq);
}

/**
 * True when a create or update may have reached the server: it was sent at least once and the
 * server did not refuse it (a refusal is a conflict and commits nothing). A create that may have
 * been committed must not be edited in place: a retry with its key returns the FIRST version.
 */
export function maybeSent(c: Change): boolean {
  if (c.state === 'conflict') return false;
  return c.state === 'uploading' || c.state === 'failed' || c.lastError !== null;
}

/**
 * A stateful test, fed changes in seq order, that passes the changes ready to send at `now`:
 * queued, or failed and due, with no earlier unfinished change of the same record (a record's
 * changes keep their order; a conflict or a change waiting for its backoff holds back the
 * later changes of its record only).
 */
export function readyInOrder(now: number): (c: Change) => boolean {
  const held = new Set<number>();
  return (c) => {
    if (held.has(c.featureRowId)) return false;
    const ready = c.state === 'queued' || c.state === 'uploading' || (c.state === 'failed' && c.nextAttemptAt <= now);
    if (!ready) held.add(c.featureRowId);
    return ready;
  };
}

/** The next change to send at `now`, read from the outbox in seq order only as far as needed. */
export async function nextDue(db: OfflineDb, now: number): Promise<Change | null> {
  return (await db.outbox.orderBy('seq').filter(readyInOrder(now)).first()) ?? null;
}

/** Counts of the outbox by state. */
export async function countStates(db: OfflineDb): Promise<{ pending: number; failed: number; conflicts: number }> {
  const [total, failed, conflicts] = await Promise.all([
    db.outbox.count(),
    db.outbox.where('state').equals('failed').count(),
    db.outbox.where('state').equals('conflict').count(),
  ]);
  return { pending: total - conflicts, failed, conflicts };
}
