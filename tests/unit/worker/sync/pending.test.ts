import { describe, expect, it } from 'vitest';
import { fakeServerForFile } from './fakeServer.ts';
import { asFeature, downloadArea, drain, photo, point, rig } from './helpers.ts';

/** The profile's list of waiting changes: what each is and where it stands; a waiting change can be discarded. */
const server = fakeServerForFile();

describe('waiting changes', () => {
  it('lists creates, edits and deletes in sending order, with their photo and state; a failed one with its retry time', async () => {
    const r = rig(server);
    const a = server.seed({ '782': 1 }, null);
    const b = server.seed({ '782': 1 }, null);
    await downloadArea(r.db, [asFeature(a), asFeature(b)]);
    const { featureId } = await r.records.create(point(), { '920': 7, '980': 1105 }, photo('new'), server.email);
    await r.records.update(a.id, { '782': 5 }, null, null);
    await r.records.remove(b.id);
    const before = await r.engine.pending();
    expect(before.map((c) => [c.kind, c.featureId, c.state, c.hasPhoto])).toEqual([
      ['create', featureId, 'queued', true],
      ['update', a.id, 'queued', false],
      ['delete', b.id, 'queued', false],
    ]);
    expect(before[1]!.feature?.properties['782']).toBe(5);

    server.rules.push({ match: (q) => q.method === 'POST' && q.path.endsWith('/full'), fault: '500' });
    await r.engine.run();
    const [failed] = await r.engine.pending();
    expect(failed).toMatchObject({ kind: 'create', state: 'failed', attempts: 1 });
    expect(failed!.nextAttemptAt).toBe(r.clock.now() + 2000);
  });

  it('discarding a waiting edit puts the record back as the server has it, and nothing is sent', async () => {
    const r = rig(server);
    const a = server.seed({ '782': 1 }, null);
    await downloadArea(r.db, [asFeature(a)]);
    await r.records.update(a.id, { '782': 8 }, null, photo('p'));
    const [c] = await r.engine.pending();
    await r.engine.discard(c!.changeId);
    expect(await r.engine.pending()).toEqual([]);
    expect(await r.engine.state()).toMatchObject({ pending: 0, failed: 0, conflicts: 0 });
    expect((await r.records.get(a.id))?.feature.properties['782']).toBe(1);
    expect(await r.db.attachments.count()).toBe(0);
    const puts = server.stats.puts;
    await r.engine.run();
    expect(server.stats.puts).toBe(puts);
  });

  it('discarding a waiting create removes the record that never reached the server', async () => {
    const r = rig(server);
    const { featureId } = await r.records.create(point(3), { '920': 7, '980': 1105 }, null, server.email);
    const [c] = await r.engine.pending();
    await r.engine.discard(c!.changeId);
    expect(await r.records.get(featureId)).toBeNull();
    expect(await r.engine.pending()).toEqual([]);
  });
});

describe('waiting changes of a find not yet on the server', () => {
  it('an edit of it cannot be discarded alone (its unsent create would go with it)', async () => {
    const r = rig(server);
    const { featureId } = await r.records.create(point(5), { '920': 7, '980': 1105 }, null, server.email);
    const row = (await r.db.features.toArray()).find((f) => f.featureId === featureId)!;
    // An edit queued as its own change behind the create (as after a create that may have been sent).
    await r.db.outbox.add({
      id: 'edit-of-temp',
      seq: 999,
      kind: 'update',
      tableId: 48,
      featureId,
      featureRowId: row.id as number,
      state: 'queued',
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      lastStatus: null,
      createdAt: 0,
    });
    await expect(r.engine.discard('edit-of-temp')).rejects.toThrow(/not yet on the server/);
    expect(await r.records.get(featureId)).not.toBeNull();
    expect((await r.engine.pending()).map((c) => [c.kind, c.discardable])).toEqual([
      ['create', true],
      ['update', false],
    ]);
  });

  it('after it synced, an online edit gives its stored copy the new version (no false 412 on the next offline edit)', async () => {
    const r = rig(server);
    const { featureId } = await r.records.create(point(6), { '920': 7, '980': 1105, '782': 1 }, null, server.email);
    await drain(r);
    const serverId = (await r.db.idMap.get(featureId))!.serverId;
    const stored = (await r.records.get(serverId))!.feature;
    await r.records.adoptServerVersion({ ...stored, properties: { ...stored.properties, '782': 9 }, version: 7 });
    const now = (await r.records.get(serverId))!.feature;
    expect(now.version).toBe(7);
    expect(now.properties['782']).toBe(9);
  });
});

describe('an edit saved offline from a form opened online', () => {
  it('is based on the version the form read, when the stored copy is older', async () => {
    const r = rig(server);
    const a = server.seed({ '782': 1 }, null);
    await downloadArea(r.db, [{ ...asFeature(a), version: 2 }]);
    await r.records.update(a.id, { '782': 4 }, null, null, 5);
    expect((await r.records.get(a.id))!.feature.version).toBe(5);
    await r.records.update(a.id, { '782': 6 }, null, null, 3);
    expect((await r.records.get(a.id))!.feature.version).toBe(5);
  });
});
