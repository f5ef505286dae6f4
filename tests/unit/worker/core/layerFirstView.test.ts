import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDataCore } from '../../../../worker/core/dataCore.ts';
import type { CoreEvent, DataCore, LayerFilterState } from '../../../../worker/api.ts';
import { openOfflineDb } from '../../../../worker/store/db.ts';
import type { Feature } from '../../../../domain/model.ts';
import { encodeMessage } from '../../../../domain/layerColumns/encode.ts';
import { LAYER_TABLE_COLUMNS } from '../../../../bench/scale/layerFeatures.ts';
import { VIEW_WHOLE_MAX } from '../../../../worker/layer/firstView.ts';

/**
 * A first visit through the data core (worker/core/layer.ts, worker/layer/firstView.ts): the map
 * draws the server's thinned view first, the full load is asked only after the view's batch has
 * left for the map (so the view has the slow link to itself), its progress shows meanwhile, and
 * the map redraws the whole layer when it is in. 'Moje najdbe' (getLayerPoints) never gets the view.
 */
const FEATURES: Feature[] = Array.from({ length: 60 }, (_, i) => ({
  type: 'Feature',
  id: 1000 + i,
  geometry: { type: 'Point', coordinates: [1_600_000 + i * 40, 5_800_000] },
  properties: { 920: 1, 980: 1804, 1053: '2024-05-17T10:00:00Z', 2066: true, 1820: 'ana@example.si', 974: 5 },
}));
/** What the server's view answers: every third find (as thinned). */
const VIEW = FEATURES.filter((_, i) => i % 3 === 0);
const PROFILE = {
  id: 18,
  projectId: 35,
  layers: [{ id: 86, tableId: 48, symbology: { type: 'simple' } }],
  baseMaps: [],
};
const FILTER: LayerFilterState = { year: null, speciesId: null, mineOnly: false, status: null };

/** The requests made, in order (path and query), and the view's answer, held until released. */
const requests: string[] = [];
let releaseView: () => void = () => undefined;

function columns(features: Feature[]): Response {
  const tables = new Map([[48, { features, removed: [] }]]);
  const bytes = encodeMessage(tables, { cursor: '1:1:', viewer: 'v', reset: false });
  return new Response(bytes.buffer as ArrayBuffer);
}

async function answer(url: URL): Promise<Response> {
  const p = url.pathname;
  if (p === '/api/Test') return Response.json('ok');
  if (p === '/identity.json') return Response.json({ authority: 'http://idp.test', client_id: 'app' });
  if (p === '/api/BaseProfiles/35/project')
    return Response.json({
      id: 35,
      name: 'p',
      tables: [{ id: 48, projectId: 35, name: 't', geometryType: 1, columns: LAYER_TABLE_COLUMNS }],
      layers: [],
    });
  if (p === '/api/BaseProfiles/35/18') return Response.json(PROFILE);
  if (p === '/api/Changes/35' && url.searchParams.has('view')) {
    await new Promise<void>((resolve) => (releaseView = resolve));
    return columns(VIEW);
  }
  if (p === '/api/Changes/35' && url.searchParams.get('full') === 'true') return columns(FEATURES);
  return new Response('not found', { status: 404 });
}

beforeAll(() => {
  vi.stubGlobal('fetch', async (input: string | URL) => {
    const url = new URL(String(input));
    requests.push(url.pathname + url.search);
    return answer(url);
  });
});
afterAll(() => vi.unstubAllGlobals());

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const c of channels.splice(0)) {
    c.port1.close();
    c.port2.close();
  }
  requests.length = 0;
});

let dbs = 0;
/** A data core with a new (empty) database: a first visit, signed in as ana; its events and a map port. */
async function firstVisit(): Promise<{ core: DataCore; events: CoreEvent[] }> {
  const name = `layerFirstView-${Date.now()}-${dbs++}`;
  const core = createDataCore({ openDb: () => openOfflineDb(name), browserOnline: () => true });
  await core.init('http://app.test');
  core.setSession({ accessToken: null, email: 'ana@example.si' });
  const events: CoreEvent[] = [];
  core.subscribe((e) => events.push(e));
  const channel = new MessageChannel();
  channels.push(channel);
  core.connectMap(channel.port2);
  return { core, events };
}

const changes = (): string[] => requests.filter((r) => r.startsWith('/api/Changes/35'));

describe('a first visit', () => {
  it('draws the view alone on the link, then the whole layer', async () => {
    const { core, events } = await firstVisit();
    // The view is asked once the user is known, before the map asks: for the country, with a small
    // layer's finds whole.
    await vi.waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0]).toContain('view=');
    expect(changes()[0]).toContain(`whole=${VIEW_WHOLE_MAX}`);
    const drawn = core.sendLayerPoints(FILTER, 1);
    releaseView();
    expect(await drawn).toBe(VIEW.length);
    // Only once the view's batch is sent does the full load go, its progress showing meanwhile.
    await vi.waitFor(() => expect(events.some((e) => e.type === 'layerChanged')).toBe(true));
    expect(changes()).toHaveLength(2);
    expect(changes()[1]).toContain('full=true');
    const kinds = events.map((e) => e.type).filter((t) => t === 'layerProgress' || t === 'layerChanged');
    expect(kinds[0]).toBe('layerProgress');
    expect(events.find((e) => e.type === 'layerProgress')).toEqual({
      type: 'layerProgress',
      progress: { received: 0, total: null },
    });
    expect(kinds.at(-1)).toBe('layerChanged');
    // The redraw the map is told to make draws every find, with no further request.
    expect(await core.sendLayerPoints(FILTER, 2)).toBe(FEATURES.length);
    expect(changes()).toHaveLength(2);
  });

  it("gives 'Moje najdbe' the whole layer, never the view", async () => {
    const { core } = await firstVisit();
    await vi.waitFor(() => expect(changes()).toHaveLength(1));
    // The view held back: the list waits for the full load alone.
    const mine = await core.getLayerPoints(null, { ...FILTER, mineOnly: true });
    expect(mine.ids.length).toBe(FEATURES.length);
    expect(changes()[1]).toContain('full=true');
    releaseView();
  });
});
