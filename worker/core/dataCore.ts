import type {
  AppConfig,
  Catalogue,
  ConflictInfo,
  CoreEvent,
  DataCore,
  DetailedFeature,
  DownloadArea,
  DownloadEstimate,
  DownloadProgress,
  ExportFile,
  ExtentSummary,
  HistoryEntry,
  Inbox,
  LayerFilterState,
  PendingChangeInfo,
  PhotoInspection,
  PointBatch,
  QueuePage,
  QueueQuery,
  ReviewInput,
  ReviewScope,
  SaveRecordInput,
  SaveRecordResult,
  SaveStage,
  SessionInfo,
  SpeciesOption,
  SyncState,
} from '../api.ts';
import type { BaseMap, Column, DataRecord, Profile, Project, SelectValue } from '../../domain/model.ts';
import { CoreSession, type DataCoreOptions } from './session.ts';
import { ProfileData } from './profile.ts';
import { LayerPart } from './layer.ts';
import { SyncPart } from './sync.ts';
import { PhotosPart } from './photos.ts';
import { AreasPart } from './areas.ts';
import { RecordsPart } from './records.ts';
import { ReviewPart } from './review.ts';

export type { DataCoreOptions } from './session.ts';

/**
 * The data core behind the Comlink boundary (DataCore in worker/api.ts): one facade over its
 * parts, one per concern (worker/core/*.ts). It wires them together and decides what a new
 * token or a change of the online state sets going; every call is the one part's.
 */
export class DataCoreImpl implements DataCore {
  private readonly session: CoreSession;
  private readonly profile: ProfileData;
  private readonly layer: LayerPart;
  private readonly sync: SyncPart;
  private readonly photos: PhotosPart;
  private readonly areas: AreasPart;
  private readonly records: RecordsPart;
  private readonly review: ReviewPart;

  constructor(opts: DataCoreOptions = {}) {
    this.session = new CoreSession(opts, (online) => this.onlineChanged(online));
    this.profile = new ProfileData(this.session);
    const layerChanged = (): void => this.layer.changed();
    this.sync = new SyncPart(this.session, layerChanged);
    this.layer = new LayerPart(this.session, this.profile, () => this.sync.records.list());
    this.photos = new PhotosPart(this.session, () => this.sync.records);
    this.areas = new AreasPart(this.session, this.profile, {
      features: (extent, signal) => this.layer.fetch(extent, signal),
      thumbnail: (id, signal) => this.photos.thumbnail(id, signal),
      layerChanged,
    });
    this.records = new RecordsPart(this.session, this.profile, this.sync, layerChanged);
    this.review = new ReviewPart(this.session, this.profile, this.layer);
  }

  // ---- session ----
  init(origin: string): Promise<AppConfig> {
    return this.session.init(origin);
  }
  subscribe(listener: (event: CoreEvent) => void): void {
    this.session.subscribe(listener);
  }
  checkOnline(): Promise<boolean> {
    return this.session.checkOnline();
  }

  setSession(session: SessionInfo): void {
    const { changedUser, hadToken } = this.session.setSession(session);
    // Another user sees other rows (their own hidden ones): reload the layer.
    if (changedUser) this.layer.changed();
    this.sync.keepBackgroundSetup();
    // With the first token (or a renewed one), downloads and changes left by a reload, a closed
    // tab or an expired token go on.
    if (session.accessToken && this.session.ready && this.session.online) {
      void (hadToken ? this.sync.syncNow() : this.resume()).catch((e: unknown) => console.error('Resume failed', e));
    }
  }

  // ---- profile, project, catalogue ----
  getProfile(): Promise<Profile> {
    return this.profile.getProfile();
  }
  getProject(): Promise<Project> {
    return this.profile.getProject();
  }
  getCatalogue(): Promise<Catalogue> {
    return this.profile.getCatalogue();
  }
  getSelectValues(columnId: number): Promise<SelectValue[]> {
    return this.profile.getSelectValues(columnId);
  }
  getBaseMaps(): Promise<BaseMap[]> {
    return this.profile.getBaseMaps();
  }
  getSightingColumns(): Promise<Column[]> {
    return this.profile.getSightingColumns();
  }

  // ---- layer ----
  getLayerPoints(extent: [number, number, number, number], filter: LayerFilterState): Promise<PointBatch> {
    return this.layer.getLayerPoints(extent, filter);
  }
  exportFinds(
    format: 'geojson' | 'csv',
    extent: [number, number, number, number] | null,
    filter: LayerFilterState,
  ): Promise<ExportFile> {
    return this.layer.exportFinds(format, extent, filter);
  }

  // ---- records and photos ----
  getSpeciesByGroup(): Promise<Record<number, SpeciesOption[]>> {
    return this.records.getSpeciesByGroup();
  }
  getRecord(id: number): Promise<DetailedFeature> {
    return this.records.getRecord(id);
  }
  saveRecord(input: SaveRecordInput, onStage: (stage: SaveStage) => void): Promise<SaveRecordResult> {
    return this.records.saveRecord(input, onStage);
  }
  deleteRecord(id: number, baseVersion?: number): Promise<void> {
    return this.records.deleteRecord(id, baseVersion);
  }
  inspectPhoto(file: Blob): Promise<PhotoInspection> {
    return this.photos.inspectPhoto(file);
  }
  getPhoto(id: number, thumb: boolean): Promise<Blob | null> {
    return this.photos.getPhoto(id, thumb);
  }

  // ---- offline areas ----
  estimateDownload(area: DownloadArea): Promise<DownloadEstimate> {
    return this.areas.estimateDownload(area);
  }
  startDownload(area: DownloadArea): Promise<{ jobId: string; extentId: number }> {
    return this.areas.startDownload(area);
  }
  cancelDownload(jobId: string): Promise<void> {
    return this.areas.cancelDownload(jobId);
  }
  getDownloads(): Promise<DownloadProgress[]> {
    return this.areas.getDownloads();
  }
  listExtents(): Promise<ExtentSummary[]> {
    return this.areas.listExtents();
  }
  renameExtent(id: number, name: string): Promise<void> {
    return this.areas.renameExtent(id, name);
  }
  deleteExtent(id: number): Promise<void> {
    return this.areas.deleteExtent(id);
  }
  getTile(url: string): Promise<Blob | null> {
    return this.areas.getTile(url);
  }

  // ---- sync ----
  syncNow(): Promise<void> {
    return this.sync.syncNow();
  }
  getSyncState(): Promise<SyncState> {
    return this.sync.getSyncState();
  }
  getConflicts(): Promise<ConflictInfo[]> {
    return this.sync.getConflicts();
  }
  getPendingChanges(): Promise<PendingChangeInfo[]> {
    return this.sync.getPendingChanges();
  }
  discardChange(changeId: string): Promise<void> {
    return this.sync.discardChange(changeId);
  }
  saveChangeAsNew(changeId: string): Promise<void> {
    return this.sync.saveChangeAsNew(changeId);
  }
  keepMyChange(changeId: string): Promise<void> {
    return this.sync.keepMyChange(changeId);
  }
  forgetBackgroundSetup(): Promise<void> {
    return this.sync.forgetBackgroundSetup();
  }
  outboxChangedElsewhere(): Promise<void> {
    return this.sync.outboxChangedElsewhere();
  }

  // ---- review ----
  getReviewScope(): Promise<ReviewScope> {
    return this.review.getReviewScope();
  }
  getReviewQueue(query: QueueQuery): Promise<QueuePage> {
    return this.review.getReviewQueue(query);
  }
  reviewRecord(id: number, input: ReviewInput, baseVersion?: number): Promise<DataRecord> {
    return this.review.reviewRecord(id, input, baseVersion);
  }
  getHistory(id: number): Promise<HistoryEntry[]> {
    return this.review.getHistory(id);
  }
  addComment(id: number, text: string): Promise<HistoryEntry> {
    return this.review.addComment(id, text);
  }
  getInbox(refresh: boolean): Promise<Inbox> {
    return this.review.getInbox(refresh);
  }
  markInboxSeen(): Promise<void> {
    return this.review.markInboxSeen();
  }

  /** The layer's source switches between the server and the local store; back online, waiting work goes on. */
  private onlineChanged(online: boolean): void {
    this.layer.changed();
    if (online) void this.resume().catch((e: unknown) => console.error('Resume failed', e));
  }

  /** Downloads, then the outbox, left by a reload, a closed tab or a lost connection. */
  private async resume(): Promise<void> {
    await this.areas.resume();
    await this.sync.syncNow();
  }
}
