/**
 * The plain data that crosses between the map scene (MapScene.ts) and the main thread: what the
 * scene starts with, what it answers and the events it sends. No OpenLayers object is here, so
 * the UI can import these types whichever thread draws the map. The calls themselves are the
 * scene's methods (the main thread holds a Comlink `Remote<MapScene>`): there is no message
 * union to keep beside them.
 */
import type { BaseMap, Properties, ProfileLayer } from '../domain/model.ts';

/** A map coordinate (EPSG:3857). */
export type MapCoord = [number, number];
/** An extent [minX, minY, maxX, maxY] (EPSG:3857). */
export type MapExtent = [number, number, number, number];

/**
 * A sighting as the map scene knows it: the batch it draws carries no properties (the main
 * thread asks the data core for a clicked find's, MapProxy).
 */
export interface SceneSighting {
  id: number;
  /** Where it is drawn (a generalised find: its square's centre). */
  coord: MapCoord;
  /** The side (m) of the square a generalised find is shown as (issue #21), or undefined. */
  generalised: number | undefined;
  /** A generalised find's square as 4 corners x, y (8 numbers), or null. */
  square: readonly number[] | null;
}

/** A sighting on the map, as the UI needs it: with its properties (the layer's columns). */
export interface MapSighting extends SceneSighting {
  properties: Properties;
}

/** A find's position on the map (EPSG:3857). */
export interface FindPosition {
  id: number;
  x: number;
  y: number;
}

/** The map's view, copied for the UI (EPSG:3857, CSS pixels). */
export interface MapViewState {
  center: MapCoord;
  zoom: number;
  resolution: number;
  rotation: number;
  /** The map's size in CSS pixels [width, height]. */
  size: [number, number];
}

/** A position fix of the device (geolocation runs on the main thread: workers have none). */
export interface LocationFix {
  lonLat: MapCoord;
  /** Metres. */
  accuracy: number;
  /** Radians, null when unknown. */
  heading: number | null;
}

/** The non-transparent pixels of a layer and their bounding box (CSS px from the map's top left). */
export interface DrawnPixels {
  pixels: number;
  box: { x: number; y: number; width: number; height: number } | null;
}

/** A frame the scene drew: when it ended (ms since the epoch, as `performance.timeOrigin + now()`). */
export interface FrameRecord {
  at: number;
  /** Its render (OpenLayers' precompose to postcompose), ms. */
  renderMs: number;
  /** The frame that settled the view (moveend). */
  moveEnd: boolean;
  /** The frame that drew a new batch: ms from the batch's arrival in the scene to the frame's end. */
  batchMs?: number;
  /** Of those, the sightings layer's redraw in that frame, ms. */
  drawMs?: number;
}

/** What a scene starts with (besides where it draws, which each thread gives its own way). */
export interface SceneInit {
  /** CSS pixels (a canvas target; an element target measures itself). */
  width: number;
  height: number;
  pixelRatio: number;
  origin: string;
  baseMaps: BaseMap[];
  /** The profile layer whose symbology draws the sightings. */
  layer: ProfileLayer | null;
  view: { center: MapCoord; zoom: number; minZoom: number; maxZoom: number };
  /** The default extent [minLat, minLon, maxLat, maxLon] the map frames at start. */
  defaultExtent: [number, number, number, number];
  /** Whether the app is offline now (then tiles are asked of the data core first); `setOffline` follows. */
  offline: boolean;
  /**
   * How often the view is copied to the main thread while it moves (ms); 0 copies every change
   * at once (the scene on the main thread, where a copy costs nothing).
   */
  viewCopyMs: number;
}

/** What the scene tells the main thread, unasked. */
export type SceneEvent =
  /** The view: throttled while it moves, and at rest (`atRest`, after every move). */
  | { type: 'view'; view: MapViewState; atRest: boolean; interacting: boolean }
  /** The batch `generation` (sent by the data core) has been drawn. */
  | { type: 'drawn'; generation: number }
  /** The map started or stopped moving or loading tiles, and how many times it started to (for the tests). */
  | { type: 'busy'; busy: boolean; starts: number }
  /** A base-map tile loaded or failed (for the loading hint). */
  | { type: 'tileEnd' }
  /** The location marker's first fix, in map coordinates (the map centres on it). */
  | { type: 'firstFix'; coord: MapCoord }
  /** A single click that OpenLayers' own interactions saw (the scene on the main thread). */
  | { type: 'click'; coord: MapCoord; hits: SceneSighting[] }
  | { type: 'error'; message: string };

/** Where a scene sends its events (in the map worker: a MessagePort to the main thread). */
export type SceneEmit = (e: SceneEvent) => void;
