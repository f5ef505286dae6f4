import type OlMap from 'ol/Map.js';
import type Feature from 'ol/Feature.js';
import type Point from 'ol/geom/Point.js';
import type { Pixel } from 'ol/pixel.js';
import type { Extent } from 'ol/extent.js';
import type { PointBatch } from '../../worker/api.ts';
import type { ProfileLayer } from '../../domain/model.ts';
import { unpackProperties, type PackedProperties } from '../../domain/packedProperties.ts';
import type { SightingsLayer } from './sightingsLayer.ts';
import type { SquaresLayer } from './squaresLayer.ts';
import type { MapSighting } from '../types.ts';

/** Click hit tolerance (CSS px). */
export const HIT_TOLERANCE_PX = 3;

type SightingsModule = typeof import('./sightingsLayer.ts');
type SquaresModule = typeof import('./squaresLayer.ts');

/** A sighting on the layer as plain data (its coordinate, properties and generalised square). */
export function toSighting(f: Feature<Point>): MapSighting {
  const [x, y] = f.getGeometry()!.getCoordinates() as [number, number];
  const square = f.get('square') as Float64Array | undefined;
  return {
    id: Number(f.getId()),
    coord: [x, y],
    properties: unpackProperties(f.get('packed') as PackedProperties, f.get('order') as number),
    generalised: f.get('generalised') as number | undefined,
    square: square && square.length === 8 && square.every(Number.isFinite) ? Array.from(square) : null,
  };
}

/**
 * The sightings on the map and the questions about them: the sightings layer and the squares of
 * generalised finds (issue #21, under it), and hit detection over both. Their module (the layer,
 * its thinning and the symbology) is a separate chunk, fetched while the data core loads the
 * first batch, which cannot be drawn without it anyway: it keeps OpenLayers' image layer
 * renderer out of the first-load bundle.
 */
export class MapSightings {
  /** The sightings layer, once its module has loaded (null before). */
  layer: SightingsLayer | null = null;
  private squares: SquaresLayer | null = null;
  private readonly modules: Promise<[SightingsModule, SquaresModule]>;
  private loaded: SightingsModule | null = null;
  private loadedSquares: SquaresModule | null = null;

  constructor(
    private readonly map: OlMap,
    layerDef: ProfileLayer | undefined,
    disposed: () => boolean,
  ) {
    this.modules = Promise.all([import('./sightingsLayer.ts'), import('./squaresLayer.ts')]).then((modules) => {
      const [m, sq] = modules;
      this.loaded = m;
      this.loadedSquares = sq;
      if (!disposed() && !this.layer) {
        const styles = layerDef ? m.layerStyles(layerDef) : [];
        this.layer = m.createSightingsLayer(styles);
        this.squares = sq.createSquaresLayer(styles);
        this.map.addLayer(this.squares);
        this.map.addLayer(this.layer);
      }
      return modules;
    });
    // A failed load shows when a batch is drawn (refreshSightings reports it); not unhandled here.
    this.modules.catch((e: unknown) => console.error('Failed loading the sightings layer', e));
  }

  /** Draws a batch of sightings (after the layer's module has loaded). */
  async show(batch: PointBatch): Promise<void> {
    const [m, sq] = await this.modules;
    if (this.layer) m.setBatch(this.layer.getSource()!, batch);
    if (this.squares) sq.setSquares(this.squares, batch);
  }

  /**
   * The sightings under a pixel, within the 3 px hit tolerance: the drawn ones (hit
   * detection on what was drawn), then the ones the low-zoom thinning left out under them; with
   * none, the finds whose drawn square (a generalised place) holds the pixel.
   */
  at(pixel: Pixel): Feature<Point>[] {
    const layer = this.layer;
    if (!layer) return [];
    const hits = this.map.getFeaturesAtPixel(pixel, {
      hitTolerance: HIT_TOLERANCE_PX,
      layerFilter: (l) => l === layer,
    }) as Feature<Point>[];
    const resolution = this.map.getView().getResolution();
    const coordinate = this.map.getCoordinateFromPixel(pixel);
    if (!hits.length) return this.inSquaresAt(pixel);
    if (!resolution || !coordinate) return hits;
    return [...hits, ...(this.loaded?.hiddenSightingsAt(layer, coordinate, resolution, HIT_TOLERANCE_PX) ?? [])];
  }

  /** The sightings whose drawn square holds a pixel (the module is loaded once the layer exists). */
  private inSquaresAt(pixel: Pixel): Feature<Point>[] {
    const ids =
      this.squares && this.loadedSquares ? this.loadedSquares.findsInSquaresAt(this.map, this.squares, pixel) : [];
    return ids.map((id) => this.byId(id)).filter((f): f is Feature<Point> => f !== null);
  }

  /** A sighting on the layer by its id, or null (none, or the layer not loaded yet). */
  byId(id: number): Feature<Point> | null {
    return this.layer?.getSource()?.getFeatureById(id) ?? null;
  }

  /** The sightings whose point is in an extent (thinned ones included). */
  inExtent(extent: Extent): Feature<Point>[] {
    return (this.layer?.getSource()?.getFeaturesInExtent(extent) ?? []) as Feature<Point>[];
  }
}
