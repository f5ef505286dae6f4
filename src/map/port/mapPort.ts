/**
 * What the rest of the UI may ask of the map (issue #16, docs/map-worker.md step 1). Plain data
 * only: no OpenLayers object crosses this line, and every answer that needs the map's layers is
 * a promise. `MapProxy` (src/map/proxy/MapProxy.ts) implements it over the map scene
 * (mapscene/MapScene.ts), whichever thread runs the scene, so panels, the keyboard, forms and
 * links keep their call sites. Only mapscene/ imports OpenLayers' map and layers
 * (eslint.config.js).
 */
import type { ReadonlySignal } from '@preact/signals-react';
import type { ExtentSummary, LayerFilterState } from '../../../worker/api.ts';
import type { Profile, Properties } from '../../../domain/model.ts';
import type {
  FindPosition,
  MapCoord,
  MapExtent,
  MapSighting,
  MapViewState,
  SceneSighting,
} from '../../../mapscene/types.ts';

export type { FindPosition, MapCoord, MapExtent, MapSighting, MapViewState, SceneSighting };

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
  /** The data core, as far as the map needs it (src/map/port/mapData.ts). */
  data: MapData;
}

/**
 * What the map asks of the data core: the scene, whichever thread runs it, is connected to the
 * data core by a channel of its own, so that batches and stored tiles never cross another thread
 * (issue #16).
 */
export interface MapData {
  /** Whether the app is offline now: then tiles are asked of the data core (downloaded areas) first. */
  offline(): boolean;
  /** Hands the data core the scene's end of a MessageChannel (transferred). */
  connect(port: MessagePort): void;
  /** Has the data core send the sightings under `filter` over that channel as batch `generation`; resolves with their number. */
  sendPoints(filter: LayerFilterState, generation: number): Promise<number>;
  /** The layer's columns of the finds `ids` (the batch the scene draws carries none); null for a find no longer there. */
  properties(ids: number[]): Promise<(Properties | null)[]>;
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
