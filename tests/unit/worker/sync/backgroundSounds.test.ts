import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { openOfflineDb } from '../../../../worker/store/db.ts';
import { replayInBackground, saveBackgroundSetup } from '../../../../worker/sync/background.ts';
import { SoundQueue } from '../../../../worker/sync/sounds.ts';
import { fakeServerForFile } from './fakeServer.ts';
import { point, rig, TARGET, type Rig } from './helpers.ts';

/**
 * The service worker's background sync (worker/sync/background.ts) with the tab closed: it sends
 * the outbox, then the sounds waiting in their own queue (worker/sync/sounds.ts), so a find made
 * offline with a sound reaches the server whole. Each sound is stored once, also when an upload
 * committed but its answer was lost and the next sync sends it again.
 */

const server = fakeServerForFile();
afterEach(() => {
  server.rules.length = 0;
});

const isUpload = (q: { method: string; path: string }) => q.method === 'POST' && q.path.endsWith('/attachment');
const sound = (text: string): Blob => new Blob([text], { type: 'audio/webm;codecs=opus' });

/** A find made offline with a sound, as the form saves it (the page then closed); returns its temporary id. */
async function offlineFindWithSound(r: Rig, tag: string): Promise<number> {
  const { featureId } = await r.records.create(point(), { '780': tag }, null, server.email);
  await new SoundQueue(r.db, TARGET.tableId, (id) => r.records.isLocalOnly(id)).add(
    featureId,
    sound(`call-${tag}`),
    'audio/webm',
  );
  await saveBackgroundSetup(r.db, { accessToken: server.token, email: server.email, target: TARGET });
  r.engine.dispose();
  return featureId;
}

/** The service worker's sync event: its own connection to the same database. */
const backgroundSync = (r: Rig) => replayInBackground(server.origin, () => openOfflineDb(r.name));

describe('background sync sends waiting sounds', () => {
  it('sends the find, then its sound under the server id, once', async () => {
    const r = rig(server);
    await offlineFindWithSound(r, 'frog-1');

    expect(await backgroundSync(r)).toBe('done');

    const [rec] = server.find('780', 'frog-1');
    expect(rec?.attachments.map((a) => [a.name, a.content])).toEqual([['zvok.webm', 'call-frog-1']]);
    expect(await r.db.sounds.count()).toBe(0);
    expect(await r.db.outbox.count()).toBe(0);
    // A later sync (or the page opened again) has nothing left to send.
    const uploads = server.stats.uploads201;
    expect(await backgroundSync(r)).toBe('done');
    expect(server.stats.uploads201).toBe(uploads);
  });

  it('stores the sound once when its upload committed but the answer was lost', async () => {
    const r = rig(server);
    await offlineFindWithSound(r, 'frog-2');
    server.rules.push({ match: isUpload, fault: 'lose' });

    expect(await backgroundSync(r)).toBe('retry'); // the browser fires the sync again later
    expect(await r.db.sounds.count()).toBe(1);
    expect(await backgroundSync(r)).toBe('done');

    const [rec] = server.find('780', 'frog-2');
    expect(rec?.attachments.map((a) => a.content)).toEqual(['call-frog-2']);
    expect(server.stats.uploads200).toBeGreaterThan(0); // the repeat was answered from the key
  });

  it('keeps the sound for the page when the token is refused', async () => {
    const r = rig(server);
    await offlineFindWithSound(r, 'frog-3');
    server.rules.push({ match: isUpload, fault: '401' });

    expect(await backgroundSync(r)).toBe('needs-login');
    expect(await r.db.sounds.count()).toBe(1);
    expect(server.find('780', 'frog-3')[0]?.attachments).toEqual([]);
  });
});
