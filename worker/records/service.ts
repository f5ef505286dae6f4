import type { Attachment, Feature, Geometry, Properties } from '../types.ts';
import type { HttpClient } from '../http/client.ts';
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

  /** Update: properties (and the geometry when it moved) with overwrite true. */
  update(id: number, properties: Properties, geometry: Geometry | null): Promise<Feature> {
    const body: Record<string, unknown> = { properties, overwrite: true };
    if (geometry) body.geometry = geometry;
    return this.http.json<Feature>('PUT', `/api/Features/${this.t.projectId}/${this.t.tableId}/${id}`, { json: body });
  }

  /** SPEC §4 'Update flow' step 2: delete the old first attachment, then upload the new photo. */
  async replacePhoto(id: number, photo: UploadPhoto, existing: readonly Attachment[]): Promise<void> {
    const old = existing.find((a) => a.tableAttachmentInfoId === this.t.attachmentInfoId) ?? existing[0];
    if (old) await this.http.send('DELETE', `/api/Records/${this.t.projectId}/attachment/${old.id}`);
    const form = new FormData();
    form.append('TableId', String(this.t.tableId));
    form.append('RecordId', String(id));
    form.append('TableAttachmentInfoId', String(this.t.attachmentInfoId));
    form.append('File', photo.blob, photo.name);
    await this.http.send('POST', `/api/Records/${this.t.projectId}/attachment`, { form, timeoutMs: 120_000 });
  }

  /** Delete: tableId and recordId. */
  async remove(id: number): Promise<void> {
    await this.http.send('POST', `/api/Features/${this.t.projectId}/delete`, { json: { tableId: this.t.tableId, recordId: id } });
  }

  /** Records of a table (SPEC §7 records query). */
  search<T>(query: RecordQuery): Promise<{ records: T[]; total: number }> {
    return this.http.post(`/api/Records/${this.t.projectId}/search`, query);
  }
}
