import { signal } from '@preact/signals-react';
import { core } from '../core.ts';
import type { ConflictInfo, DownloadProgress, ExtentSummary, PendingChangeInfo, SyncState } from '../../worker/api.ts';

/** Download jobs by id, as the core reports them. */
export const downloads = signal<Record<string, DownloadProgress>>({});

/** The downloaded areas ('Prenešene karte'). */
export const extents = signal<ExtentSummary[]>([]);

/** The outbox: pending and refused changes, whether a sync runs. */
export const syncState = signal<SyncState>({
  running: false,
  pending: 0,
  failed: 0,
  conflicts: 0,
  lastError: null,
  needsLogin: false,
});

/** The changes the server refused, with reasons. */
export const conflicts = signal<ConflictInfo[]>([]);

/** True once storage ran out: the Slovenian alert that offline mode will not work here is shown. */
export const quotaAlert = signal(false);

/** Reloads the list of downloaded areas. */
export async function loadExtents(): Promise<void> {
  extents.value = await core.listExtents();
}

/** The changes still on their way to the server, while the profile shows them. */
export const pendingChanges = signal<PendingChangeInfo[]>([]);

/** Reloads the waiting changes. */
export async function loadPendingChanges(): Promise<void> {
  pendingChanges.value = await core.getPendingChanges();
}

/** Reloads the refused changes. */
export async function loadConflicts(): Promise<void> {
  conflicts.value = await core.getConflicts();
}

/** Records a download's progress. */
export function setDownload(p: DownloadProgress): void {
  downloads.value = { ...downloads.value, [p.jobId]: p };
  if (p.state === 'quota') quotaAlert.value = true;
}

/** Loads the offline state once at start: areas, jobs, outbox. */
export async function loadOfflineState(): Promise<void> {
  const [ex, jobs, sync] = await Promise.all([core.listExtents(), core.getDownloads(), core.getSyncState()]);
  extents.value = ex;
  downloads.value = Object.fromEntries(jobs.map((j) => [j.jobId, j]));
  syncState.value = sync;
  if (sync.conflicts) await loadConflicts();
}

/** Renames a downloaded area (the core trims; empty names fall back to 'Prenešena karta {id}'). */
export async function renameExtent(id: number, name: string): Promise<void> {
  await core.renameExtent(id, name);
}

/** Deletes a downloaded area and frees its space. */
export async function deleteExtent(id: number): Promise<void> {
  await core.deleteExtent(id);
}
