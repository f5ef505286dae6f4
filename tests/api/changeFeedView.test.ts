import { describe, expect, it } from 'vitest';
import type { Feature } from '../../domain/model.ts';
import { decodeMessages } from '../../domain/layerColumns/decode.ts';
import { COLUMNS_MEDIA_TYPE } from '../../domain/layerColumns/format.ts';
import { lonLatToMercator } from '../../server/geo/projection.ts';
import { signedInSuite } from './helpers/signedInSuite.ts';
import { COUNTRY_CELL, COUNTRY_VIEW } from '../../domain/firstView.ts';

/**
 * The change feed's first view (view=extent&cell=metres, form=columns) on PGlite and
 * (TEST_DATABASE_URL) PostgreSQL: the finds of the extent each viewer may see, one per cell, each
 * as the full load gives it to the same viewer; bad input is a JSON 400.
 */
const suite = signedInSuite('ana', 'pregled');
type Who = 'ana' | 'pregled';
const VIEWERS: (Who | null)[] = [null, 'ana', 'pregled'];
const COLUMNS = '767,920,980,2067,1053,974,2066,1820,976';
/** The western half of Slovenia, in the map's metres. */
const WEST = [...lonLatToMercator(13.3, 45.3), ...lonLatToMercator(15, 47)];
const CELL = 20_000;

async function features(who: Who | null, query: string): Promise<{ status: number; features: Feature[] }> {
  const r = await fetch(`${suite.server.url}/api/Changes/35?tableIds=48&columnIds=${COLUMNS}&form=columns&${query}`, {
    headers: who ? { authorization: `Bearer ${suite.token[who]}` } : {},
  });
  expect(r.headers.get('content-type')).toBe(COLUMNS_MEDIA_TYPE);
  const messages = decodeMessages(new Uint8Array(await r.arrayBuffer()));
  return { status: r.status, features: messages.flatMap((m) => m.tables.get(48)?.features() ?? []) };
}

const xy = (f: Feature) => f.geometry!.coordinates as [number, number];
const cellOf = (f: Feature) => `${Math.floor(xy(f)[0] / CELL)},${Math.floor(xy(f)[1] / CELL)}`;
const inside = (f: Feature, margin: number) => {
  const [x, y] = xy(f);
  return x >= WEST[0]! - margin && x <= WEST[2]! + margin && y >= WEST[1]! - margin && y <= WEST[3]! + margin;
};

describe('the change feed first view', () => {
  it('gives each viewer her finds of the extent, one per cell, as her full load has them', async () => {
    const counts: number[] = [];
    for (const who of VIEWERS) {
      const full = await features(who, 'full=true');
      const view = await features(who, `view=${WEST.join(',')}&cell=${CELL}`);
      expect(view.status).toBe(200);
      const byId = new Map(full.features.map((f) => [f.id, f]));
      // Visibility: only what the full load gives this viewer, and in the same form.
      for (const f of view.features) expect(f).toEqual(byId.get(f.id));
      // One per cell (a generalised square may reach a little past the extent).
      const cells = view.features.map(cellOf);
      expect(new Set(cells).size).toBe(cells.length);
      expect(view.features.every((f) => inside(f, 10_000))).toBe(true);
      // Every cell with a find well inside the extent is drawn.
      const wanted = new Set(full.features.filter((f) => inside(f, -10_000)).map(cellOf));
      for (const c of wanted) expect(cells).toContain(c);
      expect(view.features.length).toBeLessThan(full.features.length);
      expect(view.features.length).toBeGreaterThan(0);
      counts.push(view.features.length);
    }
    // A reviewer sees at least what anyone sees.
    expect(counts[2]).toBeGreaterThanOrEqual(counts[0]!);
  });

  it('answers a view with at most `whole` finds whole, and thins a fuller one', async () => {
    const thinned = await features('ana', `view=${WEST.join(',')}&cell=${CELL}`);
    const all = await features('ana', `view=${WEST.join(',')}&cell=${CELL}&whole=10000`);
    const full = await features('ana', 'full=true');
    const byId = new Map(full.features.map((f) => [f.id, f]));
    // Whole: every find of the extent, as her full load has it; the thinned ones among them.
    expect(all.features.length).toBeGreaterThan(thinned.features.length);
    for (const f of all.features) expect(f).toEqual(byId.get(f.id));
    const ids = new Set(all.features.map((f) => f.id));
    for (const f of thinned.features) expect(ids.has(f.id)).toBe(true);
    for (const f of full.features.filter((g) => inside(g, -10_000))) expect(ids.has(f.id)).toBe(true);
    // One find fewer than the extent holds: thinned as without `whole`.
    const under = await features('ana', `view=${WEST.join(',')}&cell=${CELL}&whole=${all.features.length - 1}`);
    expect(under.features).toEqual(thinned.features);
  });

  it('thins the country view through its cell indexes to the lowest id of every cell', async () => {
    for (const who of VIEWERS) {
      const full = await features(who, 'full=true');
      const view = await features(who, `view=${COUNTRY_VIEW.join(',')}&cell=${COUNTRY_CELL}`);
      expect(view.status).toBe(200);
      // Every find of the sample lies inside the country view: the lowest id of each of its cells.
      const lowest = new Map<string, number>();
      for (const f of full.features) {
        const [x, y] = xy(f);
        const c = `${Math.floor(x / COUNTRY_CELL)},${Math.floor(y / COUNTRY_CELL)}`;
        lowest.set(c, Math.min(lowest.get(c) ?? Infinity, f.id));
      }
      const byId = new Map(full.features.map((f) => [f.id, f]));
      expect(view.features.map((f) => f.id)).toEqual([...lowest.values()].sort((a, b) => a - b));
      for (const f of view.features) expect(f).toEqual(byId.get(f.id));
    }
  });

  it('answers bad input with a JSON 400', async () => {
    for (const q of [
      'view=1,2,3&cell=100',
      'view=5,0,1,1&cell=100',
      `view=${WEST.join(',')}&cell=0`,
      `view=${WEST.join(',')}&cell=1`,
      `view=${WEST.join(',')}`,
      'cell=100',
      `view=${WEST.join(',')}&cell=100&full=true`,
      `view=${WEST.join(',')}&cell=${CELL}&whole=-1`,
      `view=${WEST.join(',')}&cell=${CELL}&whole=10001`,
      'whole=5',
    ]) {
      const r = await suite.call(null, 'GET', `/api/Changes/35?tableIds=48&form=columns&${q}`);
      expect(r.status, q).toBe(400);
      expect(typeof r.body.message, q).toBe('string');
    }
    const r = await suite.call(null, 'GET', `/api/Changes/35?tableIds=48&view=${WEST.join(',')}&cell=5000`);
    expect(r.status).toBe(400);
  });
});
