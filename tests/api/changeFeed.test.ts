import { describe, expect, it } from 'vitest';
import { createPrng } from '../../domain/prng.ts';
import { lonLatToMercator } from '../../server/geo/projection.ts';
import { pngAttachmentForm } from './helpers/attachmentForm.ts';
import { signedInSuite } from './helpers/signedInSuite.ts';

/**
 * The change feed (server/api/changes/) against the real server, on PGlite and (TEST_DATABASE_URL)
 * PostgreSQL, as a property: a seeded random sequence of creates, edits, moves, deletes, photos
 * added and removed, verdicts (a rejection hides a find from others), sensitivity class changes,
 * JAVNO flips and archiving; after each step every viewer's copy, kept up to date only from the
 * feed, equals a fresh full load (Records/extenttables) for the same viewer: the same ids and every
 * item the same (places, generalised squares, every column, versions).
 */
const suite = signedInSuite('ana', 'bor', 'pregled', 'admin');
const call = suite.call;
type Who = 'ana' | 'bor' | 'pregled' | 'admin';
const VIEWERS: (Who | null)[] = [null, 'ana', 'bor', 'pregled'];
// rogač (group 7), apolon (group 8, class 1), volk (group 15, class 2), zdravilna strašnica (class 0).
const SPECIES = [1105, 3406, 2140, 846];
const SLOVENIA = [...lonLatToMercator(13.3, 45.3), ...lonLatToMercator(16.7, 47)].join(',');
const STEPS = Number(process.env.CHANGE_FEED_STEPS ?? 60);

type Item = { id: number } & Record<string, unknown>;

/** A viewer's full load: every record of table 48 she may see, by id. */
async function fullLoad(who: Who | null): Promise<Map<number, Item>> {
  const r = await call(who, 'GET', `/api/Records/35/extenttables?extent=${SLOVENIA}&tableIds=48`);
  expect(r.status).toBe(200);
  return new Map((r.body.records['48'] as Item[]).map((x) => [x.id, x]));
}

/** The feed since `cursor` (none: a new cursor). */
async function feed(who: Who | null, cursor?: string) {
  const r = await call(who, 'GET', `/api/Changes/35?tableIds=48${cursor ? `&since=${cursor}` : ''}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as {
    cursor: string;
    viewer: string;
    reset: boolean;
    tables: Record<string, { upserts: Item[]; removed: number[] }>;
  };
}

/** A device's copy: the cursor taken before its full load, then the feed applied. */
class Replica {
  cursor = '';
  rows = new Map<number, Item>();
  constructor(readonly who: Who | null) {}
  async load(): Promise<void> {
    const first = await feed(this.who);
    expect(first.reset).toBe(true);
    this.cursor = first.cursor;
    this.rows = await fullLoad(this.who);
  }
  /** Applies the feed; how many records it carried. */
  async update(): Promise<number> {
    const f = await feed(this.who, this.cursor);
    expect(f.reset).toBe(false);
    const t = f.tables['48'] ?? { upserts: [], removed: [] };
    for (const id of t.removed) this.rows.delete(id);
    for (const item of t.upserts) this.rows.set(item.id, item);
    this.cursor = f.cursor;
    return t.upserts.length + t.removed.length;
  }
}

describe('the change feed', () => {
  it('keeps every viewer’s copy equal to a fresh full load through a random sequence of changes', async () => {
    const rnd = createPrng(Number(process.env.CHANGE_FEED_SEED ?? 20261128));
    const replicas = VIEWERS.map((who) => new Replica(who));
    for (const r of replicas) await r.load();
    const mine: Record<'ana' | 'bor', number[]> = { ana: [], bor: [] };
    const photos: { owner: 'ana' | 'bor'; id: number }[] = [];
    const done: string[] = [];
    let carried = 0;
    for (let step = 0; step < STEPS; step++) {
      const owner = rnd.pick(['ana', 'bor'] as const);
      const own = mine[owner];
      const target = own.length ? rnd.pick(own) : null;
      const kind =
        target === null
          ? 'create'
          : rnd.pick([
              'create',
              'create',
              'edit',
              'move',
              'delete',
              'photo',
              'unphoto',
              'verdict',
              'class',
              'javno',
              'archive',
            ]);
      let status = 0;
      if (kind === 'create') {
        const species = rnd.pick(SPECIES);
        const id = await suite.report(owner, species, [rnd.range(13.6, 16.4), rnd.range(45.5, 46.8)], {
          2066: rnd.chance(0.8),
        });
        own.push(id);
        status = 201;
      } else if (kind === 'edit') {
        status = (await call(owner, 'PUT', `/api/Features/35/48/${target}`, { properties: { 782: rnd.int(1, 50) } }))
          .status;
      } else if (kind === 'move') {
        const coordinates = lonLatToMercator(rnd.range(13.6, 16.4), rnd.range(45.5, 46.8));
        status = (
          await call(owner, 'PUT', `/api/Features/35/48/${target}`, { geometry: { type: 'Point', coordinates } })
        ).status;
      } else if (kind === 'delete') {
        status = (await call(owner, 'POST', '/api/Features/35/delete', { tableId: 48, recordId: target })).status;
        if (status === 200) own.splice(own.indexOf(target!), 1);
      } else if (kind === 'photo') {
        const form = await pngAttachmentForm(target!, { width: 8, height: 8, background: '#3a7' });
        const r = await call(owner, 'POST', '/api/Records/35/attachment', form);
        status = r.status;
        if (status === 201) photos.push({ owner, id: r.body.id as number });
      } else if (kind === 'unphoto') {
        const p = photos.find((x) => x.owner === owner);
        if (!p) continue;
        photos.splice(photos.indexOf(p), 1);
        status = (await call(owner, 'DELETE', `/api/Records/35/attachment/${p.id}`)).status;
      } else if (kind === 'verdict') {
        const body = rnd.chance(0.5) ? { status: 1 } : { status: 2, comment: 'Na fotografiji je druga vrsta.' };
        status = (await call('pregled', 'POST', `/api/Records/35/48/${target}/review`, body)).status;
      } else if (kind === 'class') {
        const species = rnd.pick([3406, 2140, 846]);
        status = (
          await call('admin', 'PUT', `/api/Species/35/48/${species}/sensitivity`, { class: rnd.pick([0, 1, 2, 3]) })
        ).status;
      } else if (kind === 'javno') {
        status = (await call(owner, 'PUT', `/api/Features/35/48/${target}`, { properties: { 2066: rnd.chance(0.5) } }))
          .status;
      } else if (kind === 'archive') {
        status = (
          await call('admin', 'POST', '/api/Records/35/archive', {
            tableId: 48,
            recordId: target,
            archived: rnd.chance(0.7),
          })
        ).status;
      }
      done.push(`${kind}:${status}`);
      // A refusal (a verdict outside the reviewer's groups, a locked find) is part of the sequence too.
      expect(status, `${kind} of ${target}`).toBeLessThan(500);
      for (const r of replicas) {
        carried += await r.update();
        const fresh = await fullLoad(r.who);
        expect([...r.rows.keys()].sort(), `ids of ${r.who ?? 'anonymous'} after ${done.join(' ')}`).toEqual(
          [...fresh.keys()].sort(),
        );
        for (const [id, item] of fresh)
          expect(r.rows.get(id), `record ${id} for ${r.who ?? 'anonymous'}`).toEqual(item);
      }
    }
    // The sequence did what it is for: every kind of change happened and was accepted at least once.
    for (const kind of ['create', 'edit', 'move', 'delete', 'photo', 'verdict', 'class', 'javno', 'archive'])
      expect(
        done.some((d) => d === `${kind}:200` || d === `${kind}:201`),
        kind,
      ).toBe(true);
    expect(carried).toBeGreaterThan(STEPS);
  }, 600_000);

  it('answers only what changed since the cursor, and a new cursor with reset: true without one', async () => {
    const first = await feed('ana');
    expect(first).toMatchObject({ reset: true, tables: {} });
    expect(first.cursor).toMatch(/^\d+:\d+:[\d,]*$/);
    const quiet = await feed('ana', first.cursor);
    expect(quiet.reset).toBe(false);
    const id = await suite.report('ana', 846, [14.5, 46.05]);
    const after = await feed('ana', quiet.cursor);
    expect(after.tables['48']!.upserts.map((x) => x.id)).toEqual([id]);
    expect(after.tables['48']!.removed).toEqual([]);
    // form=feature: the items of Features/extenttables, the same columns kept.
    const asFeature = await call(
      'ana',
      'GET',
      `/api/Changes/35?tableIds=48&columnIds=980,974&form=feature&since=${quiet.cursor}`,
    );
    const full = await call(
      'ana',
      'GET',
      `/api/Features/35/extenttables?extent=${SLOVENIA}&tableIds=48&columnIds=980,974`,
    );
    expect(asFeature.body.tables['48'].upserts).toEqual(
      (full.body.features['48'] as Item[]).filter((f) => f.id === id),
    );
    // The answer says whom it is for: a device holding another caller's copy (a role changed) loads afresh.
    const digests = await Promise.all(VIEWERS.map(async (who) => (await feed(who)).viewer));
    expect(new Set(digests).size).toBe(VIEWERS.length);
    expect((await feed('ana')).viewer).toBe(first.viewer);
    // Nothing was pruned yet: even the oldest cursor is answered with changes, not a reset.
    const oldest = await call('ana', 'GET', '/api/Changes/35?tableIds=48&since=1:1:');
    expect(oldest.body.reset).toBe(false);
    expect(oldest.body.tables['48'].upserts.length).toBeGreaterThan(200);
  });

  it('refuses a bad cursor or table list with 400, and an unknown table with 404', async () => {
    for (const q of [
      'tableIds=48&since=abc',
      'tableIds=48&since=7',
      'tableIds=48&since=9:3:',
      'tableIds=48&since=3:9:12',
      'tableIds=48&since=0:0:',
      'tableIds=x',
      'since=1:1:',
      'tableIds=48&form=x',
    ])
      expect((await call(null, 'GET', `/api/Changes/35?${q}`)).status, q).toBe(400);
    expect((await call(null, 'GET', '/api/Changes/35?tableIds=999999&since=1:1:')).status).toBe(404);
  });
});
