import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { XMLParser } from 'fast-xml-parser';
import { lonLatToMercator, mercatorToLonLat, mercatorToNationalGrid } from '../../server/geo/projection.ts';
import { mapStateFilter } from '../../server/api/exports/params.ts';
import { findRoles, type TableMeta } from '../../server/api/meta/tableMeta.ts';
import { columnDefs } from '../../server/seed/model.ts';
import { loadCatalogue } from '../../server/seed/catalogue.ts';
import { layerStateFilter } from '../../worker/layer/filterState.ts';
import { fileNameOf } from '../../worker/http/exports.ts';
import type { TestServer } from './helpers/server.ts';
import { startSignedInByName } from './helpers/signedIn.ts';
import { squarePlace } from './helpers/squarePlace.ts';

/**
 * Exports (issue #21) against the real server, on PGlite and (TEST_DATABASE_URL) PostgreSQL: the
 * Darwin Core Archive read as a DwC reader would (unzipped, meta.xml through an XML parser), only
 * confirmed public finds, a sensitive find generalised for everyone but its reporter and the
 * group's reviewers; CSV and GeoJSON parsed back and compared with what the API serves the same
 * caller. rogač (1105, group 7) is class 1; pregled@example.si reviews groups 7 and 8.
 */
let server: TestServer;
let token: Record<Exclude<Who, null>, string>;
type Who = 'ana' | 'bor' | 'pregled' | null;
const ROGAC = 1105;
const SLOVENIA = [...lonLatToMercator(13.3, 45.3), ...lonLatToMercator(16.7, 47)] as [number, number, number, number];
/** A point in a forest near Kočevje, and its 1 km square's centre. */
const LON = 14.8612;
const LAT = 45.6417;

async function get(who: Who, path: string): Promise<Response> {
  return fetch(`${server.url}${path}`, { headers: who ? { authorization: `Bearer ${token[who]}` } : {} });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the JSON answers under test, read field by field
async function json(who: Who, method: string, path: string, body?: unknown): Promise<any> {
  const h: Record<string, string> = { 'content-type': 'application/json' };
  if (who) h.authorization = `Bearer ${token[who]}`;
  const r = await fetch(`${server.url}${path}`, {
    method,
    headers: h,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  expect(r.status, text.slice(0, 300)).toBeLessThan(300);
  return JSON.parse(text);
}

/** An unzipped archive: file name → text. */
async function dwca(who: Who, query = ''): Promise<Record<string, string>> {
  const r = await get(who, `/api/Export/35/48/dwca${query}`);
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toBe('application/zip');
  const files = unzipSync(new Uint8Array(await r.arrayBuffer()));
  return Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strFromU8(v)]));
}

/** The rows of a tab-separated file with a header, as objects. */
function tsv(text: string): Record<string, string>[] {
  const [head, ...lines] = text.split('\n').filter((l) => l !== '');
  const cols = head!.split('\t');
  return lines.map((l) => {
    const cells = l.split('\t');
    expect(cells.length).toBe(cols.length);
    return Object.fromEntries(cols.map((c, i) => [c, cells[i] ?? '']));
  });
}

/** RFC 4180 CSV with `sep` (quotes doubled inside quoted fields). */
function parseCsv(text: string, sep = ';'): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === sep) {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** Every feature the caller gets from extenttables for all of Slovenia. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the JSON answers under test, read field by field
async function mapFeatures(who: Who): Promise<Map<number, any>> {
  const body = await json(who, 'GET', `/api/Features/35/extenttables?extent=${SLOVENIA.join(',')}&tableIds=48`);
  return new Map((body.features['48'] as { id: number }[]).map((f) => [f.id, f]));
}

/** The public place of the test find: its 1 km square's centre in WGS84 and D96/TM. */
function squareOfTestFind(): { lon: number; lat: number; e: number; n: number } {
  const { centreLonLat, centreGrid } = squarePlace(LON, LAT, 1000);
  return { lon: centreLonLat[0], lat: centreLonLat[1], e: centreGrid[0], n: centreGrid[1] };
}

let beetleId = 0;

beforeAll(async () => {
  ({ server, token } = await startSignedInByName('ana', 'bor', 'pregled'));
  // ana reports a stag beetle (class 1) at a known point, public, accuracy 10 m; the reviewer confirms it.
  const created = await json('ana', 'POST', '/api/Features/35/48', {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: lonLatToMercator(LON, LAT) },
    properties: {
      980: ROGAC,
      1053: '2025-06-20T19:00:00Z',
      976: 10,
      782: 2,
      788: 'Ana Izvoz',
      2066: true,
      780: 'stara hrastova hosta',
    },
  });
  beetleId = created.id;
  await json('pregled', 'POST', `/api/Records/35/48/${beetleId}/review`, { status: 1 });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('Darwin Core Archive', () => {
  it("has meta.xml whose every field is a Darwin Core or Dublin Core term, indexed as the files' header rows", async () => {
    const files = await dwca(null);
    expect(Object.keys(files).sort()).toEqual(['eml.xml', 'meta.xml', 'multimedia.txt', 'occurrence.txt']);
    const parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (name) => name === 'field' || name === 'extension',
    });
    const meta = parser.parse(files['meta.xml']!).archive;
    expect(meta.metadata).toBe('eml.xml');
    const core = meta.core;
    expect(core).toMatchObject({
      rowType: 'http://rs.tdwg.org/dwc/terms/Occurrence',
      fieldsTerminatedBy: '\\t',
      linesTerminatedBy: '\\n',
      ignoreHeaderLines: '1',
      encoding: 'UTF-8',
    });
    expect(core.files.location).toBe('occurrence.txt');
    expect(core.id.index).toBe('0');
    const header = files['occurrence.txt']!.split('\n')[0]!.split('\t');
    const fields = core.field as { index: string; term: string }[];
    expect(fields.map((f) => Number(f.index))).toEqual(header.map((_, i) => i));
    const DWC = new Set([
      'occurrenceID',
      'basisOfRecord',
      'occurrenceStatus',
      'eventDate',
      'scientificName',
      'taxonRank',
      'kingdom',
      'vernacularName',
      'verbatimIdentification',
      'individualCount',
      'organismQuantity',
      'organismQuantityType',
      'decimalLatitude',
      'decimalLongitude',
      'geodeticDatum',
      'coordinateUncertaintyInMeters',
      'countryCode',
      'locality',
      'habitat',
      'recordedBy',
      'identificationVerificationStatus',
      'dataGeneralizations',
      'informationWithheld',
      'datasetName',
    ]);
    const DC = new Set(['license', 'modified', 'references', 'type', 'format', 'identifier', 'creator', 'publisher']);
    const known = (term: string): string | null => {
      const m = /^(http:\/\/rs\.tdwg\.org\/dwc\/terms\/|http:\/\/purl\.org\/dc\/terms\/)(\w+)$/.exec(term);
      if (!m) return null;
      return (m[1]!.includes('dwc') ? DWC : DC).has(m[2]!) ? m[2]! : null;
    };
    for (const f of fields) expect(known(f.term), f.term).toBe(header[Number(f.index)]);
    for (const t of [
      'occurrenceID',
      'basisOfRecord',
      'eventDate',
      'scientificName',
      'vernacularName',
      'decimalLatitude',
      'decimalLongitude',
      'geodeticDatum',
      'coordinateUncertaintyInMeters',
      'identificationVerificationStatus',
      'recordedBy',
      'individualCount',
      'habitat',
      'locality',
      'dataGeneralizations',
      'informationWithheld',
      'countryCode',
    ])
      expect(header, t).toContain(t);
    expect(header).toContain('license');

    const [ext] = meta.extension as {
      rowType: string;
      coreid: { index: string };
      field: { index: string; term: string }[];
      files: { location: string };
    }[];
    expect(ext!.rowType).toBe('http://rs.gbif.org/terms/1.0/Multimedia');
    expect(ext!.files.location).toBe('multimedia.txt');
    expect(ext!.coreid.index).toBe('0');
    const mHeader = files['multimedia.txt']!.split('\n')[0]!.split('\t');
    expect(ext!.field.map((f) => Number(f.index))).toEqual(mHeader.map((_, i) => i).slice(1));
    for (const f of ext!.field) expect(known(f.term), f.term).toBe(mHeader[Number(f.index)]);

    const eml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(files['eml.xml']!)['eml:eml'];
    expect(eml.dataset.title['#text']).toMatch(/Sporoči vrsto/);
    expect(eml.dataset.creator.organizationName).toBe('Sporoči vrsto');
    expect(eml.dataset.contact.organizationName).toBe('Sporoči vrsto');
    expect(eml.dataset.intellectualRights.para.ulink.url).toBe('http://creativecommons.org/licenses/by/4.0/legalcode');
  });

  it('holds exactly the confirmed public finds the caller sees, each photo of them in the extension, no e-mail anywhere', async () => {
    const files = await dwca(null);
    const rows = tsv(files['occurrence.txt']!);
    const features = await mapFeatures(null);
    const confirmed = [...features.values()]
      .filter((f) => f.properties['974'] === 1)
      .map((f) => f.id as number)
      .sort((a, b) => a - b);
    expect(confirmed.length).toBeGreaterThan(10);
    expect(rows.map((r) => Number(r.occurrenceID!.split(':').pop()))).toEqual(confirmed);
    for (const r of rows) {
      expect(r).toMatchObject({
        basisOfRecord: 'HumanObservation',
        identificationVerificationStatus: 'verified',
        countryCode: 'SI',
        geodeticDatum: 'EPSG:4326',
      });
      expect(r.occurrenceID).toMatch(/^urn:sporoci-vrsto:35:48:\d+$/);
      expect(r.scientificName).not.toBe('');
      expect(r.license).toBe('http://creativecommons.org/licenses/by/4.0/legalcode');
    }
    expect(files['occurrence.txt']).not.toMatch(/@example\.si/);
    const ids = new Set(rows.map((r) => r.occurrenceID));
    const media = tsv(files['multimedia.txt']!);
    expect(media.length).toBeGreaterThan(0);
    for (const m of media) {
      expect(ids.has(m.coreid!)).toBe(true);
      expect(m.identifier).toMatch(new RegExp(`^${server.url}/api/Records/35/attachment/\\d+$`));
      expect(m.type).toBe('StillImage');
    }
    // A photo URL opens for anyone.
    const photo = await get(null, new URL(media[0]!.identifier!).pathname);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toMatch(/^image\//);
  });

  it('generalises a sensitive find for anonymous and other users (square centre, 708 m, dataGeneralizations, informationWithheld), exact for its reviewer', async () => {
    const id = `urn:sporoci-vrsto:35:48:${beetleId}`;
    const sq = squareOfTestFind();
    for (const who of [null, 'bor'] as const) {
      const row = tsv((await dwca(who))['occurrence.txt']!).find((r) => r.occurrenceID === id);
      expect(row, String(who)).toBeDefined();
      expect(Number(row!.coordinateUncertaintyInMeters)).toBe(708);
      expect(row!.dataGeneralizations).toMatch(/1 km square/);
      expect(row!.informationWithheld).not.toBe('');
      expect(Number(row!.decimalLongitude)).toBeCloseTo(sq.lon, 6);
      expect(Number(row!.decimalLatitude)).toBeCloseTo(sq.lat, 6);
      expect(row).toMatchObject({
        scientificName: 'Lucanus cervus',
        vernacularName: 'rogač',
        recordedBy: 'Ana Izvoz',
        individualCount: '2',
        locality: 'stara hrastova hosta',
      });
    }
    const exact = tsv((await dwca('pregled'))['occurrence.txt']!).find((r) => r.occurrenceID === id)!;
    expect(Number(exact.decimalLongitude)).toBeCloseTo(LON, 6);
    expect(Number(exact.decimalLatitude)).toBeCloseTo(LAT, 6);
    expect(Number(exact.coordinateUncertaintyInMeters)).toBe(10);
    expect(exact.dataGeneralizations).toBe('');
    expect(exact.informationWithheld).toBe('');
  });

  it("takes the map's filters (species, year, extent) and answers a Slovenian attachment file name", async () => {
    const r = await get(null, `/api/Export/35/48/dwca?speciesId=${ROGAC}&year=2025`);
    expect(r.headers.get('content-disposition')).toMatch(
      /^attachment; filename="sporoci-vrsto-potrjene-najdbe-darwin-core-2025-\d{4}-\d\d-\d\d\.zip"/,
    );
    const rows = tsv(strFromU8(unzipSync(new Uint8Array(await r.arrayBuffer()))['occurrence.txt']!));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.scientificName).toBe('Lucanus cervus');
      expect(row.eventDate?.startsWith('2025-')).toBe(true);
    }
    // An extent around the test find's square only.
    const [x, y] = lonLatToMercator(LON, LAT);
    const near = tsv((await dwca(null, `?extent=${[x - 50, y - 50, x + 50, y + 50].join(',')}`))['occurrence.txt']!);
    expect(near.map((n) => n.occurrenceID)).toContain(`urn:sporoci-vrsto:35:48:${beetleId}`);
    expect(near.length).toBeLessThan(5);
  });
});

describe('CSV', () => {
  it('round-trips: BOM, Slovenian headers, the rows and places anonymous callers get from the API', async () => {
    const r = await get(null, '/api/Export/35/48/csv');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(fileNameOf(r.headers.get('content-disposition'))).toMatch(/^sporoci-vrsto-najdbe-\d{4}-\d\d-\d\d\.csv$/);
    const bytes = new Uint8Array(await r.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text[0]).toBe('\uFEFF');
    const [header, ...rows] = parseCsv(text.slice(1));
    for (const h of [
      'GID',
      'Vrsta (ID)',
      'Znanstveno ime',
      'Datum najdbe',
      'Status',
      'E (D96/TM)',
      'N (D96/TM)',
      'Zemljepisna dolžina (WGS84)',
      'Zemljepisna širina (WGS84)',
      'Negotovost lokacije (m)',
    ]) {
      expect(header).toContain(h);
    }
    const col = (name: string) => header!.indexOf(name);
    const features = await mapFeatures(null);
    expect(rows.map((row) => Number(row[col('GID')]))).toEqual([...features.keys()].sort((a, b) => a - b));
    const statusText: Record<string, string> = {
      1: 'Potrjeno',
      2: 'Zavrnjeno',
      3: 'Potrebna dopolnitev',
      5: 'Čaka na pregled',
    };
    for (const row of rows) {
      expect(row.length).toBe(header!.length);
      const f = features.get(Number(row[col('GID')]))!;
      expect(Number(row[col('Vrsta (ID)')])).toBe(f.properties['980']);
      expect(row[col('Datum najdbe')]).toBe(f.properties['1053'] ?? '');
      expect(row[col('Status')]).toBe(f.properties['974'] == null ? '' : statusText[f.properties['974']]);
      expect(row[col('Ustvaril')]).toBe('');
      const [lon, lat] = mercatorToLonLat(...(f.geometry.coordinates as [number, number]));
      expect(Number(row[col('Zemljepisna dolžina (WGS84)')])).toBeCloseTo(lon, 6);
      expect(Number(row[col('Zemljepisna širina (WGS84)')])).toBeCloseTo(lat, 6);
      const [e, n] = mercatorToNationalGrid(...(f.geometry.coordinates as [number, number]));
      expect(Number(row[col('E (D96/TM)')])).toBeCloseTo(e, 1);
      expect(Number(row[col('N (D96/TM)')])).toBeCloseTo(n, 1);
      expect(row[col('Lokacija posplošena na kvadrat (m)')]).toBe(f.generalised ? String(f.generalised) : '');
    }
    const beetle = rows.find((row) => Number(row[col('GID')]) === beetleId)!;
    const sq = squareOfTestFind();
    expect(Number(beetle[col('E (D96/TM)')])).toBeCloseTo(sq.e, 1);
    expect(Number(beetle[col('N (D96/TM)')])).toBeCloseTo(sq.n, 1);
    expect(beetle[col('Negotovost lokacije (m)')]).toBe('708');
    expect(beetle[col('Opis lokacije')]).toBe('stara hrastova hosta');
  });

  it("'mine only' gives the caller's own finds with her e-mail, and nothing to anonymous callers", async () => {
    // Response.text() drops the byte order mark.
    const [header, ...rows] = parseCsv(await (await get('ana', '/api/Export/35/48/csv?mine=true')).text());
    expect(header![0]).toBe('GID');
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) expect(row[header!.indexOf('Ustvaril')]).toBe('ana@example.si');
    const anon = parseCsv(await (await get(null, '/api/Export/35/48/csv?mine=true')).text());
    expect(anon.length).toBe(1);
  });
});

describe('GeoJSON', () => {
  it("round-trips the reviewer's map (exact places of her groups' finds) with the map's species and status filters", async () => {
    const r = await get(
      'pregled',
      `/api/Export/35/48/geojson?speciesId=${ROGAC}&status=1&extent=${SLOVENIA.join(',')}`,
    );
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/geo+json; charset=utf-8');
    const fc = await r.json();
    expect(fc.type).toBe('FeatureCollection');
    const features = await mapFeatures('pregled');
    const expected = [...features.values()]
      .filter((f) => f.properties['980'] === ROGAC && f.properties['974'] === 1)
      .map((f) => f.id)
      .sort((a, b) => a - b);
    expect(fc.features.map((f: { id: number }) => f.id)).toEqual(expected);
    for (const f of fc.features) {
      const api = features.get(f.id)!;
      expect(api.generalised).toBeUndefined();
      const [lon, lat] = mercatorToLonLat(...(api.geometry.coordinates as [number, number]));
      expect(f.geometry.coordinates[0]).toBeCloseTo(lon, 6);
      expect(f.geometry.coordinates[1]).toBeCloseTo(lat, 6);
      expect(f.properties).toMatchObject({
        GID: f.id,
        'Vrsta (ID)': ROGAC,
        'Znanstveno ime': 'Lucanus cervus',
        Status: 'Potrjeno',
        'Lokacija posplošena na kvadrat (m)': null,
      });
      expect(f.properties['Datum najdbe']).toBe(api.properties['1053']);
    }
    const beetle = fc.features.find((f: { id: number }) => f.id === beetleId);
    expect(beetle.geometry.coordinates[0]).toBeCloseTo(LON, 6);
    expect(beetle.properties['Ustvaril']).toBe('ana@example.si');
    expect(beetle.properties['Negotovost lokacije (m)']).toBe(10);
  });

  it('gives other users the square of a sensitive find', async () => {
    const fc = await (await get('bor', `/api/Export/35/48/geojson?speciesId=${ROGAC}`)).json();
    const beetle = fc.features.find((f: { id: number }) => f.id === beetleId);
    const sq = squareOfTestFind();
    expect(beetle.geometry.coordinates[0]).toBeCloseTo(sq.lon, 6);
    expect(beetle.geometry.coordinates[1]).toBeCloseTo(sq.lat, 6);
    expect(beetle.properties['Lokacija posplošena na kvadrat (m)']).toBe(1000);
    expect(beetle.properties['Ustvaril']).toBeNull();
  });
});

describe('export queries', () => {
  it('refuse a bad extent or filter (400), a filter reading the creator e-mail (400) and an unknown table (404), as JSON errors', async () => {
    for (const [path, status] of [
      ['/api/Export/35/48/csv?extent=1,2,3', 400],
      ['/api/Export/35/48/csv?status=4', 400],
      ['/api/Export/35/48/geojson?filters=%7Bnope', 400],
      [
        `/api/Export/35/48/csv?filters=${encodeURIComponent(JSON.stringify([{ type: 'condition', columnId: 1820, operationType: 'startsWith', values: ['a'] }]))}`,
        400,
      ],
      ['/api/Export/35/4711/dwca', 404],
      ['/api/Export/35/53/csv', 400],
    ] as const) {
      const r = await get(null, path);
      expect(r.status, path).toBe(status);
      expect((await r.json()).status).toBe(status);
    }
  });

  it('take a RecordQuery filter as the search routes do', async () => {
    const filters = [{ type: 'condition', columnId: 980, operationType: 'equals', values: [ROGAC] }];
    const fc = await (
      await get(null, `/api/Export/35/48/geojson?filters=${encodeURIComponent(JSON.stringify(filters))}`)
    ).json();
    expect(fc.features.length).toBeGreaterThan(0);
    for (const f of fc.features) expect(f.properties['Vrsta (ID)']).toBe(ROGAC);
  });

  it("build the same filter as the map's layer (worker/layer/filterState.ts)", () => {
    const cols = columnDefs(loadCatalogue()).filter((c) => c.tableId === 48);
    const meta = {
      table: { id: 48, projectId: 35, name: 'Najdbe', geometryType: 2, columns: cols },
      columns: new Map(cols.map((c) => [c.id, c])),
      selectValues: new Map(),
      roles: findRoles(cols),
      attachmentInfoIds: [],
    } as TableMeta;
    for (const state of [
      { year: null, speciesId: null, mineOnly: false, status: null },
      { year: 2024, speciesId: null, mineOnly: false, status: null },
      { year: 2024, speciesId: ROGAC, mineOnly: true, status: 5 },
      { year: null, speciesId: 3406, mineOnly: false, status: 1 },
      { year: null, speciesId: null, mineOnly: true, status: 3 },
    ])
      expect(mapStateFilter(meta, state)).toEqual(layerStateFilter(state));
  });
});
