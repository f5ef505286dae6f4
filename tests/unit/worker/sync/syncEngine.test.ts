import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RecordService } from '../../../../worker/records/service.ts';
import { SyncEngine, type SyncState } from '../../../../worker/sync/index.ts';
import { fakeServerForFile } from './fakeServer.ts';
import { asFeature, downloadArea, drain, photo, point, rig, ShortTimeoutClient, TARGET } from './helpers.ts';

const server = fakeServerForFile();

const label = () => `L-${Math.random().toString(36).slice(2)}`;
const isCreate = (m: string, p: string) => m === 'POST' && p.endsWith('/full');

/** Holds the next create at the server: `seen` resolves when it arrives, `release` lets it be handled. */
function holdNextCreate(): { seen: Promise<void>; release: () => void } {
  let release = () => {};
  const hold = new Promise<void>((ok) => (release = ok));
  let arrived = () => {};
  const seen = new Promise<void>((ok) => (arrived = ok));
  server.rules.push({ match: (q) => isCreate(q.method, q.path) && (arrived(), true), fault: { hold } });
  return { seen, release };
}

describe('SyncEngine against a fake server', () => {
  it('syncs creates with photos, edits and deletes: exactly the expected records and photos', async () => {
    const r = rig(server);
    const keep = server.seed({ '780': label(), '782': 1 }, 'old-photo');
    const gone = server.seed({ '780': label(), '782': 1 }, null);
    await downloadArea(r.db, [asFeature(keep), asFeature(gone)]);
    const a = label();
    const b = label();
    const { featureId: ta } = await r.records.create(point(1), { '780': a, '782': 1 }, photo('photo-a'), server.email);
    const { featureId: tb } = await r.records.create(point(2), { '780': b, '782': 2 }, null, server.email);
    await r.records.update(keep.id, { '782': 7 }, null, photo('new-photo'));
    await r.records.remove(gone.id);
    expect((await r.engine.state()).pending).toBe(4);

    await r.engine.run();

    expect(await r.engine.state()).toMatchObject({
      pending: 0,
      failed: 0,
      conflicts: 0,
      running: false,
      needsLogin: false,
    });
    const [ra] = server.find('780', a);
    const [rb] = server.find('780', b);
    expect(server.find('780', a)).toHaveLength(1);
    expect(ra?.attachments.map((x) => x.content)).toEqual(['photo-a']);
    expect(rb?.attachments).toEqual([]);
    expect(server.records.get(keep.id)?.properties['782']).toBe(7);
    // A photo added offline comes after the find's others.
    expect(server.records.get(keep.id)?.attachments.map((x) => x.content)).toEqual(['old-photo', 'new-photo']);
    expect(server.records.has(gone.id)).toBe(false);
    // Local-only platform columns are never sent.
    expect(server.createBodies.at(-1)).not.toHaveProperty('1820');
    // Temp ids became server ids everywhere.
    expect(r.applied.filter((e) => e.kind === 'create')).toEqual([
      { kind: 'create', tempId: ta, serverId: ra?.id },
      { kind: 'create', tempId: tb, serverId: rb?.id },
    ]);
    expect(await r.db.idMap.toArray()).toEqual(
      expect.arrayContaining([
        { tempId: ta, serverId: ra?.id },
        { tempId: tb, serverId: rb?.id },
      ]),
    );
    const rowA = (await r.db.features.where('[tableId+featureId]').equals([48, ra!.id]).toArray())[0];
    expect(rowA).toMatchObject({ isInsert: 0, isEdit: 0, featureId: ra!.id, feature: { id: ra!.id } });
    expect((await r.db.attachments.where('[tableId+featureId]').equals([48, ra!.id]).toArray())[0]).toMatchObject({
      isInsert: 0,
    });
    expect(await r.db.features.where('[tableId+featureId]').equals([48, gone.id]).count()).toBe(0);
    expect((await r.records.get(ta))?.feature.id).toBe(ra!.id);
    // One report per change of the state: the run starts, each change lands, the run ends.
    expect(r.states.map((x) => [x.running, x.pending])).toEqual([
      [true, 4],
      [true, 3],
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
  });

  it('a create whose answer was lost is retried with the same key: no duplicate', async () => {
    const r = rig(server);
    const a = label();
    await r.records.create(point(), { '780': a }, photo('pa'), server.email);
    server.rules.push({ match: (q) => isCreate(q.method, q.path), fault: 'lose' });
    await r.engine.run();
    expect(await r.engine.state()).toMatchObject({ pending: 1, failed: 1 });
    expect(server.find('780', a)).toHaveLength(1); // committed, answer lost
    const replays = server.stats.creates200;
    await drain(r);
    expect(server.stats.creates200).toBe(replays + 1);
    expect(server.find('780', a)).toHaveLength(1);
    expect(server.find('780', a)[0]?.attachments).toHaveLength(1);
    expect(r.applied).toHaveLength(1);
  });

  it('an update whose photo fails after the PUT keeps only the photo queued, and never uploads it twice', async () => {
    const r = rig(server);
    const rec = server.seed({ '780': label(), '782': 1 }, 'old');
    await downloadArea(r.db, [asFeature(rec)]);
    await r.records.update(rec.id, { '782': 2 }, null, photo('new'));
    server.rules.push({ match: (q) => q.method === 'POST' && q.path.endsWith('/attachment'), fault: 'lose' });
    const puts = server.stats.puts;
    await r.engine.run();
    expect(await r.engine.state()).toMatchObject({ pending: 1, failed: 1 });
    expect(server.stats.puts).toBe(puts + 1);
    expect(await r.db.features.where('isEdit').equals(1).count()).toBe(0);
    server.rules.push({ match: (q) => q.method === 'GET', fault: '500' });
    r.clock.advance(2_000);
    await r.engine.run();
    expect(await r.engine.state()).toMatchObject({ pending: 1, failed: 1 });
    await drain(r);
    expect(server.stats.puts).toBe(puts + 1);
    expect(server.records.get(rec.id)?.attachments.map((a) => a.content)).toEqual(['old', 'new']);
    expect(server.records.get(rec.id)?.properties['782']).toBe(2);
  });

  it('a refused update becomes a conflict with the reason; discard restores the server version', async () => {
    const r = rig(server);
    const rec = server.seed({ '780': label(), '782': 1 }, null, server.email, 7);
    await downloadArea(r.db, [asFeature(rec)]);
    await r.records.update(rec.id, { '782': 9 }, null, photo('x'));
    await r.engine.run();
    expect(await r.engine.state()).toMatchObject({ pending: 0, conflicts: 1 });
    const [c] = await r.engine.conflicts();
    expect(c).toMatchObject({ kind: 'update', featureId: rec.id, status: 403, feature: { id: rec.id } });
    expect(c?.reason).toMatch(/STATUS 7/);
    expect(c?.feature?.properties['782']).toBe(9);
    rec.properties['782'] = 4; // changed on the server meanwhile
    await r.engine.discard(c!.changeId);
    expect(await r.engine.state()).toMatchObject({ pending: 0, conflicts: 0 });
    expect((await r.records.get(rec.id))?.feature.properties['782']).toBe(4);
    expect(await r.db.attachments.count()).toBe(0);
    expect(server.records.get(rec.id)?.properties['782']).toBe(4);
  });

  it('saveAsNew turns a refused update into a new create (record deleted on the server)', async () => {
    const r = rig(server);
    const rec = server.seed({ '780': label(), '782': 1 }, null);
    await downloadArea(r.db, [asFeature(rec)]);
    await r.records.update(rec.id, { '782': 3 }, null, photo('mine'));
    server.records.delete(rec.id);
    await r.engine.run();
    const [c] = await r.engine.conflicts();
    expect(c).toMatchObject({ kind: 'update', status: 404 });
    await r.engine.saveAsNew(c!.changeId);
    expect(await r.engine.state()).toMatchObject({ pending: 1, conflicts: 0 });
    await r.engine.run();
    const made = server.find('780', rec.properties['780']);
    expect(made).toHaveLength(1);
    expect(made[0]?.id).not.toBe(rec.id);
    expect(made[0]?.properties['782']).toBe(3);
    expect(made[0]?.attachments.map((a) => a.content)).toEqual(['mine']);
    const list = await r.records.list();
    expect(list.map((f) => f.id)).toEqual([made[0]?.id]);
  });

  it('saveAsNew of a record that is no longer editable keeps the original', async () => {
    const r = rig(server);
    const rec = server.seed({ '780': label(), '782': 1 }, null, server.email, 7);
    await downloadArea(r.db, [asFeature(rec)]);
    await r.records.update(rec.id, { '782': 3 }, null, null);
    await r.engine.run();
    const [c] = await r.engine.conflicts();
    await r.engine.saveAsNew(c!.changeId);
    await r.engine.run();
    const all = server.find('780', rec.properties['780']);
    expect(all.map((x) => x.properties['782']).sort()).toEqual([1, 3]);
    expect((await r.records.list()).length).toBe(2);
  });

  it('a 401 pauses the whole queue without marking anything failed, and resumes after a new token', async () => {
    const r = rig(server);
    const a = label();
    await r.records.create(point(), { '780': a }, null, server.email);
    await r.records.create(point(), { '780': `${a}-2` }, null, server.email);
    r.token.value = 'expired';
    await r.engine.run();
    const s = await r.engine.state();
    expect(s).toMatchObject({ needsLogin: true, failed: 0, pending: 2 });
    expect((await r.db.outbox.toArray()).every((c) => c.state === 'queued' && c.attempts === 0)).toBe(true);
    expect(r.sleeps).toEqual([]); // no automatic retry while paused
    r.token.value = server.token;
    await r.engine.run();
    expect(await r.engine.state()).toMatchObject({ needsLogin: false, pending: 0 });
    expect(server.find('780', a)).toHaveLength(1);
  });

  it('rewrites a temp id in later changes: an edit made while the create was on its way', async () => {
    const r = rig(server);
    const a = label();
    const { featureId: temp } = await r.records.create(point(), { '780': a, '782': 1 }, null, server.email);
    const { seen, release } = holdNextCreate();
    const running = r.engine.run();
    await seen;
    await r.records.update(temp, { '782': 2 }, null, photo('later'));
    const queued = await r.db.outbox.orderBy('seq').toArray();
    expect(queued.map((c) => [c.kind, c.featureId, c.state])).toEqual([
      ['create', temp, 'uploading'],
      ['update', temp, 'queued'],
    ]);
    release();
    await running;
    await r.engine.run();
    const [rec] = server.find('780', a);
    expect(server.find('780', a)).toHaveLength(1);
    expect(rec?.properties['782']).toBe(2);
    expect(rec?.attachments.map((x) => x.content)).toEqual(['later']);
    expect(await r.db.outbox.count()).toBe(0);
    expect(r.applied.map((e) => e.kind)).toEqual(['create', 'update']);
    expect(r.applied[1]).toEqual({ kind: 'update', serverId: rec?.id });
  });

  it('create then edit offline after a lost answer: the edit waits for the create, then goes to the server id', async () => {
    const r = rig(server);
    const a = label();
    const { featureId: temp } = await r.records.create(point(), { '780': a, '782': 1 }, photo('first'), server.email);
    server.rules.push({ match: (q) => isCreate(q.method, q.path), fault: 'lose' });
    await r.engine.run();
    await r.records.update(temp, { '782': 5 }, null, photo('second'));
    expect((await r.db.outbox.orderBy('seq').toArray()).map((c) => c.kind)).toEqual(['create', 'update']);
    await drain(r);
    const recs = server.find('780', a);
    expect(recs).toHaveLength(1);
    expect(recs[0]?.properties['782']).toBe(5);
    expect(recs[0]?.attachments.map((x) => x.content)).toEqual(['first', 'second']);
  });

  it('moves another offline record off an id the server just handed out', async () => {
    const clashId = server.nextId;
    const draws = [0.1, (clashId - 0.5) / (1e7 - 1), 0.2];
    const r = rig(server, { random: () => draws.shift() ?? Math.random() });
    const a = label();
    const { featureId: first } = await r.records.create(point(), { '780': a }, null, server.email);
    const { featureId: clash } = await r.records.create(point(), { '780': `${a}-b` }, photo('b'), server.email);
    expect(clash).toBe(clashId);
    await r.engine.run();
    expect(r.applied[0]).toEqual({ kind: 'create', tempId: first, serverId: clashId });
    expect(r.applied[1]?.tempId).not.toBe(clashId);
    expect(server.find('780', a).map((x) => x.id)).toEqual([clashId]);
    expect(server.find('780', `${a}-b`)).toHaveLength(1);
    expect(server.find('780', `${a}-b`)[0]?.attachments.map((x) => x.content)).toEqual(['b']);
    const list = await r.records.list();
    expect(list.map((f) => f.properties['780']).sort()).toEqual([a, `${a}-b`]);
  });

  it('retries a change left uploading by a reload; concurrent runs share one run', async () => {
    const r = rig(server);
    const a = label();
    await r.records.create(point(), { '780': a }, null, server.email);
    const { seen, release } = holdNextCreate();
    const first = r.engine.run();
    expect(r.engine.run()).toBe(first);
    await seen;
    r.reload(); // the page goes away with the create in flight
    release();
    await first;
    await server.settle();
    expect(server.find('780', a)).toHaveLength(1); // committed, but nobody heard the answer
    expect((await r.db.outbox.toArray())[0]?.state).toBe('uploading');
    await r.engine.run();
    expect(server.find('780', a)).toHaveLength(1);
    expect(await r.engine.state()).toMatchObject({ pending: 0 });
  });

  it('a delete of a record already gone counts as done; a refused create is a conflict and can be discarded', async () => {
    const r = rig(server);
    const rec = server.seed({ '780': label() }, null);
    await downloadArea(r.db, [asFeature(rec)]);
    await r.records.remove(rec.id);
    server.records.delete(rec.id);
    const { featureId } = await r.records.create(point(), { '999': 'bad' }, photo('p'), server.email);
    await r.engine.run();
    expect(await r.engine.state()).toMatchObject({ pending: 0, conflicts: 1 });
    const [c] = await r.engine.conflicts();
    expect(c).toMatchObject({ kind: 'create', featureId, status: 400 });
    expect(c?.reason).toMatch(/Unknown column/);
    await r.engine.discard(c!.changeId);
    expect(await r.db.features.count()).toBe(0);
    expect(await r.db.attachments.count()).toBe(0);
    expect(await r.engine.state()).toMatchObject({ pending: 0, conflicts: 0 });
  });
});

/**
 * A Web Lock manager as browsers have it (navigator.locks), for one process: a lock is held for
 * as long as its callback runs; `ifAvailable` gets null at once when it is held, otherwise a
 * request waits its turn.
 */
class Locks {
  private readonly held = new Map<string, Promise<void>>();
  async request<T>(
    name: string,
    a: { ifAvailable?: boolean } | ((lock: { name: string } | null) => T | Promise<T>),
    b?: (lock: { name: string } | null) => T | Promise<T>,
  ): Promise<T> {
    const [opts, callback] = typeof a === 'function' ? [{}, a] : [a, b!];
    if (opts.ifAvailable && this.held.has(name)) return callback(null);
    while (this.held.has(name)) await this.held.get(name);
    let free = () => {};
    this.held.set(name, new Promise<void>((r) => (free = r)));
    try {
      return await callback({ name });
    } finally {
      this.held.delete(name);
      free();
    }
  }
}

describe('SyncEngine beside another context replaying the same outbox (Web Lock)', () => {
  beforeAll(() => vi.stubGlobal('navigator', { locks: new Locks() }));
  afterAll(() => vi.unstubAllGlobals());

  it('the page waits for the service worker’s replay, then counts what is left: nothing', async () => {
    const r = rig(server); // r.engine plays the service worker: it does not wait for the lock
    const a = label();
    const b = label();
    await r.records.create(point(1), { '780': a }, null, server.email);
    await r.records.create(point(2), { '780': b }, null, server.email);
    const states: SyncState[] = [];
    let ended = 0;
    const page = new SyncEngine({
      db: r.db,
      service: new RecordService(new ShortTimeoutClient(server.origin, () => r.token.value, 1500), TARGET),
      target: TARGET,
      onState: (s) => states.push(s),
      onOtherReplayEnded: () => ended++,
      sleep: () => new Promise<void>(() => {}),
    });
    const { seen, release } = holdNextCreate();
    const background = r.engine.run();
    await seen; // the service worker holds the lock, its first create on the way
    const pageRun = page.run();
    // It waits for the lock: it has not ended while the service worker's create is held.
    const later = new Promise<string>((ok) => setTimeout(() => ok('waiting'), 100));
    expect(await Promise.race([pageRun.then(() => 'ended'), later])).toBe('waiting');
    release();
    await background;
    await pageRun;
    expect(ended).toBe(1);
    expect(server.find('780', a)).toHaveLength(1);
    expect(server.find('780', b)).toHaveLength(1);
    expect(states.at(-1)).toMatchObject({ running: false, pending: 0, failed: 0 });
  });

  it('the service worker’s engine does not wait while the page replays: it ends at once, nothing sent', async () => {
    const r = rig(server);
    const a = label();
    await r.records.create(point(), { '780': a }, null, server.email);
    const locks = (globalThis as unknown as { navigator: { locks: Locks } }).navigator.locks;
    let free = () => {};
    const holding = locks.request(`sync:${r.name}`, () => new Promise<void>((ok) => (free = ok)));
    await r.engine.run();
    expect(server.find('780', a)).toHaveLength(0);
    expect(await r.engine.state()).toMatchObject({ pending: 1, running: false });
    free();
    await holding;
  });
});
