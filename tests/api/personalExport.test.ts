import { beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { mercatorToLonLat } from '../../server/geo/projection.ts';
import { signedInSuite } from './helpers/signedInSuite.ts';
import { attachmentForm } from './helpers/attachmentForm.ts';
import { jpegWithMetadata } from '../helpers/photoMetadata.ts';
import { PRIVACY_SECTIONS } from '../../domain/privacy.ts';

/**
 * 'Prenesi moje podatke' against the real server, on PGlite and (TEST_DATABASE_URL) PostgreSQL:
 * the ZIP unzipped with fflate holds exactly ana's data (her finds at their exact places, also a
 * sensitive one the public sees generalised, her photo byte for byte as uploaded, the history of
 * her finds with her reviewer's comment, her notices, her account) and nothing of bor's (his find,
 * e-mail or comment); the routes refuse callers without a token (401) and non-administrators on
 * the administrator's route (403), whose every export is written to the audit log.
 * rogač (1105) is a class 1 sensitive beetle (group 7, reviewed by pregled@example.si).
 */
const suite = signedInSuite('ana', 'bor', 'pregled', 'admin');
type Who = 'ana' | 'bor' | 'pregled' | 'admin';
const ROGAC = 1105;
const KOZLICEK = 3402;
const ANA_SENSITIVE: [number, number] = [14.8612, 45.6417];
const ANA_PLAIN: [number, number] = [14.5, 46.05];
const BOR_COMMENT = 'Borov zasebni komentar 7f3a';
const REVIEWER_COMMENT = 'Prosim za fotografijo od blizu';
const ANA_COMMENT = 'Anin komentar k najdbi';

let anaIds: number[] = [];
let borId = 0;
let photo: Buffer;
let photoId = 0;

/** The archive `who` downloads from `path`: file name → bytes. */
async function archive(who: Who, path = '/api/me/export'): Promise<Record<string, Uint8Array>> {
  const r = await suite.call(who, 'GET', path);
  expect(r.status, r.bytes.toString('utf8').slice(0, 300)).toBe(200);
  expect(r.headers.get('content-type')).toBe('application/zip');
  expect(r.headers.get('content-disposition')).toMatch(/sporoci-vrsto-moji-podatki-\d{4}-\d\d-\d\d\.zip/);
  return unzipSync(new Uint8Array(r.bytes));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- archive JSON under test, read field by field
const json = (files: Record<string, Uint8Array>, name: string): any => JSON.parse(strFromU8(files[name]!));

beforeAll(async () => {
  anaIds = [
    await suite.report('ana', ROGAC, ANA_SENSITIVE, { 2066: 'Da' }),
    await suite.report('ana', KOZLICEK, ANA_PLAIN, { 2066: 'Da' }),
  ];
  borId = await suite.report('bor', KOZLICEK, [15.1, 46.2], { 2066: 'Da' });
  photo = await jpegWithMetadata(320, 240);
  const up = await suite.call(
    'ana',
    'POST',
    '/api/Records/35/attachment',
    attachmentForm(anaIds[1]!, new Blob([new Uint8Array(photo)]), 'Moja žaba.jpg'),
  );
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  photoId = up.body.id as number;
  const comment = async (who: Who, id: number, text: string) =>
    expect((await suite.call(who, 'POST', `/api/Records/35/48/${id}/comments`, { text })).status).toBe(201);
  await comment('bor', borId, BOR_COMMENT);
  await comment('pregled', anaIds[0]!, REVIEWER_COMMENT);
  await comment('ana', anaIds[0]!, ANA_COMMENT);
}, 120_000);

describe('GET /api/me/export', () => {
  it('holds exactly her data, at exact places, with her photo as stored', async () => {
    const files = await archive('ana');
    const photoPath = `priloge/${photoId}-Moja_zaba.jpg`;
    // Her finds as the map's 'mine only' export lists them (the seed's and this file's).
    const mine = await suite.call('ana', 'GET', '/api/Export/35/48/geojson?mine=true');
    const mineIds = (mine.body.features as { id: number }[]).map((f) => f.id).sort();
    expect(mineIds).toEqual(expect.arrayContaining(anaIds));

    const listed = json(files, 'priloge.json') as { id: number; recordId: number; file: string }[];
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        'racun.json',
        'najdbe.geojson',
        'najdbe.csv',
        'priloge.json',
        ...listed.map((a) => a.file),
        'zgodovina.json',
        'obvestila.json',
      ].sort(),
    );
    for (const a of listed) expect(mineIds).toContain(a.recordId);
    expect(strFromU8(files['README.txt']!)).toContain('zgodovina.json');

    const account = json(files, 'racun.json');
    expect(account).toMatchObject({ email: 'ana@example.si', name: 'Ana Novak', source: 'embedded-provider' });

    const geo = json(files, 'najdbe.geojson');
    expect(geo.type).toBe('FeatureCollection');
    const features = new Map<
      number,
      { geometry: { coordinates: [number, number] }; properties: Record<string, unknown> }
    >(geo.features.map((f: { id: number }) => [f.id, f]));
    expect([...features.keys()].sort()).toEqual(mineIds);
    // Exact places, also of the sensitive find (the public gets its square's centre).
    const pub = await suite.call(null, 'GET', `/api/Features/35/48/${anaIds[0]}`);
    const publicLonLat = mercatorToLonLat(pub.body.geometry.coordinates[0], pub.body.geometry.coordinates[1]);
    expect(Math.abs(publicLonLat[0] - ANA_SENSITIVE[0]) + Math.abs(publicLonLat[1] - ANA_SENSITIVE[1])).toBeGreaterThan(
      0.0005,
    );
    for (const [id, at] of [
      [anaIds[0]!, ANA_SENSITIVE],
      [anaIds[1]!, ANA_PLAIN],
    ] as const) {
      const [lon, lat] = features.get(id)!.geometry.coordinates;
      expect(lon).toBeCloseTo(at[0], 6);
      expect(lat).toBeCloseTo(at[1], 6);
    }
    expect(features.get(anaIds[1]!)!.properties['Fotografije']).toBe(photoPath);

    const csv = strFromU8(files['najdbe.csv']!).split('\r\n').filter(Boolean);
    expect(csv).toHaveLength(1 + mineIds.length);
    expect(csv[0]).toContain('Arhivirana');

    // The photo is the stored original, metadata and all.
    expect(Buffer.from(files[photoPath]!).equals(photo)).toBe(true);
    expect(listed).toContainEqual(
      expect.objectContaining({
        id: photoId,
        recordId: anaIds[1],
        name: 'Moja žaba.jpg',
        file: photoPath,
        size: photo.length,
      }),
    );

    const history = json(files, 'zgodovina.json') as {
      recordId: number;
      actor: string;
      kind: string;
      comment: string;
    }[];
    for (const e of history) expect(mineIds.includes(e.recordId) || e.actor === 'ana@example.si').toBe(true);
    expect(
      history
        .filter((e) => e.kind === 'create')
        .map((e) => e.recordId)
        .sort(),
    ).toEqual(mineIds);
    expect(history.map((e) => e.comment)).toEqual(expect.arrayContaining([ANA_COMMENT, REVIEWER_COMMENT]));

    const notices = json(files, 'obvestila.json') as { actor: string; comment: string }[];
    expect(notices.map((n) => [n.actor, n.comment])).toEqual([['pregled@example.si', REVIEWER_COMMENT]]);

    // Nothing of anybody else's: bor's e-mail, comment and find appear in no file.
    for (const [name, bytes] of Object.entries(files)) {
      const text = Buffer.from(bytes).toString('latin1') + strFromU8(bytes);
      expect(text.includes('bor@example.si'), name).toBe(false);
      expect(text.includes(BOR_COMMENT), name).toBe(false);
      expect(text.includes('admin@example.si'), name).toBe(false);
      expect(text.includes('vzorec@example.si'), name).toBe(false);
    }
    expect(features.has(borId)).toBe(false);
  });

  it('refuses the download past the hourly limit (429 with Retry-After)', async () => {
    // bor's archive: 10 an hour are served (RATE_LIMIT_PERSONAL_EXPORT's default), the 11th is refused.
    for (let i = 0; i < 10; i++)
      expect((await suite.call('bor', 'GET', '/api/me/export')).status, `download ${i + 1}`).toBe(200);
    const r = await suite.call('bor', 'GET', '/api/me/export');
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(r.body.message).toMatch(/Too many downloads/);
  });

  it('refuses a caller without a token (401)', async () => {
    const r = await suite.call(null, 'GET', '/api/me/export');
    expect(r.status).toBe(401);
    expect(r.body.status).toBe(401);
  });

  it('gives someone with nothing stored but her account a valid archive without finds', async () => {
    const files = await archive('admin');
    expect(Object.keys(files).sort()).toEqual(
      ['README.txt', 'obvestila.json', 'priloge.json', 'racun.json', 'zgodovina.json'].sort(),
    );
    expect(json(files, 'racun.json')).toMatchObject({ email: 'admin@example.si', roles: ['admin'] });
    expect(json(files, 'zgodovina.json')).toEqual([]);
  });
});

describe('GET /api/admin/users/{email}/export', () => {
  it('refuses no token (401) and anyone but an administrator (403)', async () => {
    expect((await suite.call(null, 'GET', '/api/admin/users/ana@example.si/export')).status).toBe(401);
    for (const who of ['ana', 'pregled'] as const) {
      const r = await suite.call(who, 'GET', '/api/admin/users/ana@example.si/export');
      expect(r.status, who).toBe(403);
    }
    expect((await suite.call('ana', 'GET', '/api/admin/audit')).status).toBe(403);
  });

  it("gives the administrator the person's archive and writes who exported whose data to the audit log", async () => {
    const before = (await suite.call('admin', 'GET', '/api/admin/audit?subject=ana@example.si')).body.entries.length;
    const files = await archive('admin', '/api/admin/users/ANA@example.si/export');
    const ids = json(files, 'najdbe.geojson').features.map((f: { id: number }) => f.id);
    expect(ids).toEqual(expect.arrayContaining(anaIds));
    expect(ids).not.toContain(borId);
    expect(Buffer.from(files[`priloge/${photoId}-Moja_zaba.jpg`]!).equals(photo)).toBe(true);
    expect(json(files, 'racun.json')).toMatchObject({ email: 'ana@example.si', name: 'Ana Novak' });
    expect(json(files, 'racun.json').subject).toBeUndefined();

    const audit = (await suite.call('admin', 'GET', '/api/admin/audit?subject=ana@example.si')).body.entries;
    expect(audit).toHaveLength(before + 1);
    expect(audit.at(-1)).toMatchObject({
      actor: 'admin@example.si',
      action: 'export-user-data',
      subject: expect.stringMatching(/^person:\d+$/),
    });
  });

  it('answers 404 for an e-mail the platform knows nothing about, and writes no audit entry', async () => {
    const r = await suite.call('admin', 'GET', '/api/admin/users/nihce@example.si/export');
    expect(r.status).toBe(404);
    expect((await suite.call('admin', 'GET', '/api/admin/audit?subject=nihce@example.si')).body.entries).toEqual([]);
  });
});

describe('GET /zasebnost', () => {
  it('serves the privacy notice without a sign-in, with the contact address and a strict policy', async () => {
    const r = await suite.call(null, 'GET', '/zasebnost');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    expect(r.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const html = r.bytes.toString('utf8');
    for (const s of PRIVACY_SECTIONS) expect(html).toContain(s.heading);
    expect(html).toContain('mailto:sporoci.vrsto@example.si');
    expect(html).not.toContain('{email}');
  });
});
