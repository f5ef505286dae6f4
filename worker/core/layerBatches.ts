import type { LayerFilterState, MapBatch, PointBatch } from '../api.ts';
import type { Properties } from '../../domain/model.ts';
import { SightingsLayer, type SightingsQuery } from '../layer/SightingsLayer.ts';
import type { LayerSource } from '../layer/LayerRows.ts';
import { gridFor } from '../layer/squares.ts';
import { markLayer } from '../layer/loadMarks.ts';
import type { CoreSession } from './session.ts';
import type { ProfileData } from './profile.ts';

/**
 * The sightings layer's batches under a filter, kept as columns so that a filter change is a
 * column scan (worker/layer/): with their properties for 'Moje najdbe', without them for the map,
 * which asks for a clicked find's properties by id. At 1M finds the properties were most of a
 * map batch's cost: gathered per batch, then copied to the map worker (structured clone).
 */
export class LayerBatches {
  private readonly sightings = new SightingsLayer();

  constructor(
    private readonly s: CoreSession,
    private readonly profile: ProfileData,
    /** The columns the batches carry and the map's card reads (the rest is loaded per record). */
    private readonly columns: readonly number[],
  ) {}

  /** Selects and styles `source`'s sightings under a filter, with their properties. */
  points(
    source: Promise<LayerSource>,
    extent: [number, number, number, number] | null,
    filter: LayerFilterState,
  ): Promise<PointBatch> {
    return this.batch(source, extent, filter, (features, q) => this.sightings.points(features, q));
  }

  /** As `points`, without the properties: what the map draws. */
  drawn(
    source: Promise<LayerSource>,
    extent: [number, number, number, number] | null,
    filter: LayerFilterState,
  ): Promise<MapBatch> {
    return this.batch(source, extent, filter, (features, q) => this.sightings.mapPoints(features, q));
  }

  /** The layer's columns of the finds `ids` as the last batch's rows hold them, null for a find they lack. */
  propertiesOf(ids: readonly number[]): (Properties | null)[] {
    return this.sightings.propertiesOf(ids, this.columns);
  }

  /** `source`'s features selected and styled by `make`, with what that needs. */
  private async batch<B extends MapBatch>(
    source: Promise<LayerSource>,
    extent: [number, number, number, number] | null,
    filter: LayerFilterState,
    make: (features: LayerSource, q: SightingsQuery) => B,
  ): Promise<B> {
    markLayer('asked', { online: this.s.online });
    const [features, columns, rules] = await Promise.all([
      source,
      this.profile.getSightingColumns(),
      this.profile.layerRules(),
    ]);
    const grid = await gridFor(features);
    const userEmail = this.s.current.email;
    const started = performance.now();
    const batch = make(features, { extent, filter, rules, columns, userEmail, grid, propertyKeys: this.columns });
    markLayer('points', { n: batch.ids.length, extent, ms: Math.round(performance.now() - started) });
    return batch;
  }
}
