import type { Db, Queryable } from '../db/index.ts';
import { loadCatalogue, catalogueUnits, type Catalogue } from './catalogue.ts';
import {
  columnDefs,
  COL,
  PHOTO_ATTACHMENT_INFO_ID,
  PROFILE_ID,
  PROJECT_ID,
  RELATION_COL,
  RELATION_TABLE_ID,
  SIGHTINGS_TABLE_ID,
  UNIT_COL,
  UNITS_TABLE_ID,
} from './model.ts';
import { buildProfile } from './profile.ts';
import { generateSightings, type SampleSighting } from './sightings.ts';
import { samplePhoto, type SamplePhoto } from './photos.ts';
import { insertRows, reserveRecordIds } from './insert.ts';

/** Project, tables, columns with their Select values, the attachment info and profile 18. */
async function seedStructure(tx: Queryable, catalogue: Catalogue): Promise<void> {
  await insertRows(
    tx,
    'platform_tables',
    ['id', 'project_id', 'name', 'geometry_type'],
    [
      [SIGHTINGS_TABLE_ID, PROJECT_ID, 'Najdbe', 2],
      [UNITS_TABLE_ID, PROJECT_ID, 'Vrste', null],
      [RELATION_TABLE_ID, PROJECT_ID, 'Skupine in vrste', null],
    ],
  );
  const cols = columnDefs(catalogue);
  await insertRows(
    tx,
    'platform_columns',
    ['id', 'table_id', 'db_name', 'name', 'type', 'is_pk', 'is_special', 'fk_table_id', 'fk_key_type', 'position'],
    cols.map((c, i) => [
      c.id,
      c.tableId,
      c.dbName,
      c.name,
      c.type,
      c.isPk,
      c.isSpecial,
      c.fkTableId ?? null,
      c.fkKeyType ?? null,
      i,
    ]),
  );
  const values = cols.flatMap((c) => (c.values ?? []).map((v, i) => [c.id, String(v.value), v.text, i]));
  await insertRows(tx, 'select_values', ['column_id', 'value', 'text', 'position'], values);
  await insertRows(
    tx,
    'attachment_infos',
    ['id', 'table_id', 'name'],
    [[PHOTO_ATTACHMENT_INFO_ID, SIGHTINGS_TABLE_ID, 'Fotografija']],
  );
  await insertRows(
    tx,
    'profiles',
    ['id', 'project_id', 'data'],
    [[PROFILE_ID, PROJECT_ID, JSON.stringify(buildProfile(catalogue))]],
    { data: '::jsonb' },
  );
}

/** Records of project 35 in `tableId` with these properties (new ids, in order), by no one. */
async function insertPropertyRecords(tx: Queryable, tableId: number, properties: object[]): Promise<void> {
  const ids = await reserveRecordIds(tx, properties.length);
  await insertRows(
    tx,
    'records',
    ['id', 'project_id', 'table_id', 'properties', 'created_by_email'],
    properties.map((p, i) => [ids[i], PROJECT_ID, tableId, JSON.stringify(p), null]),
    { properties: '::jsonb' },
  );
}

/** Table 53 (one record per species and 'other' entry) and table 60 (one per group-unit pair). */
async function seedUnits(tx: Queryable, catalogue: Catalogue): Promise<void> {
  const units = catalogueUnits(catalogue);
  await insertPropertyRecords(
    tx,
    UNITS_TABLE_ID,
    units.map((u) => ({ [UNIT_COL.id]: u.id, [UNIT_COL.description]: u.name, [UNIT_COL.sensitivity]: u.sensitivity })),
  );
  await insertPropertyRecords(
    tx,
    RELATION_TABLE_ID,
    units.map((u) => ({ [RELATION_COL.group]: u.groupId, [RELATION_COL.unit]: u.id })),
  );
}

/** The 300 sample sightings of table 48 and the photos of 30 of them. */
async function seedSightings(
  tx: Queryable,
  sightings: SampleSighting[],
  photos: Map<number, SamplePhoto>,
): Promise<void> {
  const ids = await reserveRecordIds(tx, sightings.length);
  await insertRows(
    tx,
    'records',
    [
      'id',
      'project_id',
      'table_id',
      'properties',
      'geometry',
      'min_x',
      'min_y',
      'max_x',
      'max_y',
      'created_by_email',
      'created_at',
      'updated_at',
    ],
    sightings.map((s, i) => {
      const id = ids[i] as number;
      const [x, y] = s.point;
      const at = s.createdAt.toISOString();
      return [
        id,
        PROJECT_ID,
        SIGHTINGS_TABLE_ID,
        JSON.stringify({ [COL.id]: id, ...s.properties }),
        JSON.stringify({ type: 'Point', coordinates: [x, y] }),
        x,
        y,
        x,
        y,
        s.createdBy,
        at,
        at,
      ];
    }),
    { properties: '::jsonb', geometry: '::jsonb', created_at: '::timestamptz', updated_at: '::timestamptz' },
  );
  const withPhoto = sightings.flatMap((s, i) =>
    s.photoGroupId == null ? [] : [{ id: ids[i] as number, photo: photos.get(s.photoGroupId) }],
  );
  await insertRows(
    tx,
    'attachments',
    ['record_id', 'table_id', 'attachment_info_id', 'name', 'mime_type', 'size', 'data', 'thumb'],
    withPhoto.map(({ id, photo }) => {
      if (!photo) throw new Error('sample photo missing');
      return [
        id,
        SIGHTINGS_TABLE_ID,
        PHOTO_ATTACHMENT_INFO_ID,
        `vzorcna-fotografija-${id}.jpg`,
        'image/jpeg',
        photo.data.length,
        photo.data,
        photo.thumb,
      ];
    }),
    {},
    10,
  );
}

/**
 * Seeds project 35 'Sporoči vrsto' once, when the database has no project 35: tables 48, 53
 * and 60 with their columns, profile 18, the catalogue's units and relations, and 300 sample
 * sightings (counts in sightings.ts, SEED_COUNTS). Deterministic apart from dates, which are
 * relative to today. Safe with several processes: the project row is inserted first in the
 * same transaction, and a concurrent seeder finds it taken and stops. True when it seeded now.
 */
export async function seedIfEmpty(db: Pick<Db, 'query' | 'transaction'>): Promise<boolean> {
  const exists = await db.query('select 1 from projects where id = $1', [PROJECT_ID]);
  if (exists.length > 0) return false;
  const catalogue = loadCatalogue();
  const sightings = generateSightings(catalogue, new Date());
  const photos = new Map<number, SamplePhoto>();
  for (const [i, g] of catalogue.groups.entries()) photos.set(g.id, await samplePhoto(g.color, i));
  return db.transaction(async (tx) => {
    const created = await tx.query(
      `insert into projects (id, name, description) values ($1, $2, $3) on conflict (id) do nothing returning id`,
      [PROJECT_ID, 'Sporoči vrsto', 'Sporočanje najdb izbranih rastlinskih in živalskih vrst v Sloveniji'],
    );
    if (created.length === 0) return false;
    await seedStructure(tx, catalogue);
    await seedUnits(tx, catalogue);
    await seedSightings(tx, sightings, photos);
    return true;
  });
}

/**
 * Gives the species of project 35 that have no sensitivity class yet the catalogue's class: an
 * installation seeded before classes existed gets them on its next start (migration 6 added the
 * column). A class an administrator has set is never overwritten.
 */
export async function fillSensitivityClasses(db: Queryable): Promise<number> {
  const [col] = await db.query<{ id: number }>(
    `select id from platform_columns where table_id = $1 and upper(db_name) = 'VAROVANJE'`,
    [UNITS_TABLE_ID],
  );
  if (!col) return 0;
  let filled = 0;
  for (const u of catalogueUnits(loadCatalogue())) {
    const rows = await db.query(
      `update records set properties = properties || jsonb_build_object($3::text, $4::int)
        where project_id = $1 and table_id = $2 and properties->>$5::text = $6::text and not (properties ? $3::text) returning id`,
      [PROJECT_ID, UNITS_TABLE_ID, String(col.id), u.sensitivity, String(UNIT_COL.id), String(u.id)],
    );
    filled += rows.length;
  }
  return filled;
}
