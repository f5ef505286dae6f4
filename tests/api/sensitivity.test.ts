import { describe, expect, it } from 'vitest';
import exifr from 'exifr';
import sharp from 'sharp';
import { lonLatToMercator, nationalGridToMercator } from '../../server/geo/projection.ts';
import { jpegWithGps } from '../e2e/helpers/photo.ts';
import { signedInSuite } from './helpers/signedInSuite.ts';
import { squarePlace as placeOf } from './helpers/squarePlace.ts';

/**
 * Sensitive species (issue #21) against the real server, on PGlite and (TEST_DATABASE_URL)
 * PostgreSQL: every read route gives anonymous callers and other users the centre of the find's
 * national-grid square, and its creator and the group's reviewers the point; a spatial query
 * cannot bisect the square; class 3 hides the find; photos lose their GPS position (with all their
 * other metadata, photoPrivacy.test.ts); only an administrator sets a class. apolon (3406, group 8) is class 1, volk (2140, group 15) class 2;
 * pregled@example.si reviews groups 7 and 8.
 */
const suite = signedInSuite('ana', 'bor', 'pregled', 'admin');
const call = suite.call;
const APOLON = 3406;
const WOLF = 2140;
const SPURGE = 846; // zdravilna strašnica, class 0
type Who = 'ana' | 'bor' | 'pregled' | 'admin' | null;

/** A new find of `who` at a WGS84 point, with a habitat only it has (for the text search); its id. */
async function report(
  who: Exclude<Who, null>,
  species: number,
  lon: number,
  lat: number,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const id = await suite.report(who, species, [lon, lat], extra);
  expect((await call(who, 'PUT', `/api/Features/35/48/${id}`, { properties: { 785: `habitat-${id}` } })).status).toBe(
    200,
  );
  return id;
}

const close = (a: number[], b: number[]): boolean => Math.abs(a[0]! - b[0]!) < 0.01 && Math.abs(a[1]! - b[1]!) < 0.01;

/** The coordinates and `generalised` member of record `id` on every read route, for `who`. */
async function everyRead(
  who: Who,
  id: number,
  near: [number, number],
): Promise<Record<string, { coordinates: number[]; generalised: unknown }>> {
  const out: Record<string, { coordinates: number[]; generalised: unknown }> = {};
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the JSON answers under test, read field by field
  const take = (name: string, item: any) => {
    expect(item, `${name} for ${String(who)}`).toBeTruthy();
    out[name] = { coordinates: item.geometry.coordinates, generalised: item.generalised };
  };
  take('feature', (await call(who, 'GET', `/api/Features/35/48/${id}`)).body);
  take('detailed', (await call(who, 'GET', `/api/Features/35/48/${id}/detailed`)).body);
  take('record', (await call(who, 'GET', `/api/Records/35/48/${id}`)).body);
  const ext = `extent=${near[0] - 30000},${near[1] - 30000},${near[0] + 30000},${near[1] + 30000}&tableIds=48`;
  take(
    'extenttables',
    (await call(who, 'GET', `/api/Features/35/extenttables?${ext}`)).body.features['48'].find(
      (f: { id: number }) => f.id === id,
    ),
  );
  take(
    'records extenttables',
    (await call(who, 'GET', `/api/Records/35/extenttables?${ext}`)).body.records['48'].find(
      (f: { id: number }) => f.id === id,
    ),
  );
  const query = { tableId: 48, filters: [{ type: 'condition', columnId: 767, operationType: 'equals', values: [id] }] };
  take('search', (await call(who, 'POST', '/api/Features/35/search', query)).body.features[0]);
  take('records search', (await call(who, 'POST', '/api/Records/35/search', query)).body.records[0]);
  take(
    'spatial',
    (
      await call(who, 'POST', '/api/Records/35/spatial', {
        tableId: 48,
        bbox: [near[0] - 20000, near[1] - 20000, near[0] + 20000, near[1] + 20000],
      })
    ).body.records.find((f: { id: number }) => f.id === id),
  );
  take('records ids', (await call(who, 'POST', '/api/Records/35/ids', { tableId: 48, ids: [id] })).body.records[0]);
  take(
    'text search',
    (
      await call(who, 'GET', `/api/Records/35/search/18/10/1/${encodeURIComponent(`habitat-${id}`)}`)
    ).body.records?.find((r: { id: number }) => r.id === id),
  );
  return out;
}

describe('generalised places on every read route', () => {
  it("a class 1 find: the 1 km square's centre for anonymous and bor, the point for ana (creator) and pregled (reviewer)", async () => {
    const { point, centre } = placeOf(14.5123, 46.0567, 1000);
    const id = await report('ana', APOLON, 14.5123, 46.0567);
    for (const who of [null, 'bor', 'admin'] as const) {
      for (const [route, got] of Object.entries(await everyRead(who, id, point))) {
        expect(close(got.coordinates, centre), `${route} for ${String(who)}: ${JSON.stringify(got.coordinates)}`).toBe(
          true,
        );
        expect(got.generalised, route).toBe(1000);
      }
    }
    for (const who of ['ana', 'pregled'] as const) {
      for (const [route, got] of Object.entries(await everyRead(who, id, point))) {
        expect(close(got.coordinates, point), `${route} for ${who}`).toBe(true);
        expect(got.generalised, route).toBeUndefined();
      }
    }
  });

  it("a class 2 find: the 10 km square's centre (nobody reviews mammals, so only the creator sees the point)", async () => {
    const { point, centre } = placeOf(14.3, 45.7, 10000);
    const id = await report('bor', WOLF, 14.3, 45.7);
    const anon = await everyRead(null, id, point);
    expect(Object.values(anon).every((g) => close(g.coordinates, centre) && g.generalised === 10000)).toBe(true);
    const pregled = await everyRead('pregled', id, point);
    expect(Object.values(pregled).every((g) => close(g.coordinates, centre))).toBe(true);
    const own = await everyRead('bor', id, point);
    expect(Object.values(own).every((g) => close(g.coordinates, point) && g.generalised === undefined)).toBe(true);
  });

  it('a species of class 0 keeps its exact place for everyone', async () => {
    const point = lonLatToMercator(14.6, 46.1);
    const id = await report('ana', SPURGE, 14.6, 46.1);
    const got = await everyRead(null, id, point);
    expect(Object.values(got).every((g) => close(g.coordinates, point) && g.generalised === undefined)).toBe(true);
  });

  it("an edit that moves the find moves its square; a reviewer's species correction to a class 0 species makes it exact", async () => {
    const id = await report('ana', APOLON, 14.4, 46.2);
    const moved = placeOf(14.45, 46.25, 1000);
    expect(
      (
        await call('ana', 'PUT', `/api/Features/35/48/${id}`, {
          geometry: { type: 'Point', coordinates: moved.point },
          properties: {},
        })
      ).status,
    ).toBe(200);
    const after = (await call(null, 'GET', `/api/Features/35/48/${id}`)).body;
    expect(close(after.geometry.coordinates, moved.centre)).toBe(true);
    const spurgeLike = 3405; // črtasti medvedek, group 8, class 0
    expect((await call('pregled', 'POST', `/api/Records/35/48/${id}/review`, { species: spurgeLike })).status).toBe(
      200,
    );
    const exact = (await call(null, 'GET', `/api/Features/35/48/${id}`)).body;
    expect(close(exact.geometry.coordinates, moved.point)).toBe(true);
    expect(exact.generalised).toBeUndefined();
  });
});

describe('no bisection', () => {
  it('small spatial and extent queries over the square answer the same for two finds at different points in it', async () => {
    // Two finds in the same 1 km square, 600 m apart.
    const a = placeOf(14.5051, 46.0501, 1000);
    const sq = a.square;
    const inside = (fe: number, fn: number) => nationalGridToMercator(sq[0] + fe * 1000, sq[1] + fn * 1000);
    const p1 = inside(0.15, 0.2);
    const p2 = inside(0.8, 0.75);
    const ids: number[] = [];
    for (const p of [p1, p2]) {
      const r = await call('ana', 'POST', '/api/Features/35/48', {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: p },
        properties: { 980: APOLON, 1053: '2025-06-01', 782: 1 },
      });
      ids.push(r.body.id as number);
    }
    // 8 × 8 cells of 150 m over the square's extent and a ring around it: which cells see which find.
    const [x0, y0, x1, y1] = a.extent;
    const seen = (found: number[], id: number): boolean => found.includes(id);
    const cells: Array<[number, number, number, number]> = [];
    for (let i = -1; i <= 8; i++)
      for (let j = -1; j <= 8; j++) {
        const cx = x0 + ((x1 - x0) / 8) * i;
        const cy = y0 + ((y1 - y0) / 8) * j;
        cells.push([cx + 1, cy + 1, cx + (x1 - x0) / 8 - 1, cy + (y1 - y0) / 8 - 1]);
      }
    let hitsInside = 0;
    for (const c of cells) {
      const spatial = (await call('bor', 'POST', '/api/Records/35/spatial', { tableId: 48, bbox: c })).body.records.map(
        (r: { id: number }) => r.id,
      );
      const extent = (
        await call('bor', 'GET', `/api/Features/35/extenttables?extent=${c.join(',')}&tableIds=48`)
      ).body.features['48'].map((f: { id: number }) => f.id);
      // Whatever the cell, both finds answer alike: the answers depend on the square only.
      expect(seen(spatial, ids[0]!), `spatial ${c.join(',')}`).toBe(seen(spatial, ids[1]!));
      expect(seen(extent, ids[0]!), `extent ${c.join(',')}`).toBe(seen(extent, ids[1]!));
      expect(seen(spatial, ids[0]!)).toBe(seen(extent, ids[0]!));
      if (seen(spatial, ids[0]!)) hitsInside += 1;
    }
    // Every cell that meets the square's extent finds both (8 × 8 inside it).
    expect(hitsInside).toBe(64);
    // The creator, by contrast, is answered by the point.
    const near = (p: [number, number]) => [p[0] - 50, p[1] - 50, p[0] + 50, p[1] + 50];
    const own = (
      await call('ana', 'POST', '/api/Records/35/spatial', { tableId: 48, bbox: near(p1) })
    ).body.records.map((r: { id: number }) => r.id);
    expect(own).toContain(ids[0]);
    expect(own).not.toContain(ids[1]);
  });
});

describe("class 3 and the administrator's classes", () => {
  it('only an administrator sets a class: 401, 403, 400, 404, then 200 with the finds changed', async () => {
    expect((await call(null, 'PUT', `/api/Species/35/48/${WOLF}/sensitivity`, { class: 3 })).status).toBe(401);
    expect((await call('ana', 'PUT', `/api/Species/35/48/${WOLF}/sensitivity`, { class: 3 })).status).toBe(403);
    expect((await call('admin', 'PUT', `/api/Species/35/48/${WOLF}/sensitivity`, { class: 4 })).status).toBe(400);
    expect((await call('admin', 'PUT', `/api/Species/35/48/${WOLF}/sensitivity`, { class: '2' })).status).toBe(400);
    expect((await call('admin', 'PUT', '/api/Species/35/48/999999/sensitivity', { class: 1 })).status).toBe(404);
    const classes = (await call(null, 'GET', '/api/Species/35/48/sensitivity')).body.classes;
    expect(classes).toMatchObject({ [APOLON]: 1, [WOLF]: 2 });
    expect(classes[SPURGE]).toBeUndefined();
  });

  it('class 3 hides a find from everyone but its creator; back to 0 it is exact for all', async () => {
    const { point } = placeOf(14.9, 46.3, 10000);
    const id = await report('ana', WOLF, 14.9, 46.3);
    const set = await call('admin', 'PUT', `/api/Species/35/48/${WOLF}/sensitivity`, { class: 3 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.recordsChanged).toBeGreaterThan(0);
    const ext = `/api/Features/35/extenttables?extent=${point[0] - 100},${point[1] - 100},${point[0] + 100},${point[1] + 100}&tableIds=48`;
    for (const who of [null, 'bor', 'admin', 'pregled'] as const) {
      expect((await call(who, 'GET', `/api/Features/35/48/${id}`)).status, String(who)).toBe(404);
      expect((await call(who, 'GET', ext)).body.features['48'].map((f: { id: number }) => f.id)).not.toContain(id);
    }
    expect((await call('ana', 'GET', `/api/Features/35/48/${id}`)).body.geometry.coordinates).toEqual(point);
    expect((await call('admin', 'PUT', `/api/Species/35/48/${WOLF}/sensitivity`, { class: 0 })).status).toBe(200);
    const open = (await call(null, 'GET', `/api/Features/35/48/${id}`)).body;
    expect(close(open.geometry.coordinates, point)).toBe(true);
    expect(open.generalised).toBeUndefined();
    expect((await call('admin', 'PUT', `/api/Species/35/48/${WOLF}/sensitivity`, { class: 2 })).status).toBe(200);
    expect((await call(null, 'GET', `/api/Features/35/48/${id}`)).body.generalised).toBe(10000);
  });
});

describe('photos', () => {
  it('serve the GPS position only to those who see the exact place', async () => {
    const id = await report('ana', APOLON, 14.52, 46.06);
    const form = new FormData();
    form.append('TableId', '48');
    form.append('RecordId', String(id));
    form.append(
      'File',
      new Blob([new Uint8Array(await jpegWithGps(14.52, 46.06, new Date(2025, 5, 1), { width: 400, height: 300 }))]),
      'foto.jpg',
    );
    const up = await call('ana', 'POST', '/api/Records/35/attachment', form);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const photo = async (who: Who): Promise<Buffer> => {
      const r = await fetch(`${suite.server.url}/api/Records/35/attachment/${up.body.id as number}`, {
        headers: who ? { authorization: `Bearer ${suite.token[who]}` } : {},
      });
      expect(r.status).toBe(200);
      return Buffer.from(await r.arrayBuffer());
    };
    for (const who of ['ana', 'pregled'] as const) {
      const gps = await exifr.gps(await photo(who));
      expect(gps?.latitude, who).toBeCloseTo(46.06, 3);
    }
    for (const who of [null, 'bor'] as const) {
      const bytes = await photo(who);
      expect(await exifr.gps(bytes).catch(() => undefined), String(who)).toBeUndefined();
      // Still a photo, and (issue #36) without any of its other metadata either.
      expect((await sharp(bytes).metadata()).width).toBe(400);
      expect(await exifr.parse(bytes).catch(() => undefined)).toBeUndefined();
    }
  });
});
