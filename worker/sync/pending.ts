import { asFeature, pendingPhotos } from './localRows.ts';
import type { ApplyContext } from './apply.ts';
import type { PendingChangeInfo } from './types.ts';

/**
 * The changes still on their way to the server (not the refused ones: those are conflicts), in
 * the order they will be sent, each with where it stands and the local version of its record.
 */
export async function listPending(x: ApplyContext): Promise<PendingChangeInfo[]> {
  const rows = (await x.db.outbox.toArray()).filter((c) => c.state !== 'conflict').sort((a, b) => a.seq - b.seq);
  const out: PendingChangeInfo[] = [];
  for (const c of rows) {
    const row = await x.db.features.get(c.featureRowId);
    const photos = await pendingPhotos(x.db, x.tableId, c.featureId);
    out.push({
      changeId: c.id,
      kind: c.kind,
      featureId: c.featureId,
      state: c.state === 'conflict' ? 'queued' : c.state,
      attempts: c.attempts,
      nextAttemptAt: c.state === 'failed' ? c.nextAttemptAt : null,
      lastError: c.lastError,
      feature: row ? asFeature(row) : null,
      hasPhoto: photos.length > 0,
      // An edit of a record whose create is still waiting goes with that create.
      discardable: c.kind === 'create' || row?.isInsert !== 1,
    });
  }
  return out;
}
