import { describe, expect, it } from 'vitest';
import type VectorLayer from 'ol/layer/Vector.js';
import type TileLayer from 'ol/layer/Tile.js';
import type XYZ from 'ol/source/XYZ.js';
import { fromLonLat } from 'ol/proj.js';
import { sceneInWorker } from './sceneInWorker.ts';
import type { MapScene } from '../../../mapscene/MapScene.ts';
import type { SceneEvent } from '../../../mapscene/types.ts';

/** The scene's base-map layers by id. */
const baseLayer = (s: MapScene, id: string): TileLayer<XYZ> =>
  s.map.getAllLayers().find((l) => l.get('baseMapId') === id) as TileLayer<XYZ>;
const layerByZ = (s: MapScene, z: number): VectorLayer =>
  s.map.getAllLayers().find((l) => l.getZIndex() === z) as VectorLayer;
const lastView = (events: SceneEvent[]) => events.filter((e) => e.type === 'view').at(-1);

describe('MapScene: the view', () => {
  it('frames the default extent at start and copies every view change to the main thread at once', () => {
    const { scene, events } = sceneInWorker();
    expect(scene.map.getSize()).toEqual([400, 300]);
    const zoom = scene.map.getView().getZoom()!;
    // Slovenia (about 4 degrees wide) in 400 px: around zoom 7.
    expect(zoom).toBeGreaterThan(6.5);
    expect(zoom).toBeLessThan(8);
    scene.panTo([1_600_000, 5_800_000], 0);
    const v = lastView(events);
    expect(v?.type === 'view' && v.view.center).toEqual([1_600_000, 5_800_000]);
    expect(v?.type === 'view' && v.view.size).toEqual([400, 300]);
  });

  it('zooms by levels (the buttons, keys and wheel) and centres on a place at a least zoom', () => {
    const { scene } = sceneInWorker();
    const view = scene.map.getView();
    const z0 = view.getZoom()!;
    scene.zoomBy(1, 0);
    expect(view.getZoom()).toBeCloseTo(z0 + 1, 6);
    scene.centerOn([1_650_000, 5_780_000], 15, 0);
    expect(view.getCenter()).toEqual([1_650_000, 5_780_000]);
    expect(view.getZoom()).toBeCloseTo(15, 6);
    // Never zooms out to reach `minZoom`.
    scene.zoomBy(2, 0);
    scene.centerOn([1_650_000, 5_780_000], 15, 0);
    expect(view.getZoom()).toBeCloseTo(17, 6);
  });

  it('pans by CSS pixels as a drag does and scales around a pixel as a pinch does', () => {
    const { scene } = sceneInWorker();
    const view = scene.map.getView();
    scene.panTo([1_600_000, 5_800_000], 0);
    const r = view.getResolution()!;
    scene.panBy(100, -50);
    // The map follows the finger: content moves right and up, so the centre goes west and south.
    expect(view.getCenter()![0]).toBeCloseTo(1_600_000 - 100 * r, 3);
    expect(view.getCenter()![1]).toBeCloseTo(5_800_000 - 50 * r, 3);
    const c = view.getCenter()!;
    // A pinch holds the view (as the gestures do) while it scales.
    scene.setInteracting(true);
    scene.scaleBy(0.5, 200, 150);
    expect(view.getResolution()).toBeCloseTo(r / 2, 6);
    // Around the middle pixel: the centre stays.
    expect(view.getCenter()![0]).toBeCloseTo(c[0]!, 3);
  });

  it('fits an extent within its padding up to a largest zoom', () => {
    const { scene } = sceneInWorker();
    const extent: [number, number, number, number] = [1_500_000, 5_700_000, 1_520_000, 5_710_000];
    scene.fit(extent, [20, 20, 20, 20], undefined, 0);
    const shown = scene.map.getView().calculateExtent([360, 260]);
    expect(shown[0]).toBeLessThanOrEqual(extent[0] + 1);
    expect(shown[2]).toBeGreaterThanOrEqual(extent[2] - 1);
    scene.fit([1_500_000, 5_700_000, 1_500_010, 5_700_010], [0, 0, 0, 0], 16, 0);
    expect(scene.map.getView().getZoom()).toBeCloseTo(16, 6);
  });

  it('says when a gesture holds the view, and resizes its canvas in device pixels', () => {
    const { scene, events } = sceneInWorker();
    scene.setInteracting(true);
    expect(lastView(events)).toMatchObject({ interacting: true });
    scene.setInteracting(false);
    expect(lastView(events)).toMatchObject({ interacting: false });
    scene.resize(200, 100, 2);
    expect(scene.map.getSize()).toEqual([200, 100]);
    const canvas = scene.map.getTargetElement() as unknown as { width: number; height: number };
    expect([canvas.width, canvas.height]).toEqual([400, 200]);
  });
});

describe('MapScene: what is drawn', () => {
  it('shows one base map at a time and overlays on their own', () => {
    const { scene } = sceneInWorker();
    expect(baseLayer(scene, 'ortho').getVisible()).toBe(true);
    scene.setBaseMap('topo');
    expect(baseLayer(scene, 'ortho').getVisible()).toBe(false);
    expect(baseLayer(scene, 'topo').getVisible()).toBe(true);
    scene.setOverlay('hills', true);
    expect(baseLayer(scene, 'hills').getVisible()).toBe(true);
    expect(baseLayer(scene, 'topo').getVisible()).toBe(true);
    scene.setOverlay('hills', false);
    expect(baseLayer(scene, 'hills').getVisible()).toBe(false);
  });

  it("tells the main thread of every base-map tile that ended, not an overlay's", () => {
    const { scene, events } = sceneInWorker();
    const ends = (): number => events.filter((e) => e.type === 'tileEnd').length;
    baseLayer(scene, 'hills').getSource()!.dispatchEvent('tileloadend');
    expect(ends()).toBe(0);
    baseLayer(scene, 'ortho').getSource()!.dispatchEvent('tileloaderror');
    baseLayer(scene, 'topo').getSource()!.dispatchEvent('tileloadend');
    expect(ends()).toBe(2);
  });

  it('rings selected places and hides the ring layer while it has nothing to show', () => {
    const { scene } = sceneInWorker();
    const ring = layerByZ(scene, 15);
    expect(ring.getVisible()).toBe(false);
    scene.select([
      [1_600_000, 5_800_000],
      [1_610_000, 5_800_000],
    ]);
    expect(ring.getVisible()).toBe(true);
    expect(ring.getSource()!.getFeatures()).toHaveLength(2);
    scene.select([]);
    expect(ring.getVisible()).toBe(false);
  });

  it('shows downloaded areas when wanted or offline, never while there are none', () => {
    const { scene } = sceneInWorker();
    const areas = scene.map.getAllLayers().find((l) => l.getClassName() === 'areas')!;
    scene.setOffline(true, false);
    expect(areas.getVisible()).toBe(false);
    scene.showAreas([
      {
        id: 1,
        name: 'Ljubljana',
        extent: [1_600_000, 5_780_000, 1_630_000, 5_800_000],
        tiles: 1,
        bytes: 1,
        features: 0,
      },
    ]);
    expect(areas.getVisible()).toBe(true);
    scene.setOffline(false, false);
    expect(areas.getVisible()).toBe(false);
    scene.setOffline(false, true);
    expect(areas.getVisible()).toBe(true);
  });

  it('marks the location, reports the first fix once per tracking, and hides the marker', () => {
    const { scene, events } = sceneInWorker();
    const fixes = (): SceneEvent[] => events.filter((e) => e.type === 'firstFix');
    scene.showLocation({ lonLat: [14.5, 46.05], accuracy: 30, heading: null });
    scene.showLocation({ lonLat: [14.51, 46.05], accuracy: 20, heading: 1 });
    expect(fixes()).toHaveLength(1);
    const [fix] = fixes();
    expect(fix?.type === 'firstFix' && fix.coord).toEqual(fromLonLat([14.5, 46.05]));
    const marker = layerByZ(scene, 20);
    expect(
      marker
        .getSource()!
        .getFeatures()
        .filter((f) => f.getGeometry()),
    ).toHaveLength(2);
    scene.showLocation(null);
    expect(
      marker
        .getSource()!
        .getFeatures()
        .filter((f) => f.getGeometry()),
    ).toHaveLength(0);
    scene.showLocation({ lonLat: [14.5, 46.05], accuracy: 30, heading: null });
    expect(fixes()).toHaveLength(2);
  });

  it('places the edit marker and removes it', () => {
    const { scene } = sceneInWorker();
    const marked = (): number =>
      scene.map
        .getAllLayers()
        .flatMap((l) => (l as VectorLayer).getSource?.()?.getFeatures?.() ?? [])
        .filter((f) => f.get('edit') || f.getGeometry()?.getType() === 'Point').length;
    const before = marked();
    scene.setEditMarker([1_600_000, 5_800_000]);
    expect(marked()).toBe(before + 1);
    scene.setEditMarker(null);
    expect(marked()).toBe(before);
  });
});

describe('MapScene: questions', () => {
  it('answers a click with its coordinate, and none of the sightings before the layer has any', () => {
    // No base maps: a frame drawn here loads no tile.
    const { scene } = sceneInWorker({ baseMaps: [] });
    scene.panTo([1_600_000, 5_800_000], 0);
    // Pixels are a drawn frame's.
    scene.map.renderSync();
    const { coord, hits } = scene.hit(200, 150);
    expect(coord![0]).toBeCloseTo(1_600_000, 3);
    expect(coord![1]).toBeCloseTo(5_800_000, 3);
    expect(hits).toEqual([]);
    expect(scene.sightingById(1)).toBeNull();
    expect(scene.sightingsInView()).toEqual([]);
  });

  it('stops drawing when disposed', () => {
    const { scene } = sceneInWorker();
    scene.dispose();
    expect(scene.map.getTarget()).toBeUndefined();
  });
});
