import type { Column, SelectValue } from '../../domain/model.ts';
import type { Catalogue } from './catalogue.ts';
import { STATUS_VALUES as STATUS_DOMAIN_VALUES } from '../../domain/statuses.ts';
import selectValues from './selectValues.json' with { type: 'json' };

/** The app's project (its configuration's projectId). */
export const PROJECT_ID = 35;
/** The profile of the app. */
export const PROFILE_ID = 18;
/** The sightings table ('Najdbe'). */
export const SIGHTINGS_TABLE_ID = 48;
/** The unit (species) table ('Vrste'). */
export const UNITS_TABLE_ID = 53;
/** The group-unit relation table ('Skupine in vrste'). */
export const RELATION_TABLE_ID = 60;
/** The photo attachment info of table 48. */
export const PHOTO_ATTACHMENT_INFO_ID = 1;

/** Column ids of the sightings table 48. */
export const COL = {
  id: 767,
  group: 920,
  species: 980,
  speciesPublic: 2067,
  speciesOriginal: 1000,
  date: 1053,
  count: 782,
  unit: 972,
  habitat: 785,
  locationDescription: 780,
  comments: 1055,
  accuracy: 976,
  findingType: 979,
  author: 788,
  status: 974,
  source: 2064,
  isPublic: 2066,
  createdBy: 1820,
} as const;

/** Column ids of tables 53 and 60. */
export const UNIT_COL = { id: 971, description: 926, sensitivity: 2071 } as const;
/** Column ids of the relation table 60. */
export const RELATION_COL = { group: 1010, unit: 1011 } as const;

/** A column to seed, with its Select values. */
export interface ColumnDef extends Column {
  values?: SelectValue[];
}

/** Builds a column definition. */
function col(
  tableId: number,
  id: number,
  dbName: string,
  name: string,
  type: Column['type'],
  extra: Partial<ColumnDef> = {},
): ColumnDef {
  return { id, tableId, dbName, name, type, isPk: false, isSpecial: false, fkTableId: null, fkKeyType: null, ...extra };
}

/** The fixed Select values of columns ENOTA, NATANCNOST, TIP_NAJDBE and VIR (selectValues.json). */
const SELECT_VALUES: Record<'unit' | 'accuracy' | 'findingType' | 'source', SelectValue[]> = selectValues;

/** STATUS values (domain/statuses.ts): 5 waiting, 3 evidence requested, 1 confirmed, 2 rejected. */
export const STATUS_VALUES: SelectValue[] = STATUS_DOMAIN_VALUES.map((v) => ({ ...v }));

/** The columns of tables 48, 53 and 60, in display order. */
export function columnDefs(catalogue: Catalogue): ColumnDef[] {
  const t = SIGHTINGS_TABLE_ID;
  return [
    col(t, COL.id, 'ID', 'GID', 'Integer', { isPk: true }),
    col(t, COL.group, 'SKUPINA', 'Skupina', 'Select', {
      values: catalogue.groups.map((g) => ({ value: g.id, text: g.name })),
    }),
    col(t, COL.species, 'VRSTA', 'Vrsta', 'ForeignKey', { fkTableId: UNITS_TABLE_ID, fkKeyType: 'integer' }),
    col(t, COL.speciesPublic, 'VRSTA_JAVN', 'Vrsta (javno)', 'Calculated'),
    col(t, COL.speciesOriginal, 'VRSTA_ORIG', 'Prvotno sporočena vrsta', 'Text', { isSpecial: true }),
    col(t, COL.date, 'DATUM_NAJDBE', 'Datum najdbe', 'DateTime'),
    col(t, COL.count, 'STEVILO', 'Število', 'Integer'),
    col(t, COL.unit, 'ENOTA', 'Enota', 'Select', { values: SELECT_VALUES.unit }),
    col(t, COL.habitat, 'HABITAT', 'Habitat', 'Text'),
    col(t, COL.locationDescription, 'OPIS_LOKACIJE', 'Opis lokacije', 'Text'),
    col(t, COL.comments, 'KOMENTAR', 'Komentarji', 'LongText'),
    col(t, COL.accuracy, 'NATANCNOST', 'Natančnost lokacije', 'Select', { values: SELECT_VALUES.accuracy }),
    col(t, COL.findingType, 'TIP_NAJDBE', 'Tip najdbe', 'Select', { values: SELECT_VALUES.findingType }),
    col(t, COL.author, 'AVTOR', 'Najditelj', 'Text'),
    col(t, COL.status, 'STATUS', 'Status', 'Select', { isSpecial: true, values: STATUS_VALUES }),
    col(t, COL.source, 'VIR', 'Vir podatka', 'Select', { isSpecial: true, values: SELECT_VALUES.source }),
    col(t, COL.isPublic, 'JAVNO', 'Javno', 'Boolean', { isSpecial: true }),
    col(t, COL.createdBy, 'createdbyemail', 'Ustvaril', 'Text', { isSpecial: true }),
    col(UNITS_TABLE_ID, UNIT_COL.id, 'ID_VRSTE', 'ID vrste', 'Integer', { isPk: true }),
    col(UNITS_TABLE_ID, UNIT_COL.description, 'OPIS', 'Opis', 'Text'),
    // domain/sensitivity.ts: set by administrators only (PUT /api/Species/{p}/{id}/sensitivity).
    col(UNITS_TABLE_ID, UNIT_COL.sensitivity, 'VAROVANJE', 'Varovanje lokacije', 'Integer', { isSpecial: true }),
    col(RELATION_TABLE_ID, RELATION_COL.group, 'SKUPINA', 'Skupina', 'Integer'),
    col(RELATION_TABLE_ID, RELATION_COL.unit, 'VRSTA', 'Vrsta', 'Integer'),
  ];
}
