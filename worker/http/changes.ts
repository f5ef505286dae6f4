import type { Feature } from '../../domain/model.ts';
import type { HttpClient } from './client.ts';
import type { CallOptions } from './types.ts';

/** What changed in one table since a cursor (GET /api/Changes). */
export interface TableChanges {
  upserts: Feature[];
  removed: number[];
}

/** An answer of the change feed: the next cursor, whom it is for, and the changes per table. */
export interface ChangeAnswer {
  cursor: string;
  /** A digest of the caller's e-mail and review scope: a copy made for another must be loaded afresh. */
  viewer: string;
  /** True: load the tables afresh (after taking this cursor). */
  reset: boolean;
  tables: Record<string, TableChanges>;
}

/** /api/Changes: the change feed, in the Features form. */
export class ChangesApi {
  constructor(private readonly http: HttpClient) {}

  /** GET /api/Changes/{projectId}?tableIds&since&columnIds&form=feature (no `since`: a new cursor and reset). */
  since(
    projectId: number,
    tableIds: readonly number[],
    cursor: string | undefined,
    columnIds?: readonly number[],
    o: CallOptions = {},
  ): Promise<ChangeAnswer> {
    return this.http.get(`/api/Changes/${projectId}`, {
      query: { tableIds: tableIds.join(','), since: cursor, columnIds: columnIds?.join(','), form: 'feature' },
      signal: o.signal,
      timeoutMs: o.timeoutMs,
    });
  }
}
