/**
 * The Darwin Core Archive of confirmed finds (issue #21): a zip, written as it is read (fflate,
 * chunk by chunk from query.ts), with
 * - occurrence.txt: the core (http://rs.tdwg.org/dwc/terms/Occurrence), tab-separated UTF-8 with a
 *   header row of the terms' names, one row per confirmed (STATUS 1) public (JAVNO) find the caller
 *   sees, its place as the caller may know it (sensitivity/viewerPlace.ts);
 * - multimedia.txt: GBIF's Simple Multimedia extension (http://rs.gbif.org/terms/1.0/Multimedia,
 *   Dublin Core terms), one row per photo with its URL;
 * - meta.xml: every column with its term URI and index;
 * - eml.xml: minimal EML 2.1.1 (title, creator, contact, licence).
 *
 * Decisions (documented in docs/exports.md):
 * - Only confirmed and public finds: an archive is for publishing (GBIF), and a reporter who kept a
 *   find private has not agreed to that, whoever exports it.
 * - recordedBy is the name the reporter typed into 'Najditelj' (AVTOR) on the form of a find she
 *   made public, as the app's public card shows it; never the account's e-mail.
 * - A generalised find: the centre of its square, coordinateUncertaintyInMeters the square's
 *   half-diagonal (708 m for 1 km), dataGeneralizations and informationWithheld say so.
 * - occurrenceID: urn:sporoci-vrsto:{project}:{table}:{record id} (record ids never change or get
 *   reused); references: the app's link to the find.
 * - The licence: EXPORT_LICENSE (server/config.ts), CC BY 4.0 by default.
 */
import { ZipDeflate, strToU8 } from 'fflate';
import type { Viewer } from '../../../domain/review.ts';
import type { Queryable } from '../../db/index.ts';
import type { TableMeta } from '../meta/tableMeta.ts';
import { placeOfRow, type ExportLinks } from './csvGeoJson.ts';
import {
  DEFAULT_LICENSE,
  LICENSES,
  multimediaTerms,
  occurrenceId,
  occurrenceTerms,
  termName,
  type DwcSettings,
  type RowContext,
} from './dwcaTerms.ts';
import { columnByDbName, type ExportQuery } from './params.ts';
import { exportMediaChunks, exportRowChunks, type ExportRow } from './query.ts';
import { zipStream } from './zipStream.ts';

export const OCCURRENCE_ROW_TYPE = 'http://rs.tdwg.org/dwc/terms/Occurrence';
export const MULTIMEDIA_ROW_TYPE = 'http://rs.gbif.org/terms/1.0/Multimedia';

/** A field of a tab-separated file: tabs and line breaks become spaces (no quoting: fieldsEnclosedBy is empty). */
export function tsvCell(v: string | number | null): string {
  return v === null ? '' : String(v).replace(/[\t\r\n]+/g, ' ');
}

/** XML text with &, <, >, " escaped. */
function xml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const FILE_ATTRS =
  'encoding="UTF-8" fieldsTerminatedBy="\\t" linesTerminatedBy="\\n" fieldsEnclosedBy="" ignoreHeaderLines="1"';

/** meta.xml: the core and the extension with every field's term and index. */
export function metaXml(occurrence: readonly string[], multimedia: readonly string[]): string {
  const fields = (uris: readonly string[], from: number) =>
    uris.map((u, i) => `    <field index="${i + from}" term="${xml(u)}"/>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<archive xmlns="http://rs.tdwg.org/dwc/text/" metadata="eml.xml">
  <core ${FILE_ATTRS} rowType="${OCCURRENCE_ROW_TYPE}">
    <files><location>occurrence.txt</location></files>
    <id index="0"/>
${fields(occurrence, 0)}
  </core>
  <extension ${FILE_ATTRS} rowType="${MULTIMEDIA_ROW_TYPE}">
    <files><location>multimedia.txt</location></files>
    <coreid index="0"/>
${fields(multimedia, 1)}
  </extension>
</archive>
`;
}

/** eml.xml: minimal EML 2.1.1 as GBIF's profile reads it (title, creator, contact, licence). */
export function emlXml(meta: TableMeta, settings: DwcSettings, links: ExportLinks, now: Date): string {
  const license = LICENSES[settings.license] ?? LICENSES[DEFAULT_LICENSE]!;
  const party = `<organizationName>${xml(settings.publisher)}</organizationName>${settings.contactEmail ? `<electronicMailAddress>${xml(settings.contactEmail)}</electronicMailAddress>` : ''}<onlineUrl>${xml(links.origin)}</onlineUrl>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<eml:eml xmlns:eml="eml://ecoinformatics.org/eml-2.1.1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="eml://ecoinformatics.org/eml-2.1.1 http://rs.gbif.org/schema/eml-gbif-profile/1.2/eml.xsd"
  packageId="urn:sporoci-vrsto:${meta.table.projectId}:${meta.table.id}:${now.getTime()}" system="http://gbif.org" scope="system" xml:lang="slv">
  <dataset>
    <title xml:lang="slv">${xml(settings.publisher)}: potrjene najdbe redkih in zavarovanih vrst v Sloveniji</title>
    <creator>${party}</creator>
    <metadataProvider>${party}</metadataProvider>
    <pubDate>${now.toISOString().slice(0, 10)}</pubDate>
    <language>slv</language>
    <abstract><para>Najdbe, ki so jih sporočili uporabniki aplikacije Sporoči vrsto in so jih potrdili strokovnjaki. Najdbe občutljivih vrst so prikazane v središču kvadrata državne mreže D96/TM (1 ali 10 km).</para></abstract>
    <intellectualRights><para>This work is licensed under a <ulink url="${xml(license.uri)}"><citetitle>${xml(license.title)}</citetitle></ulink>.</para></intellectualRights>
    <distribution scope="document"><online><url function="information">${xml(links.origin)}</url></online></distribution>
    <coverage><geographicCoverage><geographicDescription>Slovenija</geographicDescription>
      <boundingCoordinates><westBoundingCoordinate>13.3</westBoundingCoordinate><eastBoundingCoordinate>16.7</eastBoundingCoordinate><northBoundingCoordinate>47</northBoundingCoordinate><southBoundingCoordinate>45.3</southBoundingCoordinate></boundingCoordinates>
    </geographicCoverage></coverage>
    <contact>${party}</contact>
  </dataset>
</eml:eml>
`;
}

/**
 * The archive's bytes in pieces. Nothing is yielded before the first query has answered (a
 * failure is still a JSON error); then each chunk of finds goes through the deflater at once.
 */
export async function* dwcaPieces(
  db: Queryable,
  meta: TableMeta,
  q: ExportQuery,
  viewer: Viewer,
  links: ExportLinks,
  settings: DwcSettings,
  now = new Date(),
): AsyncGenerator<Uint8Array> {
  const terms = occurrenceTerms(meta, links, settings);
  const media = multimediaTerms(meta, links, settings);
  const accuracy = columnByDbName(meta, 'NATANCNOST');
  const cols = new Map(meta.table.columns.map((c) => [c.dbName.toUpperCase(), c]));
  const { zip, drain } = zipStream();
  const scope = { publishable: true };
  const rows = exportRowChunks(db, meta, q, viewer, scope);
  const first = await rows.next();

  const addSmall = (name: string, text: string) => {
    const f = new ZipDeflate(name, { level: 6 });
    zip.add(f);
    f.push(strToU8(text), true);
  };
  addSmall(
    'meta.xml',
    metaXml(
      terms.map((t) => t.uri),
      media.map((t) => t.uri),
    ),
  );
  addSmall('eml.xml', emlXml(meta, settings, links, now));

  const occ = new ZipDeflate('occurrence.txt', { level: 6 });
  zip.add(occ);
  occ.push(strToU8(`${terms.map((t) => termName(t.uri)).join('\t')}\n`));
  const ctx = (row: ExportRow): RowContext => {
    const raw = (dbName: string): unknown => {
      const c = cols.get(dbName);
      return c ? row.properties[String(c.id)] : undefined;
    };
    return {
      row,
      place: placeOfRow(row, accuracy),
      raw,
      text: (dbName) => {
        const v = raw(dbName);
        return v === null || v === undefined || String(v).trim() === '' ? null : String(v).trim();
      },
    };
  };
  for (let chunk = first; !chunk.done; chunk = await rows.next()) {
    let text = '';
    for (const row of chunk.value) {
      const c = ctx(row);
      text += `${terms.map((t) => tsvCell(t.value(c))).join('\t')}\n`;
    }
    occ.push(strToU8(text));
    yield* drain();
  }
  occ.push(new Uint8Array(0), true);

  const mm = new ZipDeflate('multimedia.txt', { level: 6 });
  zip.add(mm);
  mm.push(strToU8(`coreid\t${media.map((t) => termName(t.uri)).join('\t')}\n`));
  for await (const items of exportMediaChunks(db, meta, q, viewer, scope)) {
    let text = '';
    for (const p of items)
      text += `${[occurrenceId(meta, p.recordId), ...media.map((t) => t.value(p))].map(tsvCell).join('\t')}\n`;
    mm.push(strToU8(text));
    yield* drain();
  }
  mm.push(new Uint8Array(0), true);
  zip.end();
  yield* drain();
}
