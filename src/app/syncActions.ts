import { core } from '../core.ts';
import { sl } from '../i18n/sl.ts';
import { notify } from '../state/notices.ts';
import { loadConflicts } from '../state/offline.ts';

/** 'Sinhroniziraj zdaj': sends the waiting changes now. */
export async function syncNow(): Promise<void> {
  try {
    await core.syncNow();
    const s = await core.getSyncState();
    if (s.pending === 0 && s.conflicts === 0) notify('success', sl.offline.synced);
    if (s.conflicts) await loadConflicts();
  } catch (e) {
    console.error(e);
  }
}

/** Drops a change the server refused. */
export async function discardChange(changeId: string): Promise<void> {
  await core.discardChange(changeId);
  await loadConflicts();
}

/** Sends a refused change as a new record. */
export async function saveChangeAsNew(changeId: string): Promise<void> {
  await core.saveChangeAsNew(changeId);
  await loadConflicts();
}

/** Keeps the user's own change over the server's newer version, and sends it. */
export async function keepMyChange(changeId: string): Promise<void> {
  await core.keepMyChange(changeId);
  await loadConflicts();
}
