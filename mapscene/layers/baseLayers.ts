import TileLayer from 'ol/layer/Tile.js';
import XYZ from 'ol/source/XYZ.js';
import { defaultTileLoadFunction } from 'ol/source/TileImage.js';
import type { BaseMap } from '../../domain/model.ts';
import type ImageTile from 'ol/ImageTile.js';
import type { LoadFunction } from 'ol/Tile.js';

/** Base map layers preload 3 levels, overlays are drawn at opacity 0.5. */
export const BASE_PRELOAD = 3;
/** The overlays' opacity. */
export const OVERLAY_OPACITY = 0.5;
/** Tiles are 256 px; reprojection allows 0.5 px of error and 10 subdivisions. */
export const TILE_SIZE = 256;
export const REPROJECTION_ERROR_THRESHOLD = 0.5;

/** Converts SPEC's `{z}_{x}_{y}` template to an absolute URL template OpenLayers understands. */
export function tileUrlTemplate(url: string, origin: string): string {
  return new URL(url, origin).toString().replace(/%7B/gi, '{').replace(/%7D/gi, '}');
}

/**
 * Where stored tiles come from: only offline is a tile asked of the data core (a downloaded area),
 * which costs a worker round trip that online loading need not pay.
 */
export interface StoredTiles {
  offline: () => boolean;
  /** The stored tile as a Blob, or null: then it loads from the network. */
  storedTile: (url: string) => Promise<Blob | null>;
}

/** An image element of the page, as far as the loader uses it. */
interface PageImageElement {
  src: string;
  addEventListener(type: 'load' | 'error', listener: () => void, options: { once: true }): void;
}
/** The page's image element class; undefined in a worker (this folder compiles without the DOM's types). */
const PageImage = (globalThis as { HTMLImageElement?: new () => PageImageElement }).HTMLImageElement;

/**
 * Loads a tile from the local store when offline and one is there (a downloaded area), otherwise
 * with OpenLayers' own loader (from the network). Works without a service worker, on the first
 * visit.
 */
function storedTileLoader(stored: StoredTiles): LoadFunction {
  return (t, src) => {
    // A tile source of images (XYZ) loads ImageTiles.
    const tile = t as ImageTile;
    if (!stored.offline()) return defaultTileLoadFunction(tile, src);
    const loadStored = stored.storedTile(src).catch(() => null);
    const image = tile.getImage();
    if (!PageImage || !(image instanceof PageImage)) return workerTileLoad(tile, src, loadStored);
    // On the main thread: through a blob URL revoked after load.
    void loadStored.then((blob) => {
      if (!blob) return defaultTileLoadFunction(tile, src);
      const url = URL.createObjectURL(blob);
      const done = (): void => URL.revokeObjectURL(url);
      image.addEventListener('load', done, { once: true });
      image.addEventListener('error', done, { once: true });
      image.src = url;
    });
  };
}

/**
 * The same in the map worker, where a tile is an OffscreenCanvas (OpenLayers' worker loading):
 * a stored tile is decoded with createImageBitmap and drawn into it, as OpenLayers' own worker
 * loader does with a fetched one; without one, OpenLayers' loader fetches it.
 */
function workerTileLoad(tile: ImageTile, src: string, loadStored: Promise<Blob | null>): void {
  const canvas = tile.getImage() as unknown as OffscreenCanvas;
  loadStored
    .then(async (blob) => {
      if (!blob) return defaultTileLoadFunction(tile, src);
      const bitmap = await createImageBitmap(blob);
      canvas.width = bitmap.width;
      canvas.height = bitmap.height;
      canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
      bitmap.close();
      canvas.dispatchEvent(new Event('load'));
    })
    .catch(() => canvas.dispatchEvent(new Event('error')));
}

/** Makes the tile layer of one base map of the profile; offline-capable ones read stored tiles first. */
export function createBaseLayer(b: BaseMap, origin: string, stored?: StoredTiles): TileLayer<XYZ> {
  const layer = new TileLayer({
    source: new XYZ({
      url: tileUrlTemplate(b.url, origin),
      tileSize: TILE_SIZE,
      reprojectionErrorThreshold: REPROJECTION_ERROR_THRESHOLD,
      crossOrigin: 'anonymous',
      maxZoom: 19,
      // No 250 ms fade per arriving tile: each fade keeps the whole map re-rendering at 60 fps
      // while tiles load, which on a cheap phone is most of the start-up main-thread work
      // (measured: ~40 % less main-thread time in the first 7 s; bench/startup).
      transition: 0,
      ...(b.offline && stored ? { tileLoadFunction: storedTileLoader(stored) } : {}),
    }),
    preload: b.overlay ? 0 : BASE_PRELOAD,
    opacity: b.overlay ? (b.opacity ?? OVERLAY_OPACITY) : 1,
    visible: b.visible,
    className: `base-${b.id}`,
  });
  layer.set('baseMapId', b.id);
  layer.set('overlay', b.overlay);
  layer.set('title', b.name);
  return layer;
}
