import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openOfflineDb } from '../../../../worker/store/db.ts';
import { OfflineRecords, TEMP_ID_LIMIT } from '../../../../worker/sync/index.ts';
import type { Feature } from '../../../../domain/model.ts';
import { TARGET, downloadArea, photo, point } from './helpers.ts';

const fresh = () => openOfflineDb(`offline-${Math.random()}`);
const serverFeature = (id: number, label: string): Feature => ({
  type: 'Feature',
  id,
  geometry: point(id),
  properties: { '780': label, '782': 1, '974': 5 },
});

describe('OfflineRecords (offline writes: flags, temp ids, queued changes)', () => {
  it('creates with isInsert 1, a random id below 10,000,000, the photo with isInsert 1 and one queued create', async () => {
    const db = fresh();
    const rec = new OfflineRecords(db, TARGET);
    const ids = new Set<number>();
    for (let i = 0; i < 20; i++) {
      const { featureId } = await rec.create(
        point(i),
        { '780': `r${i}` },
        i === 0 ? photo('p0') : null,
        'ana@example.si',
      );
      expect(featureId).toBeGreaterThan(0);
      expect(featureId).toBeLessThan(TEMP_ID_LIMIT);
      ids.add(featureId);
    }
    expect(ids.size).toBe(20);
    const rows = await db.features.toArray();
    expect(
      rows.every(
        (r) => r.isInsert === 1 && r.isEdit === 0 && r.isDelete === 0 && r.extentId === null && r.profileId === 18,
      ),
    ).toBe(true);
    const att = await db.attachments.toArray();
    expect(att).toHaveLength(1);
    expect(att[0]).toMatchObject({
      isInsert: 1,
      tableAttachmentInfoId: 1,
      projectId: 35,
      mimeType: 'image/jpeg',
      size: 2,
    });
    const outbox = await db.outbox.orderBy('seq').toArray();
    expect(outbox.map((c) => c.kind)).toEqual(Array(20).fill('create'));
    expect(outbox.map((c) => c.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(outbox.every((c) => c.state === 'queued' && /^[0-9a-f-]{36}$/.test(c.id))).toBe(true);
    const first = rows[0]!;
    expect(first.feature.properties).toMatchObject({ '780': 'r0', '974': 5, '2066': true, '1820': 'ana@example.si' });
    expect(await rec.list()).toHaveLength(20);
    expect(await (await rec.photo(first.featureId))?.text()).toBe('p0');
  });

  it('never picks an id already used', async () => {
    const db = fresh();
    await downloadArea(db, [serverFeature(4242, 'taken')]);
    const seq = [4242 / TEMP_ID_LIMIT, 4242 / TEMP_ID_LIMIT, 77 / TEMP_ID_LIMIT];
    const rec = new OfflineRecords(db, TARGET, { random: () => seq.shift() ?? 0.5 });
    const { featureId } = await rec.create(point(), {}, null, 'a@b.si');
    expect(featureId).toBe(77);
  });

  it('edits an offline-created record in place: still isInsert, its create updated, no update queued', async () => {
    const db = fresh();
    const rec = new OfflineRecords(db, TARGET);
    const { featureId } = await rec.create(point(), { '780': 'a', '782': 1 }, null, 'a@b.si');
    await rec.update(featureId, { '782': 2 }, null, photo('new'));
    const rows = await db.features.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ isInsert: 1, isEdit: 0 });
    expect(rows[0]!.feature.properties).toMatchObject({ '780': 'a', '782': 2 });
    expect((await db.outbox.toArray()).map((c) => c.kind)).toEqual(['create']);
    expect((await db.attachments.toArray()).map((a) => a.isInsert)).toEqual([1]);
  });

  it('drops an offline-created record that never left the device, with its create and photo', async () => {
    const db = fresh();
    const rec = new OfflineRecords(db, TARGET);
    const { featureId } = await rec.create(point(), {}, photo('x'), 'a@b.si');
    await rec.remove(featureId);
    expect(await db.features.count()).toBe(0);
    expect(await db.attachments.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await rec.get(featureId)).toBeNull();
    // Its id is not guessed to be a server record's: a second delete or an edit is refused.
    await expect(rec.remove(featureId)).rejects.toThrow(/not stored offline/);
    await expect(rec.update(featureId, {}, null, null)).rejects.toThrow(/not stored offline/);
  });

  it('edits a downloaded record on its own change row (isEdit 1), one update per record, area copy untouched', async () => {
    const db = fresh();
    await downloadArea(db, [serverFeature(1500, 'srv'), serverFeature(1501, 'other')]);
    await downloadArea(db, [serverFeature(1500, 'srv')], 2);
    const rec = new OfflineRecords(db, TARGET);
    await rec.update(1500, { '782': 5 }, null, null);
    await rec.update(1500, { '782': 6 }, point(9), photo('p'));
    const rows = await db.features.where('[tableId+featureId]').equals([48, 1500]).toArray();
    expect(rows.filter((r) => r.extentId === null)).toMatchObject([{ isEdit: 1, isInsert: 0, isDelete: 0 }]);
    expect(
      rows.filter((r) => r.extentId !== null).every((r) => r.isEdit === 0 && r.feature.properties['782'] === 1),
    ).toBe(true);
    expect((await db.outbox.toArray()).map((c) => [c.kind, c.featureId])).toEqual([['update', 1500]]);
    const list = await rec.list();
    expect(list).toHaveLength(2);
    expect(list.find((f) => f.id === 1500)?.properties['782']).toBe(6);
    expect((await rec.get(1500))?.hasPhoto).toBe(true);
    expect(await (await rec.photo(1500))?.text()).toBe('p');
  });

  it('deletes a downloaded record: isDelete 1, its waiting edit dropped, one delete queued, gone from the layer', async () => {
    const db = fresh();
    await downloadArea(db, [serverFeature(1600, 'srv')]);
    const rec = new OfflineRecords(db, TARGET);
    await rec.update(1600, { '782': 3 }, null, photo('p'));
    await rec.remove(1600);
    await rec.remove(1600);
    expect((await db.outbox.toArray()).map((c) => c.kind)).toEqual(['delete']);
    expect(await db.attachments.count()).toBe(0);
    expect((await db.features.where('isDelete').equals(1).toArray()).map((r) => r.featureId)).toEqual([1600]);
    expect(await rec.list()).toEqual([]);
    expect(await rec.get(1600)).toBeNull();
    await expect(rec.update(1600, {}, null, null)).rejects.toThrow(/deleted/);
  });

  it('queues an update and a delete after a create that may already be on the server', async () => {
    const db = fresh();
    const rec = new OfflineRecords(db, TARGET);
    const { featureId } = await rec.create(point(), { '782': 1 }, null, 'a@b.si');
    const create = (await db.outbox.toArray())[0]!;
    await db.outbox.update(create.id, { state: 'failed', attempts: 1, lastError: 'Network Error' });
    await rec.update(featureId, { '782': 2 }, null, null);
    await rec.update(featureId, { '782': 3 }, null, null);
    expect((await db.outbox.orderBy('seq').toArray()).map((c) => c.kind)).toEqual(['create', 'update']);
    await rec.remove(featureId);
    expect((await db.outbox.orderBy('seq').toArray()).map((c) => c.kind)).toEqual(['create', 'delete']);
    expect((await db.features.toArray())[0]).toMatchObject({ isInsert: 1, isDelete: 1 });
  });

  it('serves a new offline photo chosen as the cover first, else the stored thumbnail', async () => {
    const db = fresh();
    await downloadArea(db, [serverFeature(1700, 'srv')]);
    await db.attachments.add({
      tableId: 48,
      featureId: 1700,
      tableAttachmentInfoId: 1,
      name: 'thumb',
      mimeType: 'image/jpeg',
      size: 5,
      arrayBuffer: await new Blob(['thumb']).arrayBuffer(),
      isInsert: 0,
      isEdit: 0,
      isDelete: 0,
      projectId: 35,
    });
    const rec = new OfflineRecords(db, TARGET);
    expect(await (await rec.photo(1700, true))?.text()).toBe('thumb');
    // A photo added offline comes after the server's: the card keeps the server's cover…
    await rec.update(1700, {}, null, photo('fresh'));
    expect(await (await rec.photo(1700, true))?.text()).toBe('thumb');
    // …unless the new one was chosen as the cover.
    await rec.update(1700, {}, null, { ...photo('cover'), cover: true });
    expect(await (await rec.photo(1700, true))?.text()).toBe('cover');
    expect((await rec.photos(1700)).map((p) => [p.pending, p.cover])).toEqual([
      [false, false],
      [true, false],
      [true, true],
    ]);
    expect(await rec.photo(999)).toBeNull();
  });
});
