import { isSoundMime } from '../../domain/sound.ts';
import type { Attachment, Feature, Geometry, Properties } from '../../domain/model.ts';
import type { HttpClient } from '../http/client.ts';
import { ApiError } from '../http/errors.ts';
import { FeaturesApi } from '../http/features.ts';
import { RecordsApi } from '../http/records.ts';
import type { DetailedFeature } from './types.ts';
import type { ResponseBody } from '../../domain/shapes/index.ts';
import type { RecordQuery } from '../../domain/filters/types.ts';
import type { UploadFile } from '../http/types.ts';

/** Where records of one table live. */
export interface RecordTarget {
  projectId: number;
  tableId: number;
  attachmentInfoId: number;
}

/** Saving records over HTTP: create (with photo), update, photo replace, delete. */
export class RecordService {
  private readonly features: FeaturesApi;
  private readonly records: RecordsApi;

  constructor(
    http: HttpClient,
    private readonly t: RecordTarget,
  ) {
    this.features = new FeaturesApi(http);
    this.records = new RecordsApi(http);
  }

  /** One feature with attachments (GET .../detailed). */
  detailed(id: number, signal?: AbortSignal): Promise<DetailedFeature> {
    return this.features.detailed(this.t.projectId, this.t.tableId, id, { signal });
  }

  /**
   * Create: the feature (geometry, properties, type, overwrite true) with its photos (in their
   * order, the one at `cover` chosen to show the find) and their attachment info id in one multipart
   * request; `idempotencyKey` makes a retry safe.
   */
  create(
    geometry: Geometry,
    properties: Properties,
    photos: readonly UploadFile[],
    idempotencyKey: string,
    cover: number | null = null,
    accuracyMetres: number | null = null,
  ): Promise<DetailedFeature> {
    const files = photos.map((file, i) => ({
      file,
      tableAttachmentInfoId: this.t.attachmentInfoId,
      cover: i === cover,
    }));
    return this.features.full(this.t.projectId, this.t.tableId, { geometry, properties, accuracyMetres }, files, {
      idempotencyKey,
    });
  }

  /**
   * Update: properties (and the geometry when it moved) with overwrite true. With `baseVersion`
   * (the version the edit started from) the server refuses it with 412 when somebody changed the
   * record since; the answer carries the new version.
   */
  update(
    id: number,
    properties: Properties,
    geometry: Geometry | null,
    baseVersion?: number,
    accuracyMetres?: number | null,
  ): Promise<Feature> {
    // The accuracy goes with the geometry (a moved point without one has none on the server);
    // undefined leaves the server's as it is while the point stays.
    const body = geometry ? { properties, geometry } : { properties };
    return this.features.update(
      this.t.projectId,
      this.t.tableId,
      id,
      geometry && accuracyMetres !== undefined ? { ...body, accuracyMetres } : body,
      { baseVersion },
    );
  }

  /**
   * The photo part of an update: delete the old first attachment, then upload the new photo.
   * With `idempotencyKey` the server stores the photo once however often the upload is repeated
   * with that key (a repeat answers 200 with the first attachment), and a failed upload is tried
   * again, up to `uploadAttempts` times in all, when it may not have reached the server (network
   * error, time-out, 408, 429, 5xx), with the same key, after `pauseMs` × the attempt number (or
   * the server's Retry-After when longer).
   * Without a key it is sent once.
   */
  async replacePhoto(
    id: number,
    photo: UploadFile,
    existing: readonly Attachment[],
    o: PhotoUploadOptions = {},
  ): Promise<void> {
    // A sound of the record (domain/sound.ts) is never the photo a new one replaces.
    const photos = existing.filter((a) => !isSoundMime(a.mimeType));
    const old = photos.find((a) => a.tableAttachmentInfoId === this.t.attachmentInfoId) ?? photos[0];
    if (old) await this.records.deleteAttachment(this.t.projectId, old.id);
    await this.addPhoto(id, photo, o);
  }

  /**
   * Adds a photo after the record's others, tried as replacePhoto tries its upload (the same
   * Idempotency-Key each time, so it is stored once); the attachment stored.
   */
  async addPhoto(id: number, photo: UploadFile, o: PhotoUploadOptions = {}): Promise<Attachment> {
    const { idempotencyKey, uploadAttempts = 1, pauseMs = 1000 } = o;
    const attempts = idempotencyKey === undefined ? 1 : Math.max(1, uploadAttempts);
    const upload = {
      tableId: this.t.tableId,
      recordId: id,
      tableAttachmentInfoId: this.t.attachmentInfoId,
      file: photo,
    };
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.records.addAttachment(this.t.projectId, upload, { idempotencyKey });
      } catch (e) {
        const retry =
          e instanceof ApiError && (e.status === 0 || e.status === 408 || e.status === 429 || e.status >= 500);
        if (!retry || attempt >= attempts) throw e;
        // Never sooner than the server's Retry-After (a 429 or 503 that says when).
        await new Promise((resolve) => setTimeout(resolve, Math.max(pauseMs * attempt, e.retryAfterMs ?? 0)));
      }
    }
  }

  /** Removes one attachment of a record (a photo the reporter took off the find). */
  async removeAttachment(attachmentId: number): Promise<void> {
    await this.records.deleteAttachment(this.t.projectId, attachmentId);
  }

  /** Stores the order of a record's attachments (those not listed follow) and its cover (null: the first photo). */
  setPhotoOrder(id: number, order: readonly number[], cover: number | null): Promise<Attachment[]> {
    return this.records.setAttachmentOrder(this.t.projectId, id, { order, cover });
  }

  /** Delete: tableId and recordId; with `baseVersion`, refused (412) when the record changed since. */
  async remove(id: number, baseVersion?: number): Promise<void> {
    await this.features.remove(this.t.projectId, this.t.tableId, id, { baseVersion });
  }

  /** Records of a table (a records query). */
  search(query: RecordQuery): Promise<ResponseBody<'RecordPage'>> {
    return this.records.search(this.t.projectId, query);
  }

  /** A record's first photo of the target's attachment info (thumbnail or full size). */
  photo(id: number, thumb: boolean, signal?: AbortSignal): Promise<Blob> {
    return this.records.attachmentOfInfo(this.t.projectId, id, this.t.attachmentInfoId, thumb, { signal });
  }
}

/** How RecordService.replacePhoto sends the new photo. */
export interface PhotoUploadOptions {
  /** Idempotency-Key of the upload (1-200 visible ASCII characters); its repeats store the photo once. */
  idempotencyKey?: string;
  /** Tries in all when an upload with a key may not have reached the server; default 1. */
  uploadAttempts?: number;
  /** The pause before the n-th repeat is n × this; default 1000 ms. */
  pauseMs?: number;
}
