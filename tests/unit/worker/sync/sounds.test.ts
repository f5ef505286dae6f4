import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openOfflineDb, type OfflineDb } from '../../../../worker/store/db.ts';
import { SoundQueue, type SoundServer } from '../../../../worker/sync/sounds.ts';
import { ApiError } from '../../../../worker/http/errors.ts';

/**
 * The sounds' queue (worker/sync/sounds.ts) against a server that keeps uploads by their
 * Idempotency-Key, as the real one does (tests/api/attachmentIdempotency.test.ts): a sound is
 * stored once even when an upload committed but its answer was lost; a sound of a find created
 * offline waits for the find's server id; a refusal keeps the sound with the reason.
 */
class KeyedServer implements SoundServer {
  stored = new Map<string, { recordId: number; name: string; size: number }>();
  removed: number[] = [];
  /** Thrown after the next upload committed (its answer lost on the way). */
  loseNextAnswer = false;
  refuse: ApiError | null = null;
  calls = 0;

  async add(recordId: number, file: { blob: Blob; name: string }, key: string): Promise<void> {
    this.calls++;
    if (this.refuse) throw this.refuse;
    if (!this.stored.has(key)) this.stored.set(key, { recordId, name: file.name, size: file.blob.size });
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw new ApiError('Network error', 0, '', '');
    }
  }

  async remove(attachmentId: number): Promise<void> {
    this.removed.push(attachmentId);
  }
}

let db: OfflineDb;
let localOnly: Set<number>;
let queue: SoundQueue;
let n = 0;
const beep = (bytes = 100): Blob => new Blob([new Uint8Array(bytes)], { type: 'audio/webm;codecs=opus' });

beforeEach(async () => {
  db = openOfflineDb(`sounds-${++n}`);
  await db.open();
  localOnly = new Set();
  queue = new SoundQueue(db, 48, async (id) => localOnly.has(id));
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('sounds queue', () => {
  it('stores a sound once when an upload committed but its answer was lost', async () => {
    const server = new KeyedServer();
    await queue.add(2001, beep(), 'audio/webm;codecs=opus');
    server.loseNextAnswer = true;
    expect(await queue.flush(server)).toBe('stopped');
    expect(await queue.count()).toBe(1);
    expect(await queue.flush(server)).toBe('done');
    expect(server.calls).toBe(2);
    expect([...server.stored.values()]).toEqual([{ recordId: 2001, name: 'zvok.webm', size: 100 }]);
    expect(await queue.count()).toBe(0);
  });

  it('waits for a find created offline to get its server id, then sends the sound under it', async () => {
    const server = new KeyedServer();
    localOnly.add(42);
    await queue.add(42, beep(), 'audio/mp4');
    expect(await queue.flush(server)).toBe('waiting');
    expect(server.calls).toBe(0);
    expect((await queue.pending(42))?.mimeType).toBe('audio/mp4');
    // The create synced: 42 is now 3005 on the server.
    localOnly.delete(42);
    await db.idMap.put({ tempId: 42, serverId: 3005 });
    expect((await queue.pending(3005))?.mimeType).toBe('audio/mp4');
    expect(await queue.flush(server)).toBe('done');
    expect([...server.stored.values()].map((s) => [s.recordId, s.name])).toEqual([[3005, 'zvok.m4a']]);
  });

  it('keeps a refused sound with the reason and goes on with the others', async () => {
    const server = new KeyedServer();
    await queue.add(2001, beep(), 'audio/webm');
    server.refuse = new ApiError('Bad Request', 400, 'Bad Request', '');
    expect(await queue.flush(server)).toBe('done');
    expect((await queue.pending(2001))?.lastError).toBe('Bad Request');
    server.refuse = null;
    await queue.remove(2002, 77);
    await queue.flush(server);
    expect(server.removed).toEqual([77]);
    expect(await queue.count()).toBe(1);
  });

  it('replaces a sound not yet sent, and a removal drops it', async () => {
    await queue.add(2001, beep(10), 'audio/webm');
    await queue.add(2001, beep(20), 'audio/ogg');
    expect((await queue.pending(2001))?.blob.size).toBe(20);
    await queue.remove(2001, null);
    expect(await queue.count()).toBe(0);
    await expect(queue.add(2001, beep(10 * 1024 * 1024 + 1), 'audio/webm')).rejects.toThrow(/10 MB/);
  });
});
