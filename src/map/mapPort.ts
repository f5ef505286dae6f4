/**
 * What the rest of the UI may ask of the map (issue #16, docs/map-worker.md step 1). Plain data
 * only: no OpenLayers object crosses this line, and every answer that needs the map's layers is
 * a promise. `MapOnWorker` (the map drawn by the map worker) and `MapController` (the map on the
 * main thread) implement it, so panels, the keyboard, forms and links keep their call sites
 * whichever thread draws the map. Only the map's own modules import OpenLayers' map and layers
 * (eslint.config.js).
 */
import type { ReadonlySignal } from '@preact/signals-react';
import type { ExtentSummary, LayerFilterState, PointBatch } from '../../worker/api.ts';
import type { Profile, Properties } from '../../domain/model.ts';
import type { FindPosition } from './keyboardFinds.ts';

/** A map coordinate (EPSG:3857). */
export type MapCoord = [number, number];
/** An extent [minX, minY, maxX, maxY] (EPSG:3857). */
export type MapExtent = [number, number, number, number];

/** A sighting on the map, as the UI needs it. */
export interface MapSighting {
  id: number;
  /** Where it is drawn (a generalised find: its square's centre). */
  coord: MapCoord;
  properties: Properties;
  /** The side (m) of the square a generalised find is shown as (issue #21), or undefined. */
  generalised: number | undefined;
  /** A generalised find's square as 4 corners x, y (8 numbers), or null. */
  square: readonly number[] | null;
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

/** What a map is made from. */
export interface MapOptions {
  /** The element the map fills (it keeps the focus, the keyboard and the accessible name). */
  target: HTMLElement;
  profile: Profile;
  layerId: number;
  /** SPEC's default extent [minLat, minLon, maxLat, maxLon]. */
  defaultExtent: [number, number, number, number];
  origin: string;
  location: {
    /** The first position fix after tracking starts (EPSG:3857). */
    onFirstFix: (coord: MapCoord) => void;
    /** Geolocation failed (its error code: 1 = denied). */
    onError: (code: number) => void;
  };
  /** The data core, as far as the map needs it (src/map/mapData.ts). */
  data: MapData;
}

/**
 * What the map asks of the data core. The map on the main thread takes batches and stored tiles
 * itself; the map worker is connected to the data core by a channel of its own, so that they
 * never cross the main thread (issue #16).
 */
export interface MapData {
  /** The whole layer's sightings under `filter`, as one batch to this thread. */
  points(filter: LayerFilterState): Promise<PointBatch>;
  /** Whether the app is offline now: then tiles are asked of the data core (downloaded areas) first. */
  offline(): boolean;
  /** A stored tile as a Blob, or null to load it from the network (asked only offline). */
  storedTile(url: string): Promise<Blob | null>;
  /** Hands the data core a map worker's end of a MessageChannel (transferred). */
  connect(port: MessagePort): void;
  /** Has the data core send the sightings under `filter` over that channel as batch `generation`; resolves with their number. */
  sendPoints(filter: LayerFilterState, generation: number): Promise<number>;
}

/** Which kind of place a fit frames: a find (1 s, max zoom 16, clear of its panel) or an area (1.5 s). */
export type FitKind = 'feature' | 'area';

export interface MapPort {
  /** The map's element on the page: pixels are relative to its top left corner. */
  readonly element: HTMLElement;
  /** The view after every move, gesture or animation has ended (null before the map has a size). */
  readonly view: ReadonlySignal<MapViewState | null>;
  /** The view now, also during a move (for the worker: its latest copy). */
  viewNow(): MapViewState | null;
  /** Whether the user is dragging or pinching the map right now. */
  isInteracting(): boolean;

  /** Calls `cb` on every single click with its coordinate and the sightings within the 3 px tolerance. */
  onClick(cb: (coord: MapCoord, hits: MapSighting[]) => void): () => void;
  /** Calls `cb` when the user starts touching or clicking the map. */
  onPointerDown(cb: () => void): () => void;
  /** The sightings within the hit tolerance of a coordinate (the keyboard's Enter on the crosshair). */
  sightingsAt(coord: MapCoord): Promise<MapSighting[]>;
  /** A sighting on the map by its id, or null (not drawn, or the layer not loaded yet). */
  sightingById(id: number): Promise<MapSighting | null>;
  /** The sightings whose point is in view (thinned ones included). */
  sightingsInView(): Promise<FindPosition[]>;

  /**
   * Draws the layer's sightings under `filter` (the data core selects and styles them); resolves
   * with their number once they are drawn, or null when a newer call replaced this one.
   */
  drawSightings(filter: LayerFilterState): Promise<number | null>;
  /** Rings these places in yellow (the finds whose card is open; empty = none). */
  select(coords: readonly MapCoord[]): void;
  /** Flashes a place black (a find just saved). */
  flash(coord: MapCoord): void;
  /** Shows the report form's location, or hides it. */
  setEditMarker(coord: MapCoord | null): void;
  /** Draws the downloaded areas. */
  showAreas(areas: readonly ExtentSummary[]): void;
  /** Offline: the downloaded areas are always shown; online only when wanted. */
  setOffline(offline: boolean, areasWanted: boolean): void;
  /** Loads the tiles that failed again (the network came back or went). */
  reloadTiles(): void;
  /** Calls `onPending(true)` while the first tiles take long, `onPending(false)` when one came. Returns a stop function. */
  watchFirstTiles(onPending: (pending: boolean) => void): () => void;
  /** Shows the base map `id` (non-overlay base maps are exclusive). */
  setBaseMap(id: string): void;
  /** Shows or hides an overlay base map. */
  setOverlay(id: string, visible: boolean): void;
  /** Starts or stops live location tracking. */
  setTracking(on: boolean): Promise<void>;

  /** Changes the zoom by `delta` levels with a short animation. */
  zoomBy(delta: number): void;
  /** Pans (no zoom change) so that `coord` is at the centre, ending any animation under way. */
  panTo(coord: MapCoord, duration: number): void;
  /** Centres on a coordinate, zooming in to at least `minZoom`. */
  centerOn(coord: MapCoord, minZoom?: number): void;
  /** Fits an extent (see FitKind). */
  fit(extent: MapExtent, kind: FitKind): void;
  /** Detaches the map from the page. */
  dispose(): void;
}
