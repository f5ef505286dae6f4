import type { HttpClient } from './client.ts';
import type { CallOptions, ExportFile } from './types.ts';
import type { FilterInput } from '../../domain/filters/types.ts';

/** The export formats (issue #21; server/api/exports/routes.ts). */
export type ExportFormat = 'dwca' | 'geojson' | 'csv';

/** What to export: the map's filter state and visible extent, and/or a RecordQuery filter. */
export interface ExportFilter {
  year?: number | null;
  speciesId?: number | null;
  mineOnly?: boolean;
  status?: number | null;
  /** EPSG:3857 [minX, minY, maxX, maxY]. */
  extent?: readonly [number, number, number, number] | null;
  filters?: FilterInput | null;
}

/** How long an export may take to arrive (100,000 finds are a few tens of MB). */
export const EXPORT_TIMEOUT_MS = 10 * 60_000;

/** The query parameters of an export. */
export function exportQuery(f: ExportFilter): Record<string, string | number | boolean | undefined> {
  return {
    year: f.year ?? undefined,
    speciesId: f.speciesId ?? undefined,
    mine: f.mineOnly ? true : undefined,
    status: f.status ?? undefined,
    extent: f.extent ? f.extent.join(',') : undefined,
    filters: f.filters ? JSON.stringify(f.filters) : undefined,
  };
}

/** The file name of a Content-Disposition header (filename* first), or null. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* fall back to filename */
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"/i.exec(disposition) ?? /filename\s*=\s*([^;]+)/i.exec(disposition);
  return plain?.[1]?.trim() || null;
}

/** Export calls: GET /api/Export/{projectId}/{tableId}/{format}. */
export class ExportApi {
  constructor(private readonly http: HttpClient) {}

  /** The URL of an export (a plain link needs no token). */
  url(projectId: number, tableId: number, format: ExportFormat, f: ExportFilter = {}): string {
    return this.http.url(`/api/Export/${projectId}/${tableId}/${format}`, exportQuery(f));
  }

  /** Downloads an export with the caller's token. */
  async file(
    projectId: number,
    tableId: number,
    format: ExportFormat,
    f: ExportFilter = {},
    o: CallOptions = {},
  ): Promise<ExportFile> {
    const res = await this.http.send('GET', `/api/Export/${projectId}/${tableId}/${format}`, {
      query: exportQuery(f),
      signal: o.signal,
      timeoutMs: EXPORT_TIMEOUT_MS,
    });
    const blob = await res.blob();
    return {
      blob,
      fileName: fileNameOf(res.headers.get('content-disposition')) ?? `najdbe.${format === 'dwca' ? 'zip' : format}`,
    };
  }
}
