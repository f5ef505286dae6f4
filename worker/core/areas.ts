import type { DownloadArea, DownloadEstimate, DownloadProgress, ExtentSummary } from '../api.ts';
import type { Feature } from '../../domain/model.ts';
import { DownloadManager, TILE_REQUEST } from '../download/index.ts';
import { crossing } from '../http/crossing.ts';
import type { CoreSession } from './session.ts';
import type { ProfileData } from './profile.ts';

/** What the offline areas need of the other parts. */
export interface AreaSources {
  /** The sightings of an extent, all columns (extenttables). */
  features: (extent: [number, number, number, number], signal: AbortSignal) => Promise<Feature[]>;
  /** A find's photo thumbnail, or null. */
  thumbnail: (featureId: number, signal: AbortSignal) => Promise<Blob | null>;
  /** The stored sightings changed (an area was deleted): the layer redraws. */
  layerChanged: () => void;
}

/**
 * Offline areas ('Prenešene karte'): estimating, downloading (resumable, with progress), renaming
 * and deleting map areas, and the stored base-map tiles the offline map shows.
 */
export class AreasPart {
  private manager: Promise<DownloadManager | null> | null = null;

  constructor(
    private readonly s: CoreSession,
    private readonly profile: ProfileData,
    private readonly from: AreaSources,
  ) {}

  estimateDownload(area: DownloadArea): Promise<DownloadEstimate> {
    return crossing(async () => (await this.requireManager()).estimate(area));
  }

  startDownload(area: DownloadArea): Promise<{ jobId: string; extentId: number }> {
    return crossing(async () => {
      const r = await (await this.requireManager()).start(area, this.progress);
      this.s.emit({ type: 'extentsChanged' });
      return r;
    });
  }

  async cancelDownload(jobId: string): Promise<void> {
    await (await this.requireManager()).cancel(jobId);
  }

  async getDownloads(): Promise<DownloadProgress[]> {
    return (await this.downloads())?.jobs() ?? [];
  }

  async listExtents(): Promise<ExtentSummary[]> {
    return (await this.downloads())?.listExtents() ?? [];
  }

  async renameExtent(id: number, name: string): Promise<void> {
    await (await this.requireManager()).renameExtent(id, name);
    this.s.emit({ type: 'extentsChanged' });
  }

  async deleteExtent(id: number): Promise<void> {
    await (await this.requireManager()).deleteExtent(id);
    this.s.emit({ type: 'extentsChanged' });
    this.from.layerChanged();
  }

  async getTile(url: string): Promise<Blob | null> {
    return (await this.downloads())?.getTile(url) ?? null;
  }

  /** Goes on with downloads left by a reload, a closed tab or a lost connection. */
  async resume(): Promise<void> {
    await (await this.downloads())?.resumeUnfinished(this.progress);
  }

  /** Pushes download progress to the UI (the engine throttles; ends always pass). */
  private progress = (p: DownloadProgress): void => {
    this.s.emit({ type: 'download', progress: p });
    if (p.state !== 'running') this.s.emit({ type: 'extentsChanged' });
  };

  /** The download engine, made once the profile (and its offline base map) is known; null without one. */
  private downloads(): Promise<DownloadManager | null> {
    this.manager ??= (async () => {
      const tileUrlTemplate = await this.profile.offlineTileTemplate();
      if (!tileUrlTemplate) return null;
      const { db, target } = this.s;
      return new DownloadManager({
        db,
        // No HTTP cache copy of a tile that goes to IndexedDB (TILE_REQUEST, measured in bench/download).
        fetchTile: (url, signal) => fetch(url, { ...TILE_REQUEST, signal }),
        loadFeatures: this.from.features,
        loadThumbnail: this.from.thumbnail,
        tileUrlTemplate,
        ...target,
      });
    })().catch((e: unknown) => {
      this.manager = null;
      throw e;
    });
    return this.manager;
  }

  private async requireManager(): Promise<DownloadManager> {
    const m = await this.downloads();
    if (!m) throw new Error('The profile has no offline-capable base map');
    return m;
  }
}
