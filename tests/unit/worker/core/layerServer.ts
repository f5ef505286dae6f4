import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { createDataCore } from '../../../../worker/core/dataCore.ts';
import type { CoreEvent, DataCore, LayerFilterState } from '../../../../worker/api.ts';
import { openOfflineDb } from '../../../../worker/store/db.ts';
import type { Feature } from '../../../../domain/model.ts';
import { encodeMessage } from '../../../../domain/layerColumns/encode.ts';
import { LAYER_TABLE_COLUMNS } from '../../../../bench/scale/layerFeatures.ts';

/**
 * The data core's layer tests' server and start (layerFirstView, layerReturningStart): a stubbed
 * fetch answering the start's files, the profile and the project as the seeded server does, and the
 * change feed as the test says; a data core on a database of its own, signed in as ana, its map
 * connected.
 */
export const FILTER: LayerFilterState = { year: null, speciesId: null, mineOnly: false, status: null };

const PROFILE = {
  id: 18,
  projectId: 35,
  layers: [{ id: 86, tableId: 48, symbology: { type: 'simple' } }],
  baseMaps: [],
};

/** A columns answer of table 48 holding `features`, at `cursor`. */
export function columns(features: Feature[], cursor = '1:1:'): Response {
  const bytes = encodeMessage(new Map([[48, { features, removed: [] }]]), { cursor, viewer: 'v', reset: false });
  return new Response(bytes.buffer as ArrayBuffer);
}

/**
 * Stubs fetch for the file's tests: the start's files, profile and project, and `changes` for
 * GET /api/Changes/35. Returns the requests made (path and query), emptied after each test.
 */
export function layerServer(changes: (url: URL) => Promise<Response>): string[] {
  const requests: string[] = [];
  const answer = async (url: URL): Promise<Response> => {
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
    if (p === '/api/Changes/35') return changes(url);
    return new Response('not found', { status: 404 });
  };
  beforeAll(() => {
    vi.stubGlobal('fetch', async (input: string | URL) => {
      const url = new URL(String(input));
      requests.push(url.pathname + url.search);
      return answer(url);
    });
  });
  afterAll(() => vi.unstubAllGlobals());
  afterEach(() => {
    for (const c of channels.splice(0)) {
      c.port1.close();
      c.port2.close();
    }
    requests.length = 0;
  });
  return requests;
}

const channels: MessageChannel[] = [];

/** A data core on the database `name`, signed in as ana, its map connected; the events it pushes. */
export async function startCore(name: string): Promise<{ core: DataCore; events: CoreEvent[] }> {
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
