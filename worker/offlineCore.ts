import type { CoreEvent } from './api.ts';
import type { Feature } from './types.ts';
import type { HttpClient } from './http/client.ts';
import type { OfflineDb } from './store/db.ts';
import { DownloadManager, TILE_REQUEST, type DownloadArea, type DownloadEstimate, type DownloadProgress, type ExtentSummary } from './download/index.ts';
import { OfflineRecords, SyncEngine, type ConflictInfo, type OfflineTarget, type SyncState } from './sync/index.ts';
import { RecordService } from './records/service.ts';

/** What the offline part of the core needs from the rest of it. */
export interface OfflineCoreOptions {
  db: OfflineDb;
  http: HttpClient;
  target: OfflineTarget;
  /** Absolute URL template of the offline-capable base map. */
  tileUrlTemplate: string | null;
  /** Loads the layer's features inside an extent (extenttables). */
  loadFeatures: (extent: [number, number, number, number], signal: AbortSignal) => Promise<Feature[]>;
  emit: (e: CoreEvent) => void;
}

/** Map-area downloads, offline records and the outbox sync, behind one object. */
export class OfflineCore {
  readonly downloads: DownloadManager | null;
  readonly records: OfflineRecords;
  readonly sync: SyncEngine;

  constructor(private readonly o: OfflineCoreOptions) {
    const { db, http, target } = o;
    const service = new RecordService(http, target);
    this.downloads = o.tileUrlTemplate
      ? new DownloadManager({
          db,
          // No HTTP cache copy of a tile that goes to IndexedDB (TILE_REQUEST, measured in bench/download).
          fetchTile: (url, signal) => fetch(url, { ...TILE_REQUEST, signal }),
          loadFeatures: o.loadFeatures,
          loadThumbnail: async (featureId, signal) => {
            const res = await http
              .send('GET', `/api/Records/${target.projectId}/record/${featureId}/attachmentinfo/${target.attachmentInfoId}`, { query: { thumb: true }, signal })
              .catch(() => null);
            return res ? res.blob() : null;
          },
          tileUrlTemplate: o.tileUrlTemplate,
          projectId: target.projectId,
          profileId: target.profileId,
          tableId: target.tableId,
          attachmentInfoId: target.attachmentInfoId,
        })
      : null;
    this.records = new OfflineRecords(db, target);
    this.sync = new SyncEngine({
      db,
      service,
      target,
      onState: (state) => o.emit({ type: 'sync', state }),
      onApplied: () => o.emit({ type: 'layerChanged' }),
    });
  }

  /** Pushes download progress to the UI (the engine throttles; ends always pass). */
  private progress = (p: DownloadProgress): void => {
    this.o.emit({ type: 'download', progress: p });
    if (p.state !== 'running') this.o.emit({ type: 'extentsChanged' });
  };

  /** Estimates an area's download. */
  estimate(area: DownloadArea): Promise<DownloadEstimate> {
    return this.requireDownloads().estimate(area);
  }

  /** Starts downloading an area; progress arrives as 'download' events. */
  async start(area: DownloadArea): Promise<{ jobId: string; extentId: number }> {
    const r = await this.requireDownloads().start(area, this.progress);
    this.o.emit({ type: 'extentsChanged' });
    return r;
  }

  /** Cancels a download; what is stored stays. */
  cancel(jobId: string): Promise<void> {
    return this.requireDownloads().cancel(jobId);
  }

  /** Current jobs. */
  jobs(): Promise<DownloadProgress[]> {
    return this.downloads ? this.downloads.jobs() : Promise.resolve([]);
  }

  /** Resumes downloads and sync after a reload or when back online. */
  async resume(): Promise<void> {
    await this.downloads?.resumeUnfinished(this.progress);
    await this.sync.retryNow();
  }

  /** Downloaded areas. */
  extents(): Promise<ExtentSummary[]> {
    return this.downloads ? this.downloads.listExtents() : Promise.resolve([]);
  }

  /** Renames an area. */
  async rename(id: number, name: string): Promise<void> {
    await this.requireDownloads().renameExtent(id, name);
    this.o.emit({ type: 'extentsChanged' });
  }

  /** Deletes an area and frees its space. */
  async remove(id: number): Promise<void> {
    await this.requireDownloads().deleteExtent(id);
    this.o.emit({ type: 'extentsChanged' });
    this.o.emit({ type: 'layerChanged' });
  }

  /** A stored tile. */
  tile(url: string): Promise<Blob | null> {
    return this.downloads ? this.downloads.getTile(url) : Promise.resolve(null);
  }

  /** Changes the server refused, with reasons. */
  conflicts(): Promise<ConflictInfo[]> {
    return this.sync.conflicts();
  }

  /** The outbox state. */
  syncState(): Promise<SyncState> {
    return this.sync.state();
  }

  private requireDownloads(): DownloadManager {
    if (!this.downloads) throw new Error('The profile has no offline-capable base map');
    return this.downloads;
  }
}
