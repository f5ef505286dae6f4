import type { PhotoInspection } from '../api.ts';
import { inspectPhoto } from '../photos/inspect.ts';
import { TEMP_ID_LIMIT } from '../sync/index.ts';
import type { OfflineRecords } from '../sync/index.ts';
import type { CoreSession } from './session.ts';

/** Photos: a picked one checked and previewed, and a find's photo from the server or the device. */
export class PhotosPart {
  /** @param stored the records kept on the device (their photos, offline). */
  constructor(
    private readonly s: CoreSession,
    private readonly stored: () => OfflineRecords,
  ) {}

  inspectPhoto(file: Blob): Promise<PhotoInspection> {
    return inspectPhoto(file);
  }

  /** A find's photo (thumbnail or full size) from the server or, offline, the local store; null = none. */
  async getPhoto(id: number, thumb: boolean): Promise<Blob | null> {
    if (this.s.online && id >= TEMP_ID_LIMIT) {
      const blob = await this.fromServer(id, thumb).catch(() => null);
      if (blob) return blob;
    }
    return this.stored().photo(id, thumb);
  }

  /** A stored find's thumbnail for an area download, or null when it has none. */
  thumbnail(featureId: number, signal: AbortSignal): Promise<Blob | null> {
    return this.fromServer(featureId, true, signal).catch(() => null);
  }

  private fromServer(id: number, thumb: boolean, signal?: AbortSignal): Promise<Blob> {
    const c = this.s.cfg;
    return this.s.api.records.attachmentOfInfo(c.projectId, id, c.attachmentInfoId, thumb, { signal });
  }
}
