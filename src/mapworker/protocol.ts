/**
 * The messages between the main thread and the map worker (issue #16, design A of
 * docs/map-worker.md). The map worker owns the whole OpenLayers map, drawing on a transferred
 * OffscreenCanvas; the main thread forwards gestures as view operations and keeps a copy of the
 * view. The main thread imports only these types from src/mapworker/.
 */
import type { ExtentSummary } from '../../worker/api.ts';
import type { BaseMap, ProfileLayer } from '../../domain/model.ts';
import type { FindPosition } from '../map/keyboardFinds.ts';
import type { LocationFix } from '../map/locationWatch.ts';
import type { MapCoord, MapExtent, MapSighting, MapViewState } from '../map/mapPort.ts';

/** What the map worker starts with. */
export interface MapInit {
  canvas: OffscreenCanvas;
  /** CSS pixels. */
  width: number;
  height: number;
  pixelRatio: number;
  origin: string;
  baseMaps: BaseMap[];
  /** The profile layer whose symbology draws the sightings. */
  layer: ProfileLayer | null;
  view: { center: MapCoord; zoom: number; minZoom: number; maxZoom: number };
  /** SPEC's default extent [minLat, minLon, maxLat, maxLon]. */
  defaultExtent: [number, number, number, number];
  /**
   * The map worker's end of its channel to the data core (worker/api.ts ToMapChannel,
   * FromMapChannel): the sightings' batches come this way, and stored tiles are asked for here.
   */
  dataPort: MessagePort;
  /** Whether the app is offline now (then tiles are asked of the data core first); `offline` messages follow. */
  offline: boolean;
}

/** The questions the main thread asks (answered by `answer` with the same id). */
export type MapQuery =
  | { q: 'hit'; x: number; y: number }
  | { q: 'hitAt'; coord: MapCoord }
  | { q: 'byId'; id: number }
  | { q: 'inView' }
  /** What a layer (by its class name) has drawn: a read-only probe for the tests (MapOnWorker.ts). */
  | { q: 'drawn'; className: string }
  /** The frames drawn since the last time this was asked: a read-only probe for bench/map. */
  | { q: 'frames' };

/** The non-transparent pixels of a layer and their bounding box (CSS px from the map's top left). */
export interface DrawnPixels {
  pixels: number;
  box: { x: number; y: number; width: number; height: number } | null;
}

/** A frame the map worker drew: when it ended (ms since the epoch, as `performance.timeOrigin + now()`). */
export interface FrameRecord {
  at: number;
  /** Its render (OpenLayers' precompose to postcompose), ms. */
  renderMs: number;
  /** The frame that settled the view (moveend). */
  moveEnd: boolean;
}

/** Their answers. */
export interface MapAnswers {
  hit: { coord: MapCoord | null; hits: MapSighting[] };
  hitAt: MapSighting[];
  byId: MapSighting | null;
  inView: FindPosition[];
  drawn: DrawnPixels;
  frames: FrameRecord[];
}

export type ToMapWorker =
  | ({ type: 'init' } & MapInit)
  | { type: 'resize'; width: number; height: number; pixelRatio: number }
  /** A finger or the mouse went down: running animations stop (as OpenLayers' DragPan). */
  | { type: 'cancelAnimations' }
  /** A gesture starts / ends (the sightings image is reused meanwhile; the end settles the zoom). */
  | { type: 'interaction'; active: boolean }
  /**
   * Move the map by (dx, dy) CSS pixels (it follows the finger): at once during a drag, animated
   * for a flick (easeOut) or an arrow key (linear).
   */
  | { type: 'panBy'; dx: number; dy: number; duration?: number; easing?: 'linear' | 'easeOut' }
  /** Pinch: the resolution is multiplied by `factor` around the pixel (x, y). */
  | { type: 'scaleBy'; factor: number; x: number; y: number }
  /** Zoom by `delta` levels, around the pixel (x, y) or the centre, animated. */
  | { type: 'zoomBy'; delta: number; x?: number; y?: number; duration: number }
  | { type: 'panTo'; coord: MapCoord; duration: number }
  | { type: 'centerOn'; coord: MapCoord; minZoom: number; duration: number }
  | { type: 'fit'; extent: MapExtent; padding: number[]; maxZoom?: number; duration: number }
  | { type: 'select'; coords: MapCoord[] }
  | { type: 'flash'; coord: MapCoord }
  | { type: 'editMarker'; coord: MapCoord | null }
  | { type: 'areas'; areas: ExtentSummary[] }
  /** Offline, tiles are asked of the data core first; the downloaded areas show offline or when wanted. */
  | { type: 'offline'; offline: boolean; areasVisible: boolean }
  | { type: 'baseMap'; id: string }
  | { type: 'overlay'; id: string; visible: boolean }
  | { type: 'reloadTiles' }
  /** A position fix of the device (geolocation runs on the main thread), or null to hide the marker. */
  | { type: 'location'; fix: LocationFix | null }
  | { type: 'query'; id: number; query: MapQuery };

export type FromMapWorker =
  /** The view: throttled while it moves, and at rest (`atRest`, after every move). */
  | { type: 'view'; view: MapViewState; atRest: boolean; interacting: boolean }
  /** The batch `generation` (sent by the data core) has been drawn. */
  | { type: 'drawn'; generation: number }
  /** The map started or stopped moving or loading tiles (a read-only hook for tests, MapOnWorker.ts). */
  | { type: 'busy'; busy: boolean; starts: number }
  /** A base-map tile loaded or failed (for the loading hint). */
  | { type: 'tileEnd' }
  /** The location marker's first fix, in map coordinates (the map centres on it). */
  | { type: 'firstFix'; coord: MapCoord }
  | { type: 'answer'; id: number; answer: MapAnswers[keyof MapAnswers] }
  | { type: 'error'; message: string };
