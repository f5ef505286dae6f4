import type { FindSound, SoundChange } from '../sounds/types.ts';
import { SoundQueue, type FlushEnd, type SoundServer } from '../sync/sounds.ts';
import { TEMP_ID_LIMIT, type OfflineRecords } from '../sync/index.ts';
import { soundServer } from '../sync/soundServer.ts';
import { isSoundMime, SOUND_SNIFF_BYTES, sniffSound, type SoundMime } from '../../domain/sound.ts';
import type { CoreSession } from './session.ts';

/** The first pause before a stopped flush is tried again, and the longest. */
const FIRST_PAUSE_MS = 5_000;
const LAST_PAUSE_MS = 300_000;

/**
 * Sounds of finds: saved through a queue on the device (worker/sync/sounds.ts) that uploads each
 * exactly once, online at once and offline when the connection returns; read from the device
 * while waiting, else from the server.
 */
export class SoundsPart {
  private made: SoundQueue | null = null;
  private flushing: Promise<void> | null = null;
  private again = false;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private pauseMs = FIRST_PAUSE_MS;

  /** @param stored the records kept on the device (a find created offline waits for its create). */
  constructor(
    private readonly s: CoreSession,
    private readonly stored: () => OfflineRecords,
  ) {}

  /** The audio type of a picked file from its first bytes (as the server will check it), or null when it is no accepted sound. */
  async inspectSound(file: Blob): Promise<SoundMime | null> {
    return sniffSound(new Uint8Array(await file.slice(0, SOUND_SNIFF_BYTES).arrayBuffer()));
  }

  /** Keeps the form's change of a find's sound and, online, sends it. */
  async saveSound(recordId: number, change: SoundChange): Promise<void> {
    const q = this.queue();
    if (change.type === 'add') {
      if (change.replaces !== null) await q.remove(recordId, change.replaces);
      await q.add(recordId, change.blob, change.mimeType);
    } else await q.remove(recordId, change.attachmentId);
    // Offline the service worker's background sync sends it, even with the tab closed by then.
    if (!this.s.online) this.s.emit({ type: 'soundsWaiting' });
    void this.flush();
  }

  /** A find's sound: one waiting on the device, else the server's first sound; null when none (or offline with none stored). */
  async getSound(recordId: number): Promise<FindSound | null> {
    const waiting = await this.queue().pending(recordId);
    if (waiting)
      return {
        blob: waiting.blob,
        mimeType: waiting.mimeType,
        attachmentId: null,
        waiting: true,
        refused: waiting.lastError,
      };
    if (!this.s.online || recordId < TEMP_ID_LIMIT) return null;
    const c = this.s.cfg;
    const rec = await this.s.api.features.detailed(c.projectId, c.tableId, recordId);
    const att = rec.attachments.find((a) => isSoundMime(a.mimeType));
    if (!att || (await this.queue().removing(recordId, att.id))) return null;
    const blob = await this.s.api.records.attachment(c.projectId, att.id);
    return { blob, mimeType: att.mimeType, attachmentId: att.id, waiting: false, refused: null };
  }

  /**
   * Sends waiting sounds when online. One flush at a time; a call during one makes it go round
   * again (a find's create may have synced meanwhile). A flush stopped by the network or the
   * server, or one that left sounds waiting for their find's create, is tried again after a
   * growing pause (5 s doubling to 5 min) while online.
   */
  flush(): Promise<void> {
    if (!this.s.online) return Promise.resolve();
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      let end: FlushEnd;
      try {
        do {
          this.again = false;
          end = await this.queue().flush(this.server());
        } while (this.again && end === 'done');
      } catch (e) {
        console.error('Sounds not sent', e);
        end = 'stopped';
      } finally {
        this.flushing = null;
      }
      this.retryLater(end);
    })();
    return this.flushing;
  }

  /** After a stopped or waiting flush: one retry after the next pause; after a complete one the pause starts over. */
  private retryLater(end: FlushEnd): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    if (end === 'done') {
      this.pauseMs = FIRST_PAUSE_MS;
      return;
    }
    this.s.emit({ type: 'soundsWaiting' });
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.flush();
    }, this.pauseMs);
    this.pauseMs = Math.min(this.pauseMs * 2, LAST_PAUSE_MS);
  }

  private server(): SoundServer {
    return soundServer(this.s.api.records, this.s.target);
  }

  private queue(): SoundQueue {
    this.made ??= new SoundQueue(this.s.db, this.s.target.tableId, (id) => this.stored().isLocalOnly(id));
    return this.made;
  }
}
