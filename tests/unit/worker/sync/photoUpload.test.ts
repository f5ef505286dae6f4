import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordService } from '../../../../worker/records/service.ts';
import { RecordsCore } from '../../../../worker/records/recordsCore.ts';
import type { SaveRecordInput } from '../../../../worker/records/types.ts';
import { photoUploadKey, uploadName } from '../../../../worker/sync/localRows.ts';
import type { AttachmentRow } from '../../../../worker/store/db.ts';
import { fakeServerForFile, type FakeRecord } from './fakeServer.ts';
import { asFeature, downloadArea, drain, photo, rig, ShortTimeoutClient, TARGET } from './helpers.ts';

// The browser's resizing (createImageBitmap, OffscreenCanvas) is not in Node: the save sends the file as it is.
vi.mock('../../../../worker/photos/resize.ts', () => ({
  resizePhoto: async (blob: Blob) => ({ blob, width: 1, height: 1 }),
}));

/**
 * Issue #19: a photo added to an existing record is stored once, also when an upload commits
 * after its client gave up and already retried — the case the upload's name check cannot catch
 * and only the Idempotency-Key closes. Each case also runs against a server that ignores the key
 * (an old server), to show the fault really reaches that window.
 */

const server = fakeServerForFile();
afterEach(() => {
  server.uploadKeys = true;
  server.rules.length = 0;
});

const isUpload = (q: { method: string; path: string }) => q.method === 'POST' && q.path.endsWith('/attachment');
const contents = (rec: FakeRecord) => rec.attachments.map((a) => a.content);

/** A gate a fault rule holds a request at until `open()` (its connection cut at once: the client gives up). */
function gate(): { hold: Promise<void>; open: () => void } {
  let open = () => {};
  const hold = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { hold, open };
}

describe('outbox: an edit with a new photo', () => {
  for (const keys of [true, false]) {
    it(`${keys ? 'stores it once' : 'CONTROL, server ignoring the key: stores it twice'} when the first upload commits after the retry`, async () => {
      server.uploadKeys = keys;
      const seeded = server.seed({ '780': `late-${keys}`, '782': 0 }, 'old-photo');
      const r = rig(server);
      await downloadArea(r.db, [asFeature(seeded)]);
      await r.records.update(seeded.id, { '782': 1 }, null, photo('new-photo'));
      const late = gate();
      server.rules.push({ match: isUpload, fault: { hold: late.hold, cut: true } });

      await r.engine.run(); // PUT, the new photo's upload held (the client's connection cut)
      expect((await r.engine.state()).failed).toBe(1);
      expect(contents(seeded)).toEqual(['old-photo']);
      await drain(r); // the retry: the name is not on the server yet, so the photo is sent again
      expect(contents(seeded)).toEqual(['old-photo', 'new-photo']);
      late.open(); // the first upload reaches its commit only now
      await server.settle();

      // A photo added offline comes after the find's others (it replaces none).
      expect(contents(seeded)).toEqual(keys ? ['old-photo', 'new-photo'] : ['old-photo', 'new-photo', 'new-photo']);
      expect(await r.engine.state()).toMatchObject({ pending: 0, failed: 0, conflicts: 0 });
      r.engine.dispose();
    });
  }

  it('sends one key per change and photo, valid for the server, the same after a reload', async () => {
    const row = { id: 7, mimeType: 'image/jpeg' } as AttachmentRow;
    const key = await photoUploadKey('0f8fad5b-d9cb-469f-a165-70867728950e', row);
    expect(key).toBe(uploadName('0f8fad5b-d9cb-469f-a165-70867728950e', row));
    expect(await photoUploadKey('0f8fad5b-d9cb-469f-a165-70867728950e', row)).toBe(key);
    expect(await photoUploadKey('0f8fad5b-d9cb-469f-a165-70867728950e', { ...row, id: 8 })).not.toBe(key);
    // A change id that is not a valid key (not ASCII, too long) is hashed.
    for (const odd of ['sprememba čšž', 'x'.repeat(300)]) {
      const hashed = await photoUploadKey(odd, row);
      expect(hashed).toMatch(/^sha256-[0-9a-f]{64}$/);
      expect(await photoUploadKey(odd, row)).toBe(hashed);
    }
  });
});

describe('online save: RecordService.replacePhoto with a key', () => {
  const service = () => new RecordService(new ShortTimeoutClient(server.origin, () => server.token, 5000), TARGET);

  it('retries a lost answer with the same key: the photo once, no failure', async () => {
    const rec = server.seed({ '780': 'online-lost' }, 'old');
    server.rules.push({ match: isUpload, fault: 'lose' });
    const replays = server.stats.uploads200;
    await service().replacePhoto(rec.id, { blob: new Blob(['new']), name: 'a.jpg' }, rec.attachments, {
      idempotencyKey: 'save-1',
      uploadAttempts: 3,
      pauseMs: 0,
    });
    expect(contents(rec)).toEqual(['new']);
    expect(server.stats.uploads200 - replays).toBe(1);
  });

  for (const keys of [true, false]) {
    it(`${keys ? 'stores it once' : 'CONTROL, server ignoring the key: stores it twice'} when an upload stalls past the time-out and commits after the retry`, async () => {
      server.uploadKeys = keys;
      const rec = server.seed({ '780': `online-stall-${keys}` }, 'old');
      const late = gate();
      server.rules.push({ match: isUpload, fault: { hold: late.hold, cut: true } });
      await service().replacePhoto(rec.id, { blob: new Blob(['new']), name: 'a.jpg' }, rec.attachments, {
        idempotencyKey: 'save-2',
        uploadAttempts: 3,
        pauseMs: 0,
      });
      late.open();
      await server.settle();
      expect(contents(rec)).toEqual(keys ? ['new'] : ['new', 'new']);
    });
  }

  it('without a key sends once and reports the failure (no blind retry)', async () => {
    const rec = server.seed({ '780': 'online-nokey' }, null);
    server.rules.push({ match: isUpload, fault: 'lose' });
    await expect(
      service().replacePhoto(rec.id, { blob: new Blob(['new']), name: 'a.jpg' }, [], { uploadAttempts: 3, pauseMs: 0 }),
    ).rejects.toMatchObject({ status: 0 });
    expect(contents(rec)).toEqual(['new']);
  });

  it('RecordsCore.save: the photo picked replaces the old one, with its own key kept over its retries', async () => {
    const rec = server.seed({ '780': 'form-save' }, 'old');
    const core = new RecordsCore(new ShortTimeoutClient(server.origin, () => server.token, 5000), TARGET);
    // The form as the user leaves it: the old photo removed, one new photo with the key it got when picked.
    const input = (content: string): SaveRecordInput => ({
      id: rec.id,
      values: {},
      coord: [1_600_000, 5_800_000] as [number, number],
      photos: [{ kind: 'new', file: new Blob([content]), name: 'p.jpg', key: `pick-${content}` }],
      cover: null,
      idempotencyKey: 'form-key',
    });
    const replays = server.stats.uploads200;
    server.rules.push({ match: isUpload, fault: 'lose' });
    const first = await core.save(input('first'), [], () => {});
    expect(first.photoFailed).toBe(false);
    expect(contents(rec)).toEqual(['first']);
    expect(server.stats.uploads200 - replays).toBe(1); // the retry carried the first attempt's key
    const firstKey = rec.attachments[0]?.key;
    expect(firstKey).toBe('ana@example.si pick-first');
    // A second save of the same form (same form key) with another photo picked is a new upload under its own key.
    const second = await core.save(input('second'), [], () => {});
    expect(second.photoFailed).toBe(false);
    expect(contents(rec)).toEqual(['second']);
    expect(rec.attachments[0]?.key).not.toBe(firstKey);
  });
});
