import type { Attachment, DataRecord } from '../../domain/model.ts';
import type { HttpClient } from './client.ts';
import {
  appendAttachments,
  keyHeader,
  UPLOAD_TIMEOUT_MS,
  type AttachmentUpload,
  type CreateOptions,
} from './features.ts';
import type {
  ArchiveResult,
  BulkRequest,
  BulkResult,
  CallOptions,
  DeleteResult,
  Extent,
  FeatureUpdate,
  IdPage,
  RecordCreate,
  RecordDetail,
  RecordExtentTables,
  RecordList,
  RecordPage,
  RecordQuery,
  SpatialQuery,
  TextSearchPage,
  UploadFile,
} from './types.ts';

/** An attachment upload (SPEC 'Attachment create': TableId, RecordId, File, TableAttachmentInfoId). */
export interface AttachmentCreate {
  tableId: number;
  recordId: number;
  file: UploadFile;
  tableAttachmentInfoId?: number;
}

/** SPEC §7 Records (attachments included): one typed method per call. */
export class RecordsApi {
  constructor(private readonly http: HttpClient) {}

  /** GET /api/Records/{projectId}/{tableId}/{recordId}. */
  get(projectId: number, tableId: number, recordId: number, o: CallOptions = {}): Promise<RecordDetail> {
    return this.http.get(`/api/Records/${projectId}/${tableId}/${recordId}`, { signal: o.signal });
  }

  /** PUT /api/Records/{projectId}/{tableId}/{recordId}. */
  update(
    projectId: number,
    tableId: number,
    recordId: number,
    body: FeatureUpdate,
    o: CallOptions = {},
  ): Promise<DataRecord> {
    return this.http.json('PUT', `/api/Records/${projectId}/${tableId}/${recordId}`, {
      json: { overwrite: true, ...body },
      signal: o.signal,
    });
  }

  /** POST /api/Records/{projectId}/ids: records of a table by id, in that order. */
  byIds(projectId: number, tableId: number, ids: readonly number[], o: CallOptions = {}): Promise<RecordList> {
    return this.http.post(`/api/Records/${projectId}/ids`, { tableId, ids }, { signal: o.signal });
  }

  /** POST /api/Records/{projectId} (201; 200 for a repeated Idempotency-Key). */
  create(projectId: number, record: RecordCreate, o: CreateOptions = {}): Promise<DataRecord> {
    return this.http.json('POST', `/api/Records/${projectId}`, {
      json: record,
      signal: o.signal,
      headers: keyHeader(o),
    });
  }

  /** POST /api/Records/{projectId}/delete with {tableId, recordId}. */
  remove(projectId: number, tableId: number, recordId: number, o: CallOptions = {}): Promise<DeleteResult> {
    return this.http.post(`/api/Records/${projectId}/delete`, { tableId, recordId }, { signal: o.signal });
  }

  /** POST /api/Records/{projectId}/archive (archived false restores; administrators only). */
  archive(
    projectId: number,
    tableId: number,
    recordId: number,
    archived = true,
    o: CallOptions = {},
  ): Promise<ArchiveResult> {
    return this.http.post(`/api/Records/${projectId}/archive`, { tableId, recordId, archived }, { signal: o.signal });
  }

  /** POST /api/Records/{projectId}/search with a RecordQuery. */
  search(projectId: number, query: RecordQuery, o: CallOptions = {}): Promise<RecordPage> {
    return this.http.post(`/api/Records/${projectId}/search`, query, { signal: o.signal });
  }

  /** POST /api/Records/{projectId}/search/ids: only the ids. */
  searchIds(projectId: number, query: RecordQuery, o: CallOptions = {}): Promise<IdPage> {
    return this.http.post(`/api/Records/${projectId}/search/ids`, query, { signal: o.signal });
  }

  /** POST /api/Records/{projectId}/bulk: all or nothing; a refusal is an ApiError whose body is a BulkErrorBody. */
  bulk(projectId: number, body: BulkRequest, o: CallOptions = {}): Promise<BulkResult<DataRecord>> {
    return this.http.post(`/api/Records/${projectId}/bulk`, body, { signal: o.signal });
  }

  /** POST /api/Records/{projectId}/spatial: records intersecting a geometry or a bbox. */
  spatial(projectId: number, query: SpatialQuery, o: CallOptions = {}): Promise<RecordPage> {
    return this.http.post(`/api/Records/${projectId}/spatial`, query, { signal: o.signal });
  }

  /** POST /api/Records/{projectId}/full (multipart: the record and its files, all or nothing). */
  full(
    projectId: number,
    record: RecordCreate,
    files: readonly AttachmentUpload[],
    o: CreateOptions = {},
  ): Promise<DataRecord> {
    const form = new FormData();
    form.append('record', JSON.stringify(record));
    appendAttachments(form, files);
    return this.http.json('POST', `/api/Records/${projectId}/full`, {
      form,
      signal: o.signal,
      headers: keyHeader(o),
      timeoutMs: UPLOAD_TIMEOUT_MS,
    });
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
  ): Promise<TextSearchPage> {
    return this.http.get(`/api/Records/${projectId}/search/${profileId}/${limit}/${page}/${encodeURIComponent(text)}`, {
      query: { tableIds: tableIds?.join(',') },
      signal: o.signal,
    });
  }

  /** GET /api/Records/{projectId}/extenttables?extent&tableIds[&columnIds]. */
  extentTables(
    projectId: number,
    extent: Extent,
    tableIds: readonly number[],
    columnIds?: readonly number[],
    o: CallOptions = {},
  ): Promise<RecordExtentTables> {
    return this.http.get(`/api/Records/${projectId}/extenttables`, {
      query: { extent: extent.join(','), tableIds: tableIds.join(','), columnIds: columnIds?.join(',') },
      signal: o.signal,
    });
  }

  /** POST /api/Records/{projectId}/attachment (multipart; 201, or 200 with the first attachment for a repeated Idempotency-Key). */
  addAttachment(projectId: number, a: AttachmentCreate, o: CreateOptions = {}): Promise<Attachment> {
    const form = new FormData();
    form.append('TableId', String(a.tableId));
    form.append('RecordId', String(a.recordId));
    if (a.tableAttachmentInfoId !== undefined) form.append('TableAttachmentInfoId', String(a.tableAttachmentInfoId));
    form.append('File', a.file.blob, a.file.name);
    return this.http.json('POST', `/api/Records/${projectId}/attachment`, {
      form,
      signal: o.signal,
      timeoutMs: UPLOAD_TIMEOUT_MS,
      headers: keyHeader(o),
    });
  }

  /** DELETE /api/Records/{projectId}/attachment/{recordAttachmentId}. */
  deleteAttachment(
    projectId: number,
    attachmentId: number,
    o: CallOptions = {},
  ): Promise<{ id: number; deleted: true }> {
    return this.http.json('DELETE', `/api/Records/${projectId}/attachment/${attachmentId}`, { signal: o.signal });
  }

  /** GET /api/Records/{projectId}/attachment/{recordAttachmentId}[?thumb=true]: the image. */
  async attachment(projectId: number, attachmentId: number, thumb = false, o: CallOptions = {}): Promise<Blob> {
    const res = await this.http.send('GET', `/api/Records/${projectId}/attachment/${attachmentId}`, {
      query: { thumb: thumb || undefined },
      signal: o.signal,
    });
    return res.blob();
  }

  /** GET /api/Records/{projectId}/record/{recordId}/attachmentinfo/{tableAttachmentInfoId}[?thumb=true]: the first such image. */
  async attachmentOfInfo(
    projectId: number,
    recordId: number,
    infoId: number,
    thumb = false,
    o: CallOptions = {},
  ): Promise<Blob> {
    const res = await this.http.send('GET', `/api/Records/${projectId}/record/${recordId}/attachmentinfo/${infoId}`, {
      query: { thumb: thumb || undefined },
      signal: o.signal,
      timeoutMs: o.timeoutMs,
    });
    return res.blob();
  }
}
