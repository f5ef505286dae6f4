/** What the Features and Records clients share: the calls both answer alike, and the helpers of creates. */
import { ifMatchHeader, type HttpClient } from './client.ts';
import type { CallOptions, ChangeOptions, Extent, UploadFile } from './types.ts';
import type { RequestBody as Body } from '../../domain/shapes/index.ts';
import type { RecordQuery } from '../../domain/filters/types.ts';

/** Options of a create: a signal and an Idempotency-Key that makes a retry safe. */
export interface CreateOptions extends CallOptions {
  idempotencyKey?: string;
}

/** A file of a multipart create, with its attachment info (default: the table's first). */
export interface AttachmentUpload {
  file: UploadFile;
  tableAttachmentInfoId?: number;
  /** The photo chosen to show the find (at most one of a form's files). */
  cover?: boolean;
}

/** Upload calls may take this long (ms). */
export const UPLOAD_TIMEOUT_MS = 120_000;

/** Appends AttachmentFiles and AttachmentInfoIds to a create form. */
export function appendAttachments(form: FormData, files: readonly AttachmentUpload[]): void {
  for (const f of files) form.append('AttachmentFiles', f.file.blob, f.file.name);
  const infos = files.map((f) => f.tableAttachmentInfoId);
  if (infos.every((i) => i !== undefined)) for (const i of infos) form.append('AttachmentInfoIds', String(i));
  const cover = files.findIndex((f) => f.cover);
  if (cover >= 0) form.append('AttachmentCover', String(cover));
}

/** The Idempotency-Key header of a create, when one is given. */
export function keyHeader(o: CreateOptions): Record<string, string> | undefined {
  return o.idempotencyKey ? { 'Idempotency-Key': o.idempotencyKey } : undefined;
}

/**
 * The calls of /api/{family}/{projectId}/… that Features and Records answer alike but for the
 * shape of their answers (domain/shapes/): `Item` (an update's answer), `Page` (a search page),
 * `ExtentAnswer` (extenttables) and `BulkAnswer` (a bulk call's).
 */
export abstract class FamilyApi<Item, Page, ExtentAnswer, BulkAnswer> {
  constructor(
    protected readonly http: HttpClient,
    private readonly family: 'Features' | 'Records',
  ) {}

  /** PUT …/{projectId}/{tableId}/{recordId}: the given columns replace the stored ones (If-Match: `baseVersion`). */
  update(
    projectId: number,
    tableId: number,
    recordId: number,
    body: Body<'FeatureUpdate'>,
    o: ChangeOptions = {},
  ): Promise<Item> {
    return this.http.json('PUT', `/api/${this.family}/${projectId}/${tableId}/${recordId}`, {
      json: { overwrite: true, ...body },
      signal: o.signal,
      timeoutMs: o.timeoutMs,
      headers: ifMatchHeader(o.baseVersion),
    });
  }

  /** GET /api/{family}/{projectId}/extenttables?extent&tableIds[&columnIds]. */
  extentTables(
    projectId: number,
    extent: Extent,
    tableIds: readonly number[],
    columnIds?: readonly number[],
    o: CallOptions = {},
  ): Promise<ExtentAnswer> {
    return this.http.get(`/api/${this.family}/${projectId}/extenttables`, {
      query: { extent: extent.join(','), tableIds: tableIds.join(','), columnIds: columnIds?.join(',') },
      signal: o.signal,
      timeoutMs: o.timeoutMs,
    });
  }

  /** POST /api/{family}/{projectId}/search with a RecordQuery. */
  search(projectId: number, query: RecordQuery, o: CallOptions = {}): Promise<Page> {
    return this.http.post(`/api/${this.family}/${projectId}/search`, query, { signal: o.signal });
  }

  /** POST /api/{family}/{projectId}/bulk: all or nothing; a refusal is an ApiError whose body is a BulkErrorBody. */
  bulk(projectId: number, body: Body<'BulkRequest'>, o: CallOptions = {}): Promise<BulkAnswer> {
    return this.http.post(`/api/${this.family}/${projectId}/bulk`, body, { signal: o.signal });
  }

  /** POST `path` as multipart (the /full calls): `value` as the JSON part `part`, and the files; all or nothing. */
  protected postFull<T>(
    path: string,
    part: string,
    value: unknown,
    files: readonly AttachmentUpload[],
    o: CreateOptions,
  ): Promise<T> {
    const form = new FormData();
    form.append(part, JSON.stringify(value));
    appendAttachments(form, files);
    return this.http.json('POST', path, {
      form,
      signal: o.signal,
      headers: keyHeader(o),
      timeoutMs: UPLOAD_TIMEOUT_MS,
    });
  }
}
