import { describe, expect, it } from 'vitest';
import type { Feature } from '../../domain/model.ts';
import { decodeMessage, decodeMessages } from '../../domain/layerColumns/decode.ts';
import { BODY_BYTES_HEADER, COLUMNS_MEDIA_TYPE, COORDINATE_SCALE } from '../../domain/layerColumns/format.ts';
import { lonLatToMercator } from '../../server/geo/projection.ts';
import { signedInSuite } from './helpers/signedInSuite.ts';

/**
 * The change feed's columns form (form=columns, docs/layer-wire-format.md) and its full load
 * (full=true), on PGlite and (TEST_DATABASE_URL) PostgreSQL: the columns decode to exactly the
 * features the JSON forms give the same viewer (points to the metre), generalised finds and
 * creator e-mails as each viewer may see them.
 */
const suite = signedInSuite('ana', 'pregled');
type Who = 'ana' | 'pregled';
const VIEWERS: (Who | null)[] = [null, 'ana', 'pregled'];
const SLOVENIA = [...lonLatToMercator(13.3, 45.3), ...lonLatToMercator(16.7, 47)].join(',');
/** The data core's layer columns (worker/core/layer.ts). */
const COLUMNS = '767,920,980,2067,1053,974,2066,1820,976';

/** A GET as `who`, its status, content type and bytes. */
async function get(who: Who | null, path: string) {
  const r = await fetch(`${suite.server.url}${path}`, {
    headers: { 'accept-encoding': 'gzip', ...(who ? { authorization: `Bearer ${suite.token[who]}` } : {}) },
  });
  return {
    status: r.status,
    type: r.headers.get('content-type'),
    bodyBytes: r.headers.get(BODY_BYTES_HEADER),
    bytes: new Uint8Array(await r.arrayBuffer()),
  };
}

/** The feature with its point as the columns send it (to the metre). */
const rounded = (f: Feature): Feature => {
  const [x, y] = f.geometry!.coordinates as number[];
  const r = (v: number) => Math.round(v * COORDINATE_SCALE) / COORDINATE_SCALE;
  return { ...f, geometry: { type: 'Point', coordinates: [r(x!), r(y!)] } };
};

/** Features/extenttables over Slovenia for `who`: the JSON full load of the layer's columns. */
async function jsonLoad(who: Who | null): Promise<Feature[]> {
  const r = await suite.call(
    who,
    'GET',
    `/api/Features/35/extenttables?extent=${SLOVENIA}&tableIds=48&columnIds=${COLUMNS}`,
  );
  expect(r.status).toBe(200);
  return (r.body.features['48'] as Feature[]).sort((a, b) => a.id - b.id);
}

describe('the change feed as columns', () => {
  it('a full load decodes to what Features/extenttables gives each viewer', async () => {
    const seen: number[] = [];
    for (const who of VIEWERS) {
      const r = await get(who, `/api/Changes/35?tableIds=48&columnIds=${COLUMNS}&form=columns&full=true`);
      expect(r.status).toBe(200);
      expect(r.type).toBe(COLUMNS_MEDIA_TYPE);
      // Its length before any compression: the device's progress counts to it.
      expect(r.bodyBytes).toBe(String(r.bytes.length));
      // One message per block of a table, each with the answer's cursor.
      const blocks = decodeMessages(r.bytes);
      const { head } = blocks[0]!;
      expect(head.reset).toBe(false);
      expect(head.cursor).toMatch(/^\d+:\d+:[\d,]*$/);
      expect(blocks.every((b) => b.head.cursor === head.cursor)).toBe(true);
      const features = blocks.flatMap((b) => b.tables.get(48)!.features());
      const json = await jsonLoad(who);
      expect(features).toEqual(json.map(rounded));
      // The sample holds generalised finds; reviewers see them exactly and creators' e-mails.
      const generalised = features.filter((f) => f.generalised !== undefined).length;
      seen.push(generalised);
      if (who === null) expect(features.some((f) => '1820' in f.properties)).toBe(false);
      if (who === 'pregled') expect(features.some((f) => '1820' in f.properties)).toBe(true);
    }
    expect(seen[0]).toBeGreaterThan(0);
    expect(seen[2]).toBeLessThan(seen[0]!);
  });

  it('answers changes since a cursor as the Features form does, and its full load is the JSON one', async () => {
    const first = await get('ana', `/api/Changes/35?tableIds=48&form=columns`);
    const start = decodeMessage(first.bytes).head;
    expect(start.reset).toBe(true);
    const id = await suite.report('ana', 3406, [14.5, 46.05], { 2066: true });
    const next = await get(
      'ana',
      `/api/Changes/35?tableIds=48&columnIds=${COLUMNS}&form=columns&since=${start.cursor}`,
    );
    const json = await suite.call(
      'ana',
      'GET',
      `/api/Changes/35?tableIds=48&columnIds=${COLUMNS}&form=feature&since=${start.cursor}`,
    );
    const decoded = decodeMessage(next.bytes);
    expect(decoded.head.reset).toBe(false);
    expect(decoded.tables.get(48)!.features()).toEqual((json.body.tables['48'].upserts as Feature[]).map(rounded));
    expect(
      decoded.tables
        .get(48)!
        .features()
        .map((f) => f.id),
    ).toEqual([id]);
    // The JSON form of the full load: the same features.
    const full = await suite.call(
      'pregled',
      'GET',
      `/api/Changes/35?tableIds=48&columnIds=${COLUMNS}&form=feature&full=true`,
    );
    expect(full.status).toBe(200);
    expect(full.body.tables['48'].upserts).toEqual(await jsonLoad('pregled'));
    // A removal travels in the header.
    const del = await suite.call('ana', 'POST', '/api/Features/35/delete', { tableId: 48, recordId: id });
    expect(del.status).toBe(200);
    const gone = await get('ana', `/api/Changes/35?tableIds=48&form=columns&since=${decoded.head.cursor}`);
    const g = decodeMessage(gone.bytes).tables.get(48)!;
    expect([g.n, g.removed]).toEqual([0, [id]]);
  });

  it('refuses full with since, and a bad full or form, with 400', async () => {
    for (const q of ['full=true&since=1:1:', 'full=yes', 'form=arrow'])
      expect((await suite.call(null, 'GET', `/api/Changes/35?tableIds=48&${q}`)).status, q).toBe(400);
  });
});
