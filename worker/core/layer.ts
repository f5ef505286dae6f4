import type { ExportFile, LayerFilterState, LayerLoadProgress, PointBatch } from '../api.ts';
import type { MapDrawing } from './mapChannel.ts';
import type { Feature, Properties } from '../../domain/model.ts';
import { OverlaidLayer, type StoredRecords } from '../layer/OverlaidLayer.ts';
import { LAYER_COLUMNS } from '../../domain/columns.ts';
import type { LayerSource } from '../layer/LayerRows.ts';
import { LayerBatches } from './layerBatches.ts';
import { preloadGrid } from '../layer/squares.ts';
import { crossing } from '../http/crossing.ts';
import { applyAnswer, blockOf, type LayerReplica } from '../layer/layerReplica.ts';
import { hasReplica, loadReplica, loadReplicaView, saveReplica } from '../layer/replicaStore.ts';
import { ColumnLayer } from '../layer/ColumnLayer.ts';
import { markLayer } from '../layer/loadMarks.ts';
import { progressSteps } from '../layer/loadProgress.ts';
import type { DecodedMessage } from '../../domain/layerColumns/decode.ts';
import { cacheKey } from '../store/responseCache.ts';
import type { CoreSession } from './session.ts';
import type { ProfileData } from './profile.ts';
import { LayerFirstView } from './layerFirstView.ts';
import { firstDrawing, storedView, type FirstDrawing } from '../layer/firstView.ts';

/** The copy of the layer held in memory: its key (project, table, columns, user), the copy, its rows. */
interface HeldCopy {
  key: string;
  copy: LayerReplica | null;
  rows: ColumnLayer | null;
}

/** Area downloads and feed answers may take this long (ms); a full load may go this long without a byte. */
const EXTENT_TIMEOUT_MS = 120_000;

/**
 * The sightings layer: loaded once from the server (online); offline, the device's copy of it with
 * the records the device stores drawn over it (or, with no copy, the stored records alone);
 * filtered and styled in the worker, and exported with the map's filter.
 */
export class LayerPart {
  private layer: Promise<ColumnLayer> | null = null;
  /** The device's copy of the layer for the user `key` (null: none yet), and its rows as one list. */
  private replica: HeldCopy | null = null;
  /** The batches of the layer under a filter, for the map and 'Moje najdbe'. */
  private readonly batches: LayerBatches;
  /** A first visit's view, drawn while the full load comes. */
  private readonly firstView: LayerFirstView;
  /** The user key the map last drew for: the first drawing for a key is its start (mapPoints). */
  private drawnFor: string | null = null;

  /** @param storedRecords the sightings in the local store: downloaded areas and the device's own changes. */
  constructor(
    private readonly s: CoreSession,
    private readonly profile: ProfileData,
    private readonly storedRecords: () => Promise<StoredRecords>,
  ) {
    this.batches = new LayerBatches(s, profile, LAYER_COLUMNS);
    this.firstView = new LayerFirstView(s, {
      key: () => this.replicaKey(),
      // The head alone: a returning start then reads the stored view, not the whole copy.
      hasCopy: async (key) =>
        this.replica?.key === key ? this.replica.copy !== null : hasReplica(this.s.db, key).catch(() => false),
      loaded: () => this.loaded(),
      columns: LAYER_COLUMNS,
      timeoutMs: EXTENT_TIMEOUT_MS,
    });
  }

  /**
   * The layer's sightings under a filter, whole: online the loaded layer (a first visit waits for
   * its full load), offline the device's copy with the stored records over it. 'Moje najdbe' and
   * the review read this: never a thinned view.
   */
  getLayerPoints(extent: [number, number, number, number] | null, filter: LayerFilterState): Promise<PointBatch> {
    return this.batches.points(this.source(), extent, filter);
  }

  /** The layer as the map and 'Moje najdbe' read it: online the loaded layer, offline the copy with the stored records. */
  private source(): Promise<LayerSource> {
    return this.s.online ? this.loaded() : this.offline();
  }

  /**
   * The map's sightings: as getLayerPoints, but a first visit online (no copy of the layer for this
   * user yet) draws the view thinned on the server first (layerFirstView.ts) and asks for the full load
   * only once the view's batch is on its way to the map, so that the view has the slow link to
   * itself; the full load's progress shows meanwhile, and when it is in, the map is told to redraw.
   * A returning start online draws the device's copy before the change feed answers. What is to
   * happen once the batch has left for the map is the drawing's `behind`.
   */
  async mapPoints(extent: [number, number, number, number] | null, filter: LayerFilterState): Promise<MapDrawing> {
    markLayer('map-asked');
    const start = this.drawnFor !== this.replicaKey();
    this.drawnFor = this.replicaKey();
    const view = this.s.online ? await this.firstView.layer(extent) : null;
    if (view) {
      // A generalised find is drawn as its square, never as a point: the view waits for the national
      // grid's chunk too, whose load began when the user became known (askFirstView).
      const batch = await this.batches.drawn(Promise.resolve(view), extent, filter);
      return { batch, behind: () => this.firstView.loadBehind() };
    }
    const first = start && this.s.online && !this.layer ? await this.firstDrawing() : null;
    if (!first) return { batch: await this.batches.drawn(this.source(), extent, filter) };
    // A returning start (the first drawing for this user, nothing loaded yet) draws the device's copy
    // at once, thinned as the country view is when it is large, and asks the feed behind it; the map
    // redraws when the feed changed something, and always after a thinned drawing. Later drawings
    // wait for the feed: after a change of one's own the copy lacks it.
    const redraw = (): void => this.s.emit({ type: 'layerChanged' });
    const batch = await this.batches.drawn(Promise.resolve(first.source), extent, filter);
    const changed = (rows: ColumnLayer): boolean => first.thinned || rows !== first.rows;
    return { batch, behind: () => void this.loaded().then((rows) => changed(rows) && redraw(), redraw) };
  }

  /** What a returning start draws before the feed answers (firstDrawing), or null without a copy. */
  private async firstDrawing(): Promise<FirstDrawing | null> {
    const key = this.replicaKey();
    const view =
      this.replica?.key === key ? null : await loadReplicaView(this.s.db, key, this.s.cfg.tableId).catch(() => null);
    return firstDrawing(view, () => this.heldCopy());
  }

  /**
   * Asks for a first visit's view now, before the map asks (it starts while the profile, the map
   * worker and its tiles load, and has the link to itself longer; nothing when a copy is held),
   * and the national grid's chunk, which the first drawing of generalised finds waits for.
   */
  askFirstView(): void {
    preloadGrid();
    void this.firstView.layer(null);
  }

  /**
   * The layer's columns of the finds `ids` as the map's last batch came from them (the card of a
   * click: the batch itself carries no properties), null for a find no longer there.
   */
  getMapProperties(ids: number[]): Promise<(Properties | null)[]> {
    return Promise.resolve(this.batches.propertiesOf(ids));
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
   * The whole layer from the server (the layer's columns) as typed-array columns, kept until a
   * change. The device keeps a copy per user in IndexedDB in blocks (layerReplica.ts,
   * replicaStore.ts): a start, and the first read after a change, ask the change feed for what
   * changed since the copy's cursor (form=columns), and load the whole layer (full=true, in blocks)
   * only when there is no copy, the server asks for it, or the copy was made for another viewer.
   * Without a connection to the feed the copy is used as it is.
   */
  loaded(): Promise<ColumnLayer> {
    this.layer ??= this.current().catch((e: unknown) => {
      this.layer = null;
      throw e;
    });
    return this.layer;
  }

  /**
   * The layer offline, with no request: the copy held for this user with the stored records over it
   * (a stored record replaces the copy's row of its id, a waiting delete hides it: OverlaidLayer),
   * or the stored records alone when the device holds no copy for her.
   */
  private async offline(): Promise<readonly Feature[] | OverlaidLayer> {
    const [copy, stored] = await Promise.all([this.heldCopy(), this.storedRecords()]);
    return copy ? new OverlaidLayer(copy, stored) : stored.features;
  }

  /** The copy held for this user as rows (read from IndexedDB on first use), or null for none. */
  private async heldCopy(): Promise<ColumnLayer | null> {
    const held = (await this.replicaFor(this.replicaKey())).copy;
    return held ? this.rowsOf(held) : null;
  }

  /** The find `id` as the copy held for this user has it (its layer columns), or null when the copy has none. */
  async copyFeature(id: number): Promise<Feature | null> {
    const rows = await this.heldCopy();
    const row = rows ? rows.rowOf(id) : -1;
    return rows && row >= 0 ? rows.feature(row) : null;
  }

  /** The key of this user's copy. */
  private replicaKey(): string {
    const c = this.s.cfg;
    // The columns are part of the key: a copy made with other columns cannot be brought up to date by
    // the feed, which sends only the records that changed.
    return cacheKey(c.projectId, 'layer', c.tableId, LAYER_COLUMNS.join('.'), this.s.current.email ?? 'anon');
  }

  /** The copy under `key` as held, read from IndexedDB when another key's (or none) was held. */
  private async replicaFor(key: string): Promise<HeldCopy> {
    if (this.replica?.key !== key) {
      const copy = await loadReplica(this.s.db, key, this.s.cfg.tableId).catch(() => null);
      markLayer('copy-read', { blocks: copy?.blocks.length ?? 0 });
      this.replica = { key, copy, rows: null };
    }
    return this.replica;
  }

  private async current(): Promise<ColumnLayer> {
    const c = this.s.cfg;
    const key = this.replicaKey();
    const held = (await this.replicaFor(key)).copy;
    // A full load (with progress) may take minutes over a slow link: it is given up only when no
    // byte has come for EXTENT_TIMEOUT_MS (the server's reading before the first counted too).
    const ask = (cursor: string, onProgress?: (p: LayerLoadProgress) => void) =>
      this.s.api.changes.columns(c.projectId, [c.tableId], cursor, LAYER_COLUMNS, {
        ...(onProgress ? { idleTimeoutMs: EXTENT_TIMEOUT_MS } : { timeoutMs: EXTENT_TIMEOUT_MS }),
        onProgress,
      });
    let copy: LayerReplica | null = null;
    if (held) {
      let answer: DecodedMessage;
      try {
        markLayer('feed-asked');
        [answer] = (await ask(held.cursor)) as [DecodedMessage];
        markLayer('feed-answered');
      } catch {
        // No connection to the feed: the copy as it is.
        return this.rowsOf(held);
      }
      const h = answer.head;
      const at = { cursor: h.cursor!, viewer: h.viewer!, reset: h.reset === true, table: answer.tables.get(c.tableId) };
      const step = applyAnswer(held, at, c.tableId);
      if (step.kind !== 'reload') copy = step.replica;
    }
    if (!copy) {
      // One snapshot for the rows and the cursor: the next answer since it carries what changed after.
      // The first visit's load is the long one: the UI shows how much of it has arrived.
      markLayer('full-asked');
      const blocks = await ask(
        'full',
        progressSteps((progress) => this.s.emit({ type: 'layerProgress', progress })),
      ).finally(() => this.s.emit({ type: 'layerProgress', progress: null }));
      markLayer('full-answered', { blocks: blocks.length });
      const h = blocks[0]!.head;
      copy = {
        cursor: h.cursor!,
        viewer: h.viewer!,
        blocks: blocks.map((m) => blockOf(m, c.tableId)).filter((b) => b.table.n > 0),
      };
    }
    const rows = this.rowsOf(copy);
    // A feed that brought nothing leaves the blocks and the stored view as they are (~30 ms at 1M).
    const view = held && copy.blocks === held.blocks ? 'keep' : storedView(rows, c.tableId, copy);
    await saveReplica(this.s.db, key, copy, held, view).catch((e: unknown) => {
      console.warn('Layer copy not stored', e);
    });
    return rows;
  }

  /** The copy as one list of rows, built again only when its blocks changed. */
  private rowsOf(copy: LayerReplica): ColumnLayer {
    const r = this.replica!;
    const same = r.rows && r.copy?.blocks === copy.blocks;
    const rows = same ? r.rows! : new ColumnLayer(copy.blocks.map((b) => b.table));
    if (!same) markLayer('copy-rows', { n: rows.size });
    this.replica = { ...r, copy, rows };
    return rows;
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
    this.layer = null;
    this.s.emit({ type: 'layerChanged' });
  }
}
