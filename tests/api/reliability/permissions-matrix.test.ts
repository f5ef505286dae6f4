import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../../server/db/index.ts';
import { loadIdpKeys } from '../../../server/idp/keys.ts';
import { loadTable } from '../../../server/api/meta/tableMeta.ts';
import { createOne } from '../../../server/api/records/mutations.ts';
import { seedIfEmpty } from '../../../server/seed/index.ts';
import { hashPassword } from '../../../server/idp/accounts.ts';
import { signIn } from '../helpers/auth.ts';
import { pngAttachmentForm } from '../helpers/attachmentForm.ts';
import { createTestDatabase, startServer, type TestServer } from '../helpers/server.ts';
import type { CallInit } from '../../helpers/http.ts';
import { call, extentFeatures, SLOVENIA, sighting, type Answer } from './lib.ts';

/**
 * The permission matrix: anonymous / another user / creator / administrator / a reviewer of the
 * record's group / a reviewer of another group × every write on a record (and a verdict) × STATUS
 * 5, empty, 3, 1, 2. The database is prepared in this process before the server
 * starts (seed, ana's records with each STATUS, a copied photo on each, one hidden record with a
 * unique comment) so the same test runs on PGlite and on PostgreSQL; the provider's signing key
 * read from it signs an expired token.
 *
 * What the server does (server/api/access/recordAccess.ts, records/handlers.ts): only the creator may change or
 * delete, and only while STATUS is 5 or empty (assertCanEdit; no administrator bypass). The one
 * administrator power over records is archive (any record, any STATUS) and restore; an
 * administrator also reads any single record, JAVNO false included, through GET
 * /api/Records/{p}/{t}/{id} — every other read hides JAVNO false rows from everyone but their creator.
 * Review (issue #20, domain/review.ts): STATUS 3 ('Potrebna dopolnitev') is editable like 5; a
 * rejected record (2) is invisible (404) to everyone but its creator and the group's reviewers; only
 * a reviewer of the group gives a verdict, and never writes the record otherwise.
 */

const ANA = 'ana@example.si';
const STATUSES = [5, null, 3, 1, 2] as const;
type Status = (typeof STATUSES)[number];
const ENDPOINTS = [
  'features.put',
  'features.delete',
  'features.bulk.update',
  'features.bulk.delete',
  'records.put',
  'records.delete',
  'records.bulk.update',
  'records.bulk.delete',
  'records.archive',
  'records.archive.admin',
  'attachment.create',
  'attachment.delete',
  'review.confirm',
] as const;
type Endpoint = (typeof ENDPOINTS)[number];
type Actor = 'anonymous' | 'other' | 'creator' | 'admin' | 'reviewer' | 'outsider';
/** A reviewer of plants only (group 1): out of scope for the beetles of this test. */
const OUTSIDER = 'rastline@example.si';
const HIDDEN_TEXT = 'Skritoznak7731';

let server: TestServer;
let dataDir: string;
let pgDrop: (() => Promise<void>) | null = null;
let tokens: Record<Exclude<Actor, 'anonymous'>, string>;
let idToken: string;
let signingKey: JWK;
/** cell → record id and its attachment id. */
const cells = new Map<string, { id: number; attachment: number }>();
let hiddenId: number;
let hiddenAttachment: number;
const cellKey = (s: Status, e: Endpoint): string => `${String(s)}|${e}`;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sv-matrix-'));
  let databaseUrl: string | null = null;
  if (process.env.TEST_DATABASE_URL) {
    const t = await createTestDatabase(process.env.TEST_DATABASE_URL);
    databaseUrl = t.url;
    pgDrop = t.drop;
  }
  const db = await openDb(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    await seedIfEmpty(db);
    await db.query(
      `insert into idp_accounts (email, name, password_hash, roles) values ($1, 'Rastline', $2, '["reviewer:1"]'::jsonb)`,
      [OUTSIDER, await hashPassword('demo1234')],
    );
    signingKey = (await loadIdpKeys(db)).privateJwks.keys[0] as JWK;
    const meta = await loadTable(db, 35, 48);
    const [photo] = await db.query<{ id: number }>('select id from attachments order by id limit 1');
    if (!photo) throw new Error('the seed has no photos');
    const copyPhoto = async (recordId: number): Promise<number> =>
      (
        await db.query<{ id: number }>(
          `insert into attachments (record_id, table_id, attachment_info_id, name, mime_type, size, data, thumb)
        select $1, table_id, attachment_info_id, name, mime_type, size, data, thumb from attachments where id = $2 returning id`,
          [recordId, photo.id],
        )
      )[0]!.id;
    for (const s of STATUSES) {
      for (const e of ENDPOINTS) {
        const row = await createOne(db, meta, sighting(), ANA);
        await db.query(
          `update records set properties = properties || jsonb_build_object('974', $2::jsonb) where id = $1`,
          [row.id, JSON.stringify(s)],
        );
        cells.set(cellKey(s, e), { id: row.id, attachment: await copyPhoto(row.id) });
      }
    }
    const hidden = await createOne(db, meta, sighting({ 1055: HIDDEN_TEXT }), ANA);
    await db.query(`update records set properties = properties || '{"2066": false}'::jsonb where id = $1`, [hidden.id]);
    hiddenId = hidden.id;
    hiddenAttachment = await copyPhoto(hidden.id);
  } finally {
    await db.close();
  }
  server = await startServer({ dataDir, ...(databaseUrl ? { env: { DATABASE_URL: databaseUrl } } : {}) });
  const ana = await signIn(server.url, ANA, 'demo1234');
  idToken = ana.idToken;
  tokens = {
    creator: ana.accessToken,
    other: (await signIn(server.url, 'bor@example.si', 'demo1234')).accessToken,
    admin: (await signIn(server.url, 'admin@example.si', 'demo1234')).accessToken,
    reviewer: (await signIn(server.url, 'pregled@example.si', 'demo1234')).accessToken,
    outsider: (await signIn(server.url, OUTSIDER, 'demo1234')).accessToken,
  };
}, 180_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  await pgDrop?.();
});

function photoForm(recordId: number): Promise<FormData> {
  return pngAttachmentForm(recordId, { width: 30, height: 20, background: '#00f' });
}

const UPDATE = { properties: { 782: 7 } };

/** The writes Features and Records share, by action: path and call under `base` (/api/Features/35, /api/Records/35). */
const SHARED_WRITES: Record<string, (base: string, id: number) => [string, CallInit]> = {
  put: (base, id) => [`${base}/48/${id}`, { method: 'PUT', body: UPDATE }],
  delete: (base, id) => [`${base}/delete`, { body: { tableId: 48, recordId: id } }],
  'bulk.update': (base, id) => [`${base}/bulk`, { body: { tableId: 48, updates: [{ id, ...UPDATE }] } }],
  'bulk.delete': (base, id) => [`${base}/bulk`, { body: { tableId: 48, deletes: [id] } }],
};

/** Performs `e` on the cell's record with `token`. */
async function perform(
  e: Endpoint,
  rec: { id: number; attachment: number },
  token: string | undefined,
): Promise<Answer> {
  const u = server.url;
  const [resource, ...action] = e.split('.');
  const shared = (resource === 'features' || resource === 'records') && SHARED_WRITES[action.join('.')];
  if (shared) {
    const [path, init] = shared(resource === 'features' ? '/api/Features/35' : '/api/Records/35', rec.id);
    return call(u, path, { ...init, token });
  }
  switch (e) {
    case 'records.archive':
    case 'records.archive.admin':
      return call(u, '/api/Records/35/archive', { token, body: { tableId: 48, recordId: rec.id } });
    case 'attachment.create':
      return call(u, '/api/Records/35/attachment', { token, form: await photoForm(rec.id) });
    case 'attachment.delete':
      return call(u, `/api/Records/35/attachment/${rec.id === -1 ? 0 : rec.attachment}`, { method: 'DELETE', token });
    case 'review.confirm':
      return call(u, `/api/Records/35/48/${rec.id}/review`, { token, body: { status: 1 } });
    default:
      throw new Error(`no call for ${e}`);
  }
}

/** The status the server must answer. */
function expected(actor: Actor, s: Status, e: Endpoint): number {
  if (actor === 'anonymous') return 401;
  const editable = s === 5 || s === null || s === 3;
  // A rejected record exists only for its creator and the reviewers of its group.
  const sees = actor === 'creator' || actor === 'reviewer' || s !== 2;
  if (e === 'records.archive.admin')
    return actor === 'admin' ? 200 : !sees ? 404 : actor === 'creator' && editable ? -1 : 403;
  if (!sees) return 404;
  if (e === 'review.confirm') return actor !== 'reviewer' ? 403 : s === 1 || s === 2 ? 409 : 200;
  if (actor === 'creator' && editable) return e === 'attachment.create' ? 201 : 200;
  return 403;
}

describe('writes on records: anonymous / other / creator / admin × endpoint × STATUS', () => {
  it('only the creator changes STATUS 5 or empty records; the admin may only archive', async () => {
    const table: string[] = [];
    let checked = 0;
    for (const s of STATUSES) {
      for (const e of ENDPOINTS) {
        const rec = cells.get(cellKey(s, e))!;
        // Archive: the admin (who may archive anything) has its own cells, so each cell archives once.
        const order: Actor[] =
          e === 'records.archive.admin'
            ? ['anonymous', 'other', 'outsider', 'reviewer', 'admin']
            : e === 'records.archive'
              ? ['anonymous', 'other', 'outsider', 'reviewer', 'creator']
              : e === 'review.confirm'
                ? ['anonymous', 'other', 'outsider', 'admin', 'creator', 'reviewer']
                : ['anonymous', 'other', 'outsider', 'reviewer', 'admin', 'creator'];
        for (const actor of order) {
          const want = expected(actor, s, e);
          const got = await perform(e, rec, actor === 'anonymous' ? undefined : tokens[actor]);
          checked++;
          table.push(`${String(s).padEnd(4)} ${e.padEnd(22)} ${actor.padEnd(9)} ${got.status}`);
          expect(got.status, `${actor} ${e} on STATUS ${String(s)}: ${JSON.stringify(got.body)}`).toBe(want);
          if (want === 403) expect(String(got.body.message ?? '')).toMatch(/creator|STATUS|administrator|reviewer/);
          // Nothing changed after a refusal: the creator still reads it unchanged.
          if (want >= 400) {
            const now = await call(server.url, `/api/Features/35/48/${rec.id}`, { token: tokens.creator });
            expect(now.status).toBe(200);
            expect(now.body.properties['782']).not.toBe(7);
            expect(now.body.properties['974']).toBe(s);
          }
        }
        // The effect of the allowed write.
        const after = await call(server.url, `/api/Features/35/48/${rec.id}/detailed`, { token: tokens.creator });
        const editable = s === 5 || s === null || s === 3;
        if (e === 'review.confirm') {
          expect(after.body.properties['974']).toBe(s === 2 ? 2 : 1);
          continue;
        }
        if (e === 'records.archive.admin' || (editable && /delete|archive/.test(e) && e !== 'attachment.delete'))
          expect(after.status, `${e} ${String(s)}`).toBe(404);
        else {
          expect(after.status).toBe(200);
          const count = (after.body.attachments as unknown[]).length;
          if (editable && e === 'attachment.create') expect(count).toBe(2);
          else if (editable && e === 'attachment.delete') expect(count).toBe(0);
          else expect(count).toBe(1);
          if (editable && /put|update/.test(e)) expect(after.body.properties['782']).toBe(7);
          // The reporter's answer to a request for evidence sends it back to review.
          if (s === 3 && (/put|update/.test(e) || e.startsWith('attachment')))
            expect(after.body.properties['974']).toBe(5);
        }
      }
    }
    // Archived by the admin: the admin alone still reads it and may restore it; nobody else can.
    const archived = cells.get(cellKey(1, 'records.archive.admin'))!.id;
    expect((await call(server.url, `/api/Records/35/48/${archived}`, { token: tokens.admin })).status).toBe(200);
    const restore = (token: string): Promise<Answer> =>
      call(server.url, '/api/Records/35/archive', {
        token,
        body: { tableId: 48, recordId: archived, archived: false },
      });
    expect((await restore(tokens.creator)).status).toBe(403);
    expect((await restore(tokens.admin)).status).toBe(200);
    expect((await call(server.url, `/api/Features/35/48/${archived}`)).status).toBe(200);
    console.log(
      `permission matrix: ${checked} cells (6 actors × ${ENDPOINTS.length} writes × ${STATUSES.length} STATUS values, admin-archive cells without the creator)\n${table.join('\n')}`,
    );
  }, 120_000);

  it('creates: anonymous 401; any signed-in user 201 as themselves with STATUS 5', async () => {
    const body = { ...sighting({ 974: 1, 1820: 'bor@example.si' }), overwrite: true };
    expect((await call(server.url, '/api/Features/35/48', { body })).status).toBe(401);
    expect((await call(server.url, '/api/Records/35', { body: { tableId: 48, ...body } })).status).toBe(401);
    expect((await call(server.url, '/api/Features/35/bulk', { body: { tableId: 48, creates: [body] } })).status).toBe(
      401,
    );
    const full = new FormData();
    full.append('feature', JSON.stringify(body));
    expect((await call(server.url, '/api/Features/35/48/full', { form: full })).status).toBe(401);
    for (const [actor, email] of [
      ['other', 'bor@example.si'],
      ['creator', ANA],
      ['admin', 'admin@example.si'],
    ] as const) {
      const r = await call(server.url, '/api/Features/35/48', { token: tokens[actor], body });
      expect(r.status).toBe(201);
      expect(r.body.properties).toMatchObject({ 1820: email, 974: 5 });
    }
  });
});

describe('JAVNO false rows never leave the server for anyone but their creator', () => {
  const fail = (why: string): never => {
    throw new Error(why);
  };
  const visibleTo = async (token: string | undefined): Promise<Record<string, boolean>> => {
    const u = server.url;
    const idFilter = [{ type: 'condition', columnId: 767, operationType: 'equals', values: [hiddenId] }];
    const [x, y] = sighting().geometry.coordinates as [number, number];
    const poly = {
      type: 'Polygon',
      coordinates: [
        [
          [x - 100, y - 100],
          [x + 100, y - 100],
          [x + 100, y + 100],
          [x - 100, y + 100],
          [x - 100, y - 100],
        ],
      ],
    };
    const spatial = await call(u, '/api/Records/35/spatial', {
      token,
      body: { tableId: 48, geometry: poly, perPage: 1000 },
    });
    const ids = await call(u, '/api/Records/35/ids', { token, body: { tableId: 48, ids: [hiddenId] } });
    const text = await call(u, `/api/Records/35/search/18/100/1/${HIDDEN_TEXT}`, { token });
    const searchIds = await call(u, '/api/Records/35/search/ids', { token, body: { tableId: 48, filters: idFilter } });
    const distinct = await call(u, '/api/Columns/35/distinct/1055/values', { token });
    const recExtent = await call(u, `/api/Records/35/extenttables?extent=${SLOVENIA}&tableIds=48`, { token });
    const has = (v: unknown): boolean =>
      JSON.stringify(v).includes(`"id":${hiddenId},`) || JSON.stringify(v).includes(`"id":${hiddenId}}`);
    return {
      get: (await call(u, `/api/Features/35/48/${hiddenId}`, { token })).status === 200,
      detailed: (await call(u, `/api/Features/35/48/${hiddenId}/detailed`, { token })).status === 200,
      extenttables: (await extentFeatures(u, token)).some((f) => f.id === hiddenId),
      recordsExtenttables: has(recExtent.body),
      featuresSearch: has(
        (await call(u, '/api/Features/35/search', { token, body: { tableId: 48, filters: idFilter } })).body,
      ),
      recordsSearch:
        (await call(u, '/api/Records/35/search', { token, body: { tableId: 48, filters: idFilter } })).body.total > 0,
      searchIds: JSON.stringify(searchIds.body).includes(String(hiddenId)),
      ids: has(ids.body),
      spatial: (spatial.status === 200 || fail(`spatial ${spatial.status}`)) && has(spatial.body),
      textSearch: has(text.body),
      distinct: JSON.stringify(distinct.body).includes(HIDDEN_TEXT),
      attachment: (await call(u, `/api/Records/35/attachment/${hiddenAttachment}`, { token })).status === 200,
      thumbnail: (await call(u, `/api/Records/35/attachment/${hiddenAttachment}?thumb=true`, { token })).status === 200,
      attachmentInfo: (await call(u, `/api/Records/35/record/${hiddenId}/attachmentinfo/1`, { token })).status === 200,
    };
  };

  it('the creator sees it on every read', async () => {
    const seen = await visibleTo(tokens.creator);
    for (const [read, ok] of Object.entries(seen)) expect(ok, `creator ${read}`).toBe(true);
  });

  it('anonymous, another user and the admin see it nowhere (the admin reads it only through GET Records/{p}/{t}/{id})', async () => {
    for (const actor of ['anonymous', 'other', 'admin'] as const) {
      const seen = await visibleTo(actor === 'anonymous' ? undefined : tokens[actor]);
      for (const [read, ok] of Object.entries(seen)) expect(ok, `${actor} ${read}`).toBe(false);
    }
    expect((await call(server.url, `/api/Records/35/48/${hiddenId}`)).status).toBe(404);
    expect((await call(server.url, `/api/Records/35/48/${hiddenId}`, { token: tokens.other })).status).toBe(404);
    // Documented administrator exception (server/api/records/handlers.ts readOne): any single record by id.
    expect((await call(server.url, `/api/Records/35/48/${hiddenId}`, { token: tokens.admin })).status).toBe(200);
  });
});

describe('bad tokens are 401 on a write', () => {
  const b64 = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString('base64url');
  const signWith = async (claims: JWTPayload, header: Record<string, unknown>): Promise<string> =>
    new SignJWT(claims).setProtectedHeader({ alg: 'RS256', ...header }).sign(await importJWK(signingKey, 'RS256'));

  it('another issuer, expired, bad signature, alg none, an ID token', async () => {
    const claims = decodeJwt(tokens.creator);
    const header = decodeProtectedHeader(tokens.creator) as Record<string, unknown>;
    const now = Math.floor(Date.now() / 1000);
    // Sanity: the provider's real key with the real claims is accepted.
    const good = await signWith({ ...claims, iat: now, exp: now + 300 }, header);
    const [h, p, sig] = tokens.creator.split('.') as [string, string, string];
    const bad: Record<string, string> = {
      'another issuer': await signWith(
        { ...claims, iss: 'https://evil.example/realms/x', iat: now, exp: now + 300 },
        header,
      ),
      expired: await signWith({ ...claims, iat: now - 3600, exp: now - 1800 }, header),
      'bad signature': `${h}.${b64({ ...claims, email: 'bor@example.si' })}.${sig}`,
      'bad signature bytes': `${h}.${p}.${sig.slice(0, -6)}AAAAAA`,
      'alg none': `${b64({ alg: 'none', typ: 'at+jwt' })}.${b64(claims)}.`,
      'ID token as access token': idToken,
      garbage: 'x.y.z',
    };
    const rec = cells.get(cellKey(5, 'features.put'))!;
    const write = (token: string) =>
      call(server.url, `/api/Features/35/48/${rec.id}`, { method: 'PUT', token, body: { properties: { 782: 9 } } });
    expect((await write(good)).status).toBe(200);
    for (const [name, token] of Object.entries(bad)) {
      const r = await write(token);
      expect(r.status, `${name}: ${JSON.stringify(r.body)}`).toBe(401);
      const c = await call(server.url, '/api/Features/35/48', { token, body: sighting() });
      expect(c.status, `${name} create`).toBe(401);
    }
  });
});
