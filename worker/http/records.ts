import type { HttpClient } from './client.ts';
import type { SOUND_KIND } from '../../domain/sound.ts';
import { FamilyApi, keyHeader, UPLOAD_TIMEOUT_MS, type AttachmentUpload, type CreateOptions } from './family.ts';
import type { CallOptions, UploadFile } from './types.ts';
import type { RequestBody as Body, ResponseBody as Answer } from '../../domain/shapes/index.ts';
import type { RecordQuery } from '../../domain/filters/types.ts';

/** An attachment upload (SPEC 'Attachment create': TableId, RecordId, File, TableAttachmentInfoId). */
export interface AttachmentCreate {
  tableId: number;
  recordId: number;
  file: UploadFile;
  tableAttachmentInfoId?: number;
  /** 'sound': the file is a sound, checked by the server as one (domain/sound.ts). */
  kind?: typeof SOUND_KIND;
}

/** /api/Records, attachments included: a method per call (update, extenttables, search, bulk: FamilyApi). */
export class RecordsApi extends FamilyApi<
  Answer<'DataRecord'>,
  Answer<'RecordPage'>,
  Answer<'RecordExtentTables'>,
  Answer<'RecordBulkResult'>
> {
  constructor(http: HttpClient) {
    super(http, 'Records');
  }

  /** GET /api/Records/{projectId}/{tableId}/{recordId}. */
  get(projectId: number, tableId: number, recordId: number, o: CallOptions = {}): Promise<Answer<'RecordDetail'>> {
    return this.http.get(`/api/Records/${projectId}/${tableId}/${recordId}`, { signal: o.signal });
  }

  /** POST /api/Records/{projectId}/ids: records of a table by id, in that order. */
  byIds(
    projectId: number,
    tableId: number,
    ids: readonly number[],
    o: CallOptions = {},
  ): Promise<Answer<'RecordList'>> {
    return this.http.post(`/api/Records/${projectId}/ids`, { tableId, ids }, { signal: o.signal });
  }

  /** POST /api/Records/{projectId} (201; 200 for a repeated Idempotency-Key). */
  create(projectId: number, record: Body<'RecordCreate'>, o: CreateOptions = {}): Promise<Answer<'DataRecord'>> {
    return this.http.json('POST', `/api/Records/${projectId}`, {
      json: record,
      signal: o.signal,
      headers: keyHeader(o),
    });
  }

  /** POST /api/Records/{projectId}/delete with {tableId, recordId}. */
  remove(projectId: number, tableId: number, recordId: number, o: CallOptions = {}): Promise<Answer<'DeleteResult'>> {
    return this.http.post(`/api/Records/${projectId}/delete`, { tableId, recordId }, { signal: o.signal });
  }

  /** POST /api/Records/{projectId}/archive (archived false restores; administrators only). */
  archive(
    projectId: number,
    tableId: number,
    recordId: number,
    archived = true,
    o: CallOptions = {},
  ): Promise<Answer<'ArchiveResult'>> {
    return this.http.post(`/api/Records/${projectId}/archive`, { tableId, recordId, archived }, { signal: o.signal });
  }

  /** POST /api/Records/{projectId}/search/ids: only the ids. */
  searchIds(projectId: number, query: RecordQuery, o: CallOptions = {}): Promise<Answer<'IdPage'>> {
    return this.http.post(`/api/Records/${projectId}/search/ids`, query, { signal: o.signal });
  }

  /** POST /api/Records/{projectId}/spatial: records intersecting a geometry or a bbox. */
  spatial(projectId: number, query: Body<'SpatialQuery'>, o: CallOptions = {}): Promise<Answer<'RecordPage'>> {
    return this.http.post(`/api/Records/${projectId}/spatial`, query, { signal: o.signal });
  }

  /** POST /api/Records/{projectId}/full (multipart: the record and its files, all or nothing). */
  full(
    projectId: number,
    record: Body<'RecordCreate'>,
    files: readonly AttachmentUpload[],
    o: CreateOptions = {},
  ): Promise<Answer<'DataRecord'>> {
    return this.postFull(`/api/Records/${projectId}/full`, 'record', record, files, o);
  }

  /** GET /api/Records/{projectId}/search/{profileId}/{limit}/{page}/{query}[?tableIds]: case-insensitive text search. */
  textSearch(
    projectId: number,
    profileId: number,
    limit: number,
    page: number,
    text: string,
    tableIds?: readonly number[],
    o: CallOptions = {},
  ): Promise<Answer<'TextSearchPage'>> {
    return this.http.get(`/api/Records/${projectId}/search/${profileId}/${limit}/${page}/${encodeURIComponent(text)}`, {
      query: { tableIds: tableIds?.join(',') },
      signal: o.signal,
    });
  }

  /** POST /api/Records/{projectId}/attachment (multipart; 201, or 200 with the first attachment for a repeated Idempotency-Key). */
  addAttachment(projectId: number, a: AttachmentCreate, o: CreateOptions = {}): Promise<Answer<'Attachment'>> {
    const form = new FormData();
    form.append('TableId', String(a.tableId));
    form.append('RecordId', String(a.recordId));
    if (a.tableAttachmentInfoId !== undefined) form.append('TableAttachmentInfoId', String(a.tableAttachmentInfoId));
    if (a.kind) form.append('Kind', a.kind);
    form.append('File', a.file.blob, a.file.name);
    return this.http.json('POST', `/api/Records/${projectId}/attachment`, {
      form,
      signal: o.signal,
      timeoutMs: UPLOAD_TIMEOUT_MS,
      headers: keyHeader(o),
    });
  }

  /** DELETE /api/Records/{projectId}/attachment/{recordAttachmentId}. */
  deleteAttachment(projectId: number, attachmentId: number, o: CallOptions = {}): Promise<Answer<'Deleted'>> {
    return this.http.json('DELETE', `/api/Records/${projectId}/attachment/${attachmentId}`, { signal: o.signal });
  }

  /** PUT /api/Records/{projectId}/record/{recordId}/attachmentorder: the order of a record's attachments and its cover; the attachments in their new order. */
  setAttachmentOrder(
    projectId: number,
    recordId: number,
    order: { order: readonly number[]; cover: number | null },
    o: CallOptions = {},
  ): Promise<Answer<'Attachment'>[]> {
    return this.http.json('PUT', `/api/Records/${projectId}/record/${recordId}/attachmentorder`, {
      json: order,
      signal: o.signal,
    });
  }

  /** GET /api/Records/{projectId}/attachment/{recordAttachmentId}[?thumb=true]: the image (or the sound). */
  attachment(projectId: number, attachmentId: number, thumb = false, o: CallOptions = {}): Promise<Blob> {
    return this.image(`/api/Records/${projectId}/attachment/${attachmentId}`, thumb, o);
  }

  /** GET /api/Records/{projectId}/record/{recordId}/attachmentinfo/{tableAttachmentInfoId}[?thumb=true]: the first such image. */
  attachmentOfInfo(
    projectId: number,
    recordId: number,
    infoId: number,
    thumb = false,
    o: CallOptions = {},
  ): Promise<Blob> {
    return this.image(`/api/Records/${projectId}/record/${recordId}/attachmentinfo/${infoId}`, thumb, o);
  }

  /** GET an image at `path`: its thumbnail when `thumb` (?thumb=true). */
  private async image(path: string, thumb: boolean, o: CallOptions): Promise<Blob> {
    const res = await this.http.send('GET', path, {
      query: { thumb: thumb || undefined },
      signal: o.signal,
      timeoutMs: o.timeoutMs,
    });
    return res.blob();
  }
}
