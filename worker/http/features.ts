import { ifMatchHeader, type HttpClient } from './client.ts';
import { FamilyApi, keyHeader, type AttachmentUpload, type CreateOptions } from './family.ts';
import type { CallOptions, ChangeOptions } from './types.ts';
import type { RequestBody as Body, ResponseBody as Answer } from '../../domain/shapes/index.ts';

/** /api/Features: one typed method per call (update, extenttables, search and bulk: FamilyApi). */
export class FeaturesApi extends FamilyApi<
  Answer<'Feature'>,
  Answer<'FeaturePage'>,
  Answer<'ExtentTables'>,
  Answer<'FeatureBulkResult'>
> {
  constructor(http: HttpClient) {
    super(http, 'Features');
  }

  /** GET /api/Features/{projectId}/{tableId}/{recordId}. */
  one(projectId: number, tableId: number, recordId: number, o: CallOptions = {}): Promise<Answer<'Feature'>> {
    return this.http.get(`/api/Features/${projectId}/${tableId}/${recordId}`, { signal: o.signal });
  }

  /** GET /api/Features/{projectId}/{tableId}/{recordId}/detailed. */
  detailed(
    projectId: number,
    tableId: number,
    recordId: number,
    o: CallOptions = {},
  ): Promise<Answer<'DetailedFeature'>> {
    return this.http.get(`/api/Features/${projectId}/${tableId}/${recordId}/detailed`, {
      signal: o.signal,
      timeoutMs: o.timeoutMs,
    });
  }

  /** POST /api/Features/{projectId}/{tableId} (201; 200 for a repeated Idempotency-Key). */
  create(
    projectId: number,
    tableId: number,
    feature: Body<'FeatureCreate'>,
    o: CreateOptions = {},
  ): Promise<Answer<'Feature'>> {
    return this.http.json('POST', `/api/Features/${projectId}/${tableId}`, {
      json: { type: 'Feature', overwrite: true, ...feature },
      signal: o.signal,
      headers: keyHeader(o),
    });
  }

  /** POST /api/Features/{projectId}/delete with {tableId, recordId} (If-Match with `baseVersion`). */
  remove(projectId: number, tableId: number, recordId: number, o: ChangeOptions = {}): Promise<Answer<'DeleteResult'>> {
    return this.http.post(
      `/api/Features/${projectId}/delete`,
      { tableId, recordId },
      { signal: o.signal, timeoutMs: o.timeoutMs, headers: ifMatchHeader(o.baseVersion) },
    );
  }

  /** POST /api/Features/{projectId}/{tableId}/full (multipart: the feature and its files, all or nothing). */
  full(
    projectId: number,
    tableId: number,
    feature: Body<'FeatureCreate'>,
    files: readonly AttachmentUpload[],
    o: CreateOptions = {},
  ): Promise<Answer<'DetailedFeature'>> {
    const body = { type: 'Feature', overwrite: true, ...feature };
    return this.postFull(`/api/Features/${projectId}/${tableId}/full`, 'feature', body, files, o);
  }
}
