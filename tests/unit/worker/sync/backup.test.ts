import { describe, expect, it } from 'vitest';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { exportBackup } from '../../../../worker/sync/backupExport.ts';
import { IMPORTED_NOTE, importBackup, type BackupTarget } from '../../../../worker/sync/backupImport.ts';
import { BackupError } from '../../../../worker/sync/backupFormat.ts';
import type { BackupRefusal } from '../../../../worker/sync/types.ts';
import { fakeServerForFile } from './fakeServer.ts';
import { asFeature, downloadArea, drain, photo, point, prng, rig, TARGET, type Rig } from './helpers.ts';

/**
 * The backup of waiting changes (docs/backup.md): exported from one browser and imported in
 * another, its changes go out under their own keys, so when both copies are sent the server keeps
 * each find and each photo once; a repeated import adds nothing; a bad file changes nothing.
 */
const server = fakeServerForFile();

/** The marker property every test gives its finds, to count them on the server. */
const MARK = '2000';
let marks = 0;

const target = (r: Rig, email: string | null = server.email): BackupTarget => ({
  email,
  target: TARGET,
  now: r.clock.now,
  random: Math.random,
});

const backupOf = (r: Rig, email = server.email) =>
  exportBackup(r.db, { email, appVersion: '9.9.9', projectId: 35, tableId: 48, now: new Date(2026, 10, 28, 9) });

/** What importing `file` as `email` throws, or null. */
async function refusalOf(r: Rig, file: Blob, email: string | null = server.email): Promise<BackupRefusal | null> {
  try {
    await importBackup(r.db, file, target(r, email));
    return null;
  } catch (e) {
    if (e instanceof BackupError) return e.refusal;
    throw e;
  }
}

/** Two finds made offline in `r` (the first with a photo), with a fresh marker each. */
async function twoFinds(r: Rig): Promise<[string, string]> {
  const m: [string, string] = [`b${++marks}`, `b${++marks}`];
  await r.records.create(point(1), { '920': 7, '980': 1105, [MARK]: m[0] }, photo(`photo-${m[0]}`), server.email);
  await r.records.create(point(2), { '920': 7, '980': 1106, [MARK]: m[1] }, null, server.email);
  return m;
}

/** A browser whose database has held photos before: its next attachment row ids differ from a fresh one's. */
async function photosBefore(r: Rig): Promise<Rig> {
  for (let i = 0; i < 5; i++) {
    const id = await r.db.attachments.add({
      ...{ tableId: 48, featureId: 1, tableAttachmentInfoId: 1, name: 'x.jpg', mimeType: 'image/jpeg', size: 0 },
      ...{ arrayBuffer: new ArrayBuffer(0), isInsert: 0, isEdit: 0, isDelete: 0, projectId: 35 },
    });
    await r.db.attachments.delete(id);
  }
  return r;
}

async function rewrite(file: Blob, edit: (files: Record<string, Uint8Array>) => void): Promise<Blob> {
  const files = unzipSync(new Uint8Array(await file.arrayBuffer()));
  edit(files);
  return new Blob([zipSync(files)]);
}

describe('backup of waiting changes', () => {
  it('round trip: both browsers send, the server keeps each find and each photo once', async () => {
    const a = rig(server);
    const [m1, m2] = await twoFinds(a);
    const seeded = server.seed({ '782': 1 }, null);
    await downloadArea(a.db, [asFeature(seeded)]);
    await a.records.update(seeded.id, { '782': 4 }, null, null);
    const backup = await backupOf(a);
    expect(backup.fileName).toBe('sporoci-vrsto-cakajoce-2026-11-28.zip');
    expect(backup.changes).toBe(3);

    const b = await photosBefore(rig(server));
    expect(await importBackup(b.db, backup.blob, target(b))).toEqual({ imported: 3, alreadyHere: 0, skipped: 0 });
    const pendingA = await a.engine.pending();
    const pendingB = await b.engine.pending();
    expect(pendingB.map((c) => [c.changeId, c.kind, c.hasPhoto])).toEqual(
      pendingA.map((c) => [c.changeId, c.kind, c.hasPhoto]),
    );
    expect(pendingB[0]!.feature?.properties[MARK]).toBe(m1);
    expect(await (await b.records.photo(pendingB[0]!.featureId))?.text()).toBe(`photo-${m1}`);

    await drain(b);
    const sent = server.find(MARK, m1)[0]!.attachments.map((x) => x.id);
    const uploads = server.stats.uploads;
    await drain(a);
    for (const m of [m1, m2]) expect(server.find(MARK, m)).toHaveLength(1);
    const [withPhoto] = server.find(MARK, m1);
    expect(withPhoto!.attachments.map((x) => x.content)).toEqual([`photo-${m1}`]);
    // The very photo the first copy sent: the second neither uploaded it again nor replaced it.
    expect(withPhoto!.attachments.map((x) => x.id)).toEqual(sent);
    expect(server.stats.uploads).toBe(uploads);
    expect(server.find(MARK, m2)[0]!.attachments).toEqual([]);
    expect(server.records.get(seeded.id)?.properties['782']).toBe(4);
    expect(await a.engine.state()).toMatchObject({ pending: 0, conflicts: 0 });
    expect(await b.engine.state()).toMatchObject({ pending: 0, conflicts: 0 });
  });

  it('a photo added to a server find: both copies upload it under one key, stored once', async () => {
    const a = rig(server);
    const seeded = server.seed({ '782': 1 }, null);
    await downloadArea(a.db, [asFeature(seeded)]);
    await a.records.update(seeded.id, { '782': 2 }, null, photo('added'));
    const b = await photosBefore(rig(server));
    await importBackup(b.db, (await backupOf(a)).blob, target(b));
    await drain(a);
    const sent = server.records.get(seeded.id)!.attachments.map((x) => x.id);
    const uploads = server.stats.uploads;
    await drain(b);
    expect(server.records.get(seeded.id)!.attachments.map((x) => x.content)).toEqual(['added']);
    expect(server.records.get(seeded.id)!.attachments.map((x) => x.id)).toEqual(sent);
    expect(server.stats.uploads).toBe(uploads);
    expect(await b.engine.state()).toMatchObject({ pending: 0, conflicts: 0 });
  });

  it('keeps any attachment by its MIME type: a sound recording waiting with a find comes back as it was', async () => {
    const a = rig(server);
    const { featureId } = await a.records.create(point(5), { '920': 7, '980': 1105 }, photo('slika'), server.email);
    const sound = new TextEncoder().encode('ID3 posnetek').buffer;
    await a.db.attachments.add({
      ...{ tableId: 48, featureId, tableAttachmentInfoId: 2, name: 'posnetek.m4a', mimeType: 'audio/mp4' },
      ...{ size: sound.byteLength, arrayBuffer: sound, isInsert: 1, isEdit: 0, isDelete: 0, projectId: 35 },
    });
    const { blob } = await backupOf(a);
    expect(Object.keys(unzipSync(new Uint8Array(await blob.arrayBuffer()))).sort()).toEqual([
      'attachments/1-1.jpg',
      'attachments/1-2.m4a',
      'manifest.json',
    ]);
    const b = await photosBefore(rig(server));
    await importBackup(b.db, blob, target(b));
    const rows = (await b.db.attachments.toArray()).map((x) => ({
      name: x.name,
      mimeType: x.mimeType,
      info: x.tableAttachmentInfoId,
      uploadId: x.uploadId,
      text: new TextDecoder().decode(x.arrayBuffer),
    }));
    expect(rows).toEqual([
      { name: 'slika.jpg', mimeType: 'image/jpeg', info: 1, uploadId: 1, text: 'slika' },
      { name: 'posnetek.m4a', mimeType: 'audio/mp4', info: 2, uploadId: 2, text: 'ID3 posnetek' },
    ]);
  });

  it('importing the same backup again queues nothing, also after its changes were sent', async () => {
    const a = rig(server);
    const [m1] = await twoFinds(a);
    const { blob } = await backupOf(a);
    const b = rig(server);
    expect(await importBackup(b.db, blob, target(b))).toMatchObject({ imported: 2 });
    expect(await importBackup(b.db, blob, target(b))).toEqual({ imported: 0, alreadyHere: 2, skipped: 0 });
    expect(await b.db.outbox.count()).toBe(2);
    await drain(b);
    expect(await importBackup(b.db, blob, target(b))).toEqual({ imported: 0, alreadyHere: 2, skipped: 0 });
    expect(await b.db.outbox.count()).toBe(0);
    // Into the browser that made it, while its changes still wait: nothing new either.
    expect(await importBackup(a.db, blob, target(a))).toEqual({ imported: 0, alreadyHere: 2, skipped: 0 });
    await drain(a);
    expect(server.find(MARK, m1)).toHaveLength(1);
  });

  it('a temp id taken here gets a fresh one; an edit before sending follows the create as an update', async () => {
    // The same seed: both browsers draw the same temp ids.
    const a = rig(server, { random: prng(7) });
    const b = rig(server, { random: prng(7) });
    const [m1] = await twoFinds(a);
    const [own] = await twoFinds(b);
    await importBackup(b.db, (await backupOf(a)).blob, target(b));
    const pending = await b.engine.pending();
    expect(new Set(pending.map((c) => c.featureId)).size).toBe(4);
    const imported = pending.find((c) => c.feature?.properties[MARK] === m1)!;
    expect((await b.db.outbox.get(imported.changeId))?.lastError).toBe(IMPORTED_NOTE);
    await b.records.update(imported.featureId, { '782': 9 }, null, null);
    expect((await b.engine.pending()).filter((c) => c.featureId === imported.featureId).map((c) => c.kind)).toEqual([
      'create',
      'update',
    ]);
    await drain(a);
    await drain(b);
    const [onServer] = server.find(MARK, m1);
    expect(server.find(MARK, m1)).toHaveLength(1);
    expect(onServer!.properties['782']).toBe(9);
    expect(onServer!.attachments).toHaveLength(1);
    expect(server.find(MARK, own)).toHaveLength(1);
  });

  it('an edit of a find that has a waiting change here is left out (that one stays); others are queued', async () => {
    const a = rig(server);
    const b = rig(server);
    const mine = server.seed({ '782': 1 }, null);
    const other = server.seed({ '782': 1 }, null);
    for (const r of [a, b]) await downloadArea(r.db, [asFeature(mine), asFeature(other)]);
    await a.records.update(mine.id, { '782': 2 }, null, null);
    await a.records.update(other.id, { '782': 3 }, null, null);
    await b.records.update(mine.id, { '782': 5 }, null, null);
    expect(await importBackup(b.db, (await backupOf(a)).blob, target(b))).toEqual({
      imported: 1,
      alreadyHere: 0,
      skipped: 1,
    });
    expect((await b.records.get(mine.id))?.feature.properties['782']).toBe(5);
    expect((await b.records.get(other.id))?.feature.properties['782']).toBe(3);
    await drain(b);
    expect(server.records.get(mine.id)?.properties['782']).toBe(5);
    expect(server.records.get(other.id)?.properties['782']).toBe(3);
  });

  it('refuses a file that is not a backup, a damaged one, a newer format, another user and signed out; nothing changes', async () => {
    const a = rig(server);
    await twoFinds(a);
    const { blob } = await backupOf(a);
    const b = rig(server);
    const notZip = new Blob([strToU8('to ni zip')]);
    const noManifest = await rewrite(blob, (f) => delete f['manifest.json']);
    const badJson = await rewrite(blob, (f) => (f['manifest.json'] = strToU8('{"format":')));
    const photoCut = await rewrite(blob, (f) => {
      const name = Object.keys(f).find((n) => n.startsWith('attachments/'))!;
      f[name] = f[name]!.slice(0, 3);
    });
    const manifest = JSON.parse(
      new TextDecoder().decode(unzipSync(new Uint8Array(await blob.arrayBuffer()))['manifest.json']),
    );
    const newer = await rewrite(
      blob,
      (f) => (f['manifest.json'] = strToU8(JSON.stringify({ ...manifest, formatVersion: 2 }))),
    );
    const badKey = await rewrite(blob, (f) => {
      const changes = [{ ...manifest.changes[0], key: 'z u' }];
      f['manifest.json'] = strToU8(JSON.stringify({ ...manifest, changes }));
    });
    for (const file of [notZip, noManifest, badJson, photoCut, badKey])
      expect(await refusalOf(b, file)).toEqual({ reason: 'notBackup' });
    expect(await refusalOf(b, newer)).toEqual({ reason: 'newerFormat' });
    expect(await refusalOf(b, blob, 'mojca@example.si')).toEqual({ reason: 'otherUser', email: server.email });
    expect(await refusalOf(b, blob, null)).toEqual({ reason: 'signedOut' });
    const otherProject = await rewrite(
      blob,
      (f) => (f['manifest.json'] = strToU8(JSON.stringify({ ...manifest, tableId: 49 }))),
    );
    expect(await refusalOf(b, otherProject)).toEqual({ reason: 'otherProject' });
    expect(await b.db.outbox.count()).toBe(0);
    expect(await b.db.features.count()).toBe(0);
    expect(await b.db.attachments.count()).toBe(0);
    // The e-mail is compared as the identity provider may spell it.
    expect(await refusalOf(b, blob, 'ANA@example.si ')).toBeNull();
    expect(await b.db.outbox.count()).toBe(2);
  });
});
