import type { Feature } from '../../domain/model.ts';
import { decodeMessages, type DecodedMessage } from '../../domain/layerColumns/decode.ts';
import { BODY_BYTES_HEADER, COLUMNS_MEDIA_TYPE } from '../../domain/layerColumns/format.ts';
import { readWithProgress } from './readProgress.ts';
import { idleTimeout } from './idleTimeout.ts';
import type { HttpClient } from './client.ts';
import type { CallOptions, ReadProgress } from './types.ts';

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

  /**
   * The feed in the columns form (docs/layer-wire-format.md): GET /api/Changes/{projectId}?form=columns
   * since `cursor`, or with `'full'` the full load (full=true: every record the caller may see, in
   * blocks, read in the snapshot of the answer's cursor). The messages of the answer, in order;
   * `onProgress` hears how much of the body has arrived.
   */
  async columns(
    projectId: number,
    tableIds: readonly number[],
    cursor: string | 'full' | undefined,
    columnIds?: readonly number[],
    o: CallOptions & { onProgress?: (p: ReadProgress) => void; idleTimeoutMs?: number } = {},
  ): Promise<DecodedMessage[]> {
    // With idleTimeoutMs the answer may take as long as it keeps arriving (a full load).
    const idle = o.idleTimeoutMs === undefined ? null : idleTimeout(o.idleTimeoutMs);
    try {
      const res = await this.http.send('GET', `/api/Changes/${projectId}`, {
        query: {
          tableIds: tableIds.join(','),
          since: cursor === 'full' ? undefined : cursor,
          full: cursor === 'full' ? 'true' : undefined,
          columnIds: columnIds?.join(','),
          form: 'columns',
        },
        headers: { Accept: COLUMNS_MEDIA_TYPE },
        signal: o.signal,
        timeoutMs: o.timeoutMs,
        timeoutSignal: idle?.signal,
      });
      const body =
        o.onProgress || idle
          ? await readWithProgress(res, BODY_BYTES_HEADER, (p) => {
              idle?.touch();
              o.onProgress?.(p);
            })
          : new Uint8Array(await res.arrayBuffer());
      return decodeMessages(body);
    } finally {
      idle?.stop();
    }
  }

  /**
   * A first view (GET /api/Changes/{projectId}?form=columns&view&cell): the records of `extent` the
   * caller may see, at most one per square cell of side `cell` metres (all of them when the extent
   * holds at most `whole`), as one columns message.
   */
  async view(
    projectId: number,
    tableIds: readonly number[],
    extent: readonly [number, number, number, number],
    cell: number,
    whole: number,
    columnIds?: readonly number[],
    o: CallOptions = {},
  ): Promise<DecodedMessage> {
    const res = await this.http.send('GET', `/api/Changes/${projectId}`, {
      query: {
        tableIds: tableIds.join(','),
        view: extent.join(','),
        cell: String(cell),
        whole: String(whole),
        columnIds: columnIds?.join(','),
        form: 'columns',
      },
      headers: { Accept: COLUMNS_MEDIA_TYPE },
      signal: o.signal,
      timeoutMs: o.timeoutMs,
    });
    return decodeMessages(new Uint8Array(await res.arrayBuffer()))[0]!;
  }
}
