import type { Feature } from '../../domain/model.ts';
import { ifMatchHeader, type HttpClient } from './client.ts';
import type {
  BulkRequest,
  BulkResult,
  CallOptions,
  ChangeOptions,
  DeleteResult,
  DetailedFeature,
  Extent,
  ExtentTables,
  FeatureCreate,
  FeaturePage,
  FeatureUpdate,
  RecordQuery,
  UploadFile,
} from './types.ts';

/** Options of a create: a signal and an Idempotency-Key that makes a retry safe. */
export interface CreateOptions extends CallOptions {
  idempotencyKey?: string;
}

/** A file of a multipart create, with its attachment info (default: the table's first). */
export interface AttachmentUpload {
  file: UploadFile;
  tableAttachmentInfoId?: number;
}

/** Upload calls may take this long (ms). */
export const UPLOAD_TIMEOUT_MS = 120_000;

/** Appends AttachmentFiles and AttachmentInfoIds to a create form. */
export function appendAttachments(form: FormData, files: readonly AttachmentUpload[]): void {
  for (const f of files) form.append('AttachmentFiles', f.file.blob, f.file.name);
  const infos = files.map((f) => f.tableAttachmentInfoId);
  if (infos.every((i) => i !== undefined)) for (const i of infos) form.append('AttachmentInfoIds', String(i));
}

/** The Idempotency-Key header of a create, when one is given. */
export function keyHeader(o: CreateOptions): Record<string, string> | undefined {
  return o.idempotencyKey ? { 'Idempotency-Key': o.idempotencyKey } : undefined;
}

/** SPEC §7 Features: one typed method per call. */
export class FeaturesApi {
  constructor(private readonly http: HttpClient) {}

  /** GET /api/Features/{projectId}/{tableId}/{recordId}. */
  one(projectId: number, tableId: number, recordId: number, o: CallOptions = {}): Promise<Feature> {
    return this.http.get(`/api/Features/${projectId}/${tableId}/${recordId}`, { signal: o.signal });
  }

  /** GET /api/Features/{projectId}/{tableId}/{recordId}/detailed. */
  detailed(projectId: number, tableId: number, recordId: number, o: CallOptions = {}): Promise<DetailedFeature> {
    return this.http.get(`/api/Features/${projectId}/${tableId}/${recordId}/detailed`, {
      signal: o.signal,
      timeoutMs: o.timeoutMs,
    });
  }

  /** POST /api/Features/{projectId}/{tableId} (201; 200 for a repeated Idempotency-Key). */
  create(projectId: number, tableId: number, feature: FeatureCreate, o: CreateOptions = {}): Promise<Feature> {
    return this.http.json('POST', `/api/Features/${projectId}/${tableId}`, {
      json: { type: 'Feature', overwrite: true, ...feature },
      signal: o.signal,
      headers: keyHeader(o),
    });
  }

  /** PUT /api/Features/{projectId}/{tableId}/{featureId} (If-Match with `baseVersion`). */
  update(
    projectId: number,
    tableId: number,
    featureId: number,
    body: FeatureUpdate,
    o: ChangeOptions = {},
  ): Promise<Feature> {
    return this.http.json('PUT', `/api/Features/${projectId}/${tableId}/${featureId}`, {
      json: { overwrite: true, ...body },
      signal: o.signal,
      timeoutMs: o.timeoutMs,
      headers: ifMatchHeader(o.baseVersion),
    });
  }

  /** POST /api/Features/{projectId}/delete with {tableId, recordId} (If-Match with `baseVersion`). */
  remove(projectId: number, tableId: number, recordId: number, o: ChangeOptions = {}): Promise<DeleteResult> {
    return this.http.post(
      `/api/Features/${projectId}/delete`,
      { tableId, recordId },
      { signal: o.signal, timeoutMs: o.timeoutMs, headers: ifMatchHeader(o.baseVersion) },
    );
  }

  /** GET /api/Features/{projectId}/extenttables?extent&tableIds[&columnIds]. */
  extentTables(
    projectId: number,
    extent: Extent,
    tableIds: readonly number[],
    columnIds?: readonly number[],
    o: CallOptions = {},
  ): Promise<ExtentTables> {
    return this.http.get(`/api/Features/${projectId}/extenttables`, {
      query: { extent: extent.join(','), tableIds: tableIds.join(','), columnIds: columnIds?.join(',') },
      signal: o.signal,
      timeoutMs: o.timeoutMs,
    });
  }

  /** POST /api/Features/{projectId}/{tableId}/full (multipart: the feature and its files, all or nothing). */
  full(
    projectId: number,
    tableId: number,
    feature: FeatureCreate,
    files: readonly AttachmentUpload[],
    o: CreateOptions = {},
  ): Promise<DetailedFeature> {
    const form = new FormData();
    form.append('feature', JSON.stringify({ type: 'Feature', overwrite: true, ...feature }));
    appendAttachments(form, files);
    return this.http.json('POST', `/api/Features/${projectId}/${tableId}/full`, {
      form,
      signal: o.signal,
      headers: keyHeader(o),
      timeoutMs: UPLOAD_TIMEOUT_MS,
    });
  }

  /** POST /api/Features/{projectId}/search with a RecordQuery. */
  search(projectId: number, query: RecordQuery, o: CallOptions = {}): Promise<FeaturePage> {
    return this.http.post(`/api/Features/${projectId}/search`, query, { signal: o.signal });
  }

  /** POST /api/Features/{projectId}/bulk: all or nothing; a refusal is an ApiError whose body is a BulkErrorBody. */
  bulk(projectId: number, body: BulkRequest, o: CallOptions = {}): Promise<BulkResult<Feature>> {
    return this.http.post(`/api/Features/${projectId}/bulk`, body, { signal: o.signal });
  }
}
