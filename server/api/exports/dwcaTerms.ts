/**
 * The Darwin Core terms of an archive (dwcaArchive.ts): the licence and publisher settings, and
 * which value of a find fills each column of occurrence.txt and of multimedia.txt (GBIF's Simple
 * Multimedia extension). The decisions behind them are listed in dwcaArchive.ts and docs/exports.md.
 */
import { STATUS_CONFIRMED, STATUS_NEEDS_INFO, STATUS_REJECTED, STATUS_WAITING } from '../../../domain/statuses.ts';
import { isPublicValue } from '../../../domain/visibility.ts';
import type { TableMeta } from '../meta/tableMeta.ts';
import { catalogueNames, findUrl, numberOf, photoUrl, type ExportLinks, type RowPlace } from './csvGeoJson.ts';
import { columnByDbName } from './params.ts';
import type { ExportMedia, ExportRow } from './query.ts';
import { isSoundMime } from '../../../domain/sound.ts';

/** The licences GBIF accepts, by the names EXPORT_LICENSE takes. */
export const LICENSES: Readonly<Record<string, { uri: string; title: string }>> = {
  'CC-BY-4.0': {
    uri: 'http://creativecommons.org/licenses/by/4.0/legalcode',
    title: 'Creative Commons Attribution (CC-BY) 4.0 License',
  },
  'CC0-1.0': { uri: 'http://creativecommons.org/publicdomain/zero/1.0/legalcode', title: 'Public Domain (CC0 1.0)' },
  'CC-BY-NC-4.0': {
    uri: 'http://creativecommons.org/licenses/by-nc/4.0/legalcode',
    title: 'Creative Commons Attribution Non Commercial (CC-BY-NC) 4.0 License',
  },
};

/** The default licence of exports. */
export const DEFAULT_LICENSE = 'CC-BY-4.0';

/** What an archive says about its publisher and licence (server/config.ts). */
export interface DwcSettings {
  /** A key of LICENSES. */
  license: string;
  /** The organisation named as creator, contact and publisher. */
  publisher: string;
  /** The contact's e-mail in eml.xml, when set. */
  contactEmail: string | null;
}

/** Default settings. */
export const DEFAULT_DWC_SETTINGS: DwcSettings = {
  license: DEFAULT_LICENSE,
  publisher: 'Sporoči vrsto',
  contactEmail: null,
};

export const DWC_NS = 'http://rs.tdwg.org/dwc/terms/';
export const DC_NS = 'http://purl.org/dc/terms/';

/** The higher taxon of each catalogue group (for its 'other' entry and species missing from the catalogue). */
const GROUP_TAXA: Readonly<Record<string, { name: string; rank: string; kingdom: string }>> = {
  plants: { name: 'Plantae', rank: 'kingdom', kingdom: 'Plantae' },
  mammals: { name: 'Mammalia', rank: 'class', kingdom: 'Animalia' },
  molluscs: { name: 'Mollusca', rank: 'phylum', kingdom: 'Animalia' },
  amphibians: { name: 'Amphibia', rank: 'class', kingdom: 'Animalia' },
  beetles: { name: 'Coleoptera', rank: 'order', kingdom: 'Animalia' },
  butterflies: { name: 'Lepidoptera', rank: 'order', kingdom: 'Animalia' },
};

/** The occurrenceID (and the multimedia extension's coreid) of a find: stable, as record ids never change nor come back. */
export function occurrenceId(meta: TableMeta, recordId: number): string {
  return `urn:sporoci-vrsto:${meta.table.projectId}:${meta.table.id}:${recordId}`;
}

/** identificationVerificationStatus of a STATUS value. */
export function verificationStatus(status: unknown): string {
  switch (numberOf(status)) {
    case STATUS_CONFIRMED:
      return 'verified';
    case STATUS_REJECTED:
      return 'rejected';
    case STATUS_NEEDS_INFO:
      return 'unverified: evidence requested';
    case STATUS_WAITING:
      return 'unverified';
    default:
      return 'unverified';
  }
}

/** What a term's value is computed from. */
export interface RowContext {
  row: ExportRow;
  place: RowPlace;
  text(dbName: string): string | null;
  raw(dbName: string): unknown;
}

/** One column of occurrence.txt. */
interface Term {
  uri: string;
  value(c: RowContext): string | number | null;
}

const dwc = (name: string, value: Term['value']): Term => ({ uri: DWC_NS + name, value });
const dc = (name: string, value: Term['value']): Term => ({ uri: DC_NS + name, value });

/** The local name of a term URI (the header of its column). */
export function termName(uri: string): string {
  return uri.slice(Math.max(uri.lastIndexOf('/'), uri.lastIndexOf('#')) + 1);
}

/** The columns of occurrence.txt, in order (index 0 is the id). */
export function occurrenceTerms(meta: TableMeta, links: ExportLinks, settings: DwcSettings): Term[] {
  const names = catalogueNames();
  const license = LICENSES[settings.license] ?? LICENSES[DEFAULT_LICENSE]!;
  const speciesId = (c: RowContext) => numberOf(c.raw('VRSTA'));
  const taxon = (c: RowContext): { name: string; rank: string; kingdom: string; vernacular: string | null } | null => {
    const sp = names.species.get(speciesId(c) ?? -1);
    const groupKey = sp?.groupKey || names.groupKeys.get(numberOf(c.raw('SKUPINA')) ?? -1) || '';
    const group = GROUP_TAXA[groupKey];
    if (sp && !sp.isOther && sp.latin)
      return { name: sp.latin, rank: 'species', kingdom: group?.kingdom ?? '', vernacular: sp.name };
    return group ? { ...group, vernacular: sp?.isOther ? null : c.text('VRSTA_JAVN') } : null;
  };
  const generalised = (c: RowContext) => c.row.generalised > 0;
  return [
    dwc('occurrenceID', (c) => occurrenceId(meta, c.row.id)),
    dwc('basisOfRecord', () => 'HumanObservation'),
    dwc('occurrenceStatus', () => 'present'),
    dwc('eventDate', (c) => c.text('DATUM_NAJDBE')),
    dwc('scientificName', (c) => taxon(c)?.name ?? null),
    dwc('taxonRank', (c) => taxon(c)?.rank ?? null),
    dwc('kingdom', (c) => taxon(c)?.kingdom || null),
    dwc('vernacularName', (c) => taxon(c)?.vernacular ?? c.text('VRSTA_JAVN')),
    dwc('verbatimIdentification', (c) => {
      const orig = c.text('VRSTA_ORIG');
      return orig && orig !== c.text('VRSTA_JAVN') ? orig : null;
    }),
    dwc('individualCount', (c) => {
      const unit = c.text('ENOTA');
      return unit === null || unit === 'osebek' ? numberOf(c.raw('STEVILO')) : null;
    }),
    dwc('organismQuantity', (c) => numberOf(c.raw('STEVILO'))),
    dwc('organismQuantityType', (c) =>
      numberOf(c.raw('STEVILO')) === null ? null : selectText(meta, 'ENOTA', c.raw('ENOTA')),
    ),
    dwc('decimalLatitude', (c) => c.place.lat),
    dwc('decimalLongitude', (c) => c.place.lon),
    dwc('geodeticDatum', () => 'EPSG:4326'),
    dwc('coordinateUncertaintyInMeters', (c) => c.place.uncertainty),
    dwc('countryCode', () => 'SI'),
    dwc('locality', (c) => c.text('OPIS_LOKACIJE')),
    dwc('habitat', (c) => c.text('HABITAT')),
    dwc('recordedBy', (c) => (isPublicValue(c.raw('JAVNO')) ? c.text('AVTOR') : null)),
    dwc('identificationVerificationStatus', (c) => verificationStatus(c.raw('STATUS'))),
    dwc('dataGeneralizations', (c) =>
      generalised(c)
        ? `Coordinates generalised to the centre of the ${c.row.generalised / 1000} km square of the Slovenian national grid D96/TM (EPSG:3794) to protect a sensitive species`
        : null,
    ),
    dwc('informationWithheld', (c) =>
      generalised(c)
        ? 'Exact coordinates withheld to protect a sensitive species; available from the data publisher on request'
        : null,
    ),
    dwc('datasetName', () => `${settings.publisher}: potrjene najdbe`),
    dc('license', () => license.uri),
    dc('modified', (c) => c.row.updatedAt),
    dc('references', (c) => findUrl(links, c.row.id)),
  ];
}

/** The text of a Select value of column `dbName`, or the value. */
function selectText(meta: TableMeta, dbName: string, v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null;
  const col = columnByDbName(meta, dbName);
  return (col && meta.selectValues.get(col.id)?.find((s) => String(s.value) === String(v))?.text) ?? String(v);
}

/** The columns of multimedia.txt after the core id (index 0). */
export function multimediaTerms(
  meta: TableMeta,
  links: ExportLinks,
  settings: DwcSettings,
): { uri: string; value(p: ExportMedia): string | null }[] {
  const license = LICENSES[settings.license] ?? LICENSES[DEFAULT_LICENSE]!;
  const author = columnByDbName(meta, 'AVTOR');
  const pub = meta.roles.isPublic;
  const creator = (p: ExportMedia) => {
    const v = author ? p.properties[String(author.id)] : null;
    return (!pub || isPublicValue(p.properties[String(pub.id)])) && typeof v === 'string' && v.trim() ? v.trim() : null;
  };
  return [
    // DCMI type vocabulary: a photo is a StillImage, a sound (stored type audio/*, domain/sound.ts) a Sound.
    { uri: `${DC_NS}type`, value: (p) => (isSoundMime(p.mimeType) ? 'Sound' : 'StillImage') },
    { uri: `${DC_NS}format`, value: (p) => p.mimeType },
    { uri: `${DC_NS}identifier`, value: (p) => photoUrl(links, meta.table.projectId, p.id) },
    { uri: `${DC_NS}references`, value: (p) => findUrl(links, p.recordId) },
    { uri: `${DC_NS}creator`, value: creator },
    { uri: `${DC_NS}license`, value: () => license.uri },
    { uri: `${DC_NS}publisher`, value: () => settings.publisher },
  ];
}
