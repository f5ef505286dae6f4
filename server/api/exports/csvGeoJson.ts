/**
 * GeoJSON and CSV exports (issue #21) of what the map shows: every column of the table under its
 * Slovenian name (Select values as their text, the species' Latin name next to its id), then the
 * place as the caller may know it (sensitivity/viewerPlace.ts) in D96/TM (EPSG:3794) and WGS84, its uncertainty, the
 * square's side when generalised, and the photos' URLs. Both are written chunk by chunk
 * (query.ts), never whole.
 *
 * CSV: UTF-8 with a byte order mark (so Excel reads č, š, ž), fields separated by ';' (the list
 * separator of Excel in Slovenian, where ',' is the decimal mark), RFC 4180 quoting, CRLF line
 * ends, numbers with a decimal point. A text value that Excel would run as a formula (starting
 * with =, +, -, @, tab or CR) gets a leading apostrophe.
 * GeoJSON: RFC 7946, a FeatureCollection of Points in WGS84 longitude/latitude, the same fields as
 * properties with JSON types (numbers, booleans), each Feature's id the record id.
 */
import { readFileSync } from 'node:fs';
import type { Viewer } from '../../../domain/review.ts';
import { squareUncertaintyMetres } from '../../../domain/sensitivity.ts';
import type { Column, Properties } from '../../../domain/model.ts';
import type { Queryable } from '../../db/index.ts';
import { mercatorToLonLat, mercatorToNationalGrid } from '../../geo/projection.ts';
import { CATALOGUE_URL, loadCatalogue } from '../../seed/catalogue.ts';
import { columnByDbName, type ExportQuery } from './params.ts';
import { exportRowChunks, mediaOf, type ExportRow, type ExportScope, type PhotoRef } from './query.ts';
import type { TableMeta } from '../meta/tableMeta.ts';

/** A cell: JSON-typed (GeoJSON); the CSV writes it as text. */
export type ExportValue = string | number | boolean | null;

/** Where links in an export point. */
export interface ExportLinks {
  /** The app's public origin, e.g. https://sporoci-vrsto.si (no trailing slash). */
  origin: string;
  /** How the 'Fotografije' and sound fields name an attachment; default its URL (photoUrl). A personal archive names its own file. */
  photoRef?: (projectId: number, photo: PhotoRef) => string;
}

/** A species of the catalogue as the exports name it. */
export interface SpeciesName {
  name: string;
  latin: string;
  /** The catalogue group's key (plants, beetles, …). */
  groupKey: string;
  /** The group's 'other' entry (no species of its own). */
  isOther: boolean;
}

/** Species and group keys of the catalogue. */
export interface CatalogueNames {
  species: Map<number, SpeciesName>;
  /** Group id → key. */
  groupKeys: Map<number, string>;
}

let namesCache: CatalogueNames | null = null;

/** The catalogue's species and 'other' entries by id (public/species/catalogue.json); empty when it cannot be read. */
export function catalogueNames(): CatalogueNames {
  if (namesCache) return namesCache;
  const species = new Map<number, SpeciesName>();
  const groupKeys = new Map<number, string>();
  try {
    const cat = loadCatalogue();
    // loadCatalogue keeps what the seed needs; the groups' keys come from the same file.
    const raw = JSON.parse(readFileSync(CATALOGUE_URL, 'utf8')) as { groups?: { id?: unknown; key?: unknown }[] };
    for (const g of raw.groups ?? [])
      if (typeof g.id === 'number' && typeof g.key === 'string') groupKeys.set(g.id, g.key);
    for (const g of cat.groups) {
      const key = groupKeys.get(g.id) ?? '';
      for (const s of g.species) species.set(s.id, { name: s.name, latin: s.latin, groupKey: key, isOther: false });
      species.set(g.other.id, { name: g.other.name, latin: '', groupKey: key, isOther: true });
    }
  } catch {
    /* no catalogue: names come from the records */
  }
  namesCache = { species, groupKeys };
  return namesCache;
}

/** The place of a row in every form the exports write. */
export interface RowPlace {
  lon: number;
  lat: number;
  e: number;
  n: number;
  /**
   * Metres: the half-diagonal of the square when generalised, else the measured accuracy (the
   * device's fix or the photo's), else the upper bound of the reported class (column 976); null when unknown.
   */
  uncertainty: number | null;
}

/** Rounds to `digits` decimals. */
export function round(v: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}

/** A number from a stored value, or null. */
export function numberOf(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
}

/** The place of an exported row: WGS84, D96/TM and the uncertainty (domain/sensitivity.ts squareUncertaintyMetres). */
export function placeOfRow(row: ExportRow, accuracy: Column | null): RowPlace {
  const [lon, lat] = mercatorToLonLat(row.x, row.y);
  const [e, n] = mercatorToNationalGrid(row.x, row.y);
  const uncertainty =
    row.generalised > 0
      ? squareUncertaintyMetres(row.generalised)
      : (row.accuracyMetres ?? (accuracy ? numberOf(row.properties[String(accuracy.id)]) : null));
  return { lon: round(lon, 7), lat: round(lat, 7), e: round(e, 2), n: round(n, 2), uncertainty };
}

/** The URLs of a row's photos and of its sounds (domain/sound.ts). */
export interface RowMedia {
  photos: string[];
  sounds: string[];
}

/** One column of a GeoJSON / CSV export. */
export interface ExportField {
  label: string;
  value(row: ExportRow, place: RowPlace, media: RowMedia): ExportValue;
}

/** The value of a column as exported: Select values as their text. */
function columnValue(meta: TableMeta, c: Column, props: Properties): ExportValue {
  const v = props[String(c.id)];
  if (v === undefined || v === null || v === '') return null;
  if (c.type === 'Select') {
    const hit = meta.selectValues.get(c.id)?.find((s) => String(s.value) === String(v));
    return hit ? hit.text : v;
  }
  return v;
}

/** Header texts of the place columns (also the GeoJSON property names). */
export const PLACE_LABELS = {
  e: 'E (D96/TM)',
  n: 'N (D96/TM)',
  lon: 'Zemljepisna dolžina (WGS84)',
  lat: 'Zemljepisna širina (WGS84)',
  uncertainty: 'Negotovost lokacije (m)',
  generalised: 'Lokacija posplošena na kvadrat (m)',
  photos: 'Fotografije',
  sounds: 'Zvočni posnetki',
  latin: 'Znanstveno ime',
  archived: 'Arhivirana',
} as const;

/** The fields of a table's export, in order; an owner's export (ExportScope.owner) also says which finds are archived. */
export function exportFields(meta: TableMeta, scope: ExportScope = {}): ExportField[] {
  const species = catalogueNames().species;
  const out: ExportField[] = [];
  for (const c of meta.table.columns) {
    const fk = c.type === 'ForeignKey';
    out.push({ label: fk ? `${c.name} (ID)` : c.name, value: (row) => columnValue(meta, c, row.properties) });
    if (meta.roles.species && c.id === meta.roles.species.id) {
      out.push({
        label: PLACE_LABELS.latin,
        value: (row) => species.get(numberOf(row.properties[String(c.id)]) ?? -1)?.latin || null,
      });
    }
  }
  out.push(
    { label: PLACE_LABELS.e, value: (_r, p) => p.e },
    { label: PLACE_LABELS.n, value: (_r, p) => p.n },
    { label: PLACE_LABELS.lon, value: (_r, p) => p.lon },
    { label: PLACE_LABELS.lat, value: (_r, p) => p.lat },
    { label: PLACE_LABELS.uncertainty, value: (_r, p) => p.uncertainty },
    { label: PLACE_LABELS.generalised, value: (r) => (r.generalised > 0 ? r.generalised : null) },
    { label: PLACE_LABELS.photos, value: (_r, _p, m) => (m.photos.length ? m.photos.join(' ') : null) },
    { label: PLACE_LABELS.sounds, value: (_r, _p, m) => (m.sounds.length ? m.sounds.join(' ') : null) },
  );
  if (scope.owner !== undefined) out.push({ label: PLACE_LABELS.archived, value: (r) => r.archived });
  return out;
}

/** The URL of a photo or a sound (the API's attachment route; for a photo the picture only, without metadata, for all but the reporter and her group's reviewers). */
export function photoUrl(links: ExportLinks, projectId: number, attachmentId: number): string {
  return `${links.origin}/api/Records/${projectId}/attachment/${attachmentId}`;
}

/** The app's link to one find (it opens its card). */
export function findUrl(links: ExportLinks, id: number): string {
  return `${links.origin}/#/?najdba=${id}`;
}

/** What the GeoJSON and CSV writers take: the database, the table, the map's query, the viewer, where links point, the scope. */
export type ExportPieceArgs = [
  db: Queryable,
  meta: TableMeta,
  q: ExportQuery,
  viewer: Viewer,
  links: ExportLinks,
  scope?: ExportScope,
];

/** An exported row with its place and its photos' and sounds' URLs. */
interface PlacedRow {
  row: ExportRow;
  place: RowPlace;
  media: RowMedia;
}

/** The rows of an export with their places and their photos' and sounds' URLs (or files), chunk by chunk. */
async function* placedChunks(...[db, meta, q, viewer, links, scope]: ExportPieceArgs): AsyncGenerator<PlacedRow[]> {
  const accuracy = columnByDbName(meta, 'NATANCNOST');
  const projectId = meta.table.projectId;
  const ref = links.photoRef ?? ((_p: number, photo: PhotoRef) => photoUrl(links, projectId, photo.id));
  for await (const rows of exportRowChunks(db, meta, q, viewer, scope)) {
    const media = await mediaOf(
      db,
      rows.map((r) => r.id),
    );
    const refs = (list: PhotoRef[] = []): string[] => list.map((a) => ref(projectId, a));
    yield rows.map((row) => ({
      row,
      place: placeOfRow(row, accuracy),
      media: { photos: refs(media.get(row.id)?.photos), sounds: refs(media.get(row.id)?.sounds) },
    }));
  }
}

/**
 * A document in pieces: nothing is yielded before the first query has answered (so a failing
 * query is still a JSON error), then `head` with the first chunk, then a piece per chunk; `sep`
 * stands between items (also between chunks) and `tail` comes last.
 */
async function* documentPieces(
  args: ExportPieceArgs,
  text: { head: string; sep: string; tail: string },
  item: (placed: PlacedRow) => string,
): AsyncGenerator<string> {
  let head = text.head;
  let first = true;
  for await (const chunk of placedChunks(...args)) {
    yield `${head}${first ? '' : text.sep}${chunk.map(item).join(text.sep)}`;
    head = '';
    first = false;
  }
  if (head + text.tail) yield head + text.tail;
}

/** The byte order mark that tells Excel the CSV is UTF-8. */
export const BOM = '\uFEFF';
/** The CSV's field separator. */
export const CSV_SEPARATOR = ';';

/** One CSV cell. */
export function csvCell(v: ExportValue): string {
  if (v === null) return '';
  let s = typeof v === 'boolean' ? (v ? 'da' : 'ne') : String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[";\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The CSV text in pieces (documentPieces): the header with the first chunk. */
export async function* csvPieces(...args: ExportPieceArgs): AsyncGenerator<string> {
  const [, meta, , , , scope] = args;
  const fields = exportFields(meta, scope);
  const head = `${BOM}${fields.map((f) => csvCell(f.label)).join(CSV_SEPARATOR)}\r\n`;
  yield* documentPieces(
    args,
    { head, sep: '', tail: '' },
    ({ row, place, media }) => `${fields.map((f) => csvCell(f.value(row, place, media))).join(CSV_SEPARATOR)}\r\n`,
  );
}

/** The GeoJSON FeatureCollection in pieces (documentPieces). */
export async function* geoJsonPieces(...args: ExportPieceArgs): AsyncGenerator<string> {
  const [, meta, , , , scope] = args;
  const fields = exportFields(meta, scope);
  const head = `{"type":"FeatureCollection","name":${JSON.stringify(meta.table.name)},"features":[`;
  yield* documentPieces(args, { head, sep: ',', tail: ']}' }, ({ row, place, media }) => {
    const properties: Record<string, ExportValue> = {};
    for (const f of fields) properties[f.label] = f.value(row, place, media);
    return JSON.stringify({
      type: 'Feature',
      id: row.id,
      geometry: { type: 'Point', coordinates: [place.lon, place.lat] },
      properties,
    });
  });
}
