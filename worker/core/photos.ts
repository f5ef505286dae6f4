import type { FindPhoto, PhotoInspection } from '../api.ts';
import { isPhoto } from '../records/recordsCore.ts';
import { inspectPhoto } from '../photos/inspect.ts';
import { preloadExif } from '../photos/exif.ts';
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

  /** The report form opened: what reading a photo needs is loaded now, while there may be a signal. */
  preparePhotos(): void {
    preloadExif();
  }

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

  /**
   * Every photo of a find in the reporter's order (for the gallery, the reviewer and the edit
   * form), from the server or, offline or for a find made offline, the device; pictures only (a
   * find may carry other files, e.g. sound).
   */
  async getPhotos(id: number, thumb: boolean): Promise<FindPhoto[]> {
    if (this.s.online && id >= TEMP_ID_LIMIT) {
      const fromServer = await this.allFromServer(id, thumb).catch(() => null);
      if (fromServer) return fromServer;
    }
    return (await this.stored().photos(id)).map(({ id: rowId, cover, blob }) => ({ id: rowId, cover, blob }));
  }

  private async allFromServer(id: number, thumb: boolean): Promise<FindPhoto[]> {
    const c = this.s.cfg;
    const record = await this.s.api.features.detailed(c.projectId, c.tableId, id);
    const out: FindPhoto[] = [];
    for (const a of record.attachments.filter(isPhoto))
      out.push({
        id: a.id,
        cover: a.cover === true,
        blob: await this.s.api.records.attachment(c.projectId, a.id, thumb),
      });
    return out;
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
