import Feature from 'ol/Feature.js';
import Point from 'ol/geom/Point.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import { Circle, Stroke, Style } from 'ol/style.js';
import type OlMap from 'ol/Map.js';

/** The selection style is yellow. */
export const SELECTION_STYLE = new Style({
  image: new Circle({ radius: 12, stroke: new Stroke({ color: '#ffd400', width: 4 }) }),
  zIndex: 1,
});

/** A new or saved feature flashes black. */
export const FLASH_COLOR = '#000000';
/** How long a flash lasts. */
export const FLASH_MS = 1600;

/** The yellow selection ring of the finds whose card is open, and the black flash of a saved find. */
export class Highlight {
  readonly layer: VectorLayer<VectorSource>;
  /** Flashes running: the layer stays visible while there is one. */
  private flashes = 0;

  /**
   * The flash is painted in this layer's `postrender` (a vector layer with a render listener
   * draws every frame, even empty). Not in the sightings layer's: that one is a
   * VectorImageLayer, whose frames only copy its image and fire no render events.
   */
  constructor(private readonly map: OlMap) {
    // Hidden while it has nothing to show: a visible layer clears and redraws its full-screen
    // canvas on every map frame, even empty (docs/architecture.md 'Empty overlay layers').
    this.layer = new VectorLayer({ source: new VectorSource(), style: SELECTION_STYLE, zIndex: 15, visible: false });
  }

  private updateVisible(): void {
    this.layer.setVisible(this.flashes > 0 || this.layer.getSource()!.getFeatures().length > 0);
  }

  /** Rings the given coordinates in yellow (empty = none). */
  select(coords: ReadonlyArray<readonly [number, number]>): void {
    const source = this.layer.getSource()!;
    source.clear(true);
    source.addFeatures(coords.map((c) => new Feature(new Point([c[0], c[1]]))));
    this.updateVisible();
  }

  /** Flashes a black ring that grows and fades at `coord`. */
  flash(coord: readonly [number, number]): void {
    const start = Date.now();
    const point = new Point([coord[0], coord[1]]);
    this.flashes++;
    this.updateVisible();
    const key = this.layer.on('postrender', (e) => {
      const t = (Date.now() - start) / FLASH_MS;
      if (t >= 1) {
        this.layer.un('postrender', key.listener);
        this.flashes--;
        this.updateVisible();
        return;
      }
      const ctx = (e as unknown as { context: OffscreenCanvasRenderingContext2D }).context;
      const pixel = this.map.getPixelFromCoordinate(point.getCoordinates());
      if (!ctx || !pixel) return;
      const ratio = (e as unknown as { frameState: { pixelRatio: number } }).frameState.pixelRatio;
      ctx.save();
      ctx.strokeStyle = FLASH_COLOR;
      ctx.globalAlpha = 1 - t;
      ctx.lineWidth = 3 * ratio;
      ctx.beginPath();
      ctx.arc(pixel[0]! * ratio, pixel[1]! * ratio, (8 + 22 * t) * ratio, 0, 2 * Math.PI);
      ctx.stroke();
      ctx.restore();
      this.map.render();
    });
    this.map.render();
  }
}
