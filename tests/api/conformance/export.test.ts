import { describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { HttpClient } from '../../../worker/http/client.ts';
import { ExportApi, type ExportFormat } from '../../../worker/http/exports.ts';
import { expectOk, expectRefused, SLOVENIA, suiteForFile, type Suite } from './harness.ts';

/**
 * The export routes (issue #21) through the worker's own client (worker/http/exports.ts): each
 * answers a file as an attachment with a Slovenian name and the media type its OpenAPI entry
 * names, and refuses a bad query (400) and an unknown table (404) with a JSON error. The contents
 * in depth: tests/api/export.test.ts.
 */
let s: Suite;
let anon: ExportApi;
let reviewer: ExportApi;

suiteForFile(async (started) => {
  s = started;
  anon = new ExportApi(new HttpClient({ origin: s.server.url, token: () => null }));
  reviewer = new ExportApi(new HttpClient({ origin: s.server.url, token: () => s.tokens.reviewer }));
});

/** The media type the OpenAPI document gives for a 200 of an export route. */
function documentedType(format: ExportFormat): string {
  const op = s.doc.paths[`/api/Export/{projectId}/{tableId}/${format}`]?.get as {
    responses: Record<string, { content?: Record<string, unknown> }>;
  };
  return Object.keys(op.responses['200']?.content ?? {})[0] ?? '';
}

/** Checks one export route: 200 with the documented type and a file name, 400 and 404 refused. */
async function conforms(format: ExportFormat, name: RegExp): Promise<Blob> {
  const file = await expectOk(reviewer.file(35, 48, format, { year: null, extent: SLOVENIA }));
  expect(file.fileName).toMatch(name);
  expect(file.blob.type.split(';')[0]).toBe(documentedType(format));
  expect(file.blob.size).toBeGreaterThan(100);
  await expectRefused(anon.file(35, 48, format, { extent: [3, 2, 1, 0] }), 400);
  await expectRefused(anon.file(35, 4711, format), 404);
  return file.blob;
}

describe('GET /api/Export/{projectId}/{tableId}/dwca', () => {
  it('answers a zip with occurrence.txt, multimedia.txt, meta.xml and eml.xml (200); a bad extent 400, an unknown table 404', async () => {
    const blob = await conforms('dwca', /^sporoci-vrsto-potrjene-najdbe-darwin-core-\d{4}-\d\d-\d\d\.zip$/);
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['eml.xml', 'meta.xml', 'multimedia.txt', 'occurrence.txt']);
    expect(strFromU8(files['occurrence.txt']!).split('\n')[0]!.split('\t')[0]).toBe('occurrenceID');
  });
});

describe('GET /api/Export/{projectId}/{tableId}/geojson', () => {
  it('answers a GeoJSON FeatureCollection (200); a bad extent 400, an unknown table 404', async () => {
    const blob = await conforms('geojson', /^sporoci-vrsto-najdbe-\d{4}-\d\d-\d\d\.geojson$/);
    const fc = JSON.parse(await blob.text());
    expect(fc.type).toBe('FeatureCollection');
    expect(fc.features.length).toBeGreaterThan(0);
    expect(fc.features[0]).toMatchObject({ type: 'Feature', geometry: { type: 'Point' } });
  });
});

describe('GET /api/Export/{projectId}/{tableId}/csv', () => {
  it('answers a CSV with a byte order mark (200); a bad extent 400, an unknown table 404', async () => {
    const blob = await conforms('csv', /^sporoci-vrsto-najdbe-\d{4}-\d\d-\d\d\.csv$/);
    expect([...new Uint8Array(await blob.slice(0, 3).arrayBuffer())]).toEqual([0xef, 0xbb, 0xbf]);
    expect(await (await anon.file(35, 48, 'csv', { year: 1990 })).blob.text()).toMatch(/^\uFEFF?GID;/);
  });
});
