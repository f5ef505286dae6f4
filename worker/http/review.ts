import type { HttpClient } from './client.ts';
import { ifMatchHeader } from './client.ts';
import type { CallOptions } from './types.ts';
import type { RequestBody as Body, ResponseBody as Answer } from '../../domain/shapes/index.ts';

/** The history entries of an answer. */
type Entries = Answer<'History'>['entries'];

/** Review calls (issue #20): verdicts, history, comments and the reporter's notifications. */
export class ReviewApi {
  constructor(private readonly http: HttpClient) {}

  /** POST /api/Records/{p}/{t}/{id}/review, with If-Match when `baseVersion` is given (412 when it changed). */
  review(
    projectId: number,
    tableId: number,
    recordId: number,
    input: Body<'ReviewRequest'>,
    baseVersion?: number,
    o: CallOptions = {},
  ): Promise<Answer<'DataRecord'>> {
    return this.http.json('POST', `/api/Records/${projectId}/${tableId}/${recordId}/review`, {
      json: input,
      signal: o.signal,
      headers: ifMatchHeader(baseVersion),
    });
  }

  /** GET /api/Records/{p}/{t}/{id}/history: oldest first. */
  async history(projectId: number, tableId: number, recordId: number, o: CallOptions = {}): Promise<Entries> {
    return (
      await this.http.get<Answer<'History'>>(`/api/Records/${projectId}/${tableId}/${recordId}/history`, {
        signal: o.signal,
      })
    ).entries;
  }

  /** POST /api/Records/{p}/{t}/{id}/comments (201). */
  comment(
    projectId: number,
    tableId: number,
    recordId: number,
    text: string,
    o: CallOptions = {},
  ): Promise<Answer<'HistoryEntry'>> {
    return this.http.post(`/api/Records/${projectId}/${tableId}/${recordId}/comments`, { text }, { signal: o.signal });
  }

  /** GET /api/Notifications/{p}?after=: what others did to the caller's records after entry `after`. */
  async notifications(projectId: number, after = 0, o: CallOptions = {}): Promise<Entries> {
    return (
      await this.http.get<Answer<'History'>>(`/api/Notifications/${projectId}`, {
        query: { after },
        signal: o.signal,
      })
    ).entries;
  }
}
