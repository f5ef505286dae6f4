import type { ExportFile, LayerFilterState, PointBatch } from '../api.ts';
import type { Feature } from '../../domain/model.ts';
import { COL } from '../../domain/columns.ts';
import { SightingsLayer } from '../layer/SightingsLayer.ts';
import { gridFor } from '../layer/squares.ts';
import { crossing } from '../http/crossing.ts';
import type { CoreSession } from './session.ts';
import type { ProfileData } from './profile.ts';

/** EPSG:3857 bounds covering all of Slovenia with a margin: the layer is loaded once for it. */
const SLOVENIA_3857: [number, number, number, number] = [1440000, 5660000, 1850000, 5920000];

/** The columns the map, its filters, short info and 'Moje najdbe' read; the rest is loaded per record. */
const LAYER_COLUMNS = [
  COL.id,
  COL.group,
  COL.species,
  COL.publicSpecies,
  COL.date,
  COL.status,
  COL.public,
  COL.createdByEmail,
  // The find card shows the accuracy class (issue "In the field"): a small integer per find.
  COL.locationAccuracy,
];

/** Area downloads and whole-layer loads may take this long (ms). */
const EXTENT_TIMEOUT_MS = 120_000;

/**
 * The sightings layer: loaded once from the server (online) or read from the local store
 * (offline), filtered and styled in the worker, and exported with the map's filter.
 */
export class LayerPart {
  private features: Promise<Feature[]> | null = null;
  /** The loaded layer as columns, so that a filter change is a column scan (worker/layer/). */
  private readonly sightings = new SightingsLayer();

  /** @param storedFeatures the sightings in the local store (the offline source). */
  constructor(
    private readonly s: CoreSession,
    private readonly profile: ProfileData,
    private readonly storedFeatures: () => Promise<Feature[]>,
  ) {}

  async getLayerPoints(extent: [number, number, number, number] | null, filter: LayerFilterState): Promise<PointBatch> {
    const source = this.s.online ? this.loaded() : this.storedFeatures();
    const [features, columns, rules] = await Promise.all([
      source,
      this.profile.getSightingColumns(),
      this.profile.layerRules(),
    ]);
    const grid = await gridFor(features);
    return this.sightings.points(features, {
      extent,
      filter,
      rules,
      columns,
      userEmail: this.s.current.email,
      grid,
      // What the map needs of each find (its card reads the rest per record), online and offline alike.
      propertyKeys: LAYER_COLUMNS,
    });
  }

  exportFinds(
    format: 'geojson' | 'csv',
    extent: [number, number, number, number] | null,
    filter: LayerFilterState,
  ): Promise<ExportFile> {
    return crossing(async () => {
      const c = this.s.cfg;
      return this.s.api.exports.file(c.projectId, c.tableId, format, { ...filter, extent });
    });
  }

  /** The whole layer from the server (the layer's columns), loaded once per user and kept until a change. */
  loaded(): Promise<Feature[]> {
    const c = this.s.cfg;
    this.features ??= this.s
      .cached(['extenttables', c.tableId, this.s.current.email ?? 'anon'], () =>
        this.fetch(SLOVENIA_3857, undefined, LAYER_COLUMNS),
      )
      .catch((e: unknown) => {
        this.features = null;
        throw e;
      });
    return this.features;
  }

  /** Features of the sightings table in an extent: all columns, or only `columnIds`. */
  async fetch(
    extent: [number, number, number, number],
    signal?: AbortSignal,
    columnIds?: readonly number[],
  ): Promise<Feature[]> {
    const c = this.s.cfg;
    const res = await this.s.api.features.extentTables(c.projectId, extent, [c.tableId], columnIds, {
      signal,
      timeoutMs: EXTENT_TIMEOUT_MS,
    });
    return res.features[String(c.tableId)] ?? [];
  }

  /** Forgets the loaded layer so the next read sees a change, and tells the UI to redraw. */
  changed(): void {
    this.features = null;
    this.s.emit({ type: 'layerChanged' });
  }
}
