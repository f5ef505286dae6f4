import type { DataCore, LayerFilterState, PointBatch, SessionInfo } from './api.ts';
import type { Column, DataRecord, Feature } from './types.ts';
import type { FilterInput } from './filters/types.ts';
import { CoreBase } from './coreBase.ts';
import { COL } from './columns.ts';
import { SightingsLayer } from './layer/SightingsLayer.ts';
import { gridFor } from './layer/squares.ts';
import { crossing } from './http/crossing.ts';
import { ExportApi, type ExportFile } from './http/exports.ts';
import { RecordsCore } from './records/recordsCore.ts';
import type { DetailedFeature } from './records/service.ts';
import type { PhotoInspection, SaveRecordInput, SaveRecordResult, SaveStage, SpeciesOption } from './records/types.ts';
import type { DownloadArea, DownloadEstimate, DownloadProgress, ExtentSummary } from './download/index.ts';
import type { ConflictInfo, PendingChangeInfo, SyncState } from './sync/index.ts';
import { saveBackgroundSetup } from './sync/background.ts';
import { OfflineCore } from './offlineCore.ts';
import { reviewScope, type HistoryEntry, type ReviewScope } from '../domain/review.ts';
import { reviewQueue, type QueuePage, type QueueQuery } from './review/queue.ts';
import { ReviewCore, rolesOfToken, type Inbox, type ReviewInput } from './review/ReviewCore.ts';
import { deleteAnywhere, getAnywhere, saveAnywhere, TEMP_ID_LIMIT, type WriteDeps } from './writes.ts';

/** EPSG:3857 bounds covering all of Slovenia with a margin: the layer is loaded once for it. */
const SLOVENIA_3857: [number, number, number, number] = [1440000, 5660000, 1850000, 5920000];

/** The columns the map, its filters, short info and 'Moje najdbe' read; the rest is loaded per record. */
const LAYER_COLUMNS = [COL.id, COL.group, COL.species, COL.publicSpecies, COL.date, COL.status, COL.public, COL.createdByEmail];

export type { DataCoreOptions } from './coreBase.ts';

/** The data core behind the Comlink boundary (see DataCore in api.ts): the layer, reports, offline. */
export class DataCoreImpl extends CoreBase implements DataCore {
  private layerFeatures: Promise<Feature[]> | null = null;
  private records: RecordsCore | null = null;
  private reviews: ReviewCore | null = null;
  private offline: Promise<OfflineCore> | null = null;
  /** The loaded layer as columns, so that a filter change is a column scan (worker/layer/). */
  private readonly sightings = new SightingsLayer();

  protected onSessionChanged(): void {
    this.layerChanged();
  }

  protected onReady(): void {
    // Nothing to do until a token arrives (setSession).
  }

  override setSession(session: SessionInfo): void {
    const hadToken = this.session.accessToken !== null;
    super.setSession(session);
    this.keepBackgroundSetup(session);
    // With the first token (or a renewed one), downloads and changes left by a reload, a closed
    // tab or an expired token go on.
    if (session.accessToken && this.config && this.requireMonitor().online) {
      void this.offlineCore()
        .then((o) => (hadToken ? o.sync.retryNow() : o.resume()))
        .catch((e: unknown) => console.error('Resume failed', e));
    }
  }

  protected onOnlineChanged(online: boolean): void {
    // The layer's source switches between the server and the local store.
    this.layerChanged();
    if (online) void this.offlineCore().then((o) => o.resume()).catch((e: unknown) => console.error('Resume failed', e));
  }

  async getLayerPoints(extent: [number, number, number, number], filter: LayerFilterState): Promise<PointBatch> {
    const source = this.requireMonitor().online ? this.loadLayerFeatures() : this.offlineCore().then((o) => o.records.list());
    const [features, columns, rules] = await Promise.all([source, this.sightingColumns(), this.layerRules()]);
    const grid = await gridFor(features);
    return this.sightings.points(features, { extent, filter, rules, columns, userEmail: this.session.email, grid });
  }

  exportFinds(format: 'geojson' | 'csv', extent: [number, number, number, number] | null, filter: LayerFilterState): Promise<ExportFile> {
    return crossing(async () => {
      const c = this.requireConfig();
      return new ExportApi(this.requireHttp()).file(c.projectId, c.tableId, format, { ...filter, extent });
    });
  }

  getSightingColumns(): Promise<Column[]> {
    return this.sightingColumns();
  }

  getSpeciesByGroup(): Promise<Record<number, SpeciesOption[]>> {
    return this.cached(['speciesByGroup'], () => this.requireRecords().speciesByGroup());
  }

  inspectPhoto(file: Blob): Promise<PhotoInspection> {
    return this.requireRecords().inspectPhoto(file);
  }

  getRecord(id: number): Promise<DetailedFeature> {
    return crossing(async () => getAnywhere(await this.writeDeps(), id));
  }

  saveRecord(input: SaveRecordInput, onStage: (stage: SaveStage) => void): Promise<SaveRecordResult> {
    return crossing(async () => {
      const result = await saveAnywhere(await this.writeDeps(), input, onStage);
      this.layerChanged();
      if (result.offline) void this.afterOfflineWrite();
      return result;
    });
  }

  deleteRecord(id: number, baseVersion?: number): Promise<void> {
    return crossing(async () => {
      const r = await deleteAnywhere(await this.writeDeps(), id, baseVersion);
      this.layerChanged();
      if (r.offline) void this.afterOfflineWrite();
    });
  }

  async getPhoto(id: number, thumb: boolean): Promise<Blob | null> {
    const c = this.requireConfig();
    if (this.requireMonitor().online && id >= TEMP_ID_LIMIT) {
      const res = await this.requireHttp()
        .send('GET', `/api/Records/${c.projectId}/record/${id}/attachmentinfo/${c.attachmentInfoId}`, { query: thumb ? { thumb: true } : {} })
        .catch(() => null);
      if (res) return res.blob();
    }
    return (await this.offlineCore()).records.photo(id, thumb);
  }

  async estimateDownload(area: DownloadArea): Promise<DownloadEstimate> {
    return crossing(async () => (await this.offlineCore()).estimate(area));
  }

  async startDownload(area: DownloadArea): Promise<{ jobId: string; extentId: number }> {
    return crossing(async () => (await this.offlineCore()).start(area));
  }

  async cancelDownload(jobId: string): Promise<void> {
    await (await this.offlineCore()).cancel(jobId);
  }

  async getDownloads(): Promise<DownloadProgress[]> {
    return (await this.offlineCore()).jobs();
  }

  async listExtents(): Promise<ExtentSummary[]> {
    return (await this.offlineCore()).extents();
  }

  async renameExtent(id: number, name: string): Promise<void> {
    await (await this.offlineCore()).rename(id, name);
  }

  async deleteExtent(id: number): Promise<void> {
    await (await this.offlineCore()).remove(id);
  }

  async getTile(url: string): Promise<Blob | null> {
    return (await this.offlineCore()).tile(url);
  }

  async syncNow(): Promise<void> {
    if (this.requireMonitor().online) await (await this.offlineCore()).sync.retryNow();
  }

  async getSyncState(): Promise<SyncState> {
    return (await this.offlineCore()).syncState();
  }

  async getConflicts(): Promise<ConflictInfo[]> {
    return (await this.offlineCore()).conflicts();
  }

  async getPendingChanges(): Promise<PendingChangeInfo[]> {
    return (await this.offlineCore()).sync.pending();
  }

  async discardChange(changeId: string): Promise<void> {
    await (await this.offlineCore()).sync.discard(changeId);
    this.layerChanged();
  }

  async saveChangeAsNew(changeId: string): Promise<void> {
    await (await this.offlineCore()).sync.saveAsNew(changeId);
    await this.syncNow();
  }

  async keepMyChange(changeId: string): Promise<void> {
    await (await this.offlineCore()).sync.keepMine(changeId);
    await this.syncNow();
  }

  // ---- review (issue #20) ----

  async getReviewScope(): Promise<ReviewScope> {
    return reviewScope(rolesOfToken(this.session.accessToken));
  }

  async getReviewQueue(query: QueueQuery): Promise<QueuePage> {
    const [features, columns, scope] = await Promise.all([this.loadLayerFeatures(), this.sightingColumns(), this.getReviewScope()]);
    return reviewQueue(features, columns, scope, this.session.email, query);
  }

  reviewRecord(id: number, input: ReviewInput, baseVersion?: number): Promise<DataRecord> {
    return crossing(async () => {
      const record = await this.requireReview().review(id, input, baseVersion);
      this.layerChanged();
      return record;
    });
  }

  getHistory(id: number): Promise<HistoryEntry[]> {
    return crossing(() => this.requireReview().history(id));
  }

  addComment(id: number, text: string): Promise<HistoryEntry> {
    return crossing(() => this.requireReview().comment(id, text));
  }

  getInbox(refresh: boolean): Promise<Inbox> {
    return crossing(async () => {
      const email = this.session.email;
      if (!email) return { entries: [], unseen: 0 };
      const r = this.requireReview();
      if (!refresh || !this.requireMonitor().online) return r.inbox(email);
      const before = (await r.inbox(email)).entries[0]?.id ?? 0;
      const after = await r.refreshInbox(email).catch(() => r.inbox(email));
      // A verdict or correction on one of her finds: the map and 'Moje najdbe' show it at once.
      if ((after.entries[0]?.id ?? 0) > before && before > 0) this.layerChanged();
      return after;
    });
  }

  async markInboxSeen(): Promise<void> {
    if (this.session.email) await this.requireReview().markSeen(this.session.email);
  }

  private requireReview(): ReviewCore {
    const c = this.requireConfig();
    this.reviews ??= new ReviewCore(this.requireHttp(), this.requireDb(), { projectId: c.projectId, tableId: c.tableId });
    return this.reviews;
  }

  // ---- internals ----

  /** Keeps the token and target for the service worker's background replay (worker/sync/background.ts); forgets them at sign-out. */
  private keepBackgroundSetup(session: SessionInfo): void {
    const c = this.config;
    if (!c) return;
    const setup = session.accessToken
      ? { accessToken: session.accessToken, email: session.email, target: { projectId: c.projectId, profileId: c.profileId, tableId: c.tableId, attachmentInfoId: c.attachmentInfoId } }
      : null;
    void saveBackgroundSetup(this.requireDb(), setup).catch((e: unknown) => console.error('Could not keep the background sync setup', e));
  }

  /** At sign-out: the service worker must no longer hold the user's token (awaited before the redirect). */
  async forgetBackgroundSetup(): Promise<void> {
    await saveBackgroundSetup(this.requireDb(), null);
  }

  /** The service worker sent changes while this page was open: redraw and recount. */
  async outboxChangedElsewhere(): Promise<void> {
    this.layerChanged();
    await (await this.offlineCore()).sync.notify();
  }

  /** Forgets the loaded layer so the next read sees a write, and tells the UI to redraw. */
  private layerChanged(): void {
    this.layerFeatures = null;
    this.emit({ type: 'layerChanged' });
  }

  /** After an offline write: tell the UI how many changes wait, and send them if the server is back. */
  private async afterOfflineWrite(): Promise<void> {
    const o = await this.offlineCore();
    this.emit({ type: 'sync', state: await o.syncState() });
    if (this.requireMonitor().online) await o.sync.retryNow();
  }

  private async writeDeps(): Promise<WriteDeps> {
    const c = this.requireConfig();
    return {
      online: this.requireMonitor().online,
      records: this.requireRecords(),
      offline: (await this.offlineCore()).records,
      columns: await this.sightingColumns(),
      email: this.session.email,
      attachmentInfoId: c.attachmentInfoId,
    };
  }

  /** The offline part, made once the profile (and its offline base map) is known. */
  private offlineCore(): Promise<OfflineCore> {
    this.offline ??= (async () => {
      const c = this.requireConfig();
      const profile = await this.getProfile().catch(() => null);
      const base = profile?.baseMaps.find((b) => b.offline);
      const origin = new URL(this.requireHttp().url('/')).origin;
      return new OfflineCore({
        db: this.requireDb(),
        http: this.requireHttp(),
        target: { projectId: c.projectId, profileId: c.profileId, tableId: c.tableId, attachmentInfoId: c.attachmentInfoId },
        tileUrlTemplate: base ? new URL(base.url, origin).toString().replace(/%7B/gi, '{').replace(/%7D/gi, '}') : null,
        loadFeatures: (extent, signal) => this.fetchFeatures(extent, signal),
        // A synced change alters the layer: the loaded copy is dropped before the UI redraws (else
        // a find just sent disappeared from the map until a reload).
        emit: (e) => (e.type === 'layerChanged' ? this.layerChanged() : this.emit(e)),
      });
    })().catch((e: unknown) => {
      this.offline = null;
      throw e;
    });
    return this.offline;
  }

  /** Features of the sightings table in an extent: all columns, or only `columnIds`. */
  private async fetchFeatures(extent: readonly number[], signal?: AbortSignal, columnIds?: readonly number[]): Promise<Feature[]> {
    const c = this.requireConfig();
    const res = await this.requireHttp().get<{ features: Record<string, Feature[]> }>(`/api/Features/${c.projectId}/extenttables`, {
      query: { extent: extent.join(','), tableIds: String(c.tableId), columnIds: columnIds?.join(',') },
      signal,
      timeoutMs: 120_000,
    });
    return res.features[String(c.tableId)] ?? [];
  }

  private requireRecords(): RecordsCore {
    const c = this.requireConfig();
    this.records ??= new RecordsCore(this.requireHttp(), { projectId: c.projectId, tableId: c.tableId, attachmentInfoId: c.attachmentInfoId });
    return this.records;
  }

  private loadLayerFeatures(): Promise<Feature[]> {
    const c = this.requireConfig();
    this.layerFeatures ??= this.cached(['extenttables', c.tableId, this.session.email ?? 'anon'], () => this.fetchFeatures(SLOVENIA_3857, undefined, LAYER_COLUMNS)).catch((e: unknown) => {
      this.layerFeatures = null;
      throw e;
    });
    return this.layerFeatures;
  }

  private async sightingColumns(): Promise<Column[]> {
    const c = this.requireConfig();
    const project = await this.getProject();
    return project.tables.find((t) => t.id === c.tableId)?.columns ?? [];
  }

  private async layerRules(): Promise<(FilterInput | null)[]> {
    const c = this.requireConfig();
    const profile = await this.getProfile();
    const layer = profile.layers.find((l) => l.id === c.layerId);
    if (!layer || layer.symbology.type !== 'complex') return [];
    return layer.symbology.rules.map((r) => r.filter);
  }

}
