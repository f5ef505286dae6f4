import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { lonLatToMercator, mercatorToLonLat, mercatorToNationalGrid } from '../../server/geo/projection.ts';
import { COL } from '../../server/seed/model.ts';
import type { TestServer } from './helpers/server.ts';
import { call, type Answer } from '../helpers/http.ts';
import { startSignedIn } from './helpers/signedIn.ts';
import { squarePlace } from './helpers/squarePlace.ts';
import { openMiniProject } from './helpers/miniProject.ts';
import { loadTable } from '../../server/api/meta/tableMeta.ts';
import { ANONYMOUS } from '../../domain/review.ts';
import type { Db } from '../../server/db/index.ts';
import { ID_CEILING, itemsSql } from '../../server/ogc/items.ts';

/**
 * OGC API - Features at /ogc (issue #21) against the real server, on PGlite and (TEST_DATABASE_URL)
 * PostgreSQL: landing page, conformance, collections, items with paging, bbox, datetime and crs
 * (Part 2), one feature, the API's visibility and generalisation rules, 400/404; and Debian's
 * GDAL (ogrinfo, ogr2ogr) as a real client.
 */
let server: TestServer;
let anaToken = '';
const APOLON = 3406; // class 1: the 1 km square for the public
const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';
const EPSG_3794 = 'http://www.opengis.net/def/crs/EPSG/0/3794';
const EPSG_3857 = 'http://www.opengis.net/def/crs/EPSG/0/3857';
/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers read freely in tests */
type Json = Record<string, any>;

const get = (path: string, token: string | null = null, headers: Record<string, string> = {}): Promise<Answer> =>
  call(server.url, path, { token, headers });

/** Every feature of the sightings, following the next links. */
async function allItems(
  query: string,
  token: string | null = null,
): Promise<{ features: Json[]; matched: number; pages: number }> {
  let url: string | null = `/ogc/collections/sightings/items?${query}`;
  const features: Json[] = [];
  let matched = -1;
  let pages = 0;
  while (url) {
    const r = await get(url, token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    matched = r.body.numberMatched;
    features.push(...r.body.features);
    expect(r.body.numberReturned).toBe(r.body.features.length);
    pages++;
    url = r.body.links.find((l: Json) => l.rel === 'next')?.href ?? null;
    if (pages > 200) throw new Error('too many pages');
  }
  return { features, matched, pages };
}

let sensitiveId = 0;
const SENSITIVE_AT: [number, number] = [14.5123, 46.0567];

beforeAll(async () => {
  [server, anaToken] = await startSignedIn('ana@example.si');
  const r = await fetch(`${server.url}/api/Features/35/48`, {
    method: 'POST',
    headers: { authorization: `Bearer ${anaToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: lonLatToMercator(...SENSITIVE_AT) },
      properties: { [COL.species]: APOLON, [COL.date]: '2025-06-01', [COL.count]: 2 },
    }),
  });
  expect(r.status).toBe(201);
  sensitiveId = ((await r.json()) as { id: number }).id;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('landing page, conformance, collections', () => {
  it('the landing page links to itself, the OpenAPI document, the conformance declaration and the collections', async () => {
    const r = await get('/ogc');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    const rels = Object.fromEntries(r.body.links.map((l: Json) => [l.rel, l]));
    expect(Object.keys(rels).sort()).toEqual(['conformance', 'data', 'self', 'service-desc']);
    expect(rels.self.href).toBe(`${server.url}/ogc`);
    expect(rels['service-desc'].type).toBe('application/vnd.oai.openapi+json;version=3.0');
    for (const l of Object.values(rels) as Json[]) expect((await fetch(l.href)).status, l.href).toBe(200);
    const api = await get(rels['service-desc'].href);
    expect(api.headers.get('content-type')).toMatch(/^application\/vnd\.oai\.openapi\+json/);
    expect(api.body.openapi).toMatch(/^3\.0\./);
    expect(Object.keys(api.body.paths)).toEqual(
      expect.arrayContaining([
        '/',
        '/conformance',
        '/collections',
        '/collections/{collectionId}',
        '/collections/{collectionId}/items',
        '/collections/{collectionId}/items/{featureId}',
      ]),
    );
    const limit = api.body.paths['/collections/{collectionId}/items'].get.parameters.find(
      (p: Json) => p.name === 'limit',
    );
    expect(limit.schema).toMatchObject({ minimum: 1, maximum: 10000, default: 100 });
    expect((await get('/ogc/')).status).toBe(200);
  });

  it('declares Core, GeoJSON, OpenAPI 3.0 and CRS by Reference', async () => {
    const r = await get('/ogc/conformance');
    expect(r.status).toBe(200);
    expect(r.body.conformsTo.sort()).toEqual([
      'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
      'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
      'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
      'http://www.opengis.net/spec/ogcapi-features-2/1.0/conf/crs',
    ]);
  });

  it('lists sightings (points, CRS84/3794/3857, stored in 3857, with an extent in Slovenia) and species (no geometry)', async () => {
    const r = await get('/ogc/collections');
    expect(r.status).toBe(200);
    expect(r.body.links.find((l: Json) => l.rel === 'self').href).toBe(`${server.url}/ogc/collections`);
    expect(r.body.collections.map((c: Json) => c.id)).toEqual(['sightings', 'species']);
    const s = (await get('/ogc/collections/sightings')).body;
    expect(s).toEqual(r.body.collections[0]);
    expect(s.crs).toEqual([CRS84, EPSG_3794, EPSG_3857]);
    expect(s.storageCrs).toBe(EPSG_3857);
    const [x1, y1, x2, y2] = s.extent.spatial.bbox[0];
    expect(x1).toBeGreaterThan(13.3);
    expect(x2).toBeLessThan(16.7);
    expect(y1).toBeGreaterThan(45.4);
    expect(y2).toBeLessThan(46.9);
    expect(s.extent.temporal.interval[0][0]).toMatch(/^\d{4}-\d\d-\d\dT/);
    const items = s.links.filter((l: Json) => l.rel === 'items');
    expect(items.map((l: Json) => l.type)).toEqual(['application/geo+json', 'application/json']);
    const species = r.body.collections[1];
    expect(species.crs).toBeUndefined();
    expect(species.extent?.spatial).toBeUndefined();
    const sp = (await get('/ogc/collections/species/items?limit=1000')).body;
    expect(sp.numberMatched).toBeGreaterThan(10);
    const apolon = sp.features.find((f: Json) => f.id === APOLON || f.properties.ID_VRSTE === APOLON);
    expect(apolon.geometry).toBeNull();
    expect(apolon.properties.OPIS).toBe('apolon');
  });
});

describe('items', () => {
  it('pages through every visible sighting with next and prev links, as many as the API shows anonymously', async () => {
    const first = await get('/ogc/collections/sightings/items?limit=40');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/geo+json');
    expect(first.headers.get('content-crs')).toBe(`<${CRS84}>`);
    expect(first.body.type).toBe('FeatureCollection');
    expect(first.body.numberReturned).toBe(40);
    expect(Date.parse(first.body.timeStamp)).toBeGreaterThan(Date.now() - 60_000);
    expect(first.body.links.find((l: Json) => l.rel === 'self').href).toBe(
      `${server.url}/ogc/collections/sightings/items?limit=40`,
    );
    expect(first.body.links.find((l: Json) => l.rel === 'prev')).toBeUndefined();

    const all = await allItems('limit=40');
    const ids = all.features.map((f) => f.id as number);
    expect(ids.length).toBe(all.matched);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(all.pages).toBe(Math.ceil(all.matched / 40));
    // The same records as the API's map query for an anonymous caller.
    const w = 20037508;
    const api = await get(`/api/Features/35/extenttables?extent=${-w},${-w},${w},${w}&tableIds=48`);
    expect(all.matched).toBe(api.body.features['48'].length);
    expect(new Set(ids)).toEqual(new Set(api.body.features['48'].map((f: Json) => f.id)));

    // prev from the second page gives the first page back; from the third, the second.
    const second = await get(first.body.links.find((l: Json) => l.rel === 'next').href);
    const third = await get(second.body.links.find((l: Json) => l.rel === 'next').href);
    const back = await get(third.body.links.find((l: Json) => l.rel === 'prev').href);
    expect(back.body.features.map((f: Json) => f.id)).toEqual(second.body.features.map((f: Json) => f.id));
    const back1 = await get(second.body.links.find((l: Json) => l.rel === 'prev').href);
    expect(back1.body.features.map((f: Json) => f.id)).toEqual(first.body.features.map((f: Json) => f.id));
    expect(back1.body.links.find((l: Json) => l.rel === 'prev')).toBeUndefined();

    // One page of everything; the default page has 100; a limit above 10000 is lowered to it.
    const big = await get('/ogc/collections/sightings/items?limit=10000');
    expect(big.body.features.map((f: Json) => f.id)).toEqual(ids);
    expect(big.body.links.find((l: Json) => l.rel === 'next')).toBeUndefined();
    expect((await get('/ogc/collections/sightings/items')).body.numberReturned).toBe(Math.min(100, all.matched));
    expect((await get('/ogc/collections/sightings/items?limit=50000')).body.numberReturned).toBe(all.matched);
    expect(
      (await get('/ogc/collections/sightings/items?f=json', null, { accept: 'application/json' })).headers.get(
        'content-type',
      ),
    ).toBe('application/json');
  });

  it("properties carry the columns' database names and the API's values, the creator e-mail only for the creator", async () => {
    const anon = (await get(`/ogc/collections/sightings/items/${sensitiveId}`)).body;
    const api = (await get(`/api/Features/35/48/${sensitiveId}`)).body;
    expect(anon.type).toBe('Feature');
    expect(anon.id).toBe(sensitiveId);
    const p = anon.properties;
    expect(p.ID).toBe(sensitiveId);
    expect(p.VRSTA).toBe(APOLON);
    expect(p.VRSTA_JAVN).toBe('apolon');
    expect(p.VRSTA_JAVN).toBe(api.properties[COL.speciesPublic]);
    expect(p.DATUM_NAJDBE).toBe(api.properties[COL.date]);
    expect(p.STEVILO).toBe(2);
    expect(p.SKUPINA).toBe(api.properties[COL.group]);
    expect(p.STATUS).toBe(api.properties[COL.status] ?? null);
    expect(p.createdbyemail).toBeNull();
    const own = (await get(`/ogc/collections/sightings/items/${sensitiveId}`, anaToken)).body;
    expect(own.properties.createdbyemail).toBe('ana@example.si');
    expect(anon.links.find((l: Json) => l.rel === 'self').href).toBe(
      `${server.url}/ogc/collections/sightings/items/${sensitiveId}`,
    );
  });

  it('bbox (CRS84, EPSG:3857, EPSG:3794) keeps exactly the features inside it (a generalised find: when its square meets it)', async () => {
    const { features } = await allItems('limit=10000');
    const bbox = [14.3, 45.9, 14.9, 46.3];
    const isIn = (f: Json, margin = 0) => {
      const [x, y] = f.geometry.coordinates;
      return x >= bbox[0]! - margin && x <= bbox[2]! + margin && y >= bbox[1]! - margin && y <= bbox[3]! + margin;
    };
    // A 10 km square's centre lies at most ~0.1 degrees from the square's edge.
    const exactIn = features.filter((f) => f.properties.generalised === 0 && isIn(f)).map((f) => f.id);
    const generalisedIn = features.filter((f) => f.properties.generalised > 0 && isIn(f)).map((f) => f.id);
    const generalisedNear = features.filter((f) => f.properties.generalised > 0 && isIn(f, 0.1)).map((f) => f.id);
    expect(exactIn.length).toBeGreaterThan(0);
    expect(generalisedIn.length).toBeGreaterThan(0);
    const got = await allItems(`bbox=${bbox.join(',')}&limit=7`);
    const gotIds = got.features.map((f) => f.id);
    expect(got.features.filter((f) => f.properties.generalised === 0).map((f) => f.id)).toEqual(exactIn);
    const gotGeneralised = got.features.filter((f) => f.properties.generalised > 0).map((f) => f.id);
    expect(gotGeneralised).toEqual(expect.arrayContaining(generalisedIn));
    expect(generalisedNear).toEqual(expect.arrayContaining(gotGeneralised));
    expect(got.matched).toBe(gotIds.length);
    expect(gotIds.length).toBeLessThan(features.length);
    const inside = gotIds;
    // The same rectangle in EPSG:3857 (axis-aligned there too), and 6 numbers with heights.
    const [mx1, my1] = lonLatToMercator(bbox[0]!, bbox[1]!);
    const [mx2, my2] = lonLatToMercator(bbox[2]!, bbox[3]!);
    const merc = await get(
      `/ogc/collections/sightings/items?limit=10000&bbox=${[mx1, my1, mx2, my2].join(',')}&bbox-crs=${encodeURIComponent(EPSG_3857)}`,
    );
    expect(merc.body.features.map((f: Json) => f.id)).toEqual(inside);
    expect(
      (
        await get(
          `/ogc/collections/sightings/items?limit=10000&bbox=${bbox[0]},${bbox[1]},0,${bbox[2]},${bbox[3]},1000`,
        )
      ).body.numberMatched,
    ).toBe(inside.length);
    // A D96/TM rectangle: every feature inside it is returned, and nothing far outside it.
    const ng = [450000, 90000, 480000, 120000];
    const ngAnswer = await get(
      `/ogc/collections/sightings/items?limit=10000&bbox=${ng.join(',')}&bbox-crs=EPSG:3794&crs=EPSG:3794`,
    );
    expect(ngAnswer.status).toBe(200);
    const allNg = (await get('/ogc/collections/sightings/items?limit=10000&crs=EPSG:3794')).body.features;
    const inNg = allNg
      .filter((f: Json) => {
        const [e, n] = f.geometry.coordinates;
        return e >= ng[0]! && e <= ng[2]! && n >= ng[1]! && n <= ng[3]!;
      })
      .map((f: Json) => f.id);
    const returned = ngAnswer.body.features.map((f: Json) => f.id);
    expect(inNg.length).toBeGreaterThan(0);
    expect(returned).toEqual(expect.arrayContaining(inNg));
    for (const f of ngAnswer.body.features) {
      const [e, n] = f.geometry.coordinates;
      // The EPSG:3857 envelope of the rectangle reaches a little beyond it; a generalised find's square may just meet it.
      const m = 1000 + f.properties.generalised / 2;
      expect(e > ng[0]! - m && e < ng[2]! + m && n > ng[1]! - m && n < ng[3]! + m, JSON.stringify(f.geometry)).toBe(
        true,
      );
    }
  });

  it('datetime: an instant (date or date-time), a closed interval and open intervals on DATUM_NAJDBE', async () => {
    const { features } = await allItems('limit=10000');
    const dates = features.map((f) => ({ id: f.id, t: Date.parse(f.properties.DATUM_NAJDBE) }));
    const pick = (lo: number, hi: number) => dates.filter((d) => d.t >= lo && d.t < hi).map((d) => d.id);
    const sample = features.find((f) => f.id !== sensitiveId)!;
    const day = (sample.properties.DATUM_NAJDBE as string).slice(0, 10);
    const dayStart = Date.parse(`${day}T00:00:00Z`);
    const cases: [string, number[]][] = [
      [day, pick(dayStart, dayStart + 86_400_000)],
      [
        sample.properties.DATUM_NAJDBE,
        pick(Date.parse(sample.properties.DATUM_NAJDBE), Date.parse(sample.properties.DATUM_NAJDBE) + 1),
      ],
      [
        '2024-01-01T00:00:00Z/2024-12-31T23:59:59Z',
        pick(Date.parse('2024-01-01T00:00:00Z'), Date.parse('2024-12-31T23:59:59Z') + 1),
      ],
      ['2024-01-01/2024-12-31', pick(Date.parse('2024-01-01T00:00:00Z'), Date.parse('2025-01-01T00:00:00Z'))],
      ['../2023-06-30', pick(-Infinity, Date.parse('2023-07-01T00:00:00Z'))],
      ['2025-03-01T12:00:00+02:00/', pick(Date.parse('2025-03-01T10:00:00Z'), Infinity)],
      ['2025-03-01/..', pick(Date.parse('2025-03-01T00:00:00Z'), Infinity)],
    ];
    for (const [datetime, expected] of cases) {
      const r = await get(`/ogc/collections/sightings/items?limit=10000&datetime=${encodeURIComponent(datetime)}`);
      expect(r.status, datetime).toBe(200);
      expect(
        r.body.features.map((f: Json) => f.id),
        datetime,
      ).toEqual(expected);
      expect(r.body.numberMatched, datetime).toBe(expected.length);
    }
    expect(cases[0]![1]).toContain(sample.id);
    expect(cases.slice(2).every(([, e]) => e.length > 0 && e.length < features.length)).toBe(true);
  });

  it("crs=EPSG:3794 gives the server's D96/TM coordinates (easting, northing) with Content-Crs; EPSG:3857 the stored ones", async () => {
    const api = await get('/api/Features/35/extenttables?extent=-20037508,-20037508,20037508,20037508&tableIds=48');
    const byId = new Map<number, number[]>(api.body.features['48'].map((f: Json) => [f.id, f.geometry.coordinates]));
    const ng = await get(`/ogc/collections/sightings/items?limit=300&crs=${encodeURIComponent(EPSG_3794)}`);
    expect(ng.status).toBe(200);
    expect(ng.headers.get('content-crs')).toBe(`<${EPSG_3794}>`);
    expect(ng.body.features.length).toBeGreaterThan(50);
    for (const f of ng.body.features) {
      const [x, y] = byId.get(f.id)!;
      const [e, n] = mercatorToNationalGrid(x!, y!);
      expect(Math.abs(f.geometry.coordinates[0] - e)).toBeLessThan(0.001);
      expect(Math.abs(f.geometry.coordinates[1] - n)).toBeLessThan(0.001);
    }
    const merc = await get('/ogc/collections/sightings/items?limit=300&crs=EPSG:3857');
    expect(merc.headers.get('content-crs')).toBe(`<${EPSG_3857}>`);
    for (const f of merc.body.features) expect(f.geometry.coordinates).toEqual(byId.get(f.id));
    const lonlat = await get('/ogc/collections/sightings/items?limit=300');
    for (const f of lonlat.body.features) {
      const [x, y] = byId.get(f.id)!;
      const [lon, lat] = mercatorToLonLat(x!, y!);
      expect(Math.abs(f.geometry.coordinates[0] - lon)).toBeLessThan(1e-7);
      expect(Math.abs(f.geometry.coordinates[1] - lat)).toBeLessThan(1e-7);
    }
    const one = await get(
      `/ogc/collections/sightings/items/${ng.body.features[0].id}?crs=${encodeURIComponent(EPSG_3794)}`,
    );
    expect(one.headers.get('content-crs')).toBe(`<${EPSG_3794}>`);
    expect(one.body.geometry).toEqual(ng.body.features[0].geometry);
  });
});

describe("the API's rules", () => {
  it("a sensitive find (apolon, class 1) is at its 1 km square's centre for anonymous callers and exact for its creator", async () => {
    const { grid, square: sq, centreGrid: centreNg, centreLonLat } = squarePlace(...SENSITIVE_AT, 1000);
    const [e, n] = grid;
    const anon = await get(`/ogc/collections/sightings/items/${sensitiveId}?crs=EPSG:3794`);
    expect(anon.body.geometry.coordinates).toEqual(centreNg);
    expect(anon.body.properties.generalised).toBe(1000);
    const anonLonLat = (await get(`/ogc/collections/sightings/items/${sensitiveId}`)).body.geometry.coordinates;
    expect(Math.abs(anonLonLat[0] - centreLonLat[0])).toBeLessThan(1e-7);
    expect(Math.abs(anonLonLat[1] - centreLonLat[1])).toBeLessThan(1e-7);
    const own = await get(`/ogc/collections/sightings/items/${sensitiveId}?crs=EPSG:3794`, anaToken);
    expect(Math.abs(own.body.geometry.coordinates[0] - e)).toBeLessThan(0.001);
    expect(Math.abs(own.body.geometry.coordinates[1] - n)).toBeLessThan(0.001);
    expect(own.body.properties.generalised).toBe(0);
    // In a list too, and a bbox cannot tell where in the square the point lies: two small boxes
    // in opposite corners of the square find it alike (and give the centre).
    const near = (a: number, b: number) =>
      `bbox=${a - 50},${b - 50},${a + 50},${b + 50}&bbox-crs=EPSG:3794&crs=EPSG:3794&limit=1000`;
    for (const [a, b] of [
      [sq[0] + 100, sq[1] + 100],
      [sq[2] - 100, sq[3] - 100],
      [e, n],
    ] as [number, number][]) {
      const hit = (await get(`/ogc/collections/sightings/items?${near(a, b)}`)).body.features.find(
        (f: Json) => f.id === sensitiveId,
      );
      expect(hit?.geometry.coordinates, `${a},${b}`).toEqual(centreNg);
    }
    // ana's box around the point finds it exactly; one in the far corner of the square does not.
    expect(
      (await get(`/ogc/collections/sightings/items?${near(e, n)}`, anaToken)).body.features.some(
        (f: Json) => f.id === sensitiveId,
      ),
    ).toBe(true);
    const farCorner: [number, number] = e - sq[0] > 500 ? [sq[0] + 60, n] : [sq[2] - 60, n];
    expect(
      (await get(`/ogc/collections/sightings/items?${near(...farCorner)}`, anaToken)).body.features.some(
        (f: Json) => f.id === sensitiveId,
      ),
    ).toBe(false);
  });

  it("ana's records that are not public: hers alone (items, one feature, numberMatched); a bad token is a 401", async () => {
    const anon = await allItems('limit=10000');
    const own = await allItems('limit=10000', anaToken);
    const hidden = own.features.filter((f) => f.properties.JAVNO === false);
    expect(hidden.length).toBeGreaterThan(0);
    expect(own.matched).toBe(anon.matched + hidden.length);
    for (const f of hidden) {
      expect(f.properties.createdbyemail).toBe('ana@example.si');
      expect((await get(`/ogc/collections/sightings/items/${f.id}`)).status).toBe(404);
      expect((await get(`/ogc/collections/sightings/items/${f.id}`, anaToken)).status).toBe(200);
    }
    expect(anon.features.every((f) => f.properties.createdbyemail === null)).toBe(true);
    const bad = await get('/ogc/collections/sightings/items', 'not-a-token');
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe('Unauthorized');
  });
});

describe('errors', () => {
  it('a bad parameter is a 400 with an OGC exception {code, description}', async () => {
    const bad = [
      'limit=0',
      'limit=abc',
      'limit=-5',
      'bbox=1,2,3',
      'bbox=1,2,3,x',
      'bbox=15,46,14,47',
      'bbox=14,46,15,47&bbox-crs=EPSG:4326',
      'bbox-crs=EPSG:3794',
      'crs=EPSG:9999',
      'crs=',
      'datetime=yesterday',
      'datetime=2025-13-01',
      'datetime=2025-02-30',
      'datetime=2025-06-02/2025-06-01',
      'datetime=..',
      'datetime=2025-01-01/2025-02-01/2025-03-01',
      'foo=1',
      'f=html',
      'after=x',
      'after=1&before=5',
      'limit=1&limit=2',
    ];
    for (const q of bad) {
      const r = await get(`/ogc/collections/sightings/items?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.headers.get('content-type'), q).toMatch(/^application\/json/);
      expect(r.body.code, q).toBe('InvalidParameterValue');
      expect(r.body.description, q).toMatch(/\w{4}/);
    }
    expect((await get('/ogc/collections/species/items?bbox=14,46,15,47')).body.description).toMatch(/no geometry/);
    expect((await get('/ogc/collections/species/items?datetime=2025-01-01')).body.description).toMatch(/no temporal/);
    expect((await get(`/ogc/collections/sightings/items/${sensitiveId}?crs=EPSG:1`)).status).toBe(400);
    expect((await get('/ogc/collections?limit=5')).status).toBe(400);
  });

  it('an unknown collection or feature is a 404', async () => {
    for (const path of [
      '/ogc/collections/nope',
      '/ogc/collections/nope/items',
      '/ogc/collections/nope/items/1',
      '/ogc/collections/sightings/items/999999999',
      '/ogc/collections/sightings/items/abc',
      '/ogc/nothing',
    ]) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      expect(r.body.code, path).toBe('NotFound');
    }
  });
});

/** Runs a GDAL program; resolves to its standard output. */
async function gdal(cmd: string, args: string[], cwd: string): Promise<string> {
  const { stdout } = await promisify(execFile)(cmd, args, {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, CPL_DEBUG: 'OFF' },
  });
  return stdout;
}

/** The attribute lines of ogrinfo's first feature dump: NAME → value text. */
function ogrAttributes(out: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of out.matchAll(/^ {2}(\w+) \([^)]*\) = (.*)$/gm)) attrs[m[1]!] = m[2]!;
  return attrs;
}

const hasGdal = existsSync('/usr/bin/ogrinfo') && existsSync('/usr/bin/ogr2ogr');
if (!hasGdal && !process.env.CI)
  console.warn(
    'tests/api/ogc.test.ts: ogrinfo/ogr2ogr (Debian gdal-bin) missing: the GDAL client test is skipped (npm test installs it as root).',
  );

describe.skipIf(!hasGdal && !process.env.CI)('GDAL (Debian ogrinfo, ogr2ogr) as a client', () => {
  it('ogrinfo and ogr2ogr read the sightings: the same count and the same attributes as the API', async () => {
    expect(hasGdal, 'ogrinfo and ogr2ogr (Debian gdal-bin) are needed in CI').toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'sv-ogc-'));
    try {
      const src = `OAPIF:${server.url}/ogc`;
      const anon = await allItems('limit=10000');
      const info = await gdal('ogrinfo', ['-ro', '-so', src, 'sightings'], dir);
      expect(info).toMatch(/Geometry: Point/);
      expect(Number(/Feature Count: (\d+)/.exec(info)?.[1])).toBe(anon.matched);
      for (const field of [
        'ID: Integer',
        'VRSTA_JAVN: String',
        'DATUM_NAJDBE: DateTime',
        'STEVILO: Integer',
        'generalised: Integer',
      ])
        expect(info).toContain(field);

      await gdal('ogr2ogr', ['-f', 'GPKG', 'out.gpkg', src, 'sightings'], dir);
      const back = await gdal('ogrinfo', ['-ro', '-so', 'out.gpkg', 'sightings'], dir);
      expect(Number(/Feature Count: (\d+)/.exec(back)?.[1])).toBe(anon.matched);

      // One ordinary feature and the sensitive one, attribute by attribute against the API.
      const plain = anon.features.find((f) => f.properties.generalised === 0 && f.properties.STEVILO !== null)!;
      for (const id of [plain.id as number, sensitiveId]) {
        const out = await gdal('ogrinfo', ['-ro', 'out.gpkg', '-sql', `SELECT * FROM sightings WHERE ID = ${id}`], dir);
        const a = ogrAttributes(out);
        const api = (await get(`/api/Features/35/48/${id}`)).body;
        const p = api.properties;
        expect(Number(a.ID)).toBe(id);
        expect(Number(a.VRSTA)).toBe(p[COL.species]);
        expect(a.VRSTA_JAVN).toBe(p[COL.speciesPublic]);
        expect(Number(a.STEVILO)).toBe(p[COL.count]);
        expect(Number(a.SKUPINA)).toBe(p[COL.group]);
        expect(a.HABITAT === '(null)' ? undefined : a.HABITAT).toBe(p[COL.habitat]);
        expect(a.STATUS === '(null)' ? undefined : Number(a.STATUS)).toBe(p[COL.status] ?? undefined);
        // GDAL writes 2022/06/17 15:51:00+00.
        const gdalDate = (a.DATUM_NAJDBE ?? '').replace(/^(\d{4})\/(\d\d)\/(\d\d) /, '$1-$2-$3T').replace(/\+00$/, 'Z');
        expect(Date.parse(gdalDate)).toBe(Date.parse(p[COL.date]));
        expect(a.createdbyemail).toBe('(null)');
        expect(Number(a.generalised)).toBe(api.generalised ?? 0);
        const point = /POINT \(([-\d.]+) ([-\d.]+)\)/.exec(out);
        const [lon, lat] = mercatorToLonLat(api.geometry.coordinates[0], api.geometry.coordinates[1]);
        expect(Math.abs(Number(point?.[1]) - lon)).toBeLessThan(1e-7);
        expect(Math.abs(Number(point?.[2]) - lat)).toBeLessThan(1e-7);
      }
      expect((await get(`/api/Features/35/48/${sensitiveId}`)).body.generalised).toBe(1000);

      // With ana's token (GDAL_HTTP_HEADERS), GDAL sees her records that are not public too.
      const own = await allItems('limit=10000', anaToken);
      const infoAna = await gdal(
        'ogrinfo',
        ['--config', 'GDAL_HTTP_HEADERS', `Authorization: Bearer ${anaToken}`, '-ro', '-so', src, 'sightings'],
        dir,
      );
      expect(Number(/Feature Count: (\d+)/.exec(infoAna)?.[1])).toBe(own.matched);
      expect(own.matched).toBeGreaterThan(anon.matched);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('pages read in chunks (server/ogc/items.ts on a small table)', () => {
  let mini: Db;
  beforeAll(async () => {
    mini = await openMiniProject({ dbName: 'IME', name: 'Ime', type: 'Text' });
    // 60 points: visible unless i % 7 == 0 (not public) or i % 11 == 0 (archived).
    for (let i = 1; i <= 60; i++) {
      await mini.query(
        `insert into records (project_id, table_id, properties, geometry, min_x, min_y, max_x, max_y, archived)
         values (1, 10, $1::jsonb, $2::jsonb, $3, $4, $3, $4, $5)`,
        [
          JSON.stringify({ '100': i, '101': `najdba ${i}`, '102': i % 7 !== 0 }),
          JSON.stringify({ type: 'Point', coordinates: [i * 10, 500] }),
          i * 10,
          500,
          i % 11 === 0,
        ],
      );
    }
  });
  afterAll(async () => {
    await mini?.close();
  });

  it('gives every visible feature once, in id order, for any chunk size and page size, with the properties by database name', async () => {
    const meta = await loadTable(mini, 1, 10);
    const visible = Array.from({ length: 60 }, (_, k) => k + 1).filter((i) => i % 7 !== 0 && i % 11 !== 0);
    for (const chunkRows of [1, 4, 7, visible.length, 5000]) {
      for (const limit of [1, 5, visible.length, 10000]) {
        const q = itemsSql(
          mini,
          meta,
          { viewer: ANONYMOUS, bbox: null, bboxCrs: CRS84, datetime: null },
          EPSG_3857,
          chunkRows,
        );
        expect(await q.count()).toBe(visible.length);
        const got: number[] = [];
        const ids: number[] = [];
        let after = 0;
        for (let guard = 0; guard < 100; guard++) {
          const page = { first: 0, last: 0, n: 0 };
          const chunks: string[] = [];
          for await (const c of q.chunks(after, ID_CEILING, limit, (first, last, n) =>
            Object.assign(page, { first, last, n }),
          ))
            chunks.push(c);
          const items = JSON.parse(`[${chunks.join(',')}]`) as Json[];
          expect(items.length).toBe(page.n);
          expect(chunks.length).toBeLessThanOrEqual(Math.ceil(Math.max(page.n, 1) / chunkRows));
          got.push(...items.map((f) => f.properties.ID as number));
          ids.push(...items.map((f) => f.id as number));
          for (const f of items)
            expect(f.properties).toEqual({
              ID: f.properties.ID,
              IME: `najdba ${f.properties.ID}`,
              JAVNO: true,
              generalised: 0,
            });
          if (!page.n || !(await q.exists('above', page.last))) break;
          after = page.last;
        }
        expect(got, `chunk ${chunkRows}, limit ${limit}`).toEqual(visible);
        // The prev page of the last one: the `limit` features just below it.
        expect([...ids].sort((a, b) => a - b)).toEqual(ids);
        const start = await q.startBelow(ids[ids.length - 1]!, limit);
        expect(start).toBe(ids[Math.max(0, ids.length - 1 - limit)]);
      }
    }
  });
});
