import { describe, expect, it } from 'vitest';
import { createPrng } from '../../domain/prng.ts';
import { lonLatToMercator } from '../../server/geo/projection.ts';
import { pngAttachmentForm } from './helpers/attachmentForm.ts';
import { signedInSuite } from './helpers/signedInSuite.ts';
import type { Feature } from '../../domain/model.ts';
import { decodeMessages } from '../../domain/layerColumns/decode.ts';
import { COORDINATE_SCALE } from '../../domain/layerColumns/format.ts';
import { applyAnswer, blockOf, type LayerReplica } from '../../worker/layer/layerReplica.ts';

/**
 * The change feed (server/api/changes/) against the real server, on PGlite and (TEST_DATABASE_URL)
 * PostgreSQL, as a property: a seeded random sequence of creates, edits, moves, deletes, photos
 * added and removed, verdicts (a rejection hides a find from others), sensitivity class changes,
 * JAVNO flips and archiving; after each step every viewer's copy, kept up to date only from the
 * feed, equals a fresh full load (Records/extenttables) for the same viewer: the same ids and every
 * item the same (places, generalised squares, every column, versions). The same for the device's
 * own copy in the columns form (form=columns, full=true; worker/layer/layerReplica.ts), whose
 * points are to the metre.
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

/** The columns form of the feed as `who` (`'full'`: the full load), its messages. */
async function columnsFeed(who: Who | null, cursor: string | 'full') {
  const q = cursor === 'full' ? 'full=true' : `since=${cursor}`;
  const r = await fetch(`${suite.server.url}/api/Changes/35?tableIds=48&form=columns&${q}`, {
    headers: who ? { authorization: `Bearer ${suite.token[who]}` } : {},
  });
  expect(r.status).toBe(200);
  return decodeMessages(new Uint8Array(await r.arrayBuffer()));
}

/** A record item of extenttables with its point as the columns carry it (to the metre). */
function roundedItem(item: Item): Item {
  const g = item.geometry as { type: string; coordinates: number[] };
  const r = (v: number) => Math.round(v * COORDINATE_SCALE) / COORDINATE_SCALE;
  return { ...item, geometry: { type: 'Point', coordinates: [r(g.coordinates[0]!), r(g.coordinates[1]!)] } };
}

/** A record item from a feature of the columns (the Records form's members). */
const itemOf = (f: Feature): Item => ({
  id: f.id,
  tableId: 48,
  geometry: f.geometry,
  properties: f.properties,
  ...(f.version !== undefined ? { version: f.version } : {}),
  ...(f.generalised !== undefined ? { generalised: f.generalised } : {}),
});

/** The device's copy as columns in blocks, kept by the data core's own applyAnswer. */
class ColumnsReplica {
  copy: LayerReplica | null = null;
  constructor(readonly who: Who | null) {}
  async load(): Promise<void> {
    const blocks = await columnsFeed(this.who, 'full');
    const h = blocks[0]!.head;
    this.copy = { cursor: h.cursor!, viewer: h.viewer!, blocks: blocks.map((m) => blockOf(m, 48)) };
  }
  async update(): Promise<void> {
    const [m] = await columnsFeed(this.who, this.copy!.cursor);
    const h = m!.head;
    const step = applyAnswer(
      this.copy,
      { cursor: h.cursor!, viewer: h.viewer!, reset: h.reset === true, table: m!.tables.get(48) },
      48,
    );
    expect(step.kind).not.toBe('reload');
    if (step.kind !== 'reload') this.copy = step.replica;
  }
  rows(): Map<number, Item> {
    return new Map(this.copy!.blocks.flatMap((b) => b.table.features()).map((f) => [f.id, itemOf(f)]));
  }
}

describe('the change feed', () => {
  it('keeps every viewer’s copy equal to a fresh full load through a random sequence of changes', async () => {
    const rnd = createPrng(Number(process.env.CHANGE_FEED_SEED ?? 20261128));
    const replicas = VIEWERS.map((who) => new Replica(who));
    for (const r of replicas) await r.load();
    const columnCopies = VIEWERS.map((who) => new ColumnsReplica(who));
    for (const r of columnCopies) await r.load();
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
        // The columns copy of the same viewer, from the same state of the server.
        const c = columnCopies[VIEWERS.indexOf(r.who)]!;
        await c.update();
        const rows = c.rows();
        expect([...rows.keys()].sort(), `columns ids of ${r.who ?? 'anonymous'}`).toEqual([...fresh.keys()].sort());
        for (const [id, item] of fresh)
          expect(rows.get(id), `columns record ${id} for ${r.who ?? 'anonymous'}`).toEqual(roundedItem(item));
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
