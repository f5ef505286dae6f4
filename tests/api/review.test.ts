import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Answer } from '../helpers/http.ts';
import { signedInSuite } from './helpers/signedInSuite.ts';

/**
 * Review (issue #20) against the real server, on PGlite and (TEST_DATABASE_URL) PostgreSQL:
 * verdict transitions allowed and refused, reviewer scopes, species corrections, the append-only
 * history and comments, the reporter's notifications, and who sees waiting and rejected finds.
 * pregled@example.si reviews butterflies (8) and beetles (7); ana and bor report.
 */
const suite = signedInSuite('ana', 'bor', 'pregled', 'admin');
type Who = 'ana' | 'bor' | 'pregled' | 'admin';
const call = suite.call;
const BEETLE = 1105; // rogač, group 7
const BEETLE_2 = 3401; // alpski kozliček, group 7
const BUTTERFLY = 3406; // apolon, group 8
const PLANT = 1804; // lepi čeveljc, group 1

/** A new find of `who` (group from the species), optionally JAVNO false; returns its id. */
const report = (who: Who, species: number, extra: Record<string, unknown> = {}): Promise<number> =>
  suite.report(who, species, [14.5, 46.05], extra);

const review = (who: Who, id: number, body: unknown, headers?: Record<string, string>): Promise<Answer> =>
  call(who, 'POST', `/api/Records/35/48/${id}/review`, body, headers);
const statusOf = async (who: Who, id: number): Promise<unknown> =>
  ((await call(who, 'GET', `/api/Features/35/48/${id}`)).body.properties as Record<string, unknown>)['974'];
const history = async (who: Who, id: number): Promise<Answer> => call(who, 'GET', `/api/Records/35/48/${id}/history`);
type Entry = {
  id: number;
  kind: string;
  actor: string | null;
  comment: string | null;
  changes: Record<string, [unknown, unknown]>;
};
const entries = (a: Answer): Entry[] => a.body.entries as Entry[];

describe('verdicts', () => {
  it('confirm: 5 → 1; then the reporter cannot edit, delete or add a photo; only reopening (with a comment) unlocks it', async () => {
    const id = await report('ana', BEETLE);
    const r = await review('pregled', id, { status: 1 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((r.body.properties as Record<string, unknown>)['974']).toBe(1);
    expect(r.etag).toBe(`"${r.body.version as number}"`);
    expect((await call('ana', 'PUT', `/api/Features/35/48/${id}`, { properties: { 782: 9 } })).status).toBe(403);
    expect((await call('ana', 'POST', '/api/Features/35/delete', { tableId: 48, recordId: id })).status).toBe(403);
    // From 1 only back to 5, and only with a comment.
    for (const s of [2, 3]) expect((await review('pregled', id, { status: s, comment: 'x' })).status).toBe(409);
    expect((await review('pregled', id, { status: 5 })).status).toBe(400);
    expect((await review('pregled', id, { status: 5, comment: 'Napačen datum, preverjam znova.' })).status).toBe(200);
    expect(await statusOf('ana', id)).toBe(5);
    expect((await call('ana', 'PUT', `/api/Features/35/48/${id}`, { properties: { 782: 9 } })).status).toBe(200);
  });

  it("reject needs a reason; the rejected find is locked and hidden from everyone but its reporter and the group's reviewers", async () => {
    const id = await report('ana', BUTTERFLY);
    expect((await review('pregled', id, { status: 2 })).status).toBe(400);
    expect((await review('pregled', id, { status: 2, comment: '   ' })).status).toBe(400);
    expect((await review('pregled', id, { status: 2, comment: 'Na fotografiji je drug metulj.' })).status).toBe(200);
    expect((await call('ana', 'PUT', `/api/Features/35/48/${id}`, { properties: { 782: 2 } })).status).toBe(403);
    // Visible to ana and the reviewer; not to bor, anonymous or the administrator.
    expect((await call('ana', 'GET', `/api/Features/35/48/${id}`)).status).toBe(200);
    expect((await call('pregled', 'GET', `/api/Features/35/48/${id}`)).status).toBe(200);
    for (const who of ['bor', null, 'admin'] as const)
      expect((await call(who, 'GET', `/api/Features/35/48/${id}`)).status, String(who)).toBe(404);
    const ext = '/api/Features/35/extenttables?extent=1440000,5660000,1850000,5920000&tableIds=48';
    const ids = async (who: Who | null): Promise<number[]> =>
      ((await call(who, 'GET', ext)).body.features as Record<string, Array<{ id: number }>>)['48']!.map((f) => f.id);
    expect(await ids('ana')).toContain(id);
    expect(await ids('pregled')).toContain(id);
    expect(await ids('bor')).not.toContain(id);
    expect(await ids(null)).not.toContain(id);
  });

  it('ask (3) needs a question; the reporter may edit and her edit or new photo makes it 5 again', async () => {
    const id = await report('ana', BEETLE);
    expect((await review('pregled', id, { status: 3 })).status).toBe(400);
    expect((await review('pregled', id, { status: 3, comment: 'Prosim za ostrejšo fotografijo.' })).status).toBe(200);
    expect(await statusOf('ana', id)).toBe(3);
    const edit = await call('ana', 'PUT', `/api/Features/35/48/${id}`, { properties: { 782: 4, 974: 3 } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(await statusOf('ana', id)).toBe(5);
    // Asked again; a photo alone answers it too.
    expect((await review('pregled', id, { status: 3, comment: 'Še fotografijo od zgoraj.' })).status).toBe(200);
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set('TableId', '48');
    form.set('RecordId', String(id));
    form.set('File', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'nova.jpg');
    const up = await fetch(`${suite.server.url}/api/Records/35/attachment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${suite.token.ana}` },
      body: form,
    });
    expect(up.status).toBe(201);
    expect(await statusOf('ana', id)).toBe(5);
    // From 3 a reviewer may confirm, reject or withdraw the question (with a comment).
    expect((await review('pregled', id, { status: 3, comment: 'Še ena.' })).status).toBe(200);
    expect((await review('pregled', id, { status: 5 })).status).toBe(400);
    expect((await review('pregled', id, { status: 1 })).status).toBe(200);
  });

  it("refuses reviewers out of scope, reporters, bad bodies and a reviewer's own find", async () => {
    const plant = await report('ana', PLANT);
    const beetle = await report('ana', BEETLE);
    expect((await review('pregled', plant, { status: 1 })).status).toBe(403);
    expect((await review('ana', beetle, { status: 1 })).status).toBe(403);
    expect((await review('bor', beetle, { status: 1 })).status).toBe(403);
    expect((await review('admin', beetle, { status: 1 })).status).toBe(403);
    expect((await call(null, 'POST', `/api/Records/35/48/${beetle}/review`, { status: 1 })).status).toBe(401);
    for (const body of [
      {},
      { status: 4 },
      { status: '1' },
      { status: 1.5 },
      { species: 'x' },
      { status: 1, comment: 7 },
      { status: 2, comment: 'x'.repeat(2001) },
      [],
    ]) {
      expect((await review('pregled', beetle, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await review('pregled', 99_999_999, { status: 1 })).status).toBe(404);
    const own = await report('pregled', BEETLE);
    expect((await review('pregled', own, { status: 1 })).status).toBe(403);
    expect(await statusOf('ana', beetle)).toBe(5);
  });

  it('honours If-Match: a verdict on a version somebody changed meanwhile is 412 with the current record', async () => {
    const id = await report('ana', BEETLE);
    const read = await call('pregled', 'GET', `/api/Records/35/48/${id}`);
    expect((await call('ana', 'PUT', `/api/Features/35/48/${id}`, { properties: { 782: 7 } })).status).toBe(200);
    const stale = await review('pregled', id, { status: 1 }, { 'if-match': read.etag! });
    expect(stale.status).toBe(412);
    expect((stale.body.current as { properties: Record<string, unknown> }).properties['782']).toBe(7);
    expect(await statusOf('ana', id)).toBe(5);
  });
});

describe('species correction', () => {
  it("sets the species, keeps the reporter's choice in column 1000, and stays inside the reviewer's groups", async () => {
    const id = await report('ana', BEETLE);
    const r = await review('pregled', id, { species: BEETLE_2, status: 1 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const p = r.body.properties as Record<string, unknown>;
    expect(p['980']).toBe(BEETLE_2);
    expect(p['1000']).toBe('rogač');
    expect(p['2067']).toBe('alpski kozliček');
    expect(p['974']).toBe(1);
    // Into a group the reviewer does not review: refused, nothing changed.
    const other = await report('ana', BEETLE);
    expect((await review('pregled', other, { species: PLANT })).status).toBe(403);
    expect((await review('pregled', other, { species: 77_777 })).status).toBe(400);
    const still = (await call('ana', 'GET', `/api/Features/35/48/${other}`)).body.properties as Record<string, unknown>;
    expect(still['980']).toBe(BEETLE);
    // Across the reviewer's own groups: fine (beetle → butterfly), the group follows the species.
    const moved = await review('pregled', other, { species: BUTTERFLY });
    expect((moved.body.properties as Record<string, unknown>)['920']).toBe(8);
  });
});

describe('history and comments', () => {
  it("records who changed what, in order, and is readable by the reporter and the group's reviewers only", async () => {
    const id = await report('ana', BEETLE);
    expect((await call('ana', 'PUT', `/api/Features/35/48/${id}`, { properties: { 782: 3 } })).status).toBe(200);
    expect((await review('pregled', id, { status: 3, comment: 'Koliko osebkov?' })).status).toBe(200);
    const c = await call('ana', 'POST', `/api/Records/35/48/${id}/comments`, { text: 'Trije, eden je odletel.' });
    expect(c.status).toBe(201);
    expect((await call('ana', 'PUT', `/api/Features/35/48/${id}`, { properties: { 782: 4 } })).status).toBe(200);
    expect((await review('pregled', id, { species: BEETLE_2, status: 1 })).status).toBe(200);
    const h = await history('ana', id);
    expect(h.status).toBe(200);
    const list = entries(h);
    expect(list.map((e) => e.kind)).toEqual(['create', 'edit', 'verdict', 'comment', 'edit', 'verdict']);
    expect(list.map((e) => e.actor)).toEqual([
      'ana@example.si',
      'ana@example.si',
      'pregled@example.si',
      'ana@example.si',
      'ana@example.si',
      'pregled@example.si',
    ]);
    expect(list[1]!.changes['782']).toEqual([1, 3]);
    expect(list[2]!.changes['974']).toEqual([5, 3]);
    expect(list[2]!.comment).toBe('Koliko osebkov?');
    expect(list[3]!.comment).toBe('Trije, eden je odletel.');
    expect(list[4]!.changes['974']).toEqual([3, 5]);
    expect(list[5]!.changes['980']).toEqual([BEETLE, BEETLE_2]);
    expect(list[5]!.changes['974']).toEqual([5, 1]);
    expect([...list.map((e) => e.id)].sort((a, b) => a - b)).toEqual(list.map((e) => e.id));
    expect((await history('pregled', id)).status).toBe(200);
    expect((await history('bor', id)).status).toBe(403);
    expect((await history('admin', id)).status).toBe(403);
    expect((await call(null, 'GET', `/api/Records/35/48/${id}/history`)).status).toBe(401);
  });

  it('comments: reporter and reviewer only, not empty, not too long', async () => {
    const id = await report('ana', BUTTERFLY);
    expect((await call('pregled', 'POST', `/api/Records/35/48/${id}/comments`, { text: 'Lepa najdba.' })).status).toBe(
      201,
    );
    expect(
      (await call('bor', 'POST', `/api/Records/35/48/${id}/comments`, { text: 'Tudi jaz sem ga videl.' })).status,
    ).toBe(403);
    for (const text of ['', '   ', 'x'.repeat(2001), 5, null])
      expect(
        (await call('ana', 'POST', `/api/Records/35/48/${id}/comments`, { text })).status,
        JSON.stringify(text),
      ).toBe(400);
    const plant = await report('ana', PLANT);
    expect((await call('pregled', 'POST', `/api/Records/35/48/${plant}/comments`, { text: 'x' })).status).toBe(403);
  });

  it('is append-only: no route changes or removes an entry, and the history outlives its record', async () => {
    const id = await report('ana', BEETLE);
    const c = await call('ana', 'POST', `/api/Records/35/48/${id}/comments`, { text: 'Prvi komentar.' });
    const entryId = c.body.id as number;
    const before = entries(await history('ana', id));
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      for (const path of [
        `/api/Records/35/48/${id}/history`,
        `/api/Records/35/48/${id}/history/${entryId}`,
        `/api/Records/35/48/${id}/comments`,
        `/api/Records/35/48/${id}/comments/${entryId}`,
      ]) {
        const r = await call('ana', method, path, method === 'DELETE' ? undefined : { text: 'spremenjeno' });
        expect([404, 405], `${method} ${path}`).toContain(r.status);
      }
    }
    expect(entries(await history('ana', id))).toEqual(before);
    // Deleting the record answers 200 and its history route 404 (the entries stay in the database, which refuses to remove them).
    expect((await call('ana', 'POST', '/api/Features/35/delete', { tableId: 48, recordId: id })).status).toBe(200);
    expect((await history('ana', id)).status).toBe(404);
  });
});

describe('notifications', () => {
  it('tells the reporter about verdicts, corrections and comments by others on her finds, after a cursor', async () => {
    const start = await call('ana', 'GET', '/api/Notifications/35');
    expect(start.status).toBe(200);
    const last = Math.max(0, ...entries(start).map((e) => e.id));
    const id = await report('ana', BUTTERFLY);
    expect((await call('ana', 'POST', `/api/Records/35/48/${id}/comments`, { text: 'Moj komentar.' })).status).toBe(
      201,
    );
    expect((await review('pregled', id, { status: 3, comment: 'Od kod je fotografija?' })).status).toBe(200);
    expect(
      (await call('pregled', 'POST', `/api/Records/35/48/${id}/comments`, { text: 'Hvala za odgovor.' })).status,
    ).toBe(201);
    const news = entries(await call('ana', 'GET', `/api/Notifications/35?after=${last}`)).filter((e) => e.id > last);
    expect(news.map((e) => [e.kind, e.comment])).toEqual([
      ['verdict', 'Od kod je fotografija?'],
      ['comment', 'Hvala za odgovor.'],
    ]);
    expect(entries(await call('ana', 'GET', `/api/Notifications/35?after=${news[1]!.id}`))).toEqual([]);
    // Bor hears nothing of ana's finds.
    expect(entries(await call('bor', 'GET', `/api/Notifications/35?after=${last}`)).filter((e) => e.id > last)).toEqual(
      [],
    );
    expect((await call(null, 'GET', '/api/Notifications/35')).status).toBe(401);
  });
});

describe('reviewers see their groups whole', () => {
  it('JAVNO false finds of their groups, with the creator e-mail; not those of other groups', async () => {
    // The seed's JAVNO false and rejected finds (by vzorec@example.si) are of every group.
    const hiddenBeetle = await report('bor', BEETLE);
    const hiddenPlant = await report('bor', PLANT);
    const seedHidden = await call(
      'pregled',
      'GET',
      '/api/Features/35/extenttables?extent=1440000,5660000,1850000,5920000&tableIds=48',
    );
    const features = (
      seedHidden.body.features as Record<string, Array<{ id: number; properties: Record<string, unknown> }>>
    )['48']!;
    const anon = (
      (await call(null, 'GET', '/api/Features/35/extenttables?extent=1440000,5660000,1850000,5920000&tableIds=48')).body
        .features as Record<string, Array<{ id: number }>>
    )['48']!;
    const anonIds = new Set(anon.map((f) => f.id));
    const extra = features.filter((f) => !anonIds.has(f.id));
    // Everything the reviewer sees beyond the public map is of her groups (7, 8) and hidden or rejected.
    expect(extra.length).toBeGreaterThan(0);
    for (const f of extra) {
      expect([7, 8, '7', '8']).toContain(f.properties['920']);
      expect(
        f.properties['2066'] === false || f.properties['974'] === 2 || f.properties['1820'] === 'pregled@example.si',
      ).toBe(true);
    }
    // The creator e-mail of her groups' finds, not of others'.
    const beetle = features.find((f) => f.id === hiddenBeetle)!;
    expect(beetle.properties['1820']).toBe('bor@example.si');
    const plant = features.find((f) => f.id === hiddenPlant)!;
    expect(plant.properties['1820']).toBeUndefined();
  });
});
