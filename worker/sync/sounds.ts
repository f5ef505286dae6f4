import type { OfflineDb, SoundRow } from '../store/db.ts';
import { MAX_SOUND_BYTES, SOUND_EXTENSIONS, type SoundMime } from '../../domain/sound.ts';
import { currentId } from './localRows.ts';
import { classify } from './outcome.ts';

/** What the queue asks of the server: upload a sound once per key, delete a stored one. */
export interface SoundServer {
  /** POST the sound as an attachment of `recordId` with Kind=sound and Idempotency-Key `key`. */
  add(recordId: number, file: { blob: Blob; name: string }, key: string): Promise<void>;
  /** DELETE attachment `attachmentId`. */
  remove(attachmentId: number): Promise<void>;
}

/** A find's sound waiting on the device. */
export interface PendingSound {
  blob: Blob;
  mimeType: string;
  /** The server's reason, when it refused the upload. */
  lastError: string | null;
}

/** How a flush ended: all sent, some waiting for their find's create, or stopped by the network / a 401. */
export type FlushEnd = 'done' | 'waiting' | 'stopped';

/**
 * The sounds of finds on their way to the server, apart from the outbox of records (their
 * photos are part of a record's change; a sound is its own upload after the record exists): a
 * new sound is kept here with a UUID made when it was saved, and sent as an attachment with
 * that UUID as its Idempotency-Key, so the server stores it exactly once however often an upload
 * is repeated (a lost answer, a reload). A row goes only after a 2xx; a refusal (e.g. 400, 413)
 * keeps it with the server's reason. A sound of a find created offline waits until the create
 * has synced (its temporary id maps to the server's through idMap).
 */
export class SoundQueue {
  constructor(
    private readonly db: OfflineDb,
    private readonly tableId: number,
    private readonly isLocalOnly: (featureId: number) => Promise<boolean>,
    private readonly uuid: () => string = () => crypto.randomUUID(),
    private readonly now: () => number = Date.now,
  ) {}

  /** Keeps a new sound of a find to upload, replacing one of the find not yet sent. */
  async add(featureId: number, blob: Blob, mimeType: string): Promise<void> {
    if (blob.size > MAX_SOUND_BYTES) throw new Error('The sound is larger than 10 MB');
    const arrayBuffer = await blob.arrayBuffer();
    const base = mimeType.split(';')[0]!.trim().toLowerCase();
    const ext = SOUND_EXTENSIONS[base as SoundMime] ?? 'webm';
    const { db } = this;
    await db.transaction('rw', [db.sounds, db.features, db.idMap], async () => {
      await this.dropWaitingAdds(featureId);
      await db.sounds.add({
        featureId,
        op: 'add',
        key: this.uuid(),
        attachmentId: null,
        name: `zvok.${ext}`,
        mimeType: base,
        arrayBuffer,
        lastError: null,
        createdAt: this.now(),
      });
    });
  }

  /** Removes a find's sound: one waiting here is dropped; one on the server (`attachmentId`) is deleted there. */
  async remove(featureId: number, attachmentId: number | null): Promise<void> {
    const { db } = this;
    await db.transaction('rw', [db.sounds, db.features, db.idMap], async () => {
      await this.dropWaitingAdds(featureId);
      if (attachmentId === null) return;
      await db.sounds.add({
        featureId,
        op: 'remove',
        key: this.uuid(),
        attachmentId,
        name: '',
        mimeType: '',
        arrayBuffer: null,
        lastError: null,
        createdAt: this.now(),
      });
    });
  }

  /** The newest sound of a find waiting on the device, or null. */
  async pending(featureId: number): Promise<PendingSound | null> {
    const row = (await this.rowsOf(featureId)).filter((r) => r.op === 'add').at(-1);
    if (!row?.arrayBuffer) return null;
    return {
      blob: new Blob([row.arrayBuffer], { type: row.mimeType }),
      mimeType: row.mimeType,
      lastError: row.lastError,
    };
  }

  /** True when a delete of the server's sound `attachmentId` waits here. */
  async removing(featureId: number, attachmentId: number): Promise<boolean> {
    return (await this.rowsOf(featureId)).some((r) => r.op === 'remove' && r.attachmentId === attachmentId);
  }

  /** How many sounds wait (refused ones included). */
  count(): Promise<number> {
    return this.db.sounds.count();
  }

  /**
   * Sends what waits, oldest first: each upload with its key, each delete (a 404 is done). Stops
   * at a network failure, a 5xx or a 401 (tried again at the next flush); skips refused rows and
   * sounds of finds whose create has not synced ('waiting': the create may be on its way, e.g. sent
   * by the service worker).
   */
  async flush(server: SoundServer): Promise<FlushEnd> {
    // One sender at a time across the page and the service worker (a cross-context Web Lock, as the
    // outbox's): the Idempotency-Key already makes a double upload harmless, the lock saves it. A
    // queue busy elsewhere counts as 'waiting', tried again after the usual pause.
    const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
    if (!locks) return this.send(server);
    const end = await locks.request(`sounds:${this.db.name}`, { ifAvailable: true }, (lock) =>
      lock ? this.send(server) : ('busy' as const),
    );
    return end === 'busy' ? 'waiting' : end;
  }

  /** One pass over the waiting rows (flush, under the lock). */
  private async send(server: SoundServer): Promise<FlushEnd> {
    let end: FlushEnd = 'done';
    for (const row of await this.db.sounds.orderBy('id').toArray()) {
      if (row.lastError !== null) continue;
      const id = await currentId(this.db, this.tableId, row.featureId);
      if (await this.isLocalOnly(id)) {
        end = 'waiting';
        continue;
      }
      try {
        if (row.op === 'add' && row.arrayBuffer)
          await server.add(id, { blob: new Blob([row.arrayBuffer], { type: row.mimeType }), name: row.name }, row.key);
        else if (row.attachmentId !== null) await server.remove(row.attachmentId);
      } catch (e) {
        const o = classify(e, row.op === 'remove');
        if (o.type === 'refused') {
          await this.db.sounds.update(row.id as number, { lastError: o.reason });
          continue;
        }
        if (o.type !== 'ok') return 'stopped';
      }
      await this.db.sounds.delete(row.id as number);
    }
    return end;
  }

  /** Every waiting row of a find, under its current id or the temporary one it had. */
  private async rowsOf(featureId: number): Promise<SoundRow[]> {
    const ids = new Set([featureId, await currentId(this.db, this.tableId, featureId)]);
    // idMap is keyed by the temporary id and small (one row per find created offline): scanned.
    for (const m of await this.db.idMap.filter((x) => x.serverId === featureId).toArray()) ids.add(m.tempId);
    const rows = await this.db.sounds
      .where('featureId')
      .anyOf([...ids])
      .toArray();
    return rows.sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  }

  /** Drops a find's uploads not yet sent (a new sound or a removal replaces them). */
  private async dropWaitingAdds(featureId: number): Promise<void> {
    const rows = await this.rowsOf(featureId);
    await this.db.sounds.bulkDelete(rows.filter((r) => r.op === 'add').map((r) => r.id as number));
  }
}
