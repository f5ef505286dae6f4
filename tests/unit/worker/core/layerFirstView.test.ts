import { describe, expect, it, vi } from 'vitest';
import type { CoreEvent, DataCore } from '../../../../worker/api.ts';
import type { Feature } from '../../../../domain/model.ts';
import { VIEW_WHOLE_MAX } from '../../../../worker/layer/firstView.ts';
import { columns, FILTER, layerServer, startCore } from './layerServer.ts';

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
/** The view's answer, held until released. */
let releaseView: () => void = () => undefined;
const requests = layerServer(async (url) => {
  if (url.searchParams.has('view')) {
    await new Promise<void>((resolve) => (releaseView = resolve));
    return columns(VIEW);
  }
  if (url.searchParams.get('full') === 'true') return columns(FEATURES);
  return new Response('not found', { status: 404 });
});

let dbs = 0;
/** A data core with a new (empty) database: a first visit, signed in as ana; its events and a map port. */
function firstVisit(): Promise<{ core: DataCore; events: CoreEvent[] }> {
  return startCore(`layerFirstView-${Date.now()}-${dbs++}`);
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
