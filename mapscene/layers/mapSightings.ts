import type OlMap from 'ol/Map.js';
import type { Pixel } from 'ol/pixel.js';
import type { Extent } from 'ol/extent.js';
import type { MapBatch } from '../../worker/api.ts';
import type { ProfileLayer } from '../../domain/model.ts';
import type { SightingsLayer } from './sightingsLayer.ts';
import type { SquaresLayer } from './squaresLayer.ts';
import type { FindPosition, SceneSighting } from '../types.ts';

/** Click hit tolerance (CSS px). */
export const HIT_TOLERANCE_PX = 3;

type SightingsModule = typeof import('./sightingsLayer.ts');
type SquaresModule = typeof import('./squaresLayer.ts');

/**
 * The sightings on the map and the questions about them: the sightings layer and the squares of
 * generalised finds (issue #21, under it), and hit detection over both. Their module (the layer,
 * its thinning and the symbology) is a separate chunk, fetched while the data core loads the
 * first batch, which cannot be drawn without it anyway: it keeps OpenLayers' image layer
 * renderer out of the first-load bundle. The sightings and the squares are drawn from the batch's
 * arrays, never features (sightingsLayer.ts, squaresLayer.ts).
 */
export class MapSightings {
  /** The sightings layer, once its module has loaded (null before). */
  layer: SightingsLayer | null = null;
  private squares: SquaresLayer | null = null;
  private readonly modules: Promise<[SightingsModule, SquaresModule]>;

  constructor(
    private readonly map: OlMap,
    layerDef: ProfileLayer | undefined,
    disposed: () => boolean,
  ) {
    this.modules = Promise.all([import('./sightingsLayer.ts'), import('./squaresLayer.ts')]).then((modules) => {
      const [m, sq] = modules;
      if (!disposed() && !this.layer) {
        const styles = layerDef ? m.layerStyles(layerDef) : [];
        this.layer = new m.SightingsLayer(styles);
        this.squares = new sq.SquaresLayer(styles);
        this.map.addLayer(this.squares.layer);
        this.map.addLayer(this.layer.layer);
      }
      return modules;
    });
    // A failed load shows when a batch is drawn (refreshSightings reports it); not unhandled here.
    this.modules.catch((e: unknown) => console.error('Failed loading the sightings layer', e));
  }

  /** Draws a batch of sightings (after the layer's module has loaded). */
  async show(batch: MapBatch): Promise<void> {
    await this.modules;
    this.layer?.setBatch(batch);
    this.squares?.setBatch(batch);
  }

  /**
   * The sightings under a pixel, within the 3 px hit tolerance of their symbol: the drawn ones
   * (closest first), then the ones the low-zoom thinning left out under them; with none drawn,
   * the finds whose drawn square (a generalised place) holds the pixel.
   */
  at(pixel: Pixel): SceneSighting[] {
    const layer = this.layer;
    const resolution = this.map.getView().getResolution();
    const coordinate = this.map.getCoordinateFromPixel(pixel);
    if (!layer || !resolution || !coordinate) return [];
    const { drawn, hidden } = layer.hitsAt(coordinate, resolution, HIT_TOLERANCE_PX);
    if (drawn.length) return [...drawn, ...hidden].map((i) => layer.sighting(i));
    // The squares layer holds the same batch as the sightings layer (show sets both).
    return (this.squares?.indicesAt(coordinate, resolution) ?? []).map((i) => layer.sighting(i));
  }

  /** A sighting on the layer by its id, or null (none, or the layer not loaded yet). */
  byId(id: number): SceneSighting | null {
    const i = this.layer?.indexOf(id) ?? -1;
    return i >= 0 ? this.layer!.sighting(i) : null;
  }

  /** The sightings whose point is in an extent (thinned ones included). */
  inExtent(extent: Extent): FindPosition[] {
    return this.layer?.inExtent(extent) ?? [];
  }
}
