import type { ExportFile, LayerFilterState, PointBatch } from '../api.ts';
import type { Feature } from '../../domain/model.ts';
import { COL } from '../../domain/columns.ts';
import { SightingsLayer } from '../layer/SightingsLayer.ts';
import { gridFor } from '../layer/squares.ts';
import { crossing } from '../http/crossing.ts';
import type { ChangeAnswer } from '../http/changes.ts';
import { applyAnswer, type LayerReplica } from '../layer/layerReplica.ts';
import { cacheKey } from '../store/responseCache.ts';
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
  // The find card shows the accuracy class: a small integer per find.
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
  /** The device's copy of the layer for the user `key` (null: none yet). */
  private replica: { key: string; copy: LayerReplica | null } | null = null;
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

  /**
   * The whole layer from the server (the layer's columns), kept until a change. The device keeps a
   * copy per user in IndexedDB (layerReplica.ts): a start, and the first read after a change, ask the
   * change feed for what changed since the copy's cursor, and load the whole layer only when there is
   * no copy, the server asks for it, or the copy was made for another viewer. Without a connection to
   * the feed the copy is used as it is.
   */
  loaded(): Promise<Feature[]> {
    this.features ??= this.current().catch((e: unknown) => {
      this.features = null;
      throw e;
    });
    return this.features;
  }

  private async current(): Promise<Feature[]> {
    const c = this.s.cfg;
    // The columns are part of the key: a copy made with other columns cannot be brought up to date by
    // the feed, which sends only the records that changed.
    const key = cacheKey(c.projectId, 'layer', c.tableId, LAYER_COLUMNS.join('.'), this.s.current.email ?? 'anon');
    if (this.replica?.key !== key) {
      const row = await this.s.db.responses.get(key).catch(() => undefined);
      this.replica = { key, copy: (row?.body as LayerReplica | undefined) ?? null };
    }
    const held = this.replica.copy;
    let answer: ChangeAnswer;
    try {
      answer = await this.s.api.changes.since(c.projectId, [c.tableId], held?.cursor, LAYER_COLUMNS, {
        timeoutMs: EXTENT_TIMEOUT_MS,
      });
    } catch (e) {
      if (held) return held.features;
      throw e;
    }
    const step = applyAnswer(held, answer, c.tableId);
    if (step.kind === 'same') return step.replica.features;
    let copy: LayerReplica;
    if (step.kind === 'changed') copy = step.replica;
    else {
      // The cursor is taken before the load: what changes meanwhile comes again with the next answer.
      const fresh = answer.reset ? answer : await this.s.api.changes.since(c.projectId, [c.tableId], undefined);
      copy = {
        cursor: fresh.cursor,
        viewer: fresh.viewer,
        features: await this.fetch(SLOVENIA_3857, undefined, LAYER_COLUMNS),
      };
    }
    this.replica = { key, copy };
    await this.s.db.responses.put({ key, savedAt: Date.now(), body: copy }).catch((e: unknown) => {
      console.warn('Layer copy not stored', e);
    });
    return copy.features;
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
