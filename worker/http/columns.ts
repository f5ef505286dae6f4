import type { CastTarget } from '../../domain/shapes/admin.ts';
import type { HttpClient } from './client.ts';
import type { CallOptions } from './types.ts';
import type { RequestBody as Body, ResponseBody as Answer } from '../../domain/shapes/index.ts';

/** /api/Columns: one typed method per call (the cast needs an administrator). */
export class ColumnsApi {
  constructor(private readonly http: HttpClient) {}

  /** POST /api/Columns/{projectId}/cast/{type}: the column's type and stored values in one transaction. */
  cast(
    projectId: number,
    to: CastTarget,
    body: Body<'CastRequest'>,
    o: CallOptions = {},
  ): Promise<Answer<'CastResult'>> {
    return this.http.post(`/api/Columns/${projectId}/cast/${to}`, body, { signal: o.signal, timeoutMs: 120_000 });
  }

  /** GET /api/Columns/{projectId}/select/{id}/values. */
  selectValues(projectId: number, columnId: number, o: CallOptions = {}): Promise<Answer<'SelectValue'>[]> {
    return this.http.get(`/api/Columns/${projectId}/select/${columnId}/values`, { signal: o.signal });
  }

  /** GET /api/Columns/{projectId}/distinct/{id}/values. */
  distinctValues(projectId: number, columnId: number, o: CallOptions = {}): Promise<Answer<'DistinctValues'>> {
    return this.http.get(`/api/Columns/${projectId}/distinct/${columnId}/values`, { signal: o.signal });
  }
}
