/** Column ids of the sightings table 48 that the app's logic uses by meaning. */
export const COL = {
  id: 767,
  locationDescription: 780,
  count: 782,
  habitat: 785,
  finder: 788,
  public: 2066,
  publicSpecies: 2067,
  group: 920,
  unit: 972,
  species: 980,
  originalSpecies: 1000,
  date: 1053,
  comments: 1055,
  status: 974,
  dataSource: 2064,
  findingType: 979,
  locationAccuracy: 976,
  createdByEmail: 1820,
} as const;

/**
 * The columns of the map's layer, which the device keeps a copy of and the change feed sends: what
 * the map, its filters, short info and 'Moje najdbe' read; the rest is loaded per record. The
 * accuracy class is there because the find card shows it (a small integer per find).
 */
export const LAYER_COLUMNS: readonly number[] = [
  COL.id,
  COL.group,
  COL.species,
  COL.publicSpecies,
  COL.date,
  COL.status,
  COL.public,
  COL.createdByEmail,
  COL.locationAccuracy,
];

/** Unit (species) table 53: id field 971, description field 926. */
export const UNIT_TABLE = { id: 53, unitId: 971, description: 926 } as const;

/** Group-to-unit relation table 60: group field 1010, unit field 1011. */
export const GROUP_UNIT_TABLE = { id: 60, group: 1010, unit: 1011 } as const;
