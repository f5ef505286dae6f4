import { describe, expect, it } from 'vitest';
import { fakeServerForFile, type FakeRecord } from './fakeServer.ts';
import { asFeature, downloadArea, drain, photo, point, prng, rig } from './helpers.ts';

const server = fakeServerForFile();

/** What the server must end up with for one record, by its label (column 780). */
interface Expected {
  count: number;
  /** The record's photos in order: a photo added by an edit comes after the others. */
  photos: string[];
  deleted: boolean;
  refused: boolean;
  localId: number;
}

describe('sync under faults', () => {
  it(
    '200 offline changes, random faults and a reload in the middle: 0 lost, 0 duplicated',
    { timeout: 30_000 },
    async () => {
      const t0 = Date.now();
      const seed = Number(process.env.CHAOS_SEED ?? 20_260_611);
      const rng = prng(seed);
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)] as T;
      const r = rig(server, { timeoutMs: 250, random: prng(7) });
      const model = new Map<string, Expected>();
      let changes = 0;

      // Records already on the server, downloaded for offline use; five are reviewed (STATUS 7).
      const seeded: FakeRecord[] = [];
      for (let i = 0; i < 60; i++)
        seeded.push(server.seed({ '780': `seed-${i}`, '782': 0 }, `seed-photo-${i}`, server.email, i < 5 ? 7 : 5));
      await downloadArea(r.db, seeded.map(asFeature));
      seeded.forEach((s, i) =>
        model.set(`seed-${i}`, {
          count: 0,
          photos: [`seed-photo-${i}`],
          deleted: false,
          refused: i < 5,
          localId: s.id,
        }),
      );

      const create = async (label: string, withPhoto: boolean) => {
        const p = withPhoto ? `photo-${label}-0` : null;
        const { featureId } = await r.records.create(
          point(changes),
          { '780': label, '782': 1 },
          p ? photo(p) : null,
          server.email,
        );
        model.set(label, { count: 1, photos: p ? [p] : [], deleted: false, refused: false, localId: featureId });
        changes++;
      };
      let racing = 0;
      /** Counts changes made while the record's create was in flight, had failed, or may have landed. */
      const noteRace = async (id: number) => {
        const c = (await r.db.outbox.where('featureId').equals(id).toArray()).find((x) => x.kind === 'create');
        if (c && (c.state === 'uploading' || c.state === 'failed' || c.lastError)) racing++;
      };
      const edit = async (label: string, withPhoto: boolean) => {
        const e = model.get(label)!;
        await noteRace(e.localId);
        e.count++;
        const p = withPhoto ? `photo-${label}-${e.count}` : null;
        await r.records.update(e.localId, { '782': e.count }, null, p ? photo(p) : null);
        if (e.refused)
          e.count--; // the server will refuse it: its value stays
        else if (p) e.photos.push(p);
        changes++;
      };
      const remove = async (label: string) => {
        await noteRace(model.get(label)!.localId);
        await r.records.remove(model.get(label)!.localId);
        model.get(label)!.deleted = true;
        changes++;
      };
      const live = (prefix: string) =>
        [...model.entries()].filter(([l, e]) => l.startsWith(prefix) && !e.deleted && !e.refused).map(([l]) => l);

      // Phase 1, offline: 140 changes.
      for (let i = 0; i < 80; i++) await create(`new-${i}`, i % 2 === 0);
      const editable = seeded.slice(5).map((s) => String(s.properties['780']));
      for (let i = 0; i < 30; i++) await edit(editable[i]!, i < 10);
      for (let i = 30; i < 45; i++) await remove(editable[i]!);
      for (let i = 0; i < 10; i++) await edit(pick(live('new-')), rng() < 0.5);
      for (let i = 0; i < 5; i++) await remove(pick(live('new-')));
      expect(changes).toBe(140);

      // Back online with a bad connection: a few runs, then the signal goes again.
      server.chaos = { rate: 0.3, kinds: ['500', 'drop', 'lose', 'lose', 'stall', '401'], rng, maxStalls: 6 };
      // Whatever the seed, photo uploads to existing records meet both dangerous faults: two stall
      // (and commit after the client gave up and retried) and two commit with their answer lost.
      const isUpload = (q: { method: string; path: string }) => q.method === 'POST' && q.path.endsWith('/attachment');
      for (const fault of ['stall', 'stall', 'lose', 'lose'] as const) server.rules.push({ match: isUpload, fault });
      for (let i = 0; i < 10; i++) {
        await r.engine.run();
        r.clock.advance(301_000);
      }
      server.chaos = null;
      await server.settle(); // stalled requests commit before new edits can race them
      const midway = await r.engine.state();
      expect(midway.pending).toBeGreaterThan(0);
      const waiting = (await r.db.outbox.toArray()).filter((c) => c.kind === 'create');
      const waitingCreates = `${waiting.length} creates waiting at the pause (${waiting.filter((c) => c.state === 'failed' || c.lastError).length} possibly on the server)`;

      // Phase 2: 60 more changes made WHILE the engine syncs over a bad connection, many of them
      // on records whose create is on its way, failed, or may have landed.
      server.chaos = { rate: 0.2, kinds: ['500', 'drop', 'lose', '401'], rng, maxStalls: 0 };
      const background = (async () => {
        for (let i = 0; i < 8; i++) {
          await r.engine.run();
          r.clock.advance(301_000);
        }
      })();
      /** Half the time: the record whose create the engine is sending or retrying right now. */
      const hot = async (): Promise<string> => {
        if (rng() < 0.5) {
          const creates = (await r.db.outbox.orderBy('seq').toArray()).filter((c) => c.kind === 'create');
          const c = creates.find((x) => x.state !== 'queued' || x.lastError) ?? creates[0];
          const label = c && live('new-').find((l) => model.get(l)!.localId === c.featureId);
          if (label) return label;
        }
        return pick(live('new-'));
      };
      const breathe = () => new Promise((w) => setTimeout(w, Math.floor(rng() * 4)));
      for (let i = 0; i < 25; i++) await edit(await hot(), rng() < 0.4).then(breathe);
      for (let i = 0; i < 10; i++) await create(`late-${i}`, i % 3 === 0).then(breathe);
      for (let i = 0; i < 10; i++) await remove(await hot()).then(breathe);
      for (let i = 0; i < 10; i++) await edit(pick(live('seed-')), true).then(breathe);
      for (let i = 0; i < 5; i++) await edit(`seed-${i}`, i % 2 === 0).then(breathe);
      expect(changes).toBe(200);
      await background;

      // The page reloads in the middle of a request; the new engine finishes the job.
      const reloadAt = server.stats.requests + 5;
      let reloaded = false;
      server.onRequest = (_q, n) => {
        if (n === reloadAt) {
          reloaded = true;
          r.reload();
        }
      };
      const runs = await drain(() => r);
      server.chaos = null;
      server.onRequest = null;
      await server.settle();
      expect(reloaded).toBe(true);

      // The server holds exactly the expected records and photos.
      let lost = 0;
      let duplicated = 0;
      for (const [label, e] of model) {
        const found = server.find('780', label);
        if (found.length > 1) duplicated++;
        if (e.deleted) {
          if (found.length) lost++;
          continue;
        }
        const rec = found[0];
        const photos = rec?.attachments.map((a) => a.content) ?? [];
        if (new Set(photos).size < photos.length) duplicated++;
        if (!rec || rec.properties['782'] !== e.count || JSON.stringify(photos) !== JSON.stringify(e.photos)) {
          lost++;
          console.log('LOST', label, JSON.stringify(e), JSON.stringify(rec?.properties), JSON.stringify(photos));
        }
      }
      const expectedLive = [...model.values()].filter((e) => !e.deleted).length;
      // Every photo on the server is the one expected, once: no second copy anywhere.
      const photosOnServer = [...server.records.values()].reduce((n, rec) => n + rec.attachments.length, 0);
      const photosExpected = [...model.values()].reduce((n, e) => n + (e.deleted ? 0 : e.photos.length), 0);
      const faults = Object.values(server.stats.faults).reduce((a, b) => a + b, 0);
      console.log(
        `chaos seed ${seed}: ${changes} changes, ${server.stats.requests} requests, ${faults} faults injected ${JSON.stringify(server.stats.faults)}, ` +
          `${server.stats.creates201} creates + ${server.stats.creates200} replays, ${waitingCreates}, ${racing} changes racing their create, ` +
          `${runs} runs after the reload, photo uploads: ${server.stats.uploads201} stored + ${server.stats.uploads200} replayed by key ` +
          `(${server.stats.keyedUploads} keyed), upload faults ${JSON.stringify(server.stats.uploadFaults)}, photos ${photosOnServer}/${photosExpected}, ` +
          `duplicated ${duplicated}, lost ${lost}, ${Date.now() - t0} ms`,
      );
      expect(faults).toBeGreaterThan(20);
      expect(server.stats.uploadFaults.stall).toBeGreaterThanOrEqual(2);
      expect(server.stats.uploadFaults.lose).toBeGreaterThanOrEqual(2);
      expect(photosOnServer).toBe(photosExpected);
      expect(duplicated).toBe(0);
      expect(lost).toBe(0);
      expect(server.records.size).toBe(expectedLive);

      // Locally: only the five refused edits are left, as conflicts with the server's reason.
      const conflicts = await r.engine.conflicts();
      expect(conflicts.map((c) => c.featureId).sort()).toEqual(
        seeded
          .slice(0, 5)
          .map((s) => s.id)
          .sort(),
      );
      expect(conflicts.every((c) => c.status === 403 && /STATUS 7/.test(c.reason ?? ''))).toBe(true);
      expect(await r.engine.state()).toMatchObject({ pending: 0, failed: 0, conflicts: 5 });
      expect(await r.records.list()).toHaveLength(expectedLive);
      const pendingRows = (await r.db.features.toArray()).filter(
        (f) => f.isInsert || f.isDelete || (f.isEdit && !conflicts.some((c) => c.featureId === f.featureId)),
      );
      expect(pendingRows).toEqual([]);
    },
  );
});
