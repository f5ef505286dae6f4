import type { BackupExportAnswer, BackupImportAnswer, ConflictInfo, PendingChangeInfo, SyncState } from '../api.ts';
import { OfflineRecords, SyncEngine } from '../sync/index.ts';
import { saveBackgroundSetup } from '../sync/background.ts';
import { RecordService } from '../records/service.ts';
import { BackupError } from '../sync/backupFormat.ts';
import { exportBackup } from '../sync/backupExport.ts';
import { importBackup } from '../sync/backupImport.ts';
import type { CoreSession } from './session.ts';

/**
 * The offline records and their outbox: the records written on the device, the replay of their
 * changes to the server, what it refused, and the setup the service worker's background sync
 * (worker/sync/background.ts) replays the outbox with when the tab is closed.
 */
export class SyncPart {
  private made: { records: OfflineRecords; engine: SyncEngine } | null = null;

  /**
   * @param layerChanged called when a change reached the server or was dropped (the layer redraws).
   * @param afterSync called after the outbox was sent and after each change that reached it (the sounds' queue goes on).
   */
  constructor(
    private readonly s: CoreSession,
    private readonly layerChanged: () => void,
    private readonly afterSync: () => Promise<void> = async () => {},
  ) {}

  /** The records kept on the device (offline creates, edits, deletes and their photos). */
  get records(): OfflineRecords {
    return this.parts().records;
  }

  /** Sends waiting changes now, when online. */
  async syncNow(): Promise<void> {
    if (!this.s.online) return;
    await this.engine.retryNow();
    await this.afterSync();
  }

  getSyncState(): Promise<SyncState> {
    return this.engine.state();
  }

  getConflicts(): Promise<ConflictInfo[]> {
    return this.engine.conflicts();
  }

  getPendingChanges(): Promise<PendingChangeInfo[]> {
    return this.engine.pending();
  }

  async discardChange(changeId: string): Promise<void> {
    await this.engine.discard(changeId);
    this.layerChanged();
  }

  async saveChangeAsNew(changeId: string): Promise<void> {
    await this.engine.saveAsNew(changeId);
    await this.syncNow();
  }

  async keepMyChange(changeId: string): Promise<void> {
    await this.engine.keepMine(changeId);
    await this.syncNow();
  }

  /** 'Izvozi čakajoče spremembe': every change still in the outbox with its attachments, as one ZIP (docs/backup.md). */
  async exportPendingBackup(): Promise<BackupExportAnswer> {
    const { email } = this.s.current;
    if (!email) return { ok: false, refusal: { reason: 'signedOut' } };
    const { version, projectId, tableId } = this.s.cfg;
    const file = await exportBackup(this.s.db, { email, appVersion: version, projectId, tableId, now: new Date() });
    return { ok: true, ...file };
  }

  /** 'Uvozi': queues the changes of a backup again under their own keys; a file it refuses changes nothing. */
  async importPendingBackup(file: Blob): Promise<BackupImportAnswer> {
    try {
      const target = { email: this.s.current.email, target: this.s.target, now: Date.now, random: Math.random };
      const result = await importBackup(this.s.db, file, target);
      if (result.imported > 0) {
        this.layerChanged();
        this.s.emit({ type: 'sync', state: await this.engine.state() });
        // Sent in the background: the answer says what was imported without waiting for the server.
        void this.syncNow().catch((e: unknown) => console.error('Sync after import failed', e));
      }
      return { ok: true, ...result };
    } catch (e) {
      if (e instanceof BackupError) return { ok: false, refusal: e.refusal };
      throw e;
    }
  }

  /** After an offline write: tell the UI how many changes wait, and send them if the server is back. */
  async afterOfflineWrite(): Promise<void> {
    this.s.emit({ type: 'sync', state: await this.engine.state() });
    await this.syncNow();
  }

  /** The service worker sent changes while this page was open: redraw, recount, send the sounds. */
  async outboxChangedElsewhere(): Promise<void> {
    this.layerChanged();
    await this.engine.notify();
    // A find's create sent there: its sound can go now.
    await this.afterSync();
  }

  /** Keeps the token and target for the service worker's background replay; forgets them at sign-out. */
  keepBackgroundSetup(): void {
    if (!this.s.ready) return;
    const { accessToken, email } = this.s.current;
    const setup = accessToken ? { accessToken, email, target: this.s.target } : null;
    void saveBackgroundSetup(this.s.db, setup).catch((e: unknown) =>
      console.error('Could not keep the background sync setup', e),
    );
  }

  /** At sign-out: the service worker must no longer hold the user's token (awaited before the redirect). */
  async forgetBackgroundSetup(): Promise<void> {
    await saveBackgroundSetup(this.s.db, null);
  }

  private get engine(): SyncEngine {
    return this.parts().engine;
  }

  /** Made at first use, after init. */
  private parts(): { records: OfflineRecords; engine: SyncEngine } {
    if (!this.made) {
      const { db, target } = this.s;
      const changedOnServer = (): void => {
        this.layerChanged();
        void this.afterSync();
      };
      const engine = new SyncEngine({
        db,
        service: new RecordService(this.s.api.http, target),
        target,
        onState: (state) => this.s.emit({ type: 'sync', state }),
        // A synced change alters the layer: the loaded copy is dropped before the UI redraws (else
        // a find just sent disappeared from the map until a reload).
        onApplied: changedOnServer,
        // The service worker's background replay (or another tab) sent changes meanwhile: the
        // same as when it says so (outboxChangedElsewhere), also when its message came too soon.
        onOtherReplayEnded: changedOnServer,
      });
      this.made = { records: new OfflineRecords(db, target), engine };
    }
    return this.made;
  }
}
