import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import sharp from 'sharp';
import { lonLatToMercator } from '../../server/geo/projection.ts';
import { openDb, type Db } from '../../server/db/index.ts';
import { call as request, type Answer } from '../helpers/http.ts';
import { refresh, signIn, signInWithSession } from './helpers/auth.ts';
import { attachmentForm } from './helpers/attachmentForm.ts';
import { createTestDatabase, startServer, type TestServer } from './helpers/server.ts';

/**
 * 'Izbriši račun' (docs/account-deletion.md) against the real server, on PGlite and
 * (TEST_DATABASE_URL) PostgreSQL: a fresh user's waiting and rejected finds go, her confirmed one
 * stays without her name in every route and export, her tokens get 401 at once, the history still
 * reads (her entries as a deleted user) and still only grows, the administrators' route is refused
 * to others and audited, and afterwards neither her e-mail nor her name is anywhere in the database.
 */
const EVA = { email: 'eva@example.si', name: 'Eva Brišnik', password: 'brisi-me-123' };
const ACCOUNTS = [
  EVA,
  { email: 'ana@example.si', name: 'Ana Novak', password: 'demo1234' },
  { email: 'admin@example.si', name: 'Administrator', password: 'demo1234', roles: ['admin'] },
  { email: 'pregled@example.si', name: 'Pregledovalka Vesna', password: 'demo1234', roles: ['reviewer:7'] },
];
const BEETLE = 1105; // rogač, group 7 (pregled reviews it)
/** Her finds' place and count, found by nobody else's. */
const AT = lonLatToMercator(15.4321, 46.1234);
const COUNT = 777;

let server: TestServer;
let dir: string;
let pg: { url: string; drop(): Promise<void> } | null = null;
const token: Record<'eva' | 'ana' | 'admin' | 'pregled', string> = { eva: '', ana: '', admin: '', pregled: '' };
let evaRefresh = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sv-erase-'));
  writeFileSync(join(dir, 'accounts.json'), JSON.stringify(ACCOUNTS));
  pg = process.env.TEST_DATABASE_URL ? await createTestDatabase(process.env.TEST_DATABASE_URL) : null;
  server = await startServer({
    env: { IDP_ACCOUNTS_FILE: join(dir, 'accounts.json'), ...(pg ? { DATABASE_URL: pg.url } : {}) },
  });
  const eva = await signInWithSession(server.url, EVA.email, EVA.password);
  token.eva = eva.accessToken;
  evaRefresh = eva.refreshToken ?? '';
  for (const who of ['ana', 'admin', 'pregled'] as const)
    token[who] = (await signIn(server.url, `${who}@example.si`, 'demo1234')).accessToken;
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await pg?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const call = (who: keyof typeof token | null, method: string, path: string, body?: unknown): Promise<Answer> =>
  request(server.url, path, { method, token: who ? token[who] : null, body });

/** A find of Eva's with her name and a comment naming her; its id. */
async function report(): Promise<number> {
  const r = await call('eva', 'POST', '/api/Features/35/48', {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: AT },
    properties: { 980: BEETLE, 1053: '2025-06-01', 782: COUNT, 788: EVA.name, 1055: `Videla ${EVA.name}` },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as number;
}

/** Ids of the records at her place, as the beetles' reviewer (who sees rejected ones too) gets them from extenttables and search. */
async function idsAtHerPlace(): Promise<{ extent: number[]; search: number[] }> {
  const box = [AT[0] - 50, AT[1] - 50, AT[0] + 50, AT[1] + 50].join(',');
  const e = await call('pregled', 'GET', `/api/Features/35/extenttables?extent=${box}&tableIds=48`);
  expect(e.status).toBe(200);
  const s = await call('pregled', 'POST', '/api/Features/35/search', {
    tableId: 48,
    perPage: 100,
    filters: [{ type: 'condition', columnId: 782, operationType: 'equals', values: [COUNT] }],
  });
  expect(s.status).toBe(200);
  const ids = (fs: Array<{ id: number }>): number[] => fs.map((f) => f.id).sort((a, b) => a - b);
  return { extent: ids(e.body.features['48'] ?? []), search: ids(s.body.features) };
}

describe('deleting an account', () => {
  let confirmed = 0;
  let waiting = 0;
  let rejected = 0;
  let photoId = 0;
  /** A reviewer's device's change-feed cursor from just before the deletion. */
  let cursor = '';

  it('the administrators’ route is refused to others and answers 404 for an unknown e-mail', async () => {
    expect((await call(null, 'DELETE', `/api/admin/users/${EVA.email}`)).status).toBe(401);
    expect((await call('ana', 'DELETE', `/api/admin/users/${EVA.email}`)).status).toBe(403);
    expect((await call('pregled', 'DELETE', `/api/admin/users/${EVA.email}`)).status).toBe(403);
    expect((await call('admin', 'DELETE', '/api/admin/users/nobody@example.si')).status).toBe(404);
    expect((await call('eva', 'GET', '/api/Notifications/35')).status).toBe(200);
  });

  it('deletes her waiting and rejected finds, keeps the confirmed one anonymised, and ends her tokens at once', async () => {
    [confirmed, waiting, rejected] = [await report(), await report(), await report()];
    // Her own edit of a personal column goes into the history (by reference).
    const edit = await call('eva', 'PUT', `/api/Features/35/48/${confirmed}`, {
      properties: { 1055: `Popravila ${EVA.name}, ${EVA.email}` },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    // A photo named after her, whose EXIF names her as the camera's owner.
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6' } })
      .withExif({ IFD0: { Artist: 'Eva Brisnik', Copyright: EVA.email } })
      .jpeg()
      .toBuffer();
    const photo = await request(server.url, '/api/Records/35/attachment', {
      token: token.eva,
      form: attachmentForm(confirmed, new Blob([new Uint8Array(jpeg)]), 'eva-brisnik.jpg'),
    });
    expect(photo.status, JSON.stringify(photo.body)).toBe(201);
    photoId = photo.body.id as number;
    expect(jpeg.includes('Brisnik')).toBe(true);
    expect((await call('pregled', 'POST', `/api/Records/35/48/${confirmed}/review`, { status: 1 })).status).toBe(200);
    const no = await call('pregled', 'POST', `/api/Records/35/48/${rejected}/review`, { status: 2, comment: 'Ne.' });
    expect(no.status).toBe(200);
    expect((await call('eva', 'POST', `/api/Records/35/48/${confirmed}/comments`, { text: 'Hvala!' })).status).toBe(
      201,
    );
    expect((await idsAtHerPlace()).search).toEqual([confirmed, waiting, rejected].sort((a, b) => a - b));

    cursor = (await call('pregled', 'GET', '/api/Changes/35?tableIds=48')).body.cursor as string;
    const r = await call('eva', 'DELETE', '/api/Account');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ deleted: 2, kept: 1 });

    // Her tokens: the access token (still validly signed) at once, the refresh token, her password.
    expect((await call('eva', 'GET', '/api/Notifications/35')).status).toBe(401);
    expect((await call('eva', 'DELETE', '/api/Account')).status).toBe(401);
    await expect(refresh(server.url, evaRefresh)).rejects.toMatchObject({ status: 400 });
    await expect(signIn(server.url, EVA.email, EVA.password)).rejects.toThrow();
  });

  it('her deleted finds are gone from every route; the kept one carries neither her name nor her e-mail', async () => {
    for (const id of [waiting, rejected]) {
      expect((await call('pregled', 'GET', `/api/Features/35/48/${id}`)).status).toBe(404);
      expect((await call(null, 'GET', `/ogc/collections/sightings/items/${id}`)).status).toBe(404);
    }
    expect(await idsAtHerPlace()).toEqual({ extent: [confirmed], search: [confirmed] });
    // A device's next change feed removes them and brings the kept one anonymised.
    const feed = await call('pregled', 'GET', `/api/Changes/35?tableIds=48&since=${encodeURIComponent(cursor)}`);
    expect(feed.body.reset).toBe(false);
    expect(feed.body.tables['48'].removed).toEqual(expect.arrayContaining([waiting, rejected]));
    const upsert = (feed.body.tables['48'].upserts as { id: number }[]).find((x) => x.id === confirmed);
    expect(upsert).toBeDefined();
    expect(JSON.stringify(upsert)).not.toMatch(/Bri[sš]nik|eva@example/i);
    const kept = await call('admin', 'GET', `/api/Features/35/48/${confirmed}`);
    expect(kept.status).toBe(200);
    expect(kept.body.properties['974']).toBe(1);
    expect(kept.body.properties['980']).toBe(BEETLE);
    for (const personal of ['788', '1055', '1820']) expect(kept.body.properties[personal] ?? null).toBeNull();
    const box = [AT[0] - 50, AT[1] - 50, AT[0] + 50, AT[1] + 50].join(',');
    const csv = await call(null, 'GET', `/api/Export/35/48/csv?extent=${box}`);
    const geojson = await call(null, 'GET', `/api/Export/35/48/geojson?extent=${box}`);
    const ogc = await call(null, 'GET', `/ogc/collections/sightings/items/${confirmed}`);
    const dwca = await call(null, 'GET', `/api/Export/35/48/dwca?extent=${box}`);
    for (const a of [csv, geojson, ogc, dwca]) expect(a.status).toBe(200);
    const archive = Object.values(unzipSync(new Uint8Array(dwca.bytes)))
      .map((f) => strFromU8(f))
      .join('\n');
    const texts = [csv.bytes.toString('utf8'), geojson.bytes.toString('utf8'), JSON.stringify(ogc.body), archive];
    // Her photo stays, as the picture only and renamed, also for the reviewers.
    const picture = await call('pregled', 'GET', `/api/Records/35/attachment/${photoId}`);
    expect(picture.status).toBe(200);
    expect((await sharp(picture.bytes).metadata()).width).toBe(64);
    expect(picture.bytes.includes('Brisnik')).toBe(false);
    expect(picture.bytes.includes(EVA.email)).toBe(false);
    for (const text of texts) {
      expect(text).toContain(String(confirmed));
      expect(text).not.toContain('Brišnik');
      expect(text).not.toContain(EVA.email);
    }
  });

  it('the kept find’s history still reads, her entries as a deleted user, and still grows', async () => {
    const h = await call('pregled', 'GET', `/api/Records/35/48/${confirmed}/history`);
    expect(h.status).toBe(200);
    const entries = h.body.entries as Array<{
      kind: string;
      actor: string | null;
      actorErased: boolean;
      changes: object;
    }>;
    expect(entries.map((e) => [e.kind, e.actor, e.actorErased])).toEqual([
      ['create', null, true],
      ['edit', null, true],
      ['photo', null, true],
      ['verdict', 'pregled@example.si', false],
      ['comment', null, true],
      ['edit', null, true], // the anonymisation itself
    ]);
    expect(entries[1]!.changes).toEqual({ 1055: [null, null] });
    expect(entries[2]!.changes).toEqual({ photo: [null, null] });
    expect(JSON.stringify(h.body)).not.toMatch(/Brišnik|eva@example/);
    const more = await call('pregled', 'POST', `/api/Records/35/48/${confirmed}/comments`, { text: 'Še vedno drži.' });
    expect(more.status).toBe(201);
    expect(more.body).toMatchObject({ kind: 'comment', actor: 'pregled@example.si', actorErased: false });
  });

  it('an administrator deletes an account by e-mail (every find), audited', async () => {
    const own = await call('ana', 'POST', '/api/Features/35/48', {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: AT },
      properties: { 980: BEETLE, 1053: '2025-06-01', 782: 1 },
    });
    expect(own.status).toBe(201);
    const r = await call('admin', 'DELETE', '/api/admin/users/ANA@example.si?finds=all');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.deleted).toBeGreaterThanOrEqual(1);
    expect(r.body.kept).toBe(0);
    expect((await call('ana', 'GET', '/api/Notifications/35')).status).toBe(401);
    expect((await call('admin', 'GET', `/api/Features/35/48/${own.body.id as number}`)).status).toBe(404);
    expect((await call('admin', 'DELETE', '/api/admin/users/ana@example.si?finds=sometimes')).status).toBe(400);
  });

  it('afterwards neither e-mail nor name is anywhere in the database; the history refuses change', async () => {
    // PGlite is one process's: the server stops before the test opens its files.
    let db: Db;
    if (pg) db = await openDb({ databaseUrl: pg.url });
    else {
      server.proc.kill('SIGTERM');
      await new Promise((resolve) => server.proc.once('exit', resolve));
      db = await openDb({ dataDir: server.dataDir });
    }
    try {
      const columns = await db.query<{ table_name: string; column_name: string }>(
        `select table_name, column_name from information_schema.columns
          where table_schema = current_schema() and data_type in ('text', 'jsonb', 'json', 'character varying')`,
      );
      expect(columns.map((c) => `${c.table_name}.${c.column_name}`)).toEqual(
        expect.arrayContaining([
          'record_history.changes',
          'record_history.comment',
          'people.email',
          'audit_log.details',
        ]),
      );
      for (const needle of [EVA.email, EVA.name, 'Brisnik', 'ana@example.si', 'Ana Novak']) {
        for (const c of columns) {
          const rows = await db.query<{ n: number }>(
            `select count(*)::int as n from "${c.table_name}" where strpos(lower("${c.column_name}"::text), lower($1)) > 0`,
            [needle],
          );
          expect(rows[0]?.n, `${needle} in ${c.table_name}.${c.column_name}`).toBe(0);
        }
      }
      const audit = await db.query<{ actor: string; action: string; subject: string }>(
        'select actor, action, subject from audit_log order by id',
      );
      expect(audit.map((a) => [a.actor, a.action])).toEqual([
        [null, 'account.delete.self'],
        ['admin@example.si', 'account.delete'],
      ]);
      expect(audit[1]!.subject).toMatch(/^person:\d+$/);
      await expect(
        db.query(`update record_history set kind = 'edit' where record_id = $1`, [confirmed]),
      ).rejects.toThrow(/append-only/);
      await expect(db.query('delete from record_history where record_id = $1', [confirmed])).rejects.toThrow(
        /append-only/,
      );
    } finally {
      await db.close();
    }
  });
});
