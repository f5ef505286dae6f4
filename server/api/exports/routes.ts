/**
 * Export routes (issue #21): GET /api/Export/{projectId}/{tableId}/dwca | geojson | csv, with the
 * map's filters as query parameters (query.ts). Anyone may call them; each caller gets what
 * she sees on the map, generalised by the same rules (sensitivity/viewerPlace.ts), so a reviewer's export has the
 * exact places of her groups' finds. The answer is streamed (constant memory, the first bytes
 * after the first chunk's query) as an attachment with a Slovenian file name.
 */
import { Readable, pipeline } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../../http/errors.ts';
import { viewerOf } from '../access/recordAccess.ts';
import { pathIds, type ApiContext } from '../http/context.ts';
import { dwcaPieces } from './dwcaArchive.ts';
import { DEFAULT_DWC_SETTINGS, type DwcSettings } from './dwcaTerms.ts';
import { csvPieces, geoJsonPieces, type ExportLinks } from './csvGeoJson.ts';
import { EXPORT_QUERYSTRING, parseExportQuery } from './params.ts';
import { loadTable } from '../meta/tableMeta.ts';
import { idParams } from '../../../domain/shapes/build.ts';

/** Settings of the exports (server/config.ts). */
export interface ExportSettings extends DwcSettings {
  /** PUBLIC_URL: the origin of links in the exports; default the request's own origin. */
  publicUrl: string | null;
}

/** The formats, their media types and file names. */
export const EXPORT_FORMATS = {
  dwca: { type: 'application/zip', base: 'potrjene-najdbe-darwin-core', ext: 'zip', compress: false },
  geojson: { type: 'application/geo+json; charset=utf-8', base: 'najdbe', ext: 'geojson', compress: true },
  csv: { type: 'text/csv; charset=utf-8', base: 'najdbe', ext: 'csv', compress: true },
} as const;

export type ExportFormat = keyof typeof EXPORT_FORMATS;

/** The file name of an export: sporoci-vrsto-najdbe-2025-2026-05-01.csv (the year filter, when given, and the day). */
export function exportFileName(format: ExportFormat, year: number | null, now = new Date()): string {
  const f = EXPORT_FORMATS[format];
  return `sporoci-vrsto-${f.base}${year !== null ? `-${year}` : ''}-${now.toISOString().slice(0, 10)}.${f.ext}`;
}

/**
 * Sends `pieces` as a downloaded file: the first piece is awaited before any header goes out (so
 * an error is a normal JSON error), then the rest is streamed with backpressure (the next chunk is
 * queried only when the socket has taken the previous ones), gzip-compressed when the client
 * accepts it and `compress`. A client that goes away ends the generator (no further queries).
 */
export async function sendDownload(
  req: FastifyRequest,
  reply: FastifyReply,
  pieces: AsyncIterable<string | Uint8Array>,
  o: { type: string; fileName: string; compress: boolean },
): Promise<FastifyReply> {
  const it = pieces[Symbol.asyncIterator]();
  const first = await it.next();
  const bytes = (v: string | Uint8Array): Buffer =>
    typeof v === 'string' ? Buffer.from(v, 'utf8') : Buffer.from(v.buffer, v.byteOffset, v.byteLength);
  async function* all(): AsyncGenerator<Buffer> {
    try {
      if (first.done) return;
      yield bytes(first.value);
      for (;;) {
        const next = await it.next();
        if (next.done) return;
        yield bytes(next.value);
      }
    } finally {
      await it.return?.();
    }
  }
  const source = Readable.from(all(), { objectMode: false });
  void reply
    .type(o.type)
    .header(
      'content-disposition',
      `attachment; filename="${o.fileName}"; filename*=UTF-8''${encodeURIComponent(o.fileName)}`,
    )
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff');
  const accept = String(req.headers['accept-encoding'] ?? '').toLowerCase();
  if (!o.compress || !/\bgzip\b/.test(accept)) return reply.send(source);
  const zip = createGzip({ level: 1 });
  void reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding');
  pipeline(source, zip, (err) => {
    if (err) req.log.error({ err }, 'export stream failed');
  });
  return reply.send(zip);
}

/** The export routes. */
export function registerExportRoutes(
  app: FastifyInstance,
  ctx: ApiContext,
  settings: Partial<ExportSettings> = {},
): void {
  const { db, authenticate, docs } = ctx;
  const dwc: DwcSettings = {
    ...DEFAULT_DWC_SETTINGS,
    ...Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined)),
  };
  const linksOf = (req: FastifyRequest): ExportLinks => ({
    origin: (settings.publicUrl ?? `${req.protocol}://${req.host}`).replace(/\/+$/, ''),
  });

  const route = (format: ExportFormat, summary: string, description: string) => {
    const f = EXPORT_FORMATS[format];
    docs.define(app, {
      method: 'GET',
      url: `/api/Export/:projectId/:tableId/${format}`,
      params: idParams('projectId', 'tableId'),
      querystring: EXPORT_QUERYSTRING,
      doc: {
        summary,
        description,
        tag: 'Export',
        auth: 'optional',
        responses: {
          200: {
            description: `The file (${f.type}; Content-Disposition: attachment; filename="${exportFileName(format, null, new Date(0)).replace('1970-01-01', 'YYYY-MM-DD')}")`,
            contentType: f.type.split(';')[0],
            schema: { type: 'string', ...(format === 'dwca' ? { contentMediaType: 'application/zip' } : {}) },
          },
          400: { description: 'Bad filter, extent or table without a point geometry' },
          404: { description: 'Unknown project or table' },
        },
      },
      async handler(req, reply) {
        const { projectId, tableId } = pathIds(req, 'projectId', 'tableId');
        const viewer = viewerOf(await authenticate(req));
        const meta = await loadTable(db, projectId, tableId);
        if (meta.table.geometryType !== 2) throw badRequest(`Table ${tableId} has no point geometry to export`);
        const q = parseExportQuery(meta, req.query);
        const links = linksOf(req);
        const pieces =
          format === 'dwca'
            ? dwcaPieces(db, meta, q, viewer, links, dwc)
            : format === 'geojson'
              ? geoJsonPieces(db, meta, q, viewer, links)
              : csvPieces(db, meta, q, viewer, links);
        return sendDownload(req, reply, pieces, {
          type: f.type,
          fileName: exportFileName(format, q.state.year),
          compress: f.compress,
        });
      },
    });
  };

  route(
    'dwca',
    "Darwin Core Archive of the confirmed public finds the caller sees, with the map's filters",
    'A zip with occurrence.txt (Darwin Core Occurrence core, tab-separated UTF-8 with a header row), multimedia.txt (GBIF Simple Multimedia: photo URLs), ' +
      'meta.xml and eml.xml. Only STATUS 1 (Potrjeno) and public (JAVNO) finds. Sensitive species: the centre of the 1 or 10 km D96/TM square for everyone but ' +
      "the reporter and the group's reviewers, with coordinateUncertaintyInMeters the square's half-diagonal, dataGeneralizations and informationWithheld. " +
      "recordedBy is the finder's name as typed in the public form (AVTOR), never an e-mail. Licence: the server's EXPORT_LICENSE (CC BY 4.0 by default).",
  );
  route(
    'geojson',
    "GeoJSON (RFC 7946, WGS84) of the finds the caller sees on the map, with the map's filters",
    "A FeatureCollection of Points in WGS84; properties under the columns' Slovenian names, plus D96/TM E and N, WGS84, the location uncertainty, " +
      "the square's side for generalised finds and the photos' URLs. Same visibility and generalisation as the map.",
  );
  route(
    'csv',
    'CSV of the finds the caller sees on the map, with the map\'s filters (UTF-8 with BOM, ";"-separated, for Excel)',
    'The same columns as the GeoJSON export with Slovenian headers; D96/TM E/N and WGS84 longitude/latitude columns. Same visibility and generalisation as the map.',
  );
}
