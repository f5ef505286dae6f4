import { describe, expect, it, vi } from 'vitest';
import type { CoreEvent, DataCore } from '../../../../worker/api.ts';
import type { Feature } from '../../../../domain/model.ts';
import { VIEW_WHOLE_MAX } from '../../../../worker/layer/firstView.ts';
import { columns, FILTER, layerServer, startCore } from './layerServer.ts';

/**
 * A returning start through the data core (worker/core/layer.ts): the device holds a copy of the
 * layer, so the map draws it before the change feed answers (a large copy thinned as the country
 * view), and redraws when the feed changed something or the drawing was thinned; a later drawing
 * (after a change of one's own) waits for the feed.
 */
const find = (id: number): Feature => ({
  type: 'Feature',
  id,
  geometry: { type: 'Point', coordinates: [1_600_000 + id * 40, 5_800_000] },
  properties: { 920: 1, 980: 1804, 1053: '2024-05-17T10:00:00Z', 2066: true, 1820: 'ana@example.si', 974: 5 },
});
let FEATURES = Array.from({ length: 40 }, (_, i) => find(1000 + i));
/** The requests made (path and query); the feed's answer since a cursor: what it holds, and its release. */
let delta: Feature[] = [];
let releaseDelta: () => void = () => undefined;
const requests = layerServer(async (url) => {
  // A first visit's view, or its full load: the whole (small) layer.
  if (url.searchParams.has('view') || url.searchParams.get('full') === 'true') return columns(FEATURES, '1:1:');
  await new Promise<void>((resolve) => (releaseDelta = resolve));
  return columns(delta, '2:2:');
});

let dbs = 0;
/** A device that has loaded the whole layer once, and its second start. */
async function returning(): Promise<{ core: DataCore; events: CoreEvent[] }> {
  const name = `layerReturningStart-${dbs++}`;
  const first = await startCore(name);
  expect((await first.core.getLayerPoints(null, FILTER)).ids.length).toBe(FEATURES.length);
  requests.length = 0;
  return startCore(name);
}

const sinceAsked = (): boolean => requests.some((r) => r.startsWith('/api/Changes/35') && r.includes('since='));
/** Lets the feed answer, once it has been asked (behind the first drawing). */
async function release(): Promise<void> {
  await vi.waitFor(() => expect(sinceAsked()).toBe(true));
  releaseDelta();
}
const redraws = (events: CoreEvent[]): number => events.filter((e) => e.type === 'layerChanged').length;

/**
 * Runs `test` with a layer large enough to be stored with a thinned view: 5,000 finds on one line
 * of 2 km steps across the country (64 cells across hold one each).
 */
async function withLargeLayer(test: () => Promise<void>): Promise<void> {
  const small = FEATURES;
  FEATURES = Array.from({ length: VIEW_WHOLE_MAX + 1000 }, (_, i) => ({
    ...find(10_000 + i),
    geometry: { type: 'Point', coordinates: [1_500_000 + (i % 170) * 2000, 5_800_000] },
  }));
  try {
    await test();
  } finally {
    FEATURES = small;
  }
}

describe('a returning start', () => {
  it('draws the copy before the feed answers, and redraws with what the feed brought', async () => {
    const { core, events } = await returning();
    delta = [find(2000)];
    // Drawn while the feed's answer is held back.
    expect(await core.sendLayerPoints(FILTER, 1)).toBe(FEATURES.length);
    expect(redraws(events)).toBe(0);
    await release();
    await vi.waitFor(() => expect(redraws(events)).toBe(1));
    expect(await core.sendLayerPoints(FILTER, 2)).toBe(FEATURES.length + 1);
  });

  it('does not redraw when the feed brought nothing', async () => {
    const { core, events } = await returning();
    delta = [];
    expect(await core.sendLayerPoints(FILTER, 1)).toBe(FEATURES.length);
    await release();
    // The feed's answer is in once 'Moje najdbe' (the whole, current layer) has it.
    expect((await core.getLayerPoints(null, FILTER)).ids.length).toBe(FEATURES.length);
    expect(redraws(events)).toBe(0);
  });

  it('draws a large copy thinned as the country view first, then whole', () =>
    withLargeLayer(async () => {
      const { core, events } = await returning();
      delta = [];
      performance.clearMarks();
      const thinned = await core.sendLayerPoints(FILTER, 1);
      expect(thinned).toBeGreaterThan(0);
      expect(thinned).toBeLessThan(FEATURES.length / 50);
      // Drawn from the thinned view stored beside the copy: the copy's blocks are read only behind it.
      const marks = performance.getEntriesByType('mark').map((m) => m.name);
      expect(marks).toContain('layer:copy-view');
      const read = marks.indexOf('layer:copy-read');
      expect(read < 0 || read > marks.indexOf('layer:points')).toBe(true);
      await release();
      // Redrawn whole even though the feed brought nothing.
      await vi.waitFor(() => expect(redraws(events)).toBe(1));
      expect(await core.sendLayerPoints(FILTER, 2)).toBe(FEATURES.length);
    }));

  it('keeps the stored view for the next start when the feed brought nothing', () =>
    withLargeLayer(async () => {
      const name = `layerReturningStart-${dbs++}`;
      const first = await startCore(name);
      await first.core.getLayerPoints(null, FILTER);
      const second = await startCore(name);
      delta = [];
      await second.core.sendLayerPoints(FILTER, 1);
      await release();
      // The copy is stored again (its cursor moved on) before the whole layer is redrawn.
      await vi.waitFor(() => expect(redraws(second.events)).toBe(1));
      const third = await startCore(name);
      performance.clearMarks();
      const thinned = await third.core.sendLayerPoints(FILTER, 1);
      expect(thinned).toBeLessThan(FEATURES.length / 50);
      expect(performance.getEntriesByType('mark').map((m) => m.name)).toContain('layer:copy-view');
    }));

  it('has a later drawing wait for the feed', async () => {
    const { core } = await returning();
    delta = [find(2001)];
    await core.sendLayerPoints(FILTER, 1);
    let later = 0;
    const drawing = core.sendLayerPoints(FILTER, 2).then((n) => (later = n));
    await new Promise((r) => setTimeout(r, 50));
    expect(later).toBe(0);
    await release();
    expect(await drawing).toBe(FEATURES.length + 1);
  });
});
