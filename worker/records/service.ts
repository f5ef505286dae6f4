import type { Attachment, Feature, Geometry, Properties } from '../types.ts';
import type { HttpClient } from '../http/client.ts';
import { ApiError } from '../http/errors.ts';
import type { RecordQuery } from '../filters/types.ts';

/** A feature as the server details it: with its photos and timestamps. */
export interface DetailedFeature extends Feature {
  attachments: Attachment[];
  createdByEmail: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Where records of one table live. */
export interface RecordTarget {
  projectId: number;
  tableId: number;
  attachmentInfoId: number;
}

/** A photo ready to upload. */
export interface UploadPhoto {
  blob: Blob;
  name: string;
}

/** The If-Match header naming a record version (server/api/versions.ts), or none. */
export function ifMatchHeader(version: number | undefined): Record<string, string> | undefined {
  return version === undefined ? undefined : { 'If-Match': `"${version}"` };
}

/** SPEC §7 'Saving flows' over HTTP: create (with photo), update, photo replace, delete. */
export class RecordService {
  constructor(private readonly http: HttpClient, private readonly t: RecordTarget) {}

  /** One feature with attachments (GET .../detailed). */
  detailed(id: number, signal?: AbortSignal): Promise<DetailedFeature> {
    return this.http.get<DetailedFeature>(`/api/Features/${this.t.projectId}/${this.t.tableId}/${id}/detailed`, { signal });
  }

  /**
   * Create: the feature (geometry, properties, type, overwrite true) with the photo and its
   * attachment info id in one multipart request; `idempotencyKey` makes a retry safe.
   */
  async create(geometry: Geometry, properties: Properties, photo: UploadPhoto | null, idempotencyKey: string): Promise<DetailedFeature> {
    const feature = { type: 'Feature', geometry, properties, overwrite: true };
    const form = new FormData();
    form.append('feature', JSON.stringify(feature));
    if (photo) {
      form.append('AttachmentFiles', photo.blob, photo.name);
      form.append('AttachmentInfoIds', String(this.t.attachmentInfoId));
    }
    return this.http.json<DetailedFeature>('POST', `/api/Features/${this.t.projectId}/${this.t.tableId}/full`, {
      form,
      headers: { 'Idempotency-Key': idempotencyKey },
      timeoutMs: 120_000,
    });
  }

  /**
   * Update: properties (and the geometry when it moved) with overwrite true. With `baseVersion`
   * (the version the edit started from) the server refuses it with 412 when somebody changed the
   * record since; the answer carries the new version.
   */
  update(id: number, properties: Properties, geometry: Geometry | null, baseVersion?: number): Promise<Feature> {
    const body: Record<string, unknown> = { properties, overwrite: true };
    if (geometry) body.geometry = geometry;
    return this.http.json<Feature>('PUT', `/api/Features/${this.t.projectId}/${this.t.tableId}/${id}`, { json: body, headers: ifMatchHeader(baseVersion) });
  }

  /**
   * SPEC §4 'Update flow' step 2: delete the old first attachment, then upload the new photo.
   * With `idempotencyKey` the server stores the photo once however often the upload is repeated
   * with that key (a repeat answers 200 with the first attachment), and a failed upload is tried
   * again, up to `uploadAttempts` times in all, when it may not have reached the server (network
   * error, time-out, 408, 429, 5xx), with the same key, after `pauseMs` × the attempt number.
   * Without a key it is sent once.
   */
  async replacePhoto(id: number, photo: UploadPhoto, existing: readonly Attachment[], o: PhotoUploadOptions = {}): Promise<void> {
    const { idempotencyKey, uploadAttempts = 1, pauseMs = 1000 } = o;
    const old = existing.find((a) => a.tableAttachmentInfoId === this.t.attachmentInfoId) ?? existing[0];
    if (old) await this.http.send('DELETE', `/api/Records/${this.t.projectId}/attachment/${old.id}`);
    const attempts = idempotencyKey === undefined ? 1 : Math.max(1, uploadAttempts);
    for (let attempt = 1; ; attempt++) {
      const form = new FormData();
      form.append('TableId', String(this.t.tableId));
      form.append('RecordId', String(id));
      form.append('TableAttachmentInfoId', String(this.t.attachmentInfoId));
      form.append('File', photo.blob, photo.name);
      try {
        await this.http.send('POST', `/api/Records/${this.t.projectId}/attachment`, {
          form,
          timeoutMs: 120_000,
          ...(idempotencyKey === undefined ? {} : { headers: { 'Idempotency-Key': idempotencyKey } }),
        });
        return;
      } catch (e) {
        const retry = e instanceof ApiError && (e.status === 0 || e.status === 408 || e.status === 429 || e.status >= 500);
        if (!retry || attempt >= attempts) throw e;
        await new Promise((resolve) => setTimeout(resolve, pauseMs * attempt));
      }
    }
  }

  /** Delete: tableId and recordId; with `baseVersion`, refused (412) when the record changed since. */
  async remove(id: number, baseVersion?: number): Promise<void> {
    await this.http.send('POST', `/api/Features/${this.t.projectId}/delete`, { json: { tableId: this.t.tableId, recordId: id }, headers: ifMatchHeader(baseVersion) });
  }

  /** Records of a table (SPEC §7 records query). */
  search<T>(query: RecordQuery): Promise<{ records: T[]; total: number }> {
    return this.http.post(`/api/Records/${this.t.projectId}/search`, query);
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
